import { expect } from 'vitest';
import crypto from 'node:crypto';
import { newStudent } from '../builders.js';
import type { TestApp } from '../helpers.js';

/** Row builders for the academic modules' tests: each test makes its own section, subjects and faculty. */
let seq = 0;
const next = () => `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`.toUpperCase();

export async function btech(t: TestApp, batch = '2022-2026', branch = 'CSE') {
  const course = await t.db
    .selectFrom('courses')
    .select('id')
    .where('college_id', '=', 1)
    .where('name', '=', 'B.Tech')
    .executeTakeFirstOrThrow();
  const b = await t.db
    .selectFrom('batches')
    .select('id')
    .where('course_id', '=', course.id)
    .where('name', '=', batch)
    .executeTakeFirstOrThrow();
  const br = await t.db
    .selectFrom('branches')
    .select('id')
    .where('course_id', '=', course.id)
    .where('short_name', '=', branch)
    .executeTakeFirstOrThrow();
  const sem = await t.db
    .selectFrom('semesters')
    .select('id')
    .where('course_id', '=', course.id)
    .where('name', '=', 'IV-I')
    .executeTakeFirstOrThrow();
  return { courseId: course.id, batchId: b.id, branchId: br.id, semesterId: sem.id };
}

export async function post(t: TestApp, as: string, url: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') {
  const res = await t.as(as, { method, url, payload: payload as object });
  return res;
}

export async function ok<T = any>(res: { statusCode: number; body: string; json: () => any }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

export async function newRegulation(t: TestApp, extra: Record<string, unknown> = {}) {
  const { courseId } = await btech(t);
  return ok(
    await post(t, 'admin', '/api/masters/regulations', {
      code: `R${next()}`.slice(0, 20),
      name: 'Test regulation',
      courseId,
      fromYear: 2022,
      ...extra,
    }),
  );
}

/** A section of CSE 2022-2026 (under its own regulation) holding the given roll numbers. */
export async function newSection(t: TestApp, rollNos: string[], regulationExtra: Record<string, unknown> = {}) {
  const ids = await btech(t);
  const regulation = await newRegulation(t, regulationExtra);
  await t.db.updateTable('batches').set({ regulation_id: regulation.id }).where('id', '=', ids.batchId).execute();
  const section = await ok(
    await post(t, 'admin', '/api/masters/sections', {
      batchId: ids.batchId,
      branchId: ids.branchId,
      semesterId: ids.semesterId,
      name: `Z${next()}`.slice(0, 10),
    }),
  );
  if (rollNos.length) await ok(await post(t, 'admin', `/api/masters/sections/${section.id}/students`, { rollNos }));
  return { section, regulation, ...ids };
}

export async function newSubject(t: TestApp, regulationId: number, semesterId: number, kind = 'theory') {
  return ok(
    await post(t, 'admin', '/api/masters/subjects', {
      regulationId,
      semesterId,
      code: `S${next()}`.slice(0, 20),
      name: 'Test subject',
      credits: 3,
      lecture: 3,
      kind,
    }),
  );
}

/** A faculty record with a login of its own (password Demo@1234), in a department. */
export async function newFacultyUser(t: TestApp, department = 'CSE', roles: string[] = ['ROLE_FACULTY']) {
  const code = next();
  const username = `fac${code.toLowerCase()}`;
  const { id: facultyId } = await t.db
    .insertInto('faculty')
    .values({
      college_id: 1,
      emp_code: `T${code}`,
      full_name: `Test Faculty ${code}`,
      email: `${username}@svec.edu.in`,
      department,
      designation: 'Assistant Professor',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hash = (
    await t.db.selectFrom('users').select('password_hash').where('username', '=', 'faculty').executeTakeFirstOrThrow()
  ).password_hash;
  const { id: userId } = await t.db
    .insertInto('users')
    .values({
      college_id: 1,
      username,
      email: `${username}@svec.edu.in`,
      password_hash: hash,
      full_name: `Test Faculty ${code}`,
      program: department,
      institute_type: 'engineering',
      eamcet_code: 'SVEC',
      college_name: '',
      affiliated_to: '',
      modules: 'erp',
      emp_code: null,
      status: 'active',
      must_change_password: 0,
      student_id: null,
      faculty_id: facultyId,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: userId, role })))
    .execute();
  return { facultyId, username, name: `Test Faculty ${code}` };
}

export async function allocate(t: TestApp, subjectId: number, sectionId: number, facultyIds: number[]) {
  return ok(await post(t, 'admin', '/api/subject-allocations', { subjectId, sectionId, academicYear: '2025-2026', facultyIds }));
}

export async function setTimetable(
  t: TestApp,
  sectionId: number,
  slots: Array<{ day: number; period: number; subjectId: number; facultyId: number; span?: number }>,
) {
  return t.as('admin', { method: 'PUT', url: `/api/timetable/${sectionId}`, payload: { slots } });
}

/** The most recent date (today or before) falling on a weekday (1 = Monday), yyyy-mm-dd, local time. */
export function lastWeekday(day: number, weeksBack = 0): string {
  const d = new Date();
  for (let i = 0; i < 7; i++) {
    const wd = ((d.getDay() + 6) % 7) + 1;
    if (wd === day) break;
    d.setDate(d.getDate() - 1);
  }
  d.setDate(d.getDate() - 7 * weeksBack);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A weekday (1 = Monday) of the week starting `weeksAhead` Mondays from now (always after today), yyyy-mm-dd. */
export function futureWeekday(day: number, weeksAhead = 1): string {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  while (d.getDay() !== 1) d.setDate(d.getDate() + 1);
  d.setDate(d.getDate() + 7 * (weeksAhead - 1) + (day - 1));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Students 1..n of B.Tech CSE 2022-2026 (IV-I) built for the test, each with a login (Demo@1234):
 * out[k] is the k-th roll number (out[0] is unused), numbered so they sort in order.
 */
export async function newRolls(t: TestApp, n: number): Promise<string[]> {
  const prefix = `T${crypto.randomBytes(3).toString('hex').toUpperCase()}05`;
  const out = [''];
  for (let k = 1; k <= n; k++)
    out.push((await newStudent(t.db, 1, { roll_no: `${prefix}${String(k).padStart(2, '0')}`, full_name: `Test Student ${k}`, login: true })).rollNo);
  return out;
}

export const rolls = (from: number, to: number, prefix = '22A91A05') =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(2, '0')}`);

/** A ready class: a section of the given students, a subject, a faculty member teaching it Monday period 1. */
export async function readyClass(
  t: TestApp,
  rollNos: string[],
  regulationExtra: Record<string, unknown> = {},
  slot = { day: 1, period: 1 },
) {
  const s = await newSection(t, rollNos, regulationExtra);
  const subject = await newSubject(t, s.regulation.id, s.semesterId);
  const fac = await newFacultyUser(t);
  await allocate(t, subject.id, s.section.id, [fac.facultyId]);
  await ok(await setTimetable(t, s.section.id, [{ ...slot, subjectId: subject.id, facultyId: fac.facultyId }]));
  return { ...s, subject, fac };
}

/** A workbook with one sheet: a header row and the rows given. */
export async function sheetOf(name: string, headers: string[], rows: Array<Array<string | number | null>>) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart body with one file part, as the browser sends it. */
export function multipart(file: Buffer, name = 'excelFileUpload', filename = 'masters.xlsx') {
  const boundary = '----erpacademic' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
