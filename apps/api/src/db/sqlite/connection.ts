import fs from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import type { SqliteTarget } from '../../config.js';
import type { DB } from '../tables.js';
import { checkpointOffThread } from './checkpoints.js';
import { PlainSqliteDialect } from './dialect.js';
import { GroupCommitSqliteDialect } from './group-commit.js';
import { withStatementCache } from './statement-cache.js';

/**
 * The app's connection to a SQLite file. With `tuning` (SQLITE_TUNING, on by default) it gets the
 * machinery of docs/decisions: group commit, the checkpoint thread and the statement cache (the
 * read-only connection is opened by read-db.ts). Without, it is Kysely's plain SQLite driver.
 */
export async function openSqlite(target: SqliteTarget): Promise<Kysely<DB>> {
  const Sqlite = (await import('better-sqlite3')).default;
  if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new Sqlite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  if (!target.tuning) return new Kysely<DB>({ dialect: new PlainSqliteDialect({ database: sqlite }) });
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
