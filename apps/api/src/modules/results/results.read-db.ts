import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import type { DB } from '../../db/tables.js';

/**
 * The public lookup's own read-only SQLite connection (WAL lets it read beside the writer), with
 * its prepared statements kept: Kysely's SQLite driver prepares every query again, which on
 * results day costs a third of the query. PostgreSQL and in-memory databases use the app's db.
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
  const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
  const database: SqliteDatabase = {
    close: () => sqlite.close(),
    prepare: (sql) => {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        if (statements.size < 200) statements.set(sql, stmt);
      }
      return stmt;
    },
  };
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  return { db, close: () => db.destroy() };
}
