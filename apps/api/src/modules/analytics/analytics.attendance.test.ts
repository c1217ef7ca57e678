import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCollege, newDepartment, newStudent, newUser, type BuiltStudent } from '../../../test/builders.js';
import { lastWeekday } from '../../../test/modules/academic.js';

/**
 * Attendance figures in a college of its own: a CSE section of four (Monday period 1, Wednesday
 * period 2, by Faculty A) and an ECE section of two (Tuesday period 1, by Faculty B), under a
 * regulation where late counts absent. Sheets are saved through the attendance sheet itself for
 * two weeks (one sheet each of the second week's Tuesday and Wednesday never comes) and one
 * Monday before the range. Expected figures by hand.
 */
let t: TestApp;
let c: { id: number; code: string; host: string };
let principal: string;
const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const mon0 = lastWeekday(1, 4);
const mon1 = lastWeekday(1, 3);
const mon2 = lastWeekday(1, 2);
const from = mon1;
const to = shift(mon2, 6);
const s: Record<string, BuiltStudent> = {};
let cse: number;
let ece: number;
let facultyA: { username: string; facultyId: number | null };
let facultyB: { username: string; facultyId: number | null };

async function masters() {
  const [dCse, dEce] = [await newDepartment(t.db, c.id, { name: 'CSE' }), await newDepartment(t.db, c.id, { name: 'ECE' })];
  const course = await t.db
    .insertInto('courses')
    .values({ college_id: c.id, name: 'B.Tech', level: 'UG', duration_years: 4 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reg = await t.db
    .insertInto('regulations')
    .values({
      college_id: c.id,
      code: 'R23',
      name: 'R23',
      course_id: course.id,
      from_year: 2023,
      grading: '',
      short_below: 75,
      detain_below: 65,
      edit_window_hours: 48,
      late_counts_present: 0,
      od_counts_present: 1,
      medical_condonable: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = await t.db
    .insertInto('batches')
    .values({ college_id: c.id, course_id: course.id, name: '2023-2027', regulation_id: reg.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sem = await t.db
    .insertInto('semesters')
    .values({ college_id: c.id, course_id: course.id, name: 'III-I', sort_order: 5 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const section = async (branch: string, departmentId: number, rolls: string[], subjectCode: string) => {
    const br = await t.db
      .insertInto('branches')
      .values({ college_id: c.id, course_id: course.id, department_id: departmentId, short_name: branch, name: branch })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sec = await t.db
      .insertInto('sections')
      .values({ college_id: c.id, batch_id: batch.id, branch_id: br.id, semester_id: sem.id, name: 'A' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const key of rolls) {
      s[key] = await newStudent(t.db, c.id, {
        branch,
        batch: '2023-2027',
        semester: 'III-I',
        full_name: `Student ${key}`,
        roll_no: `${c.code}${key}`.toUpperCase(),
      });
      await t.db.insertInto('section_students').values({ college_id: c.id, section_id: sec.id, student_id: s[key].id }).execute();
    }
    const sub = await t.db
      .insertInto('subjects')
      .values({
        college_id: c.id,
        regulation_id: reg.id,
        semester_id: sem.id,
        branch_id: br.id,
        code: subjectCode,
        name: `Subject ${subjectCode}`,
        credits: 3,
        lecture: 3,
        tutorial: 0,
        practical: 0,
        kind: 'theory',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { section: sec.id, subject: sub.id };
  };
  const a = await section('CSE', dCse.id, ['s1', 's2', 's3', 's4'], 'CS301');
  const b = await section('ECE', dEce.id, ['e1', 'e2'], 'EC301');
  cse = a.section;
  ece = b.section;
  facultyA = await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], full_name: 'Faculty A', faculty: { department: 'CSE' } });
  facultyB = await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], full_name: 'Faculty B', faculty: { department: 'ECE' } });
  await t.db
    .insertInto('timetable_slots')
    .values([
      { college_id: c.id, section_id: cse, day: 1, period: 1, subject_id: a.subject, faculty_id: facultyA.facultyId! },
      { college_id: c.id, section_id: cse, day: 3, period: 2, subject_id: a.subject, faculty_id: facultyA.facultyId! },
      { college_id: c.id, section_id: ece, day: 2, period: 1, subject_id: b.subject, faculty_id: facultyB.facultyId! },
    ])
    .execute();
}

let client = 0;
async function sheet(
  who: string,
  sectionId: number,
  subjectCode: string,
  date: string,
  period: number,
  absent: string[],
  marks: Array<[string, string]> = [],
) {
  const res = await t.as(
    who,
    {
      method: 'PUT',
      url: '/api/attendance/sessions',
      payload: {
        sectionId,
        subjectCode,
        date,
        period,
        clientId: `analytics-${c.code}-${++client}`,
        absentRollNos: absent.map((k) => s[k].rollNo),
        marks: marks.map(([k, status]) => ({ rollNo: s[k].rollNo, status })),
      },
    },
    c.host,
  );
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  principal = (await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] })).username;
  await masters();
  const A = facultyA.username;
  const B = facultyB.username;
  await sheet(A, cse, 'CS301', mon0, 1, []); // before the range: all present
  await sheet(A, cse, 'CS301', mon1, 1, ['s1'], [['s2', 'L']]); // late counts absent here: 2 of 4
  await sheet(A, cse, 'CS301', shift(mon1, 2), 2, []); // 4 of 4
  await sheet(B, ece, 'EC301', shift(mon1, 1), 1, ['e1']); // 1 of 2
  await sheet(
    A,
    cse,
    'CS301',
    mon2,
    1,
    ['s1'],
    [
      ['s3', 'OD'],
      ['s4', 'M'],
    ],
  ); // on duty present, medical not: 2 of 4
  // Week 2's Tuesday (ECE) and Wednesday (CSE) sheets never come.
});
afterAll(async () => t.close());

const get = (who: string, url: string) => t.as(who, { method: 'GET', url }, c.host);

describe('GET /api/analytics/attendance', () => {
  it('gives attendance by department and week, students below the threshold, and sheets never submitted by faculty', async () => {
    const res = await get(principal, `/api/analytics/attendance?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.period).toEqual({ from, to });
    expect(f.byDepartmentWeek.map(({ week: _w, ...rest }: { week: string }) => rest)).toEqual([
      { department: 'CSE', from: mon1, classes: 2, held: 8, attended: 6, percent: 75 },
      { department: 'CSE', from: mon2, classes: 1, held: 4, attended: 2, percent: 50 },
      { department: 'ECE', from: mon1, classes: 1, held: 2, attended: 1, percent: 50 },
    ]);
    const [w1, w2] = f.byDepartmentWeek.map((w: { week: string }) => w.week);
    expect(w1).toMatch(/^\d{4}-W\d{2}$/);
    expect(w2).not.toBe(w1);
    // The shortage list's: CSE held 4 (with the Monday before the range): s1 missed 2 (50 %), s2 and s4 one each (75 %, not short); e1 missed 1 of 1.
    expect(f.below).toEqual({
      shortBelow: 75,
      students: 2,
      rows: [
        { rollNo: s.e1.rollNo, name: 'Student e1', sectionLabel: 'ECE 2023-2027 A', percent: 0, standing: 'detained' },
        { rollNo: s.s1.rollNo, name: 'Student s1', sectionLabel: 'CSE 2023-2027 A', percent: 50, standing: 'detained' },
      ],
    });
    expect(f.unsubmitted).toEqual({
      classes: 2,
      byFaculty: [
        {
          facultyId: facultyA.facultyId,
          faculty: 'Faculty A',
          department: 'CSE',
          classes: 1,
          missing: [
            { date: shift(mon2, 2), period: 2, sectionId: cse, section: 'CSE 2023-2027 A', subject: 'CS301 Subject CS301' },
          ],
        },
        {
          facultyId: facultyB.facultyId,
          faculty: 'Faculty B',
          department: 'ECE',
          classes: 1,
          missing: [
            { date: shift(mon2, 1), period: 1, sectionId: ece, section: 'ECE 2023-2027 A', subject: 'EC301 Subject EC301' },
          ],
        },
      ],
    });
  });

  it('counts the same students below the threshold as the attendance office’s shortage list', async () => {
    const f = (await get(principal, `/api/analytics/attendance?from=${from}&to=${to}`)).json();
    const list = await get(principal, '/api/attendance/shortage');
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: { rollNo: string }) => r.rollNo)).toEqual(
      f.below.rows.map((r: { rollNo: string }) => r.rollNo),
    );
  });

  it('leads to the section’s sheets of the day a sheet is missing, which leadership may read but not unlock', async () => {
    const chairman = (await newUser(t.db, c.id, { roles: ['ROLE_CHAIRMAN'] })).username;
    const missing = await get(chairman, `/api/attendance/sessions?sectionId=${cse}&from=${shift(mon2, 2)}`);
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json()).toEqual([]);
    const held = (await get(chairman, `/api/attendance/sessions?sectionId=${cse}&from=${shift(mon1, 2)}`)).json();
    expect(held.map((x: { period: number; absent: number }) => [x.period, x.absent])).toEqual([[2, 0]]);
    const unlock = await t.as(chairman, { method: 'POST', url: `/api/attendance/sessions/${held[0].id}/unlock` }, c.host);
    expect(unlock.statusCode).toBe(403);
    expect((await get(chairman, '/api/attendance/shortage')).json().rows).toHaveLength(2);
  });

  it('takes the last four weeks when no range is asked', async () => {
    const f = (await get(principal, '/api/analytics/attendance')).json();
    expect(Date.parse(f.period.to) - Date.parse(f.period.from)).toBe(27 * 86_400_000);
  });

  it('refuses a reversed or too long range, and a student, a faculty member and a clerk', async () => {
    const reversed = await get(principal, `/api/analytics/attendance?from=${to}&to=${from}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/to date/i);
    const long = await get(principal, `/api/analytics/attendance?from=${shift(to, -800)}&to=${to}`);
    expect(long.statusCode).toBe(400);
    expect((await get(principal, '/api/analytics/attendance?from=2026-02-30')).statusCode).toBe(400);
    const student = (await newStudent(t.db, c.id, { login: true })).username!;
    const clerk = (await newUser(t.db, c.id, { roles: ['ROLE_ACCOUNTANT'] })).username;
    for (const who of [student, facultyA.username, clerk])
      expect((await get(who, `/api/analytics/attendance?from=${from}&to=${to}`)).statusCode, who).toBe(403);
  });
});
