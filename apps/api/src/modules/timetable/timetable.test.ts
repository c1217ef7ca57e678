import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIMETABLE_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  allocate,
  newFacultyUser,
  newSection,
  newSubject,
  ok,
  post,
  newRolls,
  setTimetable,
} from '../../../test/modules/academic.js';

let t: TestApp;
/** R[k]: the k-th student this file builds (B.Tech CSE 2022-2026), signing in with Demo@1234. */
let R: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  R = await newRolls(t, 3);
});
afterAll(async () => t.close());

describe('subject allocation', () => {
  it('allocates a subject of a section to faculty and lists them as assigned subjects', async () => {
    const s = await newSection(t, R.slice(1, 4));
    const subject = await newSubject(t, s.regulation.id, s.semesterId);
    const a = await newFacultyUser(t);
    const b = await newFacultyUser(t);
    const res = await allocate(t, subject.id, s.section.id, [a.facultyId, b.facultyId]);
    expect(res.map((r: any) => r.facultyName).sort()).toEqual([a.name, b.name].sort());
    // Allocating again replaces the list.
    await allocate(t, subject.id, s.section.id, [b.facultyId]);
    const mine = await ok(await t.as(b.username, { method: 'GET', url: '/api/subject-allocations?mine=true' }));
    expect(mine).toEqual([
      expect.objectContaining({ subjectCode: subject.code, sectionId: s.section.id, academicYear: '2025-2026' }),
    ]);
    expect(await ok(await t.as(a.username, { method: 'GET', url: '/api/subject-allocations' }))).toEqual([]);
  });

  it('keeps a HoD to their own department', async () => {
    const s = await newSection(t, []);
    const subject = await newSubject(t, s.regulation.id, s.semesterId);
    const f = await newFacultyUser(t);
    expect(
      (
        await post(t, 'hod', '/api/subject-allocations', {
          subjectId: subject.id,
          sectionId: s.section.id,
          academicYear: '2025-2026',
          facultyIds: [f.facultyId],
        })
      ).statusCode,
    ).toBe(200);
    const ece = await t.db
      .selectFrom('branches')
      .select('id')
      .where('college_id', '=', 1)
      .where('short_name', '=', 'ECE')
      .where('course_id', '=', s.courseId)
      .executeTakeFirstOrThrow();
    const eceSection = await ok(
      await post(t, 'admin', '/api/masters/sections', { batchId: s.batchId, branchId: ece.id, name: 'HX' }),
    );
    const res = await post(t, 'hod', '/api/subject-allocations', {
      subjectId: subject.id,
      sectionId: eceSection.id,
      academicYear: '2025-2026',
      facultyIds: [f.facultyId],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TIMETABLE_MSG.notYourDepartment);
  });

  it('answers 400 for a bad year, no faculty or unknown faculty', async () => {
    const s = await newSection(t, []);
    const subject = await newSubject(t, s.regulation.id, s.semesterId);
    let res = await post(t, 'admin', '/api/subject-allocations', {
      subjectId: subject.id,
      sectionId: s.section.id,
      academicYear: '2025',
      facultyIds: [1],
    });
    expect(res.json().message).toBe('Enter the academic year like 2025-2026');
    res = await post(t, 'admin', '/api/subject-allocations', {
      subjectId: subject.id,
      sectionId: s.section.id,
      academicYear: '2025-2026',
      facultyIds: [],
    });
    expect(res.json().message).toBe('Choose at least one faculty member');
    res = await post(t, 'admin', '/api/subject-allocations', {
      subjectId: subject.id,
      sectionId: s.section.id,
      academicYear: '2025-2026',
      facultyIds: [999999],
    });
    expect(res.json().message).toBe(TIMETABLE_MSG.facultyNotFound);
  });
});

describe('timetable', () => {
  it('saves a week with a lab block spanning periods; faculty see their week, students their section', async () => {
    const s = await newSection(t, [R[1]]);
    const theory = await newSubject(t, s.regulation.id, s.semesterId);
    const lab = await newSubject(t, s.regulation.id, s.semesterId, 'lab');
    const f = await newFacultyUser(t);
    await allocate(t, theory.id, s.section.id, [f.facultyId]);
    await allocate(t, lab.id, s.section.id, [f.facultyId]);
    const saved = await ok(
      await setTimetable(t, s.section.id, [
        { day: 1, period: 1, subjectId: theory.id, facultyId: f.facultyId },
        { day: 2, period: 5, span: 3, subjectId: lab.id, facultyId: f.facultyId },
      ]),
    );
    expect(saved.slots.map((x: any) => `${x.day}/${x.period}/${x.subjectCode}`)).toEqual([
      `1/1/${theory.code}`,
      `2/5/${lab.code}`,
      `2/6/${lab.code}`,
      `2/7/${lab.code}`,
    ]);
    const week = await ok(await t.as(f.username, { method: 'GET', url: '/api/timetable/me' }));
    expect(week.slots).toHaveLength(4);
    const student = await ok(await t.as(R[1], { method: 'GET', url: '/api/timetable/me' }));
    expect(student.sectionId).toBe(s.section.id);
    expect(student.slots).toHaveLength(4);
    const other = await newSection(t, []);
    expect((await t.as(R[1], { method: 'GET', url: `/api/timetable/${other.section.id}` })).statusCode).toBe(403);
  });

  it('refuses a section in two places in one period', async () => {
    const s = await newSection(t, []);
    const sub = await newSubject(t, s.regulation.id, s.semesterId);
    const f = await newFacultyUser(t);
    await allocate(t, sub.id, s.section.id, [f.facultyId]);
    const res = await setTimetable(t, s.section.id, [
      { day: 3, period: 2, span: 2, subjectId: sub.id, facultyId: f.facultyId },
      { day: 3, period: 3, subjectId: sub.id, facultyId: f.facultyId },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TIMETABLE_MSG.sectionTwice('Wednesday', 3));
  });

  it('refuses a faculty member in two sections in one period, naming where they are', async () => {
    const a = await newSection(t, []);
    const b = await newSection(t, []);
    const subA = await newSubject(t, a.regulation.id, a.semesterId);
    const subB = await newSubject(t, b.regulation.id, b.semesterId);
    const f = await newFacultyUser(t);
    await allocate(t, subA.id, a.section.id, [f.facultyId]);
    await allocate(t, subB.id, b.section.id, [f.facultyId]);
    await ok(await setTimetable(t, a.section.id, [{ day: 4, period: 2, subjectId: subA.id, facultyId: f.facultyId }]));
    const res = await setTimetable(t, b.section.id, [{ day: 4, period: 2, subjectId: subB.id, facultyId: f.facultyId }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TIMETABLE_MSG.facultyBusy(f.name, `CSE 2022-2026 ${a.section.name}`, 'Thursday', 2));
    // Every clash comes back with its cell, for the grid editor: a lab block over periods 2-3 clashes twice.
    await ok(await setTimetable(t, a.section.id, [{ day: 4, period: 2, span: 2, subjectId: subA.id, facultyId: f.facultyId }]));
    const both = await setTimetable(t, b.section.id, [
      { day: 1, period: 1, subjectId: subB.id, facultyId: f.facultyId },
      { day: 4, period: 2, span: 2, subjectId: subB.id, facultyId: f.facultyId },
    ]);
    expect(both.statusCode).toBe(409);
    expect(both.json().clashes).toEqual([
      { day: 4, period: 2, message: TIMETABLE_MSG.facultyBusy(f.name, `CSE 2022-2026 ${a.section.name}`, 'Thursday', 2) },
      { day: 4, period: 3, message: TIMETABLE_MSG.facultyBusy(f.name, `CSE 2022-2026 ${a.section.name}`, 'Thursday', 3) },
    ]);
  });

  it('lets the database decide when two planners give one faculty the same period at once', async () => {
    const a = await newSection(t, []);
    const b = await newSection(t, []);
    const subA = await newSubject(t, a.regulation.id, a.semesterId);
    const subB = await newSubject(t, b.regulation.id, b.semesterId);
    const f = await newFacultyUser(t);
    await allocate(t, subA.id, a.section.id, [f.facultyId]);
    await allocate(t, subB.id, b.section.id, [f.facultyId]);
    const results = await Promise.all([
      setTimetable(t, a.section.id, [{ day: 5, period: 4, subjectId: subA.id, facultyId: f.facultyId }]),
      setTimetable(t, b.section.id, [{ day: 5, period: 4, subjectId: subB.id, facultyId: f.facultyId }]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db.selectFrom('timetable_slots').select('id').where('faculty_id', '=', f.facultyId).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses faculty not allocated to the subject and blocks past the last period', async () => {
    const s = await newSection(t, []);
    const sub = await newSubject(t, s.regulation.id, s.semesterId);
    const f = await newFacultyUser(t);
    let res = await setTimetable(t, s.section.id, [{ day: 1, period: 1, subjectId: sub.id, facultyId: f.facultyId }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TIMETABLE_MSG.notAllocated(f.name, `${sub.code} ${sub.name}`));
    res = await setTimetable(t, s.section.id, [{ day: 1, period: 7, span: 3, subjectId: sub.id, facultyId: f.facultyId }]);
    expect(res.json().message).toBe(TIMETABLE_MSG.beyondDay);
    res = await setTimetable(t, s.section.id, [{ day: 7, period: 1, subjectId: sub.id, facultyId: f.facultyId }]);
    expect(res.json().message).toBe('Days are Monday (1) to Saturday (6)');
  });
});
