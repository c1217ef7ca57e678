import { OPEN } from './circulation.repo.js';
import type { Db } from '../../db/index.js';

/** For notifications: open loans due between two dates (inclusive), with the title borrowed. */
export async function openLoansDue(db: Db, collegeId: number, from: string | null, to: string) {
  let q = db
    .selectFrom('library_loans as l')
    .innerJoin('library_titles as t', 't.id', 'l.title_id')
    .select(['l.id', 'l.patron_code', 'l.student_id', 'l.due_on', 't.title'])
    .where('l.college_id', '=', collegeId)
    .where('l.status', '=', OPEN)
    .where('l.due_on', '<=', to);
  if (from) q = q.where('l.due_on', '>=', from);
  return q.orderBy('l.id').execute();
}
