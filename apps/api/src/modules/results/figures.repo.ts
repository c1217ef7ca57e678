import type { Database } from '../../db/index.js';

/** Every published title: what the figures group by year. */
export async function publishedTitles(db: Database, collegeId: number) {
  return db
    .selectFrom('exam_titles')
    .select(['id', 'title', 'exam_type', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('published', '=', 1)
    .orderBy('id')
    .execute();
}

/** Every published result of the college: the one read the figures derive sittings, backlogs and CGPA from. */
export async function publishedResultsOfCollege(db: Database, collegeId: number) {
  return db
    .selectFrom('exam_results as r')
    .innerJoin('exam_titles as t', 't.id', 'r.exam_title_id')
    .select([
      'r.exam_title_id as title_id',
      't.exam_type',
      'r.roll_no',
      'r.student_name',
      'r.course_code',
      'r.course',
      'r.credits',
      'r.grade_points',
      'r.status',
      'r.superseded',
    ])
    .where('r.college_id', '=', collegeId)
    .where('t.college_id', '=', collegeId)
    .where('t.published', '=', 1)
    .execute();
}

/** The college's students: whose backlogs are counted, and the branch and batch results are grouped by. */
export async function studentsOfCollege(db: Database, collegeId: number) {
  return db
    .selectFrom('students')
    .select(['roll_no', 'full_name', 'branch', 'batch', 'semester'])
    .where('college_id', '=', collegeId)
    .orderBy('roll_no')
    .execute();
}
