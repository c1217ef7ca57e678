import { Kysely, Migrator, PostgresDialect } from 'kysely';
import type { DatabaseTarget } from '../config.js';
import { isDatabaseLocked, retryWhileLocked } from './first-run-lock.js';
import { holdInUseLock } from './in-use.js';
import { migrationProvider } from './migrations/index.js';
import { openSqlite } from './sqlite/connection.js';
import type { DB } from './tables.js';

export type Database = Kysely<DB>;

/** What repos and services take: the app's database or a transaction on it (a Transaction is a Kysely too). */
export type Db = Database;

export async function createDb(target: DatabaseTarget): Promise<Database> {
  if (target.dialect === 'postgres') {
    const pg = (await import('pg')).default;
    // COUNT(*) and SUM() come back as int8/numeric text; the app only keeps values that fit a JS number.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    // A connection cut while in use (restart, failover, pg_terminate_backend) emits on its client;
    // unheard, that would end the process. The query in flight fails (a 503) and the pool drops
    // the broken client.
    pool.on('connect', (client) => client.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`)));
    // A restore refuses to run while this is held (in-use.ts); SQLite's open file says as much by itself.
    const releaseInUse = await holdInUseLock(pg.Client, target.url);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    // Here, not on the pool: Kysely ends a pool only if it ever ran a query.
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      await releaseInUse();
      await destroy();
    };
    return db;
  }
  return openSqlite(target);
}

/**
 * All pending migrations in one transaction (sqlite/dialect.ts has SQLite say it can): on SQLite it
 * holds the write lock, so replicas started together on an empty database take turns instead of
 * creating the same tables at once; PostgreSQL's migrator takes a lock of its own.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await retryWhileLocked(async () => {
    const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    if (isDatabaseLocked(error)) throw error;
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(
        `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
}

export const nowIso = () => new Date().toISOString();

const databaseIds = new WeakMap<Database, number>();
let nextDatabaseId = 0;

/** A number naming this database handle, for the keys of in-process caches (tests run many databases in one process). */
export function databaseId(db: Database): number {
  let id = databaseIds.get(db);
  if (id === undefined) databaseIds.set(db, (id = ++nextDatabaseId));
  return id;
}
