import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/** Queries of the library's figures (desk counts, NAAC and NIRF inputs); no rules here. */

/** The library's counts, the one source of its titles and volumes for the desk, the dashboard and the statistics. */
export async function stats(db: Db, collegeId: number, today: string) {
  const count = async (
    table: 'library_titles' | 'library_copies' | 'library_loans' | 'library_holds',
    where: { status?: string; dueBefore?: string; notStatus?: string[] } = {},
  ) => {
    let q = db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('college_id', '=', collegeId);
    if (where.status) q = q.where('status', '=', where.status);
    if (where.notStatus) q = q.where('status', 'not in', where.notStatus);
    if (where.dueBefore) q = q.where('due_on', '<', where.dueBefore);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const [titles, copies, onLoan, overdue, holdsWaiting, holdShelf] = await Promise.all([
    count('library_titles'),
    // The volumes the library holds: a copy withdrawn or lost is no longer one of them.
    count('library_copies', { notStatus: ['withdrawn', 'lost'] }),
    count('library_loans', { status: 'open' }),
    count('library_loans', { status: 'open', dueBefore: today }),
    count('library_holds', { status: 'waiting' }),
    count('library_holds', { status: 'ready' }),
  ]);
  return { titles, copies, onLoan, overdue, holdsWaiting, holdShelf };
}

// ---------- NAAC / NIRF inputs ----------

/** Every copy with its title (acquisitions and their cost) and loans counted per month. */
export async function naacCopies(db: Db, collegeId: number) {
  return db
    .selectFrom('library_copies as c')
    .innerJoin('library_titles as t', 't.id', 'c.title_id')
    .select(['c.id', 'c.accession_no', 'c.price', 'c.vendor', 'c.acquired_on', 't.title', 't.item_type'])
    .where('c.college_id', '=', collegeId)
    .orderBy('c.acquired_on')
    .orderBy('c.accession_no')
    .execute();
}

export async function naacLoansByMonth(db: Db, collegeId: number) {
  const month = sql<string>`substr(issued_on, 1, 7)`;
  return db
    .selectFrom('library_loans')
    .select([month.as('month'), sql<number>`count(*)`.as('loans')])
    .where('college_id', '=', collegeId)
    .groupBy(month)
    .execute();
}
