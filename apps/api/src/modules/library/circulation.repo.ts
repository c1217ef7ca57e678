import { sql } from 'kysely';
import type { DB } from '../../db/tables.js';
import { prepared } from '../../db/prepared.js';
import type { Db } from '../../db/index.js';

/** Queries of loans (issue, return, renew, history); no rules here. */

/**
 * An open loan, written into the SQL rather than bound: a parameter compared with the partial
 * index's `status = 'open'` makes SQLite plan the statement again every time it is bound (80 µs
 * instead of 12 µs for a loan with its copy and title).
 */
export const OPEN = sql.lit('open');

const loanColumns = [
  'library_loans.id',
  'library_loans.copy_id',
  'library_loans.title_id',
  'library_loans.patron_code',
  'library_loans.patron_kind',
  'library_loans.student_id',
  'library_loans.category',
  'library_loans.issued_on',
  'library_loans.due_on',
  'library_loans.returned_on',
  'library_loans.renewals',
  'library_loans.status',
  'library_copies.accession_no',
  'library_copies.price',
  'library_titles.title',
  'library_titles.item_type',
] as const;

function loans(db: Db, collegeId: number) {
  return db
    .selectFrom('library_loans')
    .innerJoin('library_copies', 'library_copies.id', 'library_loans.copy_id')
    .innerJoin('library_titles', 'library_titles.id', 'library_loans.title_id')
    .select(loanColumns)
    .where('library_loans.college_id', '=', collegeId);
}
export type LoanRow = Awaited<ReturnType<typeof loanById>> & {};

const loanByIdQuery = prepared((db, a: { collegeId: number; id: number }) =>
  loans(db, a.collegeId).where('library_loans.id', '=', a.id),
);
const openLoanOfCopyQuery = prepared((db, a: { collegeId: number; copyId: number }) =>
  loans(db, a.collegeId).where('library_loans.copy_id', '=', a.copyId).where('library_loans.status', '=', OPEN),
);
const openLoansOfQuery = prepared((db, a: { collegeId: number; patron: string }) =>
  loans(db, a.collegeId)
    .where('library_loans.patron_code', '=', a.patron)
    .where('library_loans.status', '=', OPEN)
    .orderBy('library_loans.due_on'),
);

export async function loanById(db: Db, collegeId: number, id: number) {
  return loanByIdQuery.first(db, { collegeId, id });
}

export async function openLoanOfCopy(db: Db, collegeId: number, copyId: number) {
  return openLoanOfCopyQuery.first(db, { collegeId, copyId });
}

export async function openLoansOf(db: Db, collegeId: number, patron: string) {
  return openLoansOfQuery.all(db, { collegeId, patron });
}

/** How many books a student has out now (any patron code of theirs). */
export async function openLoanCountOfStudent(db: Db, collegeId: number, studentId: number): Promise<number> {
  const row = await db
    .selectFrom('library_loans')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .where('status', '=', OPEN)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function historyOf(db: Db, collegeId: number, patron: string, limit: number) {
  return loans(db, collegeId)
    .where('library_loans.patron_code', '=', patron)
    .where('library_loans.status', '!=', 'open')
    .orderBy('library_loans.id', 'desc')
    .limit(limit)
    .execute();
}

export async function loansOfCopy(db: Db, collegeId: number, copyId: number, limit: number) {
  return loans(db, collegeId)
    .where('library_loans.copy_id', '=', copyId)
    .orderBy('library_loans.id', 'desc')
    .limit(limit)
    .execute();
}

export async function overdueLoans(db: Db, collegeId: number, today: string, limit: number) {
  return loans(db, collegeId)
    .where('library_loans.status', '=', OPEN)
    .where('library_loans.due_on', '<', today)
    .orderBy('library_loans.due_on')
    .limit(limit)
    .execute();
}

type LoanInsert = Omit<DB['library_loans'], 'id'>;
const insertLoanQuery = prepared((db, a: LoanInsert) =>
  db
    .insertInto('library_loans')
    .values({
      college_id: a.college_id,
      copy_id: a.copy_id,
      title_id: a.title_id,
      patron_code: a.patron_code,
      patron_kind: a.patron_kind,
      student_id: a.student_id,
      category: a.category,
      issued_on: a.issued_on,
      due_on: a.due_on,
      returned_on: a.returned_on,
      renewals: a.renewals,
      status: a.status,
      issued_by: a.issued_by,
      returned_by: a.returned_by,
      created_at: a.created_at,
    })
    .returning('id'),
);

export async function insertLoan(db: Db, row: LoanInsert) {
  return (await insertLoanQuery.first(db, row))!;
}

const closeLoanQuery = prepared((db, a: { collegeId: number; id: number; status: string; on: string; by: number | null }) =>
  db
    .updateTable('library_loans')
    .set({ status: a.status, returned_on: a.on, returned_by: a.by })
    .where('college_id', '=', a.collegeId)
    .where('id', '=', a.id)
    .where('status', '=', OPEN),
);

/** Closes an open loan; false when it was no longer open (a second return of the same copy). */
export async function closeLoan(db: Db, collegeId: number, id: number, status: string, on: string, by: number | null) {
  return (await closeLoanQuery.changes(db, { collegeId, id, status, on, by })) === 1;
}

export async function renewLoan(db: Db, collegeId: number, id: number, renewalsBefore: number, dueOn: string) {
  const res = await db
    .updateTable('library_loans')
    .set({ due_on: dueOn, renewals: renewalsBefore + 1 })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', OPEN)
    .where('renewals', '=', renewalsBefore)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
