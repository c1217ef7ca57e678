import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseTarget } from '../config.js';
import { checkpointOffThread } from './checkpoints.js';
import { isDatabaseLocked, retryWhileLocked } from './first-run-lock.js';
import { GroupCommitSqliteDialect } from './group-commit.js';
import { holdInUseLock } from './in-use.js';
import { migrationProvider } from './migrations/index.js';
import type { DB } from './tables.js';

export type Database = Kysely<DB>;

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
  const Sqlite = (await import('better-sqlite3')).default;
  if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new Sqlite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // Each transaction of a group commit is a savepoint (group-commit.ts): before it changes a page
  // the batch already changed, SQLite keeps the page's old copy in a statement journal, a temporary
  // file once past 64 kB. In memory instead: a sheet's inserts took half the time.
  sqlite.pragma('temp_store = MEMORY');
  const stopCheckpoints = target.file === ':memory:' ? () => {} : checkpointOffThread(target.file, sqlite);
  const database = withStatementCache(sqlite);
  const close = database.close;
  database.close = () => {
    stopCheckpoints();
    return close();
  };
  return new Kysely<DB>({ dialect: new GroupCommitSqliteDialect(sqlite, database) });
}

/**
 * Kysely's SQLite driver prepares every query again; compiling the SQL can cost as much as running
 * it. Queries are parameterised, so the same text recurs: keep its prepared statement. The least
 * recently used go first: migrations, the seed and multi-row inserts of every size would otherwise
 * fill the cache at startup and leave the daily queries to be prepared on every call.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, max = 500): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let stmt = statements.get(sql);
      if (stmt) {
        statements.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, stmt);
      return stmt;
    },
  };
}

/**
 * All pending migrations in one transaction (group-commit.ts has SQLite say it can): on SQLite it
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
