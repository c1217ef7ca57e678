import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { runNow } from './group-commit.js';
import type { DB } from './tables.js';

type Db = Kysely<DB>;
type Args = Record<string, unknown>;

/** A stand-in for an argument while the query is built: unlikely in any real value. */
const MARK = '\u0000stand-in:';

/**
 * A query built and compiled once per database, then run with each call's values. Kysely builds
 * and compiles a query on every call: on a library desk that was a third of the server's CPU.
 *
 * `build` gets stand-ins for the arguments and must build the same query whatever they are: no
 * `if` on an argument, no list whose length varies, no argument written into the SQL (`sql.lit`),
 * and `null` rather than `undefined` for a missing value. A stand-in found in the SQL text is refused.
 */
export function prepared<A extends Args, R>(build: (db: Db, args: A) => Compilable<R>) {
  // Per dialect adapter: SQLite and PostgreSQL write the same query differently.
  const compiled = new WeakMap<object, Compiled>();
  const run = (db: Db, args: A) => {
    const adapter = db.getExecutor().adapter;
    let c = compiled.get(adapter);
    if (!c) compiled.set(adapter, (c = compile(build(db, standIns<A>(ARG)))));
    return execute<R>(db, c, args, []);
  };
  return results(run);
}

/** Row counts each `preparedRows` statement keeps compiled; a longer list is compiled on each call. */
const ROW_COUNTS_KEPT = 100;

/**
 * As `prepared`, for a query over a list of rows (a multi-row insert or upsert, an `in` list):
 * compiled once per row count, then run with each call's values. `build` gets stand-ins for the
 * arguments and for each row, and must name each field it uses (`rows.map((r) => ({ id: r.id }))`),
 * since a stand-in row has no keys of its own. An empty list runs nothing.
 */
export function preparedRows<A extends Args, Row extends Args, R>(build: (db: Db, args: A, rows: Row[]) => Compilable<R>) {
  const compiled = new WeakMap<object, Map<number, Compiled>>();
  const run = async (db: Db, args: A, rows: Row[]) => {
    if (rows.length === 0) return { rows: [] as R[], numAffectedRows: 0n };
    const adapter = db.getExecutor().adapter;
    let byCount = compiled.get(adapter);
    if (!byCount) compiled.set(adapter, (byCount = new Map()));
    let c = byCount.get(rows.length);
    if (!c) {
      const rowStandIns = Array.from({ length: rows.length }, (_, i) => standIns<Row>(`${ROW}${i}.`));
      c = compile(build(db, standIns<A>(ARG), rowStandIns));
      if (rows.length <= ROW_COUNTS_KEPT) byCount.set(rows.length, c);
    }
    return execute<R>(db, c, args, rows);
  };
  return {
    /** The rows a select answers. */
    all: async (db: Db, args: A, rows: Row[]): Promise<R[]> => (await run(db, args, rows)).rows,
    /** How many rows the write changed. */
    changes: async (db: Db, args: A, rows: Row[]): Promise<number> => Number((await run(db, args, rows)).numAffectedRows ?? 0),
  };
}

/**
 * As `preparedRows`, for an `in` list of plain values (ids, codes): `build` gets the values as a
 * list of stand-ins to write as `.where(column, 'in', values)`.
 */
export function preparedIn<A extends Args, V, R>(build: (db: Db, args: A, values: V[]) => Compilable<R>) {
  const query = preparedRows<A, { value: V }, R>((db, args, rows) =>
    build(
      db,
      args,
      rows.map((r) => r.value),
    ),
  );
  return {
    /** The rows a select answers. */
    all: (db: Db, args: A, values: V[]): Promise<R[]> =>
      query.all(
        db,
        args,
        values.map((value) => ({ value })),
      ),
  };
}

const ARG = `${MARK}arg:`;
const ROW = `${MARK}row:`;
type Slot = { arg: string } | { row: number; column: string } | { value: unknown };
type Compiled = { sql: string; slots: Slot[] };

/** An object whose every property is a stand-in naming it. */
const standIns = <T>(prefix: string) => new Proxy({}, { get: (_t, name) => `${prefix}${String(name)}` }) as T;

function compile(query: Compilable<unknown>): Compiled {
  const { sql, parameters } = query.compile();
  if (sql.includes(MARK)) throw new Error(`prepared: an argument is written into the SQL text: ${sql}`);
  const slots = parameters.map((p): Slot => {
    if (typeof p !== 'string' || !p.startsWith(MARK)) return { value: p };
    if (p.startsWith(ARG)) return { arg: p.slice(ARG.length) };
    const [row, column] = p.slice(ROW.length).split('.', 2);
    return { row: Number(row), column };
  });
  return { sql, slots };
}

function execute<R>(db: Db, c: Compiled, args: Args, rows: Args[]): Promise<QueryResult<R>> {
  const query = CompiledQuery.raw(
    c.sql,
    c.slots.map((s) => ('arg' in s ? args[s.arg] : 'row' in s ? rows[s.row][s.column] : s.value)),
  );
  try {
    const now = runNow(db.getExecutor().adapter, db.isTransaction, query);
    if (now) return Promise.resolve(now as QueryResult<R>);
  } catch (e) {
    return Promise.reject(e);
  }
  return db.executeQuery<R>(query);
}

function results<A, R>(run: (db: Db, args: A) => Promise<{ rows: R[]; numAffectedRows?: bigint }>) {
  return {
    /** The rows. */
    all: async (db: Db, args: A): Promise<R[]> => (await run(db, args)).rows,
    /** The first row, if any. */
    first: async (db: Db, args: A): Promise<R | undefined> => (await run(db, args)).rows[0],
    /** How many rows an insert, update or delete changed. */
    changes: async (db: Db, args: A): Promise<number> => Number((await run(db, args)).numAffectedRows ?? 0),
  };
}
