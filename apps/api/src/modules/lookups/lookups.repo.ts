import { sql } from 'kysely';
import type { Database } from '../../db/index.js';

export async function seatTypes(db: Database, collegeId: number) {
  return db.selectFrom('seat_types').select(['id', 'name', 'code']).where('college_id', '=', collegeId).orderBy('id').execute();
}

export async function courses(db: Database, collegeId: number, level?: string) {
  let q = db.selectFrom('courses').select(['id', 'name', 'level']).where('college_id', '=', collegeId);
  if (level) q = q.where(sql<string>`upper(level)`, '=', level.toUpperCase());
  return q.orderBy('id').execute();
}

export async function batches(db: Database, collegeId: number, course: string) {
  const rows = await db
    .selectFrom('batches')
    .innerJoin('courses', 'courses.id', 'batches.course_id')
    .select('batches.name')
    .where('batches.college_id', '=', collegeId)
    .where('courses.name', '=', course)
    .orderBy('batches.name', 'desc')
    .execute();
  return rows.map((r) => r.name);
}

export async function branches(db: Database, collegeId: number, course: string, level?: string) {
  let q = db
    .selectFrom('branches')
    .innerJoin('courses', 'courses.id', 'branches.course_id')
    .select('branches.short_name')
    .where('branches.college_id', '=', collegeId)
    .where('courses.name', '=', course);
  if (level) q = q.where(sql<string>`upper(courses.level)`, '=', level.toUpperCase());
  const rows = await q.orderBy('branches.id').execute();
  return rows.map((r) => r.short_name);
}

export async function semesters(db: Database, collegeId: number, course: string) {
  const rows = await db
    .selectFrom('semesters')
    .innerJoin('courses', 'courses.id', 'semesters.course_id')
    .select('semesters.name')
    .where('semesters.college_id', '=', collegeId)
    .where('courses.name', '=', course)
    .orderBy('semesters.sort_order')
    .execute();
  return rows.map((r) => r.name);
}

export async function agents(db: Database, collegeId: number) {
  const rows = await db.selectFrom('agents').select('name').where('college_id', '=', collegeId).orderBy('id').execute();
  return rows.map((r) => r.name);
}

export async function keyValues(db: Database, collegeId: number, kind: string) {
  return db
    .selectFrom('key_values')
    .select(['key', 'value'])
    .where('college_id', '=', collegeId)
    .where(sql<string>`lower(kind)`, '=', kind.toLowerCase())
    .orderBy('sort_order')
    .execute();
}

export async function castes(db: Database, collegeId: number) {
  const rows = await db.selectFrom('castes').select('name').where('college_id', '=', collegeId).orderBy('id').execute();
  return rows.map((r) => r.name);
}

export async function subCastes(db: Database, collegeId: number, caste: string) {
  const rows = await db
    .selectFrom('sub_castes')
    .innerJoin('castes', 'castes.id', 'sub_castes.caste_id')
    .select('sub_castes.name')
    .where('sub_castes.college_id', '=', collegeId)
    .where('castes.name', '=', caste)
    .orderBy('sub_castes.id')
    .execute();
  return rows.map((r) => r.name);
}

export async function collegeSettings(db: Database, collegeId: number): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('colleges').select('settings_json').where('id', '=', collegeId).executeTakeFirst();
  try {
    const parsed = JSON.parse(row?.settings_json ?? '{}');
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** Every course with its batches and branches, for checking many admission rows at once. */
export async function academicStructure(db: Database, collegeId: number) {
  const [courseRows, batchRows, branchRows] = await Promise.all([
    db.selectFrom('courses').select(['id', 'name', 'level']).where('college_id', '=', collegeId).execute(),
    db.selectFrom('batches').select(['course_id', 'name']).where('college_id', '=', collegeId).execute(),
    db.selectFrom('branches').select(['course_id', 'short_name']).where('college_id', '=', collegeId).execute(),
  ]);
  return { courseRows, batchRows, branchRows };
}
