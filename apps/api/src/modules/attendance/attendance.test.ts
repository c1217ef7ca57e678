import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDANCE_MSG, MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { futureWeekday, lastWeekday, newFacultyUser, ok, readyClass, newRolls } from '../../../test/modules/academic.js';
import { newStudent } from '../../../test/builders.js';
import { attendancePercent, attendancePercentages, classesNeeded, isDetained } from './attendance.service.js';

let t: TestApp;
/** R[k]: the k-th student this file builds (B.Tech CSE 2022-2026), signing in with Demo@1234. */
let R: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  R = await newRolls(t, 20);
  // Day counts here are worked out by hand: the seeded holidays must not fall on the test's dates.
  await t.db.deleteFrom('calendar_events').execute();
});
afterAll(async () => t.close());

let n = 0;
const cid = () => `client-${Date.now()}-${n++}`;
const submit = (as: string, payload: Record<string, unknown>) =>
  t.as(as, { method: 'PUT', url: '/api/attendance/sessions', payload });

describe('the attendance sheet', () => {
  it("opens on the faculty's classes of the day with everyone present", async () => {
    const c = await readyClass(t, R.slice(1, 4));
    const date = lastWeekday(1);
    const sheet = await ok(await t.as(c.fac.username, { method: 'GET', url: `/api/attendance/sheet?date=${date}` }));
    expect(sheet.workingDay).toBe(true);
    expect(sheet.classes).toHaveLength(1);
    expect(sheet.classes[0]).toMatchObject({
      sectionId: c.section.id,
      subjectCode: c.subject.code,
      period: 1,
      asBackup: false,
      session: null,
    });
    expect(sheet.classes[0].students.map((s: any) => `${s.rollNo}:${s.status}`)).toEqual([
      `${R[1]}:P`,
      `${R[2]}:P`,
      `${R[3]}:P`,
    ]);
    const tuesday = await ok(await t.as(c.fac.username, { method: 'GET', url: `/api/attendance/sheet?date=${lastWeekday(2)}` }));
    expect(tuesday.classes).toHaveLength(0);
  });

  it('saves absentees once: the same client id sent again (or at the same moment) is not saved twice', async () => {
    const c = await readyClass(t, R.slice(4, 7));
    const body = {
      sectionId: c.section.id,
      subjectCode: c.subject.code,
      date: lastWeekday(1),
      period: 1,
      absentRollNos: [R[5]],
      clientId: cid(),
    };
    const first = await ok(await submit(c.fac.username, body));
    expect(first).toMatchObject({ replayed: false, strength: 3, absent: 1, message: 'Attendance saved: 2 present, 1 absent' });
    const again = await ok(await submit(c.fac.username, body));
    expect(again).toMatchObject({ id: first.id, replayed: true });
    const other = { ...body, date: lastWeekday(1, 1), clientId: cid() };
    const racing = await Promise.all([
      submit(c.fac.username, other),
      submit(c.fac.username, other),
      submit(c.fac.username, other),
    ]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((r) => r.json().id)).size).toBe(1);
    expect(racing.filter((r) => r.json().replayed === false)).toHaveLength(1);
    const sessions = await t.db.selectFrom('attendance_sessions').select('id').where('section_id', '=', c.section.id).execute();
    expect(sessions).toHaveLength(2);
    const marks = await t.db.selectFrom('attendance_marks').select('status').where('session_id', '=', first.id).execute();
    expect(marks).toEqual([{ status: 'A' }]);
    const sheet = await ok(await t.as(c.fac.username, { method: 'GET', url: `/api/attendance/sheet?date=${body.date}` }));
    expect(sheet.classes[0].students.find((s: any) => s.rollNo === R[5]).status).toBe('A');
    expect(sheet.classes[0].session).toMatchObject({ id: first.id, absent: 1, editable: true });
  });

  it("gives a class covered on approved leave to the accepted backup's sheet, not the applicant's", async () => {
    const c = await readyClass(t, R.slice(17, 19));
    const backup = await newFacultyUser(t);
    const { college_id: collegeId } = await t.db
      .selectFrom('sections')
      .select('college_id')
      .where('id', '=', c.section.id)
      .executeTakeFirstOrThrow();
    const leaveType = await t.db
      .selectFrom('leave_types')
      .select('id')
      .where('college_id', '=', collegeId)
      .executeTakeFirstOrThrow();
    const [covered, pendingDay] = [lastWeekday(1, 3), lastWeekday(1, 4)];
    const now = new Date().toISOString();
    const leaveOn = async (date: string, leaveStatus: string, backupStatus: string) => {
      const { id } = await t.db
        .insertInto('leave_applications')
        .values({
          college_id: collegeId,
          faculty_id: c.fac.facultyId,
          leave_type_id: leaveType.id,
          academic_year: '2025-2026',
          from_date: date,
          to_date: date,
          days: 1,
          half_day: 0,
          approver: 'hod',
          decision_note: '',
          reason: 'Conference',
          status: leaveStatus,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('leave_backups')
        .values({
          college_id: collegeId,
          application_id: id,
          date,
          period: 1,
          section_id: c.section.id,
          subject_id: c.subject.id,
          backup_faculty_id: backup.facultyId,
          status: backupStatus,
        })
        .execute();
    };
    await leaveOn(covered, 'approved', 'accepted');
    await leaveOn(pendingDay, 'pending_backup', 'pending');
    const body = (date: string) => ({
      sectionId: c.section.id,
      subjectCode: c.subject.code,
      date,
      period: 1,
      absentRollNos: [R[18]],
      clientId: cid(),
    });

    let res = await submit(c.fac.username, body(covered));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ATTENDANCE_MSG.notYourClass);
    expect(await ok(await submit(backup.username, body(covered)))).toMatchObject({
      strength: 2,
      absent: 1,
      message: 'Attendance saved: 1 present, 1 absent',
    });
    // A backup not yet accepted takes nothing: the class stays the applicant's.
    res = await submit(backup.username, body(pendingDay));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ATTENDANCE_MSG.notYourClass);
    expect(await ok(await submit(c.fac.username, body(pendingDay)))).toMatchObject({ absent: 1, replayed: false });
    // The wrong subject for the backup's class is refused as for any other.
    res = await submit(backup.username, { ...body(covered), subjectCode: 'NOPE101' });
    expect(res.json().message).toBe(ATTENDANCE_MSG.subjectNotInSection);
  });

  it('refuses classes not on your timetable, strangers, doubles and future dates', async () => {
    const c = await readyClass(t, R.slice(7, 9));
    const base = { sectionId: c.section.id, subjectCode: c.subject.code, date: lastWeekday(1), period: 1, clientId: cid() };
    const other = await newFacultyUser(t);
    let res = await submit(other.username, base);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ATTENDANCE_MSG.notYourClass);
    res = await submit(c.fac.username, { ...base, period: 2 });
    expect(res.json().message).toBe(ATTENDANCE_MSG.notYourClass);
    res = await submit(c.fac.username, { ...base, absentRollNos: [R[20]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ATTENDANCE_MSG.notInSection([R[20]]));
    // One of the section, a roll number no student has, and another not in the section: the two named, in order.
    res = await submit(c.fac.username, { ...base, absentRollNos: [R[7], 'NO-SUCH-ROLL', R[20]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ATTENDANCE_MSG.notInSection(['NO-SUCH-ROLL', R[20]]));
    res = await submit(c.fac.username, {
      ...base,
      absentRollNos: [R[7]],
      marks: [{ rollNo: R[7], status: 'OD' }],
    });
    expect(res.json().message).toBe(ATTENDANCE_MSG.twice(R[7]));
    res = await submit(c.fac.username, { ...base, date: futureWeekday(1) });
    expect(res.json().message).toBe(ATTENDANCE_MSG.future);
    res = await submit(c.fac.username, { ...base, clientId: 'x' });
    expect(res.json().message).toBe('The client id is 8 to 64 characters');
    res = await submit(c.fac.username, { ...base, date: '2025-13-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter a real date as yyyy-mm-dd');
    expect((await t.as(R[1], { method: 'PUT', url: '/api/attendance/sessions', payload: base })).statusCode).toBe(403);
  });
});

describe('edits, the window and the HoD unlock', () => {
  it('keeps every change with who and when; after the window only a HoD unlock reopens it', async () => {
    const c = await readyClass(t, R.slice(9, 12), { editWindowHours: 48 });
    const base = { sectionId: c.section.id, subjectCode: c.subject.code, date: lastWeekday(1), period: 1 };
    const first = await ok(await submit(c.fac.username, { ...base, absentRollNos: [R[9]], clientId: cid() }));
    const edit = await ok(
      await submit(c.fac.username, {
        ...base,
        absentRollNos: [R[10]],
        marks: [{ rollNo: R[11], status: 'L' }],
        clientId: cid(),
      }),
    );
    expect(edit).toMatchObject({ id: first.id, absent: 1, message: 'Attendance updated: 2 present, 1 absent' });

    // Fifty hours later the window has closed.
    const old = new Date(Date.now() - 50 * 3600_000).toISOString();
    await t.db.updateTable('attendance_sessions').set({ created_at: old }).where('id', '=', first.id).execute();
    let res = await submit(c.fac.username, { ...base, absentRollNos: [], clientId: cid() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ATTENDANCE_MSG.locked(48));

    expect((await t.as(c.fac.username, { method: 'POST', url: `/api/attendance/sessions/${first.id}/unlock` })).statusCode).toBe(
      403,
    );
    const unlocked = await ok(await t.as('hod', { method: 'POST', url: `/api/attendance/sessions/${first.id}/unlock` }));
    expect(unlocked.message).toMatch(/^Unlocked for editing until /);
    res = await submit(c.fac.username, { ...base, absentRollNos: [], clientId: cid() });
    expect(res.statusCode).toBe(200);

    const history = await ok(await t.as('hod', { method: 'GET', url: `/api/attendance/sessions/${first.id}/history` }));
    expect(history.map((h: any) => `${h.action}:${h.username}`)).toEqual([
      `create:${c.fac.username}`,
      `edit:${c.fac.username}`,
      'unlock:hod',
      `edit:${c.fac.username}`,
    ]);
    expect(JSON.parse(history[1].before)).toEqual({ [R[9]]: 'A' });
    expect(JSON.parse(history[1].after)).toEqual({ [R[10]]: 'A', [R[11]]: 'L' });
    // The shortage list reads running totals: after the edits only the last sheet counts (nobody absent).
    const after = await ok(
      await t.as('hod', { method: 'GET', url: `/api/attendance/shortage?sectionId=${c.section.id}&all=true` }),
    );
    expect(after.rows.map((r: any) => `${r.rollNo}:${r.attended}/${r.held}`)).toEqual([
      `${R[9]}:1/1`,
      `${R[10]}:1/1`,
      `${R[11]}:1/1`,
    ]);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'attendance_session')
      .where('entity_id', '=', String(first.id))
      .orderBy('id')
      .execute();
    expect(audited.map((a) => a.action)).toEqual(['attendance.mark', 'attendance.edit', 'attendance.unlock', 'attendance.edit']);
  });
});

describe("the HoD's list of sheets", () => {
  it("lists a section's sheets of a date as locked or open, with how often each was changed", async () => {
    const c = await readyClass(t, R.slice(15, 17), { editWindowHours: 24 });
    const date = lastWeekday(1, 1);
    const base = { sectionId: c.section.id, subjectCode: c.subject.code, date, period: 1 };
    const first = await ok(await submit(c.fac.username, { ...base, absentRollNos: [R[15]], clientId: cid() }));
    await ok(await submit(c.fac.username, { ...base, absentRollNos: [R[16]], clientId: cid() }));
    const url = `/api/attendance/sessions?sectionId=${c.section.id}&from=${date}`;
    let list = await ok(await t.as('hod', { method: 'GET', url }));
    expect(list).toEqual([
      expect.objectContaining({
        id: first.id,
        date,
        period: 1,
        subjectCode: c.subject.code,
        facultyName: c.fac.name,
        strength: 2,
        absent: 1,
        locked: false,
        edits: 2,
      }),
    ]);
    // 30 hours later the 24-hour window has closed.
    const old = new Date(Date.now() - 30 * 3600_000).toISOString();
    await t.db.updateTable('attendance_sessions').set({ created_at: old }).where('id', '=', first.id).execute();
    list = await ok(await t.as('hod', { method: 'GET', url }));
    expect(list[0]).toMatchObject({ locked: true, editableUntil: new Date(Date.parse(old) + 24 * 3600_000).toISOString() });
    await ok(await t.as('hod', { method: 'POST', url: `/api/attendance/sessions/${first.id}/unlock` }));
    list = await ok(await t.as('admin', { method: 'GET', url }));
    expect(list[0]).toMatchObject({ locked: false, edits: 3 });
    const range = `/api/attendance/sessions?sectionId=${c.section.id}&from=${lastWeekday(1, 2)}&to=${lastWeekday(1)}`;
    expect((await ok(await t.as('hod', { method: 'GET', url: range }))).map((s: any) => s.id)).toEqual([first.id]);
    const backwards = await t.as('hod', {
      method: 'GET',
      url: `/api/attendance/sessions?sectionId=${c.section.id}&from=${date}&to=2000-01-01`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The last date must not be before the first');
    expect((await t.as(c.fac.username, { method: 'GET', url })).statusCode).toBe(403);
  });
});

describe('percentages and the shortage list', () => {
  /** Four Mondays: w0 absent 12; w1 absent 12, 13 late; w2 13 medical; w3 all present. */
  async function fourWeeks(regulation: Record<string, unknown> = {}) {
    const c = await readyClass(t, R.slice(12, 15), regulation);
    const base = { sectionId: c.section.id, subjectCode: c.subject.code, period: 1 };
    const weeks = [
      { absentRollNos: [R[12]] },
      { absentRollNos: [R[12]], marks: [{ rollNo: R[13], status: 'L' }] },
      { marks: [{ rollNo: R[13], status: 'M' }] },
      {},
    ];
    for (const [i, w] of weeks.entries())
      await ok(await submit(c.fac.username, { ...base, ...w, date: lastWeekday(1, i), clientId: cid() }));
    return c;
  }

  it("gives a student's percentage per subject and overall, and the classes needed to reach 75%", async () => {
    const c = await fourWeeks();
    const a = await ok(await t.as('admin', { method: 'GET', url: `/api/attendance/students/${R[12].toLowerCase()}` }));
    // 2 of 4 attended: 50%; (2 + x) / (4 + x) >= 75% needs x = 4.
    expect(a).toMatchObject({
      held: 4,
      attended: 2,
      percent: 50,
      needed: 4,
      standing: 'detained',
      shortBelow: 75,
      detainBelow: 65,
    });
    expect(a.subjects).toEqual([
      expect.objectContaining({ subjectCode: c.subject.code, held: 4, attended: 2, percent: 50, needed: 4 }),
    ]);
    // Late counts present; medical does not: 3 of 4.
    const b = await ok(await t.as('admin', { method: 'GET', url: `/api/attendance/students/${R[13]}` }));
    expect(b).toMatchObject({ attended: 3, percent: 75, needed: 0, standing: 'eligible' });
    const shortage = await ok(await t.as('hod', { method: 'GET', url: `/api/attendance/shortage?sectionId=${c.section.id}` }));
    expect(shortage.rows).toEqual([
      expect.objectContaining({ rollNo: R[12], percent: 50, standing: 'detained', needed: 4 }),
    ]);
    const all = await ok(
      await t.as('principal', { method: 'GET', url: `/api/attendance/shortage?sectionId=${c.section.id}&all=true` }),
    );
    expect(all.rows.map((r: any) => `${r.rollNo}:${r.percent}`)).toEqual([`${R[12]}:50`, `${R[13]}:75`, `${R[14]}:100`]);
    const student = await t.db.selectFrom('students').select('id').where('roll_no', '=', R[12]).executeTakeFirstOrThrow();
    expect(await attendancePercent(t.db, 1, student.id)).toBe(50);
    expect(await isDetained(t.db, 1, student.id)).toBe(true);
  });

  it("follows the regulation's policy: late not counted, medical counted for condonation", async () => {
    await fourWeeks({ lateCountsPresent: false, shortBelow: 75, detainBelow: 50 });
    const b = await ok(await t.as('admin', { method: 'GET', url: `/api/attendance/students/${R[13]}` }));
    // Late and medical both missed: 2 of 4 = 50%; with medical 3 of 4 = 75% >= 50%: condonable.
    expect(b).toMatchObject({ attended: 2, percent: 50, standing: 'condonable' });
  });

  it('gives the overall percentage of many students at once, for the placements module', async () => {
    const c = await fourWeeks();
    const ids = await t.db
      .selectFrom('students')
      .select(['id', 'roll_no'])
      .where('roll_no', 'in', [R[12], R[13], R[14]])
      .where('college_id', '=', 1)
      .execute();
    const id = (roll: string) => ids.find((r) => r.roll_no === roll)!.id;
    // A student of the college in no section: nothing held, 100.
    const loose = await newStudent(t.db, 1);
    const got = await attendancePercentages(t.db, 1, [id(R[12]), id(R[13]), id(R[14]), loose.id, 987654]);
    // 12: 2 of 4 = 50; 13: late counts present, medical does not = 3 of 4 = 75; 14: 4 of 4.
    expect(Object.fromEntries(got)).toEqual({
      [id(R[12])]: 50,
      [id(R[13])]: 75,
      [id(R[14])]: 100,
      [loose.id]: 100,
    });
    expect(await attendancePercentages(t.db, 2, [id(R[12])])).toEqual(new Map());
    expect(c.section.id).toBeGreaterThan(0);
  });

  it('works out the classes needed by hand', () => {
    expect(classesNeeded(60, 100, 75)).toBe(60); // (60 + 60) / 160 = 75%
    expect(classesNeeded(74, 100, 75)).toBe(4); // 78 / 104 = 75%
    expect(classesNeeded(80, 100, 75)).toBe(0);
  });

  it('lets a student see only their own attendance, and faculty only sections they teach', async () => {
    const c = await readyClass(t, [R[1], R[2]]);
    expect((await t.as(R[1], { method: 'GET', url: `/api/attendance/students/${R[1]}` })).statusCode).toBe(200);
    const res = await t.as(R[1], { method: 'GET', url: `/api/attendance/students/${R[2]}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ATTENDANCE_MSG.notYourStudent);
    expect((await t.as(c.fac.username, { method: 'GET', url: `/api/attendance/students/${R[2]}` })).statusCode).toBe(200);
    const stranger = await newFacultyUser(t);
    const denied = await t.as(stranger.username, { method: 'GET', url: `/api/attendance/students/${R[2]}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MSG.noPermission);
    expect((await t.as('admin', { method: 'GET', url: '/api/attendance/students/NOPE' })).statusCode).toBe(404);
  });
});
