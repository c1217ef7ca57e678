import type { Database } from '../../db/index.js';
import { inChunks } from '../../lib/chunked.js';

/** Published results with their titles, for the exam cell's documents (grade cards, transcripts, NAD). */
function publishedRows(db: Database, collegeId: number) {
  return db
    .selectFrom('exam_results as r')
    .innerJoin('exam_titles as t', 't.id', 'r.exam_title_id')
    .select([
      'r.exam_title_id as title_id',
      't.title',
      't.exam_type',
      't.created_at as title_created_at',
      'r.roll_no',
      'r.student_name',
      'r.course_code',
      'r.course',
      'r.credits',
      'r.marks',
      'r.grade',
      'r.grade_points',
      'r.status',
      'r.superseded',
    ])
    .where('r.college_id', '=', collegeId)
    .where('t.college_id', '=', collegeId)
    .where('t.published', '=', 1);
}

/** Every published result of these students, in title, roll number and course order. */
export function publishedOfStudents(db: Database, collegeId: number, rollNos: readonly string[]) {
  return inChunks(rollNos, (part) =>
    publishedRows(db, collegeId)
      .where('r.roll_no', 'in', part)
      .orderBy('r.exam_title_id')
      .orderBy('r.roll_no')
      .orderBy('r.course_code')
      .execute(),
  );
}

/** The results of one published title (none when it is not published): every student's, or these students' only. */
export function publishedOfTitle(db: Database, collegeId: number, titleId: number, only?: readonly string[]) {
  const q = publishedRows(db, collegeId).where('r.exam_title_id', '=', titleId);
  return (only ? q.where('r.roll_no', 'in', only) : q).orderBy('r.roll_no').orderBy('r.course_code').execute();
}

export function titleRow(db: Database, collegeId: number, titleId: number) {
  return db
    .selectFrom('exam_titles')
    .select(['id', 'title', 'exam_type', 'published', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('id', '=', titleId)
    .executeTakeFirst();
}
