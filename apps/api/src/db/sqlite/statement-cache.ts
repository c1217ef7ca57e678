import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

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
