import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/tables.js';

/**
 * Adds `by` to one of the college's named counters (receipt, admission, accession, pass numbers)
 * and returns the new value. One upsert statement, inside the caller's transaction: two clerks
 * never get the same number, and a rolled-back write gives its numbers back.
 */
export async function nextCounter(db: Kysely<DB> | Transaction<DB>, collegeId: number, name: string, by = 1): Promise<number> {
  const row = await db
    .insertInto('counters')
    .values({ college_id: collegeId, name, value: by })
    .onConflict((oc) => oc.columns(['college_id', 'name']).doUpdateSet({ value: sql`counters.value + ${by}` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** A college's named counter as it stands (0 before its first use), e.g. a cache's version. */
export async function readCounter(db: Kysely<DB> | Transaction<DB>, collegeId: number, name: string): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('college_id', '=', collegeId)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}
