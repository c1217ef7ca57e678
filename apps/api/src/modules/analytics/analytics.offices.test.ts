import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicYear } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newBook, newBus, newCollege, newCopy, newDepartment, newHostelBuilding, newRoom, newRoute, newStudent, newUser } from '../../../test/builders.js';
import { nowIso } from '../../db/index.js';

/**
 * The offices' figures in a college of its own, every row built here:
 * - timetable: Faculty A teaches three periods a week, Faculty B one; leave balances this year:
 *   A used 2 CL + 1 OD = 3 days, B 0.5 CL;
 * - hostel: block H1 (one room of three beds: one allotted, one reserved, one free), block H2
 *   (one empty room of two);
 * - transport: route R1 on a 40-seat bus, stops with 2 and 1 active passes and one cancelled
 *   (3 passes); route R2 with no bus (seats —, 0 passes);
 * - grievances: one submitted and not yet due, one in progress past its deadline, one resolved:
 *   open 2, past the deadline 1;
 * - library: two loans issued today (one returned) and one issued 40 days ago, still out and
 *   overdue: issued this month 2, on loan 2, overdue 1.
 */
let t: TestApp;
let c: { id: number; code: string; host: string };
let principal: string;
let facultyA: { id: number; facultyId: number | null; username: string };
let facultyB: { id: number; facultyId: number | null; username: string };
let h1: { id: number; name: string };
let h2: { id: number; name: string };
let r1: { id: number; code: string };
let r2: { id: number; code: string };
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const year = academicYear(new Date(`${today}T12:00:00Z`));

