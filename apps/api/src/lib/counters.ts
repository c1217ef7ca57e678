import { sql } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { Db } from '../db/index.js';

// Asked on every receipt, pass and allotment: built and compiled once (db/prepared.ts).
const nextQuery = prepared((db, a: { collegeId: number; name: string; by: number }) =>
  db
    .insertInto('counters')
    .values({ college_id: a.collegeId, name: a.name, value: a.by })
    .onConflict((oc) => oc.columns(['college_id', 'name']).doUpdateSet({ value: sql`counters.value + ${a.by}` }))
    .returning('value'),
);
const readQuery = prepared((db, a: { collegeId: number; name: string }) =>
  db.selectFrom('counters').select('value').where('college_id', '=', a.collegeId).where('name', '=', a.name),
);

/**
 * Adds `by` to one of the college's named counters (receipt, admission, accession, pass numbers)
 * and returns the new value. One upsert statement, inside the caller's transaction: two clerks
 * never get the same number, and a rolled-back write gives its numbers back.
 */
export async function nextCounter(db: Db, collegeId: number, name: string, by = 1): Promise<number> {
  const row = await nextQuery.first(db, { collegeId, name, by });
  return Number(row!.value);
}

/** A college's named counter as it stands (0 before its first use), e.g. a cache's version. */
export async function readCounter(db: Db, collegeId: number, name: string): Promise<number> {
  const row = await readQuery.first(db, { collegeId, name });
  return Number(row?.value ?? 0);
}
