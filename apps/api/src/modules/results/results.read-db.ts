import { Kysely, SqliteDialect } from 'kysely';
import type { Config } from '../../config.js';
import { withStatementCache, type Database } from '../../db/index.js';
import type { DB } from '../../db/tables.js';

/**
 * The public lookup's own read-only SQLite connection: WAL lets it read beside the writer, so
 * results-day lookups never wait for a long write transaction on the app's connection.
 * PostgreSQL and in-memory databases use the app's db.
 */
export async function openReadDb(config: Config, appDb: Database): Promise<{ db: Database; close: () => Promise<void> }> {
  const target = config.database;
  if (target.dialect !== 'sqlite' || target.file === ':memory:') return { db: appDb, close: async () => {} };
  const Sqlite = (await import('better-sqlite3')).default;
  const sqlite = new Sqlite(target.file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  // Results day reads random students: keep pages in memory instead of a read() call per page.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const database = withStatementCache(sqlite, 200);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  return { db, close: () => db.destroy() };
}
