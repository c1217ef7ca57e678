import fs from 'node:fs';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';

/**
 * db/tables.ts is written by hand beside the migrations: this proves they agree. It reads the
 * interfaces with the TypeScript compiler and compares every table's columns (and whether each may
 * be null) with the migrated database, SQLite or PostgreSQL (TEST_DATABASE_URL).
 */
interface DeclaredColumn {
  nullable: boolean;
}

function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const file = new URL('./tables.ts', import.meta.url);
  const source = ts.createSourceFile('tables.ts', fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const db = interfaces.get('DB');
  if (!db) throw new Error('tables.ts has no DB interface');
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue;
    const table = (member.name as ts.Identifier).text;
    const iface = interfaces.get(member.type.typeName.getText(source));
    if (!iface) throw new Error(`DB.${table}: no interface ${member.type.typeName.getText(source)}`);
    const columns = new Map<string, DeclaredColumn>();
    for (const prop of iface.members) {
      if (!ts.isPropertySignature(prop) || !prop.type) continue;
      const text = prop.type.getText(source);
      columns.set((prop.name as ts.Identifier).text, { nullable: /\bnull\b/.test(text) });
    }
    tables.set(table, columns);
  }
  return tables;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('db/tables.ts and the migrations', () => {
  it('declare the same tables and columns, each nullable on both sides or on neither', async () => {
    const declared = declaredTables();
    // Full-text search tables exist on SQLite only (FTS5 virtual table and its shadow tables).
    for (const name of [...declared.keys()]) if (/_fts(_|$)/.test(name)) declared.delete(name);
    const actual = new Map<string, Map<string, DeclaredColumn>>();
    const sqlite = t.config.database.dialect === 'sqlite';
    for (const table of await t.db.introspection.getTables()) {
      if (table.name.startsWith('kysely_') || /_fts(_|$)/.test(table.name)) continue;
      // SQLite lets a primary key that is not INTEGER hold NULL unless it says NOT NULL (a quirk
      // kept for compatibility); the key is never null in practice, as on PostgreSQL.
      const keys = sqlite
        ? new Set(
            (await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table.name})`.execute(t.db)).rows
              .filter((r) => r.pk > 0)
              .map((r) => r.name),
          )
        : new Set<string>();
      actual.set(
        table.name,
        new Map(
          table.columns
            // PostgreSQL's full-text columns (generated tsvector) have no SQLite twin and no query names them.
            .filter((c) => c.dataType !== 'tsvector')
            .map((c) => [c.name, { nullable: c.isNullable && !c.isAutoIncrementing && !keys.has(c.name) }]),
        ),
      );
    }
    const describe = (tables: Map<string, Map<string, DeclaredColumn>>) =>
      Object.fromEntries(
        [...tables]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, cols]) => [name, [...cols].map(([c, d]) => `${c}${d.nullable ? '?' : ''}`).sort()]),
      );
    expect(describe(declared)).toEqual(describe(actual));
  });
});