async function timetable() {
  const dept = await newDepartment(t.db, c.id, { name: 'CSE' });
  const course = await t.db.insertInto('courses').values({ college_id: c.id, name: 'B.Tech', level: 'UG', duration_years: 4 }).returning('id').executeTakeFirstOrThrow();
  const reg = await t.db
    .insertInto('regulations')
    .values({ college_id: c.id, code: 'R23', name: 'R23', course_id: course.id, from_year: 2023, grading: '', short_below: 75, detain_below: 65, edit_window_hours: 48, late_counts_present: 0, od_counts_present: 1, medical_condonable: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const batch = await t.db.insertInto('batches').values({ college_id: c.id, course_id: course.id, name: '2023-2027', regulation_id: reg.id }).returning('id').executeTakeFirstOrThrow();
  const sem = await t.db.insertInto('semesters').values({ college_id: c.id, course_id: course.id, name: 'III-I', sort_order: 5 }).returning('id').executeTakeFirstOrThrow();
  const br = await t.db.insertInto('branches').values({ college_id: c.id, course_id: course.id, department_id: dept.id, short_name: 'CSE', name: 'CSE' }).returning('id').executeTakeFirstOrThrow();
  const sec = await t.db.insertInto('sections').values({ college_id: c.id, batch_id: batch.id, branch_id: br.id, semester_id: sem.id, name: 'A' }).returning('id').executeTakeFirstOrThrow();
  const sub = await t.db
    .insertInto('subjects')
    .values({ college_id: c.id, regulation_id: reg.id, semester_id: sem.id, branch_id: br.id, code: 'CS301', name: 'Subject', credits: 3, lecture: 3, tutorial: 0, practical: 0, kind: 'theory' })
    .returning('id')
    .executeTakeFirstOrThrow();
  facultyA = await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], full_name: 'Faculty A', faculty: { department: 'CSE' } });
  facultyB = await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], full_name: 'Faculty B', faculty: { department: 'CSE' } });
  const slot = (day: number, period: number, facultyId: number) => ({ college_id: c.id, section_id: sec.id, day, period, subject_id: sub.id, faculty_id: facultyId });
  await t.db
    .insertInto('timetable_slots')
    .values([slot(1, 1, facultyA.facultyId!), slot(2, 1, facultyA.facultyId!), slot(3, 2, facultyA.facultyId!), slot(4, 3, facultyB.facultyId!)])
    .execute();
  const type = (code: string) =>
    t.db
      .insertInto('leave_types')
      .values({ college_id: c.id, code, name: code, yearly_quota: 12, carry_forward: 0, max_carry: 0, half_day_allowed: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
  const [cl, od] = [await type('CL'), await type('OD')];
  const balance = (facultyId: number, typeId: number, used: number, academic_year = year) =>
    t.db.insertInto('leave_balances').values({ college_id: c.id, faculty_id: facultyId, leave_type_id: typeId, academic_year, opening: 12, used }).execute();
  await balance(facultyA.facultyId!, cl.id, 2);
  await balance(facultyA.facultyId!, od.id, 1);
  await balance(facultyB.facultyId!, cl.id, 0.5);
  await balance(facultyB.facultyId!, od.id, 4, '2000-2001'); // another year: not counted
}

async function hostels() {
  h1 = await newHostelBuilding(t.db, c.id, { name: 'H1' });
  h2 = await newHostelBuilding(t.db, c.id, { name: 'H2' });
  const room = await newRoom(t.db, c.id, h1, { sharing: 3 });
  await newRoom(t.db, c.id, h2, { sharing: 2 });
  const s = await newStudent(t.db, c.id);
  await t.db
    .insertInto('hostel_allotments')
    .values({ college_id: c.id, allotment_no: `${c.code}/H/1`, student_id: s.id, academic_year: year, application_id: null, building_id: h1.id, room_id: room.id, bed_id: room.bedIds[0], active_bed_id: room.bedIds[0], active_student_id: s.id, status: 'active', from_date: today, vacated_on: null, letter_code: null, created_by: null, created_at: nowIso() })
    .execute();
  await t.db.updateTable('hostel_beds').set({ reserved: 1 }).where('id', '=', room.bedIds[1]).execute();
}

async function transport() {
  const bus = await newBus(t.db, c.id, { seating_capacity: 40 });
  r1 = await newRoute(t.db, c.id, { code: 'R1', vehicleId: bus.id, stops: [{ name: 'One', fare: 1_000_000 }, { name: 'Two', fare: 1_200_000 }] });
  r2 = await newRoute(t.db, c.id, { code: 'R2' });
  const [one, two] = (await t.db.selectFrom('transport_stops').select('id').where('route_id', '=', r1.id).orderBy('seq').execute()).map((x) => x.id);
  let n = 0;
  const pass = async (stopId: number, status = 'active') => {
    const s = await newStudent(t.db, c.id);
    await t.db
      .insertInto('transport_passes')
      .values({ college_id: c.id, pass_no: ++n, holder_type: 'student', student_id: s.id, user_id: null, holder_ref: s.rollNo, holder_name: 'Test', holder_detail: '', route_id: r1.id, stop_id: stopId, vehicle_id: bus.id, academic_year: year, fare: 1_000_000, status, verify_code: `${c.code}-${n}`, issued_at: nowIso(), issued_by: null, cancelled_at: status === 'active' ? null : nowIso() })
      .execute();
  };
  await pass(one);
  await pass(one);
  await pass(two);
  await pass(two, 'cancelled');
}

async function grievances() {
  const lodger = await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'] });
  let n = 0;
  const lodge = (status: string, dueOn: string) =>
    t.db
      .insertInto('grievances')
      .values({ college_id: c.id, number: `${c.code}/G/${++n}`, category: 'academic', subject: `Grievance ${n}`, description: 'x', anonymous: 0, lodged_by: lodger.id, complainant_role: 'ROLE_FACULTY', committee_id: null, status, lodged_on: day(-20), due_on: dueOn, decision: '', decided_at: status === 'resolved' ? nowIso() : null, decided_by: null, escalated_at: null, appeal_status: null, appeal_reason: '', appealed_at: null, appeal_due_on: null, appeal_decision: '', appeal_decided_at: null, appeal_decided_by: null, identity_revealed_at: null, identity_revealed_by: null, created_at: nowIso(), updated_at: nowIso() })
      .execute();
  await lodge('submitted', day(5));
  await lodge('in_progress', day(-1));
  await lodge('resolved', day(-10));
}

async function library() {
  const title = await newBook(t.db, c.id);
  const loan = async (issuedOn: string, dueOn: string, returned: boolean) => {
    const copy = await newCopy(t.db, c.id, title, { status: returned ? 'available' : 'on_loan' });
    await t.db
      .insertInto('library_loans')
      .values({ college_id: c.id, copy_id: copy.id, title_id: title.id, patron_code: 'P1', patron_kind: 'staff', student_id: null, category: 'staff', issued_on: issuedOn, due_on: dueOn, returned_on: returned ? today : null, renewals: 0, status: returned ? 'returned' : 'open', issued_by: null, returned_by: null, created_at: nowIso() })
      .execute();
  };
  await loan(today, day(14), false);
  await loan(today, day(14), true);
  await loan(day(-40), day(-26), false);
}

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  principal = (await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] })).username;
  await timetable();
  await hostels();
  await transport();
  await grievances();
  await library();
});
afterAll(async () => t.close());

