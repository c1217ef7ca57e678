import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, migrateToLatest, type Database } from '../src/db/index.js';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo@1234';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Signs in a demo user (default college unless host is given) and returns the bearer token. */
  token(username: string, host?: string): Promise<string>;
  /** app.inject with a bearer token for the given user. */
  as(username: string, opts: InjectOptions, host?: string): Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
  close(): Promise<void>;
}

async function createPgDatabase(base: string, name: string, template: string | null) {
  const pg = (await import('pg')).default;
  for (let attempt = 0; ; attempt++) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      return;
    } catch (e) {
      // Two workers copying the template at the same moment: wait and try again.
      if (attempt >= 20 || !/being accessed by other users/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    } finally {
      await admin.end();
    }
  }
}

async function freshDatabase(seeded: boolean, postgresBase?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = postgresBase ?? process.env.TEST_DATABASE_URL;
  // The seeded template lives on TEST_DATABASE_URL's server; elsewhere the caller seeds.
  const template =
    seeded && (!postgresBase || postgresBase === process.env.TEST_DATABASE_URL) ? inject('templateDatabase') : null;
  if (base && /^postgres/.test(base)) {
    const pg = (await import('pg')).default;
    const name = `erp_t_${crypto.randomBytes(6).toString('hex')}`;
    await createPgDatabase(base, name, template);
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        // The closed pool's backends exit a moment after it ends: let them go before the drop.
        for (let i = 0; i < 40; i++) {
          const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-test-'));
  const file = path.join(dir, 'test.sqlite');
  if (template) fs.copyFileSync(template, file);
  return { url: file, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh migrated database (a copy of the seeded template unless seed is false) and an app on it. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** a PostgreSQL server to make the database on, whatever TEST_DATABASE_URL says (unseeded there) */
    postgresBase?: string;
    /** capture the app's log lines (at LOG_LEVEL, info unless env says) instead of silencing them */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase(options.seed !== false, options.postgresBase);
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    UPLOAD_DIR: uploadDir,
    WEB_DIST: path.join(uploadDir, 'no-web'),
    SIGNIN_RATE_LIMIT: '1000',
    SIGNIN_IP_LIMIT: '100000',
    // Tests run due jobs themselves (runDueJobs), unless they turn the worker on.
    JOB_WORKER: 'off',
    // `SQLITE_TUNING=off npm run test:api` runs the suite on a plain SQLite connection.
    SQLITE_TUNING: process.env.SQLITE_TUNING,
    ...options.env,
  });
  const db = await createDb(config.database);
  await migrateToLatest(db);
  const app = await buildApp(
    options.logStream ? { config: { ...config, LOG_LEVEL: config.LOG_LEVEL ?? 'info' }, db, logStream: options.logStream } : { config, db, logger: false },
  );
  await app.ready();

  const tokens = new Map<string, string>();
  const token = async (username: string, host = 'localhost') => {
    const key = `${host}|${username}`;
    const cached = tokens.get(key);
    if (cached) return cached;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin?module=admin',
      headers: { host },
      payload: { username, password: DEMO_PASSWORD, module: 'erp', domain: `http://${host}` },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in as ${username} failed: ${res.statusCode} ${res.body}`);
    const t = res.json().token as string;
    tokens.set(key, t);
    return t;
  };

  return {
    app,
    db,
    config,
    token,
    as: async (username, opts, host = 'localhost') =>
      app.inject({ ...opts, headers: { host, ...(opts.headers ?? {}), authorization: `Bearer ${await token(username, host)}` } }),
    close: async () => {
      await app.close();
      await db.destroy();
      await database.drop();
      fs.rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}
