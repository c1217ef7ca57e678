import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseTarget } from '../../config.js';
import type { Database } from '../index.js';
import type { DB } from '../tables.js';
import { withStatementCache } from './statement-cache.js';

/**
 * A read-only SQLite connection for the reads that must stay quick while a long write runs:
 * the app's single connection is held for the whole of a write transaction (a bulk import), and
 * WAL lets a second connection read beside it. PostgreSQL has a pool, and an in-memory database
 * cannot be opened twice: both use the app's db, as does SQLite with SQLITE_TUNING off.
 */
export async function openReadDb(target: DatabaseTarget, appDb: Database): Promise<{ db: Database; close: () => Promise<void> }> {
  if (target.dialect !== 'sqlite' || !target.tuning || target.file === ':memory:') return { db: appDb, close: async () => {} };
  const Sqlite = (await import('better-sqlite3')).default;
  const sqlite = new Sqlite(target.file, { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  // Results day reads random students: keep pages in memory instead of a read() call per page.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  const database = withStatementCache(sqlite, 200);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  // Kysely closes the connection only if it ever ran a query: an idle one would stay open, and
  // the file count as in use (a restore refuses it).
  return {
    db,
    close: async () => {
      await db.destroy();
      sqlite.close();
    },
  };
}
