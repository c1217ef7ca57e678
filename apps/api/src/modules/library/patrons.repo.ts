import { prepared, preparedIn } from '../../db/prepared.js';
import { anyColumnContains, columnStartsWith } from '../../lib/search.js';
import type { Db } from '../../db/index.js';

/** Queries of patrons: who a code is, their names, and the overrides of their rules; no rules here. */

const studentByRollQuery = prepared((db, a: { collegeId: number; rollNo: string }) =>
  db
    .selectFrom('students')
    .leftJoin('courses', (j) =>
      j.onRef('courses.name', '=', 'students.course').onRef('courses.college_id', '=', 'students.college_id'),
    )
    .select([
      'students.id',
      'students.roll_no',
      'students.full_name',
      'students.course',
      'students.batch',
      'students.branch',
      'students.semester',
      'students.mobile',
      'students.email',
      'courses.level',
    ])
    .where('students.college_id', '=', a.collegeId)
    .where('students.roll_no', '=', a.rollNo),
);

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return studentByRollQuery.first(db, { collegeId, rollNo });
}

export async function facultyByEmp(db: Db, collegeId: number, empCode: string) {
  return db
    .selectFrom('faculty')
    .select(['id', 'emp_code', 'full_name', 'email', 'department', 'designation'])
    .where('college_id', '=', collegeId)
    .where('emp_code', '=', empCode)
    .executeTakeFirst();
}

export async function staffUserByEmp(db: Db, collegeId: number, empCode: string) {
  return db
    .selectFrom('users')
    .select(['id', 'emp_code', 'full_name', 'email', 'program', 'faculty_id'])
    .where('college_id', '=', collegeId)
    .where('emp_code', '=', empCode)
    .executeTakeFirst();
}

export async function userLinks(db: Db, collegeId: number, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('students', 'students.id', 'users.student_id')
    .leftJoin('faculty', 'faculty.id', 'users.faculty_id')
    .select(['users.emp_code', 'students.roll_no', 'faculty.emp_code as faculty_emp'])
    .where('users.college_id', '=', collegeId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** Patrons whose roll number or employee code starts with, or whose name contains, what the desk typed: a few of each kind. */
export async function patronsMatching(db: Db, collegeId: number, typed: string, limit: number) {
  const [students, faculty, staff] = await Promise.all([
    db
      .selectFrom('students')
      .select(['roll_no as code', 'full_name as name', 'course', 'branch', 'semester', 'batch'])
      .where('college_id', '=', collegeId)
      .where((eb) => eb.or([columnStartsWith('roll_no', typed), anyColumnContains(eb, ['full_name'], typed)]))
      .orderBy('roll_no')
      .limit(limit)
      .execute(),
    db
      .selectFrom('faculty')
      .select(['emp_code as code', 'full_name as name', 'designation', 'department'])
      .where('college_id', '=', collegeId)
      .where((eb) => eb.or([columnStartsWith('emp_code', typed), anyColumnContains(eb, ['full_name'], typed)]))
      .orderBy('emp_code')
      .limit(limit)
      .execute(),
    // Staff with an employee code but no faculty record (the desk finds them by that code too).
    db
      .selectFrom('users')
      .select(['emp_code as code', 'full_name as name', 'program'])
      .where('college_id', '=', collegeId)
      .where('faculty_id', 'is', null)
      .where('emp_code', 'is not', null)
      .where('emp_code', '!=', '')
      .where((eb) => eb.or([columnStartsWith('emp_code', typed), anyColumnContains(eb, ['full_name'], typed)]))
      .orderBy('emp_code')
      .limit(limit)
      .execute(),
  ]);
  return { students, faculty, staff };
}

const patronOverrideQuery = prepared((db, a: { collegeId: number; code: string }) =>
  db.selectFrom('library_patrons').selectAll().where('college_id', '=', a.collegeId).where('patron_code', '=', a.code),
);

export async function patronOverride(db: Db, collegeId: number, code: string) {
  return patronOverrideQuery.first(db, { collegeId, code });
}

/** Roll numbers of a batch's students (for a sheet of library cards), in roll order. */
export async function rollsOfBatch(db: Db, collegeId: number, batch: string, limit: number) {
  const rows = await db
    .selectFrom('students')
    .select('roll_no')
    .where('college_id', '=', collegeId)
    .where('batch', '=', batch)
    .orderBy('roll_no')
    .limit(limit)
    .execute();
  return rows.map((r) => r.roll_no);
}

export interface OverrideValues {
  category: string | null;
  expires_on: string | null;
  max_loans: number | null;
  loan_days: number | null;
  renewals: number | null;
  hold_limit: number | null;
  ends_on: string | null;
  reason: string;
  updated_at: string;
}

export async function saveOverride(db: Db, collegeId: number, code: string, v: OverrideValues) {
  await db
    .insertInto('library_patrons')
    .values({ college_id: collegeId, patron_code: code, ...v })
    .onConflict((oc) => oc.columns(['college_id', 'patron_code']).doUpdateSet(v))
    .execute();
}

export async function deleteOverride(db: Db, collegeId: number, code: string) {
  const res = await db
    .deleteFrom('library_patrons')
    .where('college_id', '=', collegeId)
    .where('patron_code', '=', code)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Overrides of several patrons (for lists of loans). */
const overridesQuery = preparedIn((db, a: { collegeId: number }, codes: string[]) =>
  db.selectFrom('library_patrons').selectAll().where('college_id', '=', a.collegeId).where('patron_code', 'in', codes),
);

/** Patrons' overrides by code (every loan list and desk answer reads them): prepared per count. */
export async function overridesOf(db: Db, collegeId: number, codes: string[]) {
  return overridesQuery.all(db, { collegeId }, [...new Set(codes)].slice(0, 1000));
}

/** Names by code from one register (students by roll number, faculty and users by employee code). */
const namesQuery = (table: 'students' | 'faculty' | 'users', code: 'roll_no' | 'emp_code') =>
  preparedIn((db, a: { collegeId: number }, codes: string[]) =>
    db
      .selectFrom(table)
      .select((eb) => [eb.ref(code).as('code'), 'full_name'])
      .where('college_id', '=', a.collegeId)
      .where(code, 'in', codes),
  );
const studentNamesQuery = namesQuery('students', 'roll_no');
const facultyNamesQuery = namesQuery('faculty', 'emp_code');
const userNamesQuery = namesQuery('users', 'emp_code');

/**
 * Names of patrons by code, for lists (students by roll number; faculty and staff users by employee
 * code). `kind`, when all are known to be students or all staff, reads that side only.
 */
export async function patronNames(db: Db, collegeId: number, codes: string[], kind?: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(codes)];
  const none = Promise.resolve([] as { code: string | null; full_name: string }[]);
  for (let i = 0; i < unique.length; i += 500) {
    const part = unique.slice(i, i + 500);
    const [s, f, u] = await Promise.all([
      kind === 'staff' ? none : studentNamesQuery.all(db, { collegeId }, part),
      kind === 'student' ? none : facultyNamesQuery.all(db, { collegeId }, part),
      kind === 'student' ? none : userNamesQuery.all(db, { collegeId }, part),
    ]);
    for (const r of [...u, ...f, ...s]) if (r.code) out.set(r.code, r.full_name);
  }
  return out;
}
