import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { SETUP_MSG } from '@erp/shared';
import { newPage, shot } from './harness';

/** A first run: the built server on an empty database with the demo seed off. */
let server: ChildProcess;
let base = '';
const dir = fs.mkdtempSync(path.join(inject('e2eBuild').tmp, 'setup-'));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  const { apiDist, webDist } = inject('e2eBuild');
  server = spawn(process.execPath, [path.join(apiDist, 'server.js')], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: path.join(dir, 'first-run.sqlite'),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      WEB_DIST: webDist,
      SEED_DEMO: 'false',
      SETUP_TOKEN: 'e2e-first-run-token',
    },
    stdio: ['ignore', fs.openSync(path.join(dir, 'server.log'), 'a'), fs.openSync(path.join(dir, 'server.log'), 'a')],
  });
  base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480 && server.exitCode === null; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the first-run server did not start:\n${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`);
});
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('first-run setup', () => {
  it('sends a visitor of a new server to /setup, shows field errors, creates the college and lets its admin sign in', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${base}/`);
    await page.waitForURL(`${base}/setup`);
    await page.getByRole('heading', { name: 'Set up this portal' }).waitFor();

    await page.getByRole('button', { name: 'Create the college' }).click();
    await page.getByText(SETUP_MSG.nameRequired).waitFor();
    await page.getByText(SETUP_MSG.emailInvalid).first().waitFor();

    await page.getByLabel('Setup token').fill('wrong-token');
    await page.getByLabel('College name').fill('Govt. Polytechnic, Anantapur');
    await page.getByLabel('Short code (e.g. SVEC)').fill('GPTA');
    await page.getByLabel('Office email').fill('office@gpta.ac.in');
    await page.getByLabel(/^Email/).fill('it@gpta.ac.in');
    await page.getByLabel(/^Password/).fill('Strong@2026');
    await page.getByRole('button', { name: 'Create the college' }).click();
    await page.getByText(SETUP_MSG.badToken).waitFor();

    await page.getByLabel('Setup token').fill('e2e-first-run-token');
    await shot(page, 'setup-390');
    await page.getByRole('button', { name: 'Create the college' }).click();
    const done = page.getByTestId('setup-done');
    await done.waitFor();
    expect(await done.textContent()).toContain('Govt. Polytechnic, Anantapur (GPTA) is ready');

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\/Admin$/);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('Strong@2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/app\/Admin/);
    await page.context().close();
  });
});
