import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { Db } from './index.js';
import { runNow } from './sqlite/group-commit.js';
type Args = Record<string, unknown>;

/** A stand-in for an argument while the query is built: unlikely in any real value. */
const MARK = '\u0000stand-in:';

/**
 * A query is built three times and must come out the same each time: with named strings for the
 * arguments (which map each parameter to its argument), then with 0 for every argument, then with
 * null. Between them an argument is truthy and falsy, a string, a number and null, with and without
 * a length, so these differ and are refused:
 * - an `if`, `?:`, `&&`, `||` or `??` on an argument (`if (a.since) q = q.where(...)`);
 * - a list argument's length, or a method or field of an argument (`a.q.trim()`, `a.ids.length`);
 * - a value worked out from an argument (`%${a.q}%`, `String(a.id)`, `a.x || 0`);
 * - an argument written into the SQL (`sql.lit`, `sql.ref`), or a value Kysely writes into the SQL
 *   itself (`.where(col, 'is', a.x)`, `eb.and({ col: a.x })`, `case ... then a.x`).
 * Not caught: a branch on something other than the arguments (the clock, a module's state, the row
 * count, which is allowed), and a test that all three stand-ins answer alike (`a.x !== undefined`,
 * `typeof a.x !== 'boolean'`).
 */
const OTHER_STAND_INS = [0, null] as const;

/**
 * A query built and compiled once per database, then run with each call's values. Kysely builds
 * and compiles a query on every call: on a library desk that was a third of the server's CPU.
 *
 * `build` gets stand-ins for the arguments and must build the same query whatever they are: no
 * `if` on an argument, no list whose length varies, no argument written into the SQL (`sql.lit`),
 * and `null` rather than `undefined` for a missing value. Its first build for a database is done
 * with several sets of stand-ins and refused unless they agree (see `OTHER_STAND_INS`).
 */
export function prepared<A extends Args, R>(build: (db: Db, args: A) => Compilable<R>) {
  const origin = definedAt(build, prepared);
  const compileFor = (db: Db) => compile(origin, (standIn) => build(db, standIn<A>(ARG)));
  // Per dialect adapter: SQLite and PostgreSQL write the same query differently.
  const compiled = new WeakMap<object, Compiled>();
  const run = (db: Db, args: A) => {
    const adapter = db.getExecutor().adapter;
    let c = compiled.get(adapter);
    if (!c) compiled.set(adapter, (c = compileFor(db)));
    return execute<R>(db, c, args, []);
  };
  everyQuery.push((db) => void compileFor(db));
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
  return rowsQuery(build, definedAt(build, preparedRows));
}

