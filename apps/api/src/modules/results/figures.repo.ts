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

/** The results of these titles, with each student's branch, batch and semester. */
export async function resultsOfTitles(db: Database, collegeId: number, titleIds: number[]) {
  if (titleIds.length === 0) return [];
  return db
    .selectFrom('exam_results as r')
    .leftJoin('students as s', (j) => j.onRef('s.roll_no', '=', 'r.roll_no').on('s.college_id', '=', collegeId))
    .select([
      'r.exam_title_id as title_id',
      'r.roll_no',
      'r.student_name',
      'r.course_code',
      'r.course',
      'r.credits',
      'r.grade_points',
      'r.status',
      's.full_name',
      's.branch',
      's.batch',
      's.semester',
    ])
    .where('r.college_id', '=', collegeId)
    .where('r.exam_title_id', 'in', titleIds)
    .orderBy('r.exam_title_id')
    .orderBy('r.roll_no')
    .execute();
}

/** The college's students (roll number, branch, batch): whose backlogs are counted. */
export async function studentsOfCollege(db: Database, collegeId: number) {
  return db
    .selectFrom('students')
    .select(['roll_no', 'branch', 'batch'])
    .where('college_id', '=', collegeId)
    .orderBy('roll_no')
    .execute();
}
