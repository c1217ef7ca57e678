import type { Database } from '../../db/index.js';
import type { AlumniHistoryTable, AlumniTable } from '../../db/tables.js';
import type { Insertable } from 'kysely';

export async function registrationExists(db: Database, collegeId: number, rollNumber: string) {
  const row = await db
    .selectFrom('alumni')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('roll_number', '=', rollNumber)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertRegistration(db: Database, row: Insertable<AlumniTable>) {
  await db.insertInto('alumni').values(row).execute();
}

export async function historyRollExists(db: Database, collegeId: number, rollNumber: string) {
  const row = await db
    .selectFrom('alumni_history')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('roll_number', '=', rollNumber)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertHistory(db: Database, row: Insertable<AlumniHistoryTable>) {
  await db.insertInto('alumni_history').values(row).execute();
}

export async function listHistory(db: Database, collegeId: number) {
  return db.selectFrom('alumni_history').selectAll().where('college_id', '=', collegeId).orderBy('id', 'desc').execute();
}

export async function courseByName(db: Database, collegeId: number, name: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'name', 'level', 'duration_years'])
    .where('college_id', '=', collegeId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function coursesWithBranches(db: Database, collegeId: number) {
  const [courses, branches] = await Promise.all([
    db.selectFrom('courses').select(['id', 'name', 'level']).where('college_id', '=', collegeId).orderBy('id').execute(),
    db.selectFrom('branches').select(['course_id', 'short_name']).where('college_id', '=', collegeId).orderBy('id').execute(),
  ]);
  return courses.map((c) => ({
    course: c.name,
    level: c.level,
    branches: branches.filter((b) => b.course_id === c.id).map((b) => b.short_name),
  }));
}

export async function branchesOfCourse(db: Database, collegeId: number, courseId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('branches')
    .select('short_name')
    .where('college_id', '=', collegeId)
    .where('course_id', '=', courseId)
    .execute();
  return rows.map((r) => r.short_name);
}

/** Batches already on record for a degree, from both alumni forms. */
export async function recordedBatches(db: Database, collegeId: number, degree: string): Promise<string[]> {
  const [registered, history] = await Promise.all([
    db.selectFrom('alumni').select('batch').distinct().where('college_id', '=', collegeId).where('degree', '=', degree).execute(),
    db.selectFrom('alumni_history').select('batch').distinct().where('college_id', '=', collegeId).where('course', '=', degree).execute(),
  ]);
  return [...registered, ...history].map((r) => r.batch).filter(Boolean);
}

export async function historyFile(db: Database, collegeId: number, id: number) {
  return db
    .selectFrom('alumni_history')
    .select(['roll_number', 'photo_path', 'certificate_path'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}
