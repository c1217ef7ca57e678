import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.js';
import { createDb, migrateToLatest } from '../src/db/index.js';
import { seedDemo } from '../src/db/seed/index.js';
import { seedVariant } from './seed-variant.js';

/**
 * Migrates and seeds one template database per run; each test file then starts from a copy of it
 * (a file copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL) instead of seeding again.
 * With TEST_SEED_VARIANT=shuffled, the template also gets the extra
 * rows of seed-variant.ts, to show that the tests do not depend on what the demo seed contains.
 */
export default async function setup(project: TestProject) {
  const variant = process.env.TEST_SEED_VARIANT;
  const base = process.env.TEST_DATABASE_URL;
  if (base && /^postgres/.test(base)) {
    const pg = (await import('pg')).default;
    const name = `erp_tpl_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const db = await createDb({ dialect: 'postgres', url: url.toString() });
    await migrateToLatest(db);
    await seedDemo(db, loadConfig({ NODE_ENV: 'test' }));
    if (variant) await seedVariant(db, variant);
    await db.destroy();
    project.provide('templateDatabase', name);
    return async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-template-'));
  const file = path.join(dir, 'template.sqlite');
  const db = await createDb(
    loadConfig({ NODE_ENV: 'test', DATABASE_URL: file, SQLITE_TUNING: process.env.SQLITE_TUNING }).database,
  );
  await migrateToLatest(db);
  await seedDemo(db, loadConfig({ NODE_ENV: 'test' }));
  if (variant) await seedVariant(db, variant);
  // Fold the WAL into the main file so a plain copy carries everything.
  const { sql } = await import('kysely');
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  await db.destroy();
  project.provide('templateDatabase', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
