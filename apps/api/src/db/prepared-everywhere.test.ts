import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkEveryPrepared, prepared } from './prepared.js';
import type { DB } from './tables.js';

// Only compiles: a driver that runs nothing, with each dialect's own adapter and compiler.
const sqlite = new Kysely<DB>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const postgres = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The API's source files that define prepared queries. */
function definingFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return definingFiles(file);
    if (!e.name.endsWith('.ts') || e.name.endsWith('.test.ts') || file === path.join(src, 'db', 'prepared.ts')) return [];
    return /\bprepared(Rows|In)?\(/.test(fs.readFileSync(file, 'utf8')) ? [file] : [];
  });
}

describe('every prepared query in the code', () => {
  it('builds the same query whatever its arguments, for SQLite and PostgreSQL', async () => {
    const files = definingFiles(src);
    expect(files.map((f) => path.relative(src, f))).toContain(path.join('modules', 'library', 'circulation.repo.ts'));
    for (const file of files) await import(file);
    expect(checkEveryPrepared(sqlite).map((e) => e.message)).toEqual([]);
    expect(checkEveryPrepared(postgres).map((e) => e.message)).toEqual([]);

    // And the check sees a query that branches on an argument.
    prepared((db, a: { code: string | null }) => {
      const q = db.selectFrom('colleges').select('name');
      return a.code ? q.where('code', '=', a.code) : q;
    });
    expect(checkEveryPrepared(sqlite).map((e) => e.message)).toEqual([
      expect.stringContaining('builds a different query when its arguments change'),
    ]);
  });
});
