import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../db/tables.js';

/**
 * Bound parameters one statement may carry on both databases (SQLite allows 32,766, PostgreSQL
 * 65,535), with room to spare; multi-row inserts and IN lists are cut to fit.
 */
const MAX_PARAMS = 30_000;
/** Rows per multi-row insert: more buys little and holds the write lock longer. */
const MAX_ROWS_PER_INSERT = 500;
/** Values per IN list. */
export const IN_LIST_SIZE = 900;

/** The items in consecutive slices of at most `size`. */
export function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  if (size < 1) throw new Error('chunk size must be at least 1');
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Rows of this many columns that one insert statement may carry. */
export const rowsPerInsert = (columns: number) =>
  Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / Math.max(1, columns))));

type Db = Kysely<DB> | Transaction<DB>;

/** Inserts the rows with as few statements as fit (call it inside the caller's transaction). */
export async function insertChunked<T extends keyof DB & string>(db: Db, table: T, rows: ReadonlyArray<Insertable<DB[T]>>) {
  if (rows.length === 0) return;
  for (const part of chunks(rows, rowsPerInsert(Object.keys(rows[0] as object).length))) {
    await db
      .insertInto(table)
      .values(part as never)
      .execute();
  }
}

/** Runs a query per slice of an IN list and joins the answers. */
export async function inChunks<T, R>(
  values: readonly T[],
  query: (slice: T[]) => Promise<R[]>,
  size = IN_LIST_SIZE,
): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(values, size)) out.push(...(await query(part)));
  return out;
}
