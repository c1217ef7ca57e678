import { sql, type Insertable, type Updateable } from 'kysely';
import type { DB } from '../../db/tables.js';
import { prepared } from '../../db/prepared.js';
import { cappedRows } from '../../lib/capped.js';
import type { Db } from '../../db/index.js';

/** Queries of fines; no rules here. */

/** Fines with something still owed. */
export const OPEN_FINE = ['unpaid', 'part_paid'];

function fines(db: Db, collegeId: number) {
  return db
    .selectFrom('library_fines')
    .leftJoin('library_loans', 'library_loans.id', 'library_fines.loan_id')
    .leftJoin('library_copies', 'library_copies.id', 'library_loans.copy_id')
    .leftJoin('library_titles', 'library_titles.id', 'library_loans.title_id')
    .selectAll('library_fines')
    .select(['library_titles.title', 'library_copies.accession_no'])
    .where('library_fines.college_id', '=', collegeId);
}
export type FineRow = NonNullable<Awaited<ReturnType<typeof fineById>>>;

export async function fineById(db: Db, collegeId: number, id: number) {
  return fines(db, collegeId).where('library_fines.id', '=', id).executeTakeFirst();
}

/** A patron's fines shown on their record are cut here for speed; the answer says how many there are. */
export const PATRON_FINES_CAP = 200;

/** The patron's newest PATRON_FINES_CAP fines and how many they have in all. */
export async function finesOf(db: Db, collegeId: number, patron: string) {
  return cappedRows(
    fines(db, collegeId).where('library_fines.patron_code', '=', patron).orderBy('library_fines.id', 'desc'),
    PATRON_FINES_CAP,
  );
}

/** What is owed on the college's open fines (narrowed by the caller). */
const unpaidFines = (db: Db, collegeId: number) =>
  db
    .selectFrom('library_fines')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(sql`amount - paid_amount - waived_amount`), sql<number>`0`).as('total'))
    .where('college_id', '=', collegeId)
    .where('status', 'in', OPEN_FINE);
const unpaidOfPatronQuery = prepared((db, a: { collegeId: number; patron: string }) =>
  unpaidFines(db, a.collegeId).where('patron_code', '=', a.patron),
);

export async function unpaidTotal(db: Db, collegeId: number, where: { patron?: string; studentId?: number }) {
  if (where.patron !== undefined && where.studentId === undefined) {
    return Number((await unpaidOfPatronQuery.first(db, { collegeId, patron: where.patron }))?.total ?? 0);
  }
  let q = unpaidFines(db, collegeId);
  if (where.patron !== undefined) q = q.where('patron_code', '=', where.patron);
  if (where.studentId !== undefined) q = q.where('student_id', '=', where.studentId);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertFine(db: Db, row: Insertable<DB['library_fines']>) {
  return db.insertInto('library_fines').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Settles a fine the library keeps on its own (a staff member's) only while it is still open. */
export async function settleFine(db: Db, collegeId: number, id: number, set: Updateable<DB['library_fines']>) {
  const res = await db
    .updateTable('library_fines')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', 'in', OPEN_FINE)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Writes what the ledger says was paid and waived on a fine (and the status that follows). */
export async function updateFine(db: Db, collegeId: number, id: number, set: Updateable<DB['library_fines']>) {
  await db.updateTable('library_fines').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function finesByIds(db: Db, collegeId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('library_fines')
    .select(['id', 'amount', 'status', 'paid_at'])
    .where('college_id', '=', collegeId)
    .where('id', 'in', ids)
    .execute();
}

/** Students' fines of a college, oldest first (for posting the ones an older version never posted). */
export async function studentFines(db: Db, collegeId: number) {
  return db
    .selectFrom('library_fines')
    .select(['id', 'student_id', 'amount', 'status', 'paid_amount', 'waived_amount', 'receipt_no', 'paid_at', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('student_id', 'is not', null)
    .where('amount', '>', 0)
    .orderBy('id')
    .execute();
}
