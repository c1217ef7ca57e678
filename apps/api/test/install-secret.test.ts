import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from '../src/config.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-install-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The first-run setup token a server signing with `secret` prints (modules/setup). */
const setupTokenOf = (secret: string) =>
  crypto.createHmac('sha256', secret).update('first-run setup').digest('base64url').slice(0, 16);

/**
 * Starts the real server as the README's real college does (`SEED_DEMO=false`, no JWT_SECRET, no
 * HOST) and resolves with the address it listens on and the setup token it prints, then stops it.
 */
function firstStart(): Promise<{ addresses: string[]; setupToken: string }> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['JWT_SECRET', 'HOST', 'SETUP_TOKEN', 'TEST_DATABASE_URL']) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...env,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      PORT: '0',
      LOG_LEVEL: 'info',
      JOB_WORKER: 'off',
      DATABASE_URL: path.join(dir, 'data', 'erp.sqlite'),
      UPLOAD_DIR: path.join(dir, 'data', 'uploads'),
      WEB_DIST: path.join(dir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`server did not start:\n${out}`))), 200_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      // Printed after listen(), which logs each address it listens on first.
      const token = /with the setup token (\S+?)"/.exec(out);
      if (token) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.kill('SIGKILL');
        const addresses = [...out.matchAll(/Server listening at http:\/\/([^\s"]+):\d+/g)].map((m) => m[1]);
        resolve({ addresses, setupToken: token[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

describe('a real college’s first start (npm start with SEED_DEMO=false)', () => {
  it('listens on this machine only and signs with a secret of its own, which an outsider cannot work out', async () => {
    const started = await firstStart();
    expect(started.addresses).toEqual(['127.0.0.1']);
    expect(started.setupToken).not.toBe(setupTokenOf(DEFAULT_JWT_SECRET));

    const file = path.join(dir, 'data', 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(started.setupToken).toBe(setupTokenOf(fs.readFileSync(file, 'utf8').trim()));
  }, 240_000);
});
