import { sql } from 'kysely';
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

const passed = sql<number>`sum(case when r.status = 'Pass' then 1 else 0 end)`;

/**
 * Each sitting of these titles (a student's rows in one title), added up in the database: its
 * courses, those passed, and the sums SGPA is made of (every course, failed ones at 0 points).
 */
export async function sittingsOfTitles(db: Database, collegeId: number, titleIds: number[]) {
  if (titleIds.length === 0) return [];
  return db
    .selectFrom('exam_results as r')
    .select((eb) => [
      'r.exam_title_id as title_id',
      'r.roll_no',
      eb.fn.max('r.student_name').as('student_name'),
      eb.fn.countAll<number>().as('courses'),
      passed.as('passed'),
      sql<number>`sum(r.credits * r.grade_points)`.as('weighted'),
      eb.fn.sum<number>('r.credits').as('credits'),
    ])
    .where('r.college_id', '=', collegeId)
    .where('r.exam_title_id', 'in', titleIds)
    .groupBy(['r.exam_title_id', 'r.roll_no'])
    .execute();
}

/** Each course of these titles: how many sat it and how many passed. */
export async function subjectsOfTitles(db: Database, collegeId: number, titleIds: number[]) {
  if (titleIds.length === 0) return [];
  return db
    .selectFrom('exam_results as r')
    .select((eb) => [
      'r.exam_title_id as title_id',
      'r.course_code',
      eb.fn.max('r.course').as('course'),
      eb.fn.countAll<number>().as('appeared'),
      passed.as('passed'),
    ])
    .where('r.college_id', '=', collegeId)
    .where('r.exam_title_id', 'in', titleIds)
    .groupBy(['r.exam_title_id', 'r.course_code'])
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
