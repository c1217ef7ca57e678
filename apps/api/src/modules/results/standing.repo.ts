import { sql } from 'kysely';
import type { Database } from '../../db/index.js';
import { inChunks } from '../../lib/chunked.js';

/**
 * The course standing's rules as the database adds them up (results.standing.ts says them in
 * words): only published titles count; CGPA is over each course's best pass; a course is still
 * failed when none of its results is a Pass and one is not superseded by a later supplementary.
 */
const passes = sql<number>`sum(case when r.status = 'Pass' then 1 else 0 end)`;
const standing = sql<number>`sum(case when r.superseded = 1 then 0 else 1 end)`;

/** The published results of the college, or of these students only. */
function published(db: Database, collegeId: number, only?: readonly string[]) {
  const q = db
    .selectFrom('exam_results as r')
    .innerJoin('exam_titles as t', 't.id', 'r.exam_title_id')
    .where('r.college_id', '=', collegeId)
    .where('t.college_id', '=', collegeId)
    .where('t.published', '=', 1);
  return only ? q.where('r.roll_no', 'in', only) : q;
}

/** All the college's students when `rollNos` is left out, else those, an IN list at a time. */
function forStudents<R>(rollNos: readonly string[] | undefined, query: (only?: readonly string[]) => Promise<R[]>): Promise<R[]> {
  return rollNos ? inChunks(rollNos, (slice) => query(slice)) : query();
}

/** Per student: the courses still failed (students with none are left out). */
export function openCourseCounts(db: Database, collegeId: number, rollNos?: readonly string[]) {
  return forStudents(rollNos, (only) => {
    const open = published(db, collegeId, only)
      .select(['r.roll_no', 'r.course_code'])
      .groupBy(['r.roll_no', 'r.course_code'])
      .having(passes, '=', 0)
      .having(standing, '>', 0);
    return db
      .selectFrom(open.as('o'))
      .select((eb) => ['o.roll_no', eb.fn.countAll<number>().as('courses')])
      .groupBy('o.roll_no')
      .execute();
  });
}

/** Per student: the sums CGPA is made of, over each course's best pass (students without a pass are left out). */
export function bestPassSums(db: Database, collegeId: number, rollNos?: readonly string[]) {
  return forStudents(rollNos, (only) => {
    const best = published(db, collegeId, only)
      .select((eb) => [
        'r.roll_no',
        'r.course_code',
        eb.fn.max('r.grade_points').as('grade_points'),
        eb.fn.max('r.credits').as('credits'),
      ])
      .where('r.status', '=', 'Pass')
      .groupBy(['r.roll_no', 'r.course_code']);
    return db
      .selectFrom(best.as('b'))
      .select((eb) => [
        'b.roll_no',
        sql<number>`sum(b.credits * b.grade_points)`.as('weighted'),
        eb.fn.sum<number>('b.credits').as('credits'),
      ])
      .groupBy('b.roll_no')
      .execute();
  });
}
