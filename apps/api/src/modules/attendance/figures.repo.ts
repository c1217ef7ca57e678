import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * The sheets submitted in [from, to], each with its section's department and attendance policy
 * and its non-present marks counted by status.
 */
export async function sessionsBetween(db: Db, collegeId: number, from: string, to: string) {
  const count = (status: string) => sql<number>`sum(case when m.status = ${status} then 1 else 0 end)`;
  return db
    .selectFrom('attendance_sessions as a')
    .innerJoin('sections as s', 's.id', 'a.section_id')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('branches as br', 'br.id', 's.branch_id')
    .leftJoin('departments as d', 'd.id', 'br.department_id')
    .leftJoin('regulations as r', 'r.id', 'b.regulation_id')
    .leftJoin('attendance_marks as m', (j) => j.onRef('m.session_id', '=', 'a.id').on('m.college_id', '=', collegeId))
    .select([
      'a.id',
      'a.section_id',
      'a.date',
      'a.period',
      'a.strength',
      'd.name as department',
      'r.late_counts_present',
      'r.od_counts_present',
      count('A').as('absent'),
      count('L').as('late'),
      count('OD').as('on_duty'),
      count('M').as('medical'),
    ])
    .where('a.college_id', '=', collegeId)
    .where('a.date', '>=', from)
    .where('a.date', '<=', to)
    .groupBy([
      'a.id',
      'a.section_id',
      'a.date',
      'a.period',
      'a.strength',
      'd.name',
      'r.late_counts_present',
      'r.od_counts_present',
    ])
    .execute();
}