function rowsQuery<A extends Args, Row extends Args, R>(build: (db: Db, args: A, rows: Row[]) => Compilable<R>, origin: Origin) {
  const compileFor = (db: Db, count: number, check = true) =>
    compile(
      origin,
      (standIn) =>
        build(
          db,
          standIn<A>(ARG),
          Array.from({ length: count }, (_, i) => standIn<Row>(`${ROW}${i}.`)),
        ),
      check,
    );
  const compiled = new WeakMap<object, Map<number, Compiled>>();
  // A list longer than the counts kept is compiled on each call: checked on the first only.
  const checkedLong = new WeakSet<object>();
  const run = async (db: Db, args: A, rows: Row[]) => {
    if (rows.length === 0) return { rows: [] as R[], numAffectedRows: 0n };
    const adapter = db.getExecutor().adapter;
    let byCount = compiled.get(adapter);
    if (!byCount) compiled.set(adapter, (byCount = new Map()));
    let c = byCount.get(rows.length);
    if (!c) {
      const kept = rows.length <= ROW_COUNTS_KEPT;
      c = compileFor(db, rows.length, kept || !checkedLong.has(adapter));
      if (kept) byCount.set(rows.length, c);
      else checkedLong.add(adapter);
    }
    return execute<R>(db, c, args, rows);
  };
  everyQuery.push((db) => [1, 2].forEach((count) => compileFor(db, count)));
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
  const query = rowsQuery<A, { value: V }, R>(
    (db, args, rows) =>
      build(
        db,
        args,
        rows.map((r) => r.value),
      ),
    definedAt(build, preparedIn),
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
/** Makes an object whose every property is a stand-in (`prefix` names it, for the named pass). */
type StandIns = <T>(prefix: string) => T;

/** An object whose every property is a stand-in naming it. */
const named: StandIns = <T>(prefix: string) => new Proxy({}, { get: (_t, name) => `${prefix}${String(name)}` }) as T;
/** An object whose every property is `value`. */
const every =
  (value: unknown): StandIns =>
  <T>() =>
    new Proxy({}, { get: () => value }) as T;

/** Builds the query with each set of stand-ins and refuses it unless all come out the same. */
function compile(origin: Origin, build: (standIns: StandIns) => Compilable<unknown>, check = true): Compiled {
  const { sql, parameters } = buildWith(origin, build, named, 'named stand-ins');
  if (sql.includes(MARK)) throw new Error(`prepared query ${nameOf(origin)}: an argument is written into the SQL text: ${sql}`);
  const slots = parameters.map((p): Slot => {
    if (typeof p !== 'string' || !p.startsWith(MARK)) return { value: p };
    if (p.startsWith(ARG)) return { arg: p.slice(ARG.length) };
    const [row, column] = p.slice(ROW.length).split('.', 2);
    return { row: Number(row), column };
  });
  for (const standIn of check ? OTHER_STAND_INS : []) {
    const other = buildWith(origin, build, every(standIn), `${standIn} for every argument`);
    const alike =
      other.sql === sql &&
      other.parameters.length === slots.length &&
      slots.every((s, i) => sameValue(other.parameters[i], 'value' in s ? s.value : standIn));
    if (!alike) {
      throw new Error(
        `prepared query ${nameOf(origin)} builds a different query when its arguments change: it branches on an ` +
          `argument (an if, ?:, &&, || or ??, a length) or works a value out of one inside the builder. Do that ` +
          `before the call, with one prepared query per shape.\n` +
          `  with named stand-ins: ${sql} [${slots.map(showSlot).join(', ')}]\n` +
          `  with ${standIn} for every argument: ${other.sql} [${other.parameters.map(show).join(', ')}]`,
      );
    }
  }
  return { sql, slots };
}

function buildWith(origin: Origin, build: (standIns: StandIns) => Compilable<unknown>, standIns: StandIns, what: string) {
  try {
    return build(standIns).compile();
  } catch (e) {
    throw new Error(
      `prepared query ${nameOf(origin)} fails when built with ${what}: the builder uses an argument's value (a ` +
        `method, field or length of it) where it should only pass it to Kysely. ${String(e)}`,
      { cause: e },
    );
  }
}

const sameValue = (a: unknown, b: unknown) =>
  Object.is(a, b) ||
  (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b));

const show = (v: unknown) => (typeof v === 'string' || (typeof v === 'object' && v !== null) ? JSON.stringify(v) : String(v));
const showSlot = (s: Slot) => ('arg' in s ? `<${s.arg}>` : 'row' in s ? `<row ${s.row}.${s.column}>` : show(s.value));

/** Where a prepared query was defined, for its errors; the stack is read only when one is thrown. */
type Origin = { build: { name: string }; site: { stack?: string } };
function definedAt(build: { name: string }, definer: (...args: never[]) => unknown): Origin {
  const site: { stack?: string } = {};
  Error.captureStackTrace(site, definer);
  return { build, site };
}
const nameOf = ({ build, site }: Origin) =>
  build.name || `defined at ${/^\s*at (.*)$/m.exec(site.stack ?? '')?.[1] ?? 'an unknown place'}`;

/** Each prepared query's check, to build them all at once (see `checkEveryPrepared`); queries are defined once, at module level. */
const everyQuery: Array<(db: Db) => void> = [];

/**
 * Builds every prepared query defined so far for `db`'s dialect, as its first call would, and
 * answers the errors of those that would be refused (for a test over the whole code).
 */
export function checkEveryPrepared(db: Db): Error[] {
  return everyQuery.flatMap((check) => {
    try {
      check(db);
      return [];
    } catch (e) {
      return [e as Error];
    }
  });
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
