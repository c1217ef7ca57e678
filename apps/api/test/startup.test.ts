import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import { createTestApp, type TestApp } from './helpers.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts the real server (TypeScript, through tsx) and resolves with its port once it listens. */
function startServer(env: Record<string, string>): Promise<{ port: number; stop: () => void; log: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 200_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), stop: () => child.kill('SIGKILL'), log: () => out });
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

let empty: TestApp;
beforeAll(async () => {
  empty = await createTestApp({ seed: false });
});
afterAll(async () => empty.close());

const databaseUrl = (t: TestApp) => (t.config.database.dialect === 'postgres' ? t.config.database.url : t.config.database.file);
const colleges = async (t: TestApp) =>
  (await t.db.selectFrom('colleges').select('code').orderBy('code').execute()).map((c) => c.code);

describe('first start', () => {
  it('never seeds the demo colleges in production unless SEED_DEMO=true', async () => {
    const prod = {
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'demo',
      JWT_SECRET: 'k3VbX9qLr2mZt8wPn4sYc7dGh1jFa6eU',
      CIPHER_KEY: '0123456789abcdef',
    };
    await seedIfEmpty(empty.db, loadConfig(prod));
    expect(await colleges(empty)).toEqual([]);
    await seedIfEmpty(empty.db, loadConfig({ ...prod, SEED_DEMO: 'false' }));
    expect(await colleges(empty)).toEqual([]);
  });

  it('three replicas started together on an empty database all come up, and the demo is seeded once', async () => {
    const env = {
      DATABASE_URL: databaseUrl(empty),
      UPLOAD_DIR: empty.config.UPLOAD_DIR,
      WEB_DIST: empty.config.webDist,
      NODE_ENV: 'development',
    };
    const servers = await Promise.all([startServer(env), startServer(env), startServer(env)]);
    try {
      for (const s of servers) {
        const res = await fetch(`http://127.0.0.1:${s.port}/api/v1/getCollegeName`);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('SVEC');
      }
      expect(await colleges(empty)).toEqual(['SRK', 'SVEC']);
      expect(servers.filter((s) => s.log().includes('Seeded the demo colleges'))).toHaveLength(1);
    } finally {
      for (const s of servers) s.stop();
    }
  }, 240_000);
});

describe('forwarded headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function ipOf(trustedProxies: string[], remoteAddress: string) {
    const app = await buildApp({ config: { ...t.config, TRUSTED_PROXIES: trustedProxies }, db: t.db, logger: false });
    app.get('/api/test-ip', { config: { access: 'public' } }, async (req) => ({ ip: req.ip }));
    await app.ready();
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/test-ip',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress,
      });
      return res.json().ip;
    } finally {
      await app.close();
    }
  }

  it('are believed only from a configured proxy, so a client cannot choose its address', async () => {
    expect(await ipOf([], '198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf(['10.0.0.0/8'], '198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOf(['10.0.0.0/8'], '10.1.2.3')).toBe('203.0.113.9');
  });
});
