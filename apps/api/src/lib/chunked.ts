import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Insertable } from 'kysely';
import type { DB } from '../db/tables.js';
import type { Db } from '../db/index.js';

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

/** How long long-running work may hold the event loop before it lets other requests in. */
export const LOOP_BUDGET_MS = 15;

/**
 * A pause point for long work on the main thread. Calling it costs nothing until `budgetMs` have
 * passed since the last pause; then it waits one turn of the event loop (setImmediate), so
 * requests that arrived meanwhile are served. Pausing on time rather than every N items keeps the
 * number of pauses small when the machine is fast and the stretches short when it is slow.
 * SQLite's driver is synchronous: a transaction of many statements holds the loop from its first
 * statement to its commit unless it pauses like this; other queries on the same connection wait
 * for the commit (the driver holds the connection), and readers on another connection see nothing
 * of it until then.
 */
export function pacer(budgetMs = LOOP_BUDGET_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

export interface ChunkOptions {
  /** At most this many rows per statement (fewer, shorter statements for work run alongside requests). */
  rowsPerInsert?: number;
  /** Called between statements, e.g. a `pacer()`. */
  pause?: () => Promise<void> | undefined;
}

/** Inserts the rows with as few statements as fit (call it inside the caller's transaction). */
export async function insertChunked<T extends keyof DB & string>(
  db: Db,
  table: T,
  rows: ReadonlyArray<Insertable<DB[T]>>,
  options: ChunkOptions = {},
) {
  if (rows.length === 0) return;
  const size = Math.min(rowsPerInsert(Object.keys(rows[0] as object).length), options.rowsPerInsert ?? Infinity);
  for (const part of chunks(rows, size)) {
    await options.pause?.();
    await db
      .insertInto(table)
      .values(part as never)
      .execute();
  }
}

/** Runs a query per slice of an IN list and joins the answers (`pause` between slices, see `pacer`). */
export async function inChunks<T, R>(
  values: readonly T[],
  query: (slice: T[]) => Promise<R[]>,
  size = IN_LIST_SIZE,
  pause?: () => Promise<void> | undefined,
): Promise<R[]> {
  const out: R[] = [];
  for (const part of chunks(values, size)) {
    await pause?.();
    out.push(...(await query(part)));
  }
  return out;
}
