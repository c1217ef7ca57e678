import crypto from 'node:crypto';
import { gradeFor, ROLES } from '@erp/shared';
import type { Database } from '../src/db/index.js';
import { nowIso } from '../src/db/index.js';
import { hashPassword } from '../src/lib/passwords.js';
import { DEMO_PASSWORD } from './helpers.js';

/**
 * Row builders: each test makes the rows it needs, with unique keys, so no test depends on the
 * seed's counts or on another test. Every builder takes the college and overrides of its row.
 */

const unique = (prefix: string) => `${prefix}${crypto.randomBytes(4).toString('hex').toUpperCase()}`;

/** A college id by code (the test database carries the two demo colleges). */
export async function collegeId(db: Database, code = 'SVEC'): Promise<number> {
  return (await db.selectFrom('colleges').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

let passwordHash: Promise<string> | null = null;
/** The password hash of DEMO_PASSWORD, made once per test file. */
const demoHash = () => (passwordHash ??= hashPassword(DEMO_PASSWORD));

export interface BuiltStudent {
  id: number;
  rollNo: string;
  fullName: string;
  /** the login's username when one was made (signs in with DEMO_PASSWORD) */
  username: string | null;
}

/** A student of the college; with `login: true`, a student login too (username = roll number). */
export async function newStudent(
  db: Database,
  college: number,
  over: Partial<{ roll_no: string; full_name: string; semester: string; course: string; branch: string; login: boolean }> = {},
): Promise<BuiltStudent> {
  const { login, ...fields } = over;
  const row = {
    college_id: college,
    roll_no: unique('T9'),
    full_name: 'Test Student',
    course: 'B.Tech',
    batch: '2022-2026',
    branch: 'CSE',
    semester: 'IV-I',
    section: 'A',
    gender: 'Female',
    email: `${unique('s')}@example.org`.toLowerCase(),
    mobile: '9876543210',
    father_name: 'Test Parent',
    admission_id: null,
    created_at: nowIso(),
    ...fields,
  };
  const { id } = await db.insertInto('students').values(row).returning('id').executeTakeFirstOrThrow();
  let username: string | null = null;
  if (login) {
    username = row.roll_no;
    const user = await db
      .insertInto('users')
      .values({
        college_id: college,
        username,
        email: row.email,
        password_hash: await demoHash(),
        full_name: row.full_name,
        program: row.branch,
        institute_type: '',
        eamcet_code: '',
        college_name: '',
        affiliated_to: '',
        modules: '',
        emp_code: null,
        status: 'active',
        must_change_password: 0,
        student_id: id,
        faculty_id: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: user.id, role: ROLES.STUDENT }).execute();
  }
  return { id, rollNo: row.roll_no, fullName: row.full_name, username };
}

/** A parent login (ROLE_PARENT) linked to the students given; signs in with DEMO_PASSWORD. */
export async function newParent(db: Database, college: number, studentIds: number[]): Promise<{ id: number; username: string; email: string }> {
  const username = unique('parent').toLowerCase();
  const email = `${username}@example.org`;
  const user = await db
    .insertInto('users')
    .values({
      college_id: college, username, email, password_hash: await demoHash(), full_name: 'Test Parent', program: '',
      institute_type: '', eamcet_code: '', college_name: '', affiliated_to: '', modules: '', emp_code: null,
      status: 'active', must_change_password: 0, student_id: null, faculty_id: null, created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role: ROLES.PARENT }).execute();
  for (const studentId of studentIds)
    await db
      .insertInto('parent_links')
      .values({ college_id: college, parent_user_id: user.id, student_id: studentId, relation: 'Father', via: 'office', created_by: null, created_at: nowIso() })
      .execute();
  return { id: user.id, username, email };
}

/** An exam title (regular unless said, published unless said). */
export async function newExamTitle(
  db: Database,
  college: number,
  over: Partial<{ title: string; exam_type: 'regular' | 'supply'; published: number }> = {},
): Promise<{ id: number; title: string }> {
  const row = {
    college_id: college,
    title: unique('Test title '),
    exam_type: 'regular',
    published: 1,
    created_at: nowIso(),
    ...over,
  };
  const { id } = await db.insertInto('exam_titles').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, title: row.title };
}

/** One course result; grade, points and status follow from the marks ('AB': absent). */
export async function newExamResult(
  db: Database,
  college: number,
  title: { id: number },
  student: { rollNo: string; fullName?: string },
  course: { code: string; name?: string; credits: number; marks: number | 'AB'; superseded?: number },
) {
  const g = gradeFor(course.marks);
  await db
    .insertInto('exam_results')
    .values({
      college_id: college,
      exam_title_id: title.id,
      roll_no: student.rollNo,
      student_name: student.fullName ?? '',
      course_code: course.code,
      course: course.name ?? course.code,
      credits: course.credits,
      marks: course.marks === 'AB' ? null : course.marks,
      grade: g.grade,
      grade_points: g.gradePoints,
      status: g.status,
      superseded: course.superseded ?? 0,
    })
    .execute();
}
