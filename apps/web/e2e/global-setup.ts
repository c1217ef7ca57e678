import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = path.resolve(here, '..');
const apiRoot = path.resolve(here, '../../api');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitReady(url: string, server: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The e2e server did not become ready. Its log:\n${fs.readFileSync(logFile, 'utf8')}`);
}

/**
 * Builds the web app and the API (production builds) into a temp dir, starts the real server on a
 * fresh SQLite database that seeds the demo colleges, and hands its URL to the tests.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. The browser tests drive the system Chromium: ` +
        'install it with `apt-get update && apt-get install -y chromium` (or set CHROMIUM_PATH).',
    );
  }
  // Inside the repo (gitignored) so the bundled API finds node_modules by walking up.
  fs.mkdirSync(path.join(here, '.tmp'), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(here, '.tmp', 'run-'));
  const webDist = path.join(tmp, 'web');
  const apiDist = path.join(tmp, 'api');
  const { build } = await import('vite');
  await build({ root: webRoot, logLevel: 'warn', build: { outDir: webDist, emptyOutDir: true } });
  const { buildApi } = await import(path.join(apiRoot, 'build.mjs'));
  await buildApi(apiDist);

  const port = await freePort();
  const logFile = path.join(tmp, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, [path.join(apiDist, 'server.js')], {
    cwd: tmp,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '::',
      DATABASE_URL: path.join(tmp, 'e2e.sqlite'),
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      WEB_DIST: webDist,
      SIGNIN_RATE_LIMIT: '1000',
      SIGNIN_IP_LIMIT: '100000',
      SIGNUP_RATE_LIMIT: '100000',
      PAYMENT_GATEWAY: 'demo',
    },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://localhost:${port}`;
  await waitReady(baseUrl, server, logFile);
  project.provide('e2ePort', port);
  // For files that need a server of their own (e.g. a first run on an empty database).
  project.provide('e2eBuild', { apiDist, webDist, tmp });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePort: number;
    e2eBuild: { apiDist: string; webDist: string; tmp: string };
  }
}
