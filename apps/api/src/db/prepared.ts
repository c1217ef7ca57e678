import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DB } from './tables.js';

type Db = Kysely<DB>;
type Args = Record<string, unknown>;
type Slot = { arg: string } | { value: unknown };

/** A stand-in for an argument while the query is built: unlikely in any real value. */
const MARK = '\u0000arg:';

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
  const compiled = new WeakMap<object, { sql: string; slots: Slot[] }>();

  const compile = (db: Db) => {
    const adapter = db.getExecutor().adapter;
    let c = compiled.get(adapter);
    if (c) return c;
    const standIns = new Proxy({}, { get: (_t, name) => `${MARK}${String(name)}` }) as A;
    const query = build(db, standIns).compile();
    if (query.sql.includes(MARK)) throw new Error(`prepared: an argument is written into the SQL text: ${query.sql}`);
    const slots = query.parameters.map((p): Slot =>
      typeof p === 'string' && p.startsWith(MARK) ? { arg: p.slice(MARK.length) } : { value: p },
    );
    c = { sql: query.sql, slots };
    compiled.set(adapter, c);
    return c;
  };

  const run = (db: Db, args: A) => {
    const { sql, slots } = compile(db);
    return db.executeQuery<R>(
      CompiledQuery.raw(
        sql,
        slots.map((s) => ('arg' in s ? args[s.arg] : s.value)),
      ),
    );
  };

  return {
    /** The rows. */
    all: async (db: Db, args: A): Promise<R[]> => (await run(db, args)).rows,
    /** The first row, if any. */
    first: async (db: Db, args: A): Promise<R | undefined> => (await run(db, args)).rows[0],
    /** How many rows an insert, update or delete changed. */
    changes: async (db: Db, args: A): Promise<number> => Number((await run(db, args)).numAffectedRows ?? 0),
  };
}