const get = (who: string, url: string) => t.as(who, { method: 'GET', url }, c.host);

describe('GET /api/analytics/offices', () => {
  it('gives workload, hostel and transport occupancy, grievances and library use, as the offices count them', async () => {
    const res = await get(principal, '/api/analytics/offices');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.date).toBe(today);
    expect(f.academicYear).toBe(year);
    expect(f.workload).toEqual([
      { facultyId: facultyA.facultyId, name: 'Faculty A', department: 'CSE', periodsPerWeek: 3, leaveDaysTaken: 3 },
      { facultyId: facultyB.facultyId, name: 'Faculty B', department: 'CSE', periodsPerWeek: 1, leaveDaysTaken: 0.5 },
    ]);
    expect(f.hostels).toEqual([
      { id: h1.id, name: 'H1', beds: 3, occupied: 1, reserved: 1, free: 1 },
      { id: h2.id, name: 'H2', beds: 2, occupied: 0, reserved: 0, free: 2 },
    ]);
    expect(f.transport).toEqual([
      { id: r1.id, code: 'R1', name: 'Test route R1', seats: 40, passes: 3 },
      { id: r2.id, code: 'R2', name: 'Test route R2', seats: null, passes: 0 },
    ]);
    expect(f.grievances).toEqual({ open: 2, overdue: 1 });
    expect(f.library).toEqual({ month: today.slice(0, 7), issuedThisMonth: 2, onLoan: 2, overdue: 1 });
  });

  it('says what the grievances report says', async () => {
    const f = (await get(principal, '/api/analytics/offices')).json();
    const report = await get(principal, '/api/grievances/reports');
    expect(report.statusCode, report.body).toBe(200);
    expect({ open: report.json().pending, overdue: report.json().overdue.length }).toEqual(f.grievances);
  });

  it('lets leadership open the hostel board and the library reports the figures drill to, and change nothing there', async () => {
    for (const role of ['ROLE_PRINCIPAL', 'ROLE_CHAIRMAN', 'ROLE_CORRESPONDENCE', 'ROLE_DEAN', 'ROLE_DIRECTOR', 'ROLE_ADMINISTRATION']) {
      const who = (await newUser(t.db, c.id, { roles: [role] })).username;
      const board = await get(who, `/api/hostel/occupancy?buildingId=${h1.id}`);
      expect(board.statusCode, `${role} ${board.body}`).toBe(200);
      const beds = board.json().rooms.flatMap((r: { beds: Array<{ status: string }> }) => r.beds.map((b) => b.status)).sort();
      expect(beds, role).toEqual(['free', 'occupied', 'reserved']);
      expect((await get(who, '/api/hostel/buildings')).statusCode, role).toBe(200);
      const report = await get(who, `/api/library/reports?from=${today.slice(0, 7)}-01&to=${today}`);
      expect(report.statusCode, `${role} ${report.body}`).toBe(200);
      expect(report.json().overdue, role).toBe(1);
      expect((await get(who, '/api/library/reports/overdue.xlsx')).statusCode, role).toBe(200);
      // The office's own actions stay the office's.
      const allot = await t.as(who, { method: 'POST', url: '/api/hostel/allotments', payload: {} }, c.host);
      expect(allot.statusCode, role).toBe(403);
      const issue = await t.as(who, { method: 'POST', url: '/api/library/loans', payload: {} }, c.host);
      expect(issue.statusCode, role).toBe(403);
      expect((await get(who, '/api/hostel/residents/export')).statusCode, role).toBe(403);
    }
  });

  it('refuses students, faculty and clerks', async () => {
    const student = (await newStudent(t.db, c.id, { login: true })).username!;
    const hostelClerk = (await newUser(t.db, c.id, { roles: ['ROLE_HOSTEL_INCHARGE'] })).username;
    for (const who of [student, facultyA.username, hostelClerk]) expect((await get(who, '/api/analytics/offices')).statusCode, who).toBe(403);
  });
});
