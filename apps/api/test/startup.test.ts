import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { takeFirstRunLock } from '../src/db/first-run-lock.js';
import { createDb, type Database } from '../src/db/index.js';
import { seedIfEmpty } from '../src/db/seed/index.js';
import { newCollege } from './builders.js';
import { createTestApp, type TestApp } from './helpers.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

interface Spawned {
  /** resolves with the first match of `re` in the server's output; rejects if it exits first */
  waitFor(re: RegExp): Promise<RegExpExecArray>;
  log: () => string;
  stop: () => void;
}

/** Runs the real server (TypeScript, through tsx). */
function spawnServer(env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let exit: number | null | undefined;
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((l) => l());
  const onData = (b: Buffer) => {
    out += b.toString();
    tell();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('exit', (code) => {
    exit = code;
    tell();
  });
  return {
    waitFor: (re) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => check(new Error(`server printed no ${re}:\n${out}`)), 200_000);
        const check = (timedOut?: Error) => {
          const m = re.exec(out);
          if (!m && exit === undefined && !timedOut) return;
          listeners.delete(check);
          clearTimeout(timer);
          if (m) resolve(m);
          else reject(timedOut ?? new Error(`server exited with ${exit}:\n${out}`));
        };
        listeners.add(check);
        check();
      }),
    log: () => out,
    stop: () => child.kill('SIGKILL'),
  };
}

/** Starts the real server and resolves with its port once it listens. */
async function startServer(env: Record<string, string>) {
  const server = spawnServer(env);
  const [, port] = await server.waitFor(LISTENING);
  return { ...server, port: Number(port) };
}

let empty: TestApp;
beforeAll(async () => {
  empty = await createTestApp({ seed: false });
});
afterAll(async () => empty.close());

const databaseUrl = (t: TestApp) => (t.config.database.dialect === 'postgres' ? t.config.database.url : t.config.database.file);
const colleges = async (db: Database) =>
  (await db.selectFrom('colleges').select('code').orderBy('code').execute()).map((c) => c.code);
const serverEnv = (t: TestApp, databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  UPLOAD_DIR: t.config.UPLOAD_DIR,
  WEB_DIST: t.config.webDist,
  NODE_ENV: 'development',
});

describe('first start', () => {
  it('never seeds the demo colleges in production unless SEED_DEMO=true', async () => {
    const prod = {
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'demo',
      JWT_SECRET: 'k3VbX9qLr2mZt8wPn4sYc7dGh1jFa6eU',
      CIPHER_KEY: '0123456789abcdef',
    };
    await seedIfEmpty(empty.db, loadConfig(prod));
    expect(await colleges(empty.db)).toEqual([]);
    await seedIfEmpty(empty.db, loadConfig({ ...prod, SEED_DEMO: 'false' }));
    expect(await colleges(empty.db)).toEqual([]);
  });

  it(
    'three replicas started together on an empty database all come up, and the demo is seeded once',
    async () => {
      // On SQLite a file nobody has migrated yet: the replicas also race to create the tables.
      const sqliteDir =
        empty.config.database.dialect === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'erp-replicas-')) : null;
      const target = sqliteDir ? path.join(sqliteDir, 'new.sqlite') : databaseUrl(empty);
      const env = serverEnv(empty, target);
      const servers = await Promise.all([startServer(env), startServer(env), startServer(env)]);
      const db =
        empty.config.database.dialect === 'sqlite' ? await createDb({ ...empty.config.database, file: target }) : empty.db;
      try {
        for (const s of servers) {
          const res = await fetch(`http://127.0.0.1:${s.port}/api/v1/getCollegeName`);
          expect(res.status).toBe(200);
          expect(await res.text()).toBe('SVEC');
        }
        expect(await colleges(db)).toEqual(['SRK', 'SVEC']);
        expect(servers.filter((s) => s.log().includes('Seeded the demo colleges'))).toHaveLength(1);
      } finally {
        for (const s of servers) s.stop();
        if (sqliteDir) {
          await db.destroy();
          fs.rmSync(sqliteDir, { recursive: true, force: true });
        }
      }
    },
    240_000,
  );

  it('a replica started while another sets the database up waits for it, past any lock timeout, and finds its college', async () => {
    const blank = await createTestApp({ seed: false });
    let server: Spawned | undefined;
    try {
      // What the first replica holds while it seeds, here for as long as the second takes to
      // give up on a lock timeout and say it waits (before the fix it exited: database is locked).
      const made = await blank.db.transaction().execute(async (trx) => {
        await takeFirstRunLock(trx);
        server = spawnServer(serverEnv(blank, databaseUrl(blank)));
        await server.waitFor(/Another process is setting up this database.*waiting for it to finish/);
        return newCollege(trx);
      });
      await server!.waitFor(LISTENING);
      expect(await colleges(blank.db)).toEqual([made.code]);
      expect(server!.log()).not.toContain('Seeded the demo colleges');
    } finally {
      server?.stop();
      await blank.close();
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
