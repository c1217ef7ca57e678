import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Takes any Kysely handle (app database, transaction, migration): only its adapter is read.
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A table with an auto-increment integer id, spelled for the running dialect. */
export function tableWithId(db: Kysely<unknown>, name: string): CreateTableBuilder<string, 'id'> {
  const t = db.schema.createTable(name);
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A college-owned table: id plus college_id referencing colleges. */
export function collegeTable(db: Kysely<unknown>, name: string) {
  return tableWithId(db, name).addColumn('college_id', 'integer', (c) =>
    c.notNull().references('colleges.id').onDelete('cascade'),
  );
}

export const text = (c: any) => c.notNull().defaultTo('');
export const now = sql`CURRENT_TIMESTAMP`;
