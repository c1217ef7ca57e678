import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASTERS_MSG, MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newFaculty, newStudent } from '../../../test/builders.js';
import { btech, newRegulation, newRolls, newSection, ok, post } from '../../../test/modules/academic.js';

let t: TestApp;
/** R[k]: the k-th student this file builds (B.Tech CSE 2022-2026). */
let R: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  R = await newRolls(t, 10);
});
afterAll(async () => t.close());

describe('masters: departments, courses, regulations, subjects', () => {
  it('creates, lists with search, edits and retires a department', async () => {
    const created = await ok(
      await post(t, 'academics', '/api/masters/departments', {
        name: 'AIML',
        fullName: 'Artificial Intelligence and Machine Learning',
      }),
    );
    expect(created).toMatchObject({ name: 'AIML', retired: false });
    const found = await ok(await t.as('admin', { method: 'GET', url: '/api/masters/departments?q=machine' }));
    expect(found.items.map((d: any) => d.name)).toEqual(['AIML']);
    const edited = await ok(
      await post(t, 'admin', `/api/masters/departments/${created.id}`, { name: 'AIML', fullName: 'AI and ML' }, 'PUT'),
    );
    expect(edited.fullName).toBe('AI and ML');
    const retired = await t.as('admin', { method: 'DELETE', url: `/api/masters/departments/${created.id}` });
    expect(retired.json().message).toBe(MASTERS_MSG.retired);
    // Retired rows leave the list but stay in the table.
    expect((await ok(await t.as('admin', { method: 'GET', url: '/api/masters/departments?q=AIML' }))).total).toBe(0);
    const all = await ok(await t.as('admin', { method: 'GET', url: '/api/masters/departments?q=AIML&includeRetired=true' }));
    expect(all.items[0]).toMatchObject({ name: 'AIML', retired: true });
  });

  it('refuses a duplicate with a message that names it (409)', async () => {
    const res = await post(t, 'admin', '/api/masters/departments', { name: 'CSE' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A department named CSE already exists');
  });

  it('answers 400 with human messages for bad input', async () => {
    let res = await post(t, 'admin', '/api/masters/courses', { name: 'B.Sc', level: 'XX', durationYears: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Choose the level: UG, PG or DIPLOMA');
    res = await post(t, 'admin', '/api/masters/regulations', { code: 'R99', fromYear: 2024, shortBelow: 60, detainBelow: 70 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MASTERS_MSG.detainAboveShort);
    res = await post(t, 'admin', '/api/masters/subjects', { regulationId: 999999, code: 'CS101', name: 'X', credits: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MASTERS_MSG.noSuchRegulation);
    res = await post(t, 'admin', '/api/masters/departments/abc', { name: 'X' }, 'PUT');
    expect(res.statusCode).toBe(400);
    res = await post(t, 'admin', '/api/masters/departments/999999', { name: 'QQ' }, 'PUT');
    expect(res.statusCode).toBe(404);
  });

  it('keeps a regulation with its attendance policy and its subjects', async () => {
    const reg = await newRegulation(t, { shortBelow: 80, detainBelow: 70, editWindowHours: 24 });
    expect(reg).toMatchObject({ shortBelow: 80, detainBelow: 70, editWindowHours: 24, medicalCondonable: true });
    const { semesterId } = await btech(t);
    const sub = await ok(
      await post(t, 'academics', '/api/masters/subjects', {
        regulationId: reg.id,
        semesterId,
        code: 'cs401',
        name: 'Compiler Design',
        credits: 3.5,
        lecture: 3,
        tutorial: 1,
        kind: 'theory',
      }),
    );
    expect(sub).toMatchObject({ code: 'CS401', credits: 3.5, regulationCode: reg.code, semesterName: 'IV-I' });
    const list = await ok(await t.as('admin', { method: 'GET', url: `/api/masters/subjects?regulationId=${reg.id}` }));
    expect(list.items.map((s: any) => s.code)).toEqual(['CS401']);
  });

  it('keeps faculty records with qualification, PhD and joining date', async () => {
    const f = await ok(
      await post(t, 'admin', '/api/masters/faculty', {
        empCode: 'EMP9001',
        fullName: 'Dr. Test Person',
        email: 'tp@svec.edu.in',
        department: 'CSE',
        designation: 'Professor',
        qualification: 'Ph.D. (CSE)',
        phd: true,
        dateOfJoining: '2015-06-01',
      }),
    );
    expect(f).toMatchObject({ phd: true, dateOfJoining: '2015-06-01', qualification: 'Ph.D. (CSE)' });
    const bad = await post(t, 'admin', '/api/masters/faculty', {
      empCode: 'EMP9002',
      fullName: 'X',
      email: 'not-mail',
      department: 'CSE',
    });
    expect(bad.json().message).toBe('Enter a valid e-mail');
    const nodept = await post(t, 'admin', '/api/masters/faculty', {
      empCode: 'EMP9003',
      fullName: 'X',
      email: 'x@y.in',
      department: 'NOPE',
    });
    expect(nodept.json().message).toBe(MASTERS_MSG.noSuchDepartment);
  });
});

describe('masters: sections and their students', () => {
  it('places students by roll-number range of the batch and branch', async () => {
    const { section } = await newSection(t, []);
    const res = await ok(
      await post(t, 'admin', `/api/masters/sections/${section.id}/students`, {
        fromRollNo: R[3].toLowerCase(),
        toRollNo: R[6],
      }),
    );
    expect(res).toMatchObject({ assigned: 4, rollNos: [R[3], R[4], R[5], R[6]] });
    const students = await ok(await t.as('hod', { method: 'GET', url: `/api/masters/sections/${section.id}/students` }));
    expect(students.map((s: any) => s.rollNo)).toEqual(res.rollNos);
    const listed = await ok(await t.as('admin', { method: 'GET', url: `/api/masters/sections?q=${section.name}` }));
    expect(listed.items[0]).toMatchObject({ students: 4, label: `CSE 2022-2026 ${section.name}` });
  });

  it('moves a student from one section to another (one section at a time)', async () => {
    const a = await newSection(t, [R[10]]);
    const b = await newSection(t, [R[10]]);
    expect((await ok(await t.as('admin', { method: 'GET', url: `/api/masters/sections/${a.section.id}/students` }))).length).toBe(
      0,
    );
    expect((await ok(await t.as('admin', { method: 'GET', url: `/api/masters/sections/${b.section.id}/students` }))).length).toBe(
      1,
    );
  });

  it('refuses students of another batch or branch, unknown roll numbers and empty ranges', async () => {
    const { section } = await newSection(t, []);
    const ece = await newStudent(t.db, 1, { branch: 'ECE' });
    let res = await post(t, 'admin', `/api/masters/sections/${section.id}/students`, { rollNos: [ece.rollNo] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MASTERS_MSG.wrongBatchBranch([ece.rollNo]));
    res = await post(t, 'admin', `/api/masters/sections/${section.id}/students`, { rollNos: ['NOPE1'] });
    expect(res.json().message).toBe(MASTERS_MSG.studentsNotFound(['NOPE1']));
    res = await post(t, 'admin', `/api/masters/sections/${section.id}/students`, {
      fromRollNo: `${R[1].slice(0, -2)}99`,
      toRollNo: `${R[1].slice(0, -2)}99`,
    });
    expect(res.json().message).toBe(MASTERS_MSG.noStudentsInRange);
    res = await post(t, 'admin', `/api/masters/sections/${section.id}/students`, {});
    expect(res.json().message).toBe('Give a roll-number range (first and last) or a list of roll numbers');
  });

  it('refuses a section whose branch is of another course', async () => {
    const { batchId } = await btech(t);
    const mtech = await t.db
      .selectFrom('branches as b')
      .innerJoin('courses as c', 'c.id', 'b.course_id')
      .select('b.id')
      .where('c.name', '=', 'M.Tech')
      .where('b.college_id', '=', 1)
      .executeTakeFirstOrThrow();
    const res = await post(t, 'admin', '/api/masters/sections', { batchId, branchId: mtech.id, name: 'Q' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MASTERS_MSG.branchCourseMismatch);
  });
});

describe('masters: who may do what', () => {
  it('lets a HoD read only their department and write nothing', async () => {
    const cse = await newFaculty(t.db, 1, { department: 'CSE' });
    const ece = await newFaculty(t.db, 1, { department: 'ECE' });
    const faculty = await ok(await t.as('hod', { method: 'GET', url: '/api/masters/faculty?pageSize=500' }));
    const codes = faculty.items.map((f: any) => f.empCode);
    expect(codes).toContain(cse.empCode);
    expect(codes).not.toContain(ece.empCode);
    expect(faculty.items.every((f: any) => f.department === 'CSE')).toBe(true);
    const depts = await ok(await t.as('hod', { method: 'GET', url: '/api/masters/departments' }));
    expect(depts.items.map((d: any) => d.name)).toEqual(['CSE']);
    const res = await post(t, 'hod', '/api/masters/departments', { name: 'NEW' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.noPermission);
  });

  it('keeps colleges apart: SRK sees none of SVEC rows', async () => {
    const created = await ok(await post(t, 'admin', '/api/masters/departments', { name: 'ONLYSVEC' }));
    const srk = await ok(await t.as('srkadmin', { method: 'GET', url: '/api/masters/departments?q=ONLYSVEC' }, 'srk.localhost'));
    expect(srk.total).toBe(0);
    const res = await t.as(
      'srkadmin',
      { method: 'PUT', url: `/api/masters/departments/${created.id}`, payload: { name: 'HACK' } },
      'srk.localhost',
    );
    expect(res.statusCode).toBe(404);
  });

  it('pages a list', async () => {
    const p1 = await ok(await t.as('admin', { method: 'GET', url: '/api/masters/semesters?pageSize=3&page=1' }));
    const p2 = await ok(await t.as('admin', { method: 'GET', url: '/api/masters/semesters?pageSize=3&page=2' }));
    expect(p1.items).toHaveLength(3);
    expect(p1.total).toBe(p2.total);
    expect(p1.items[0].id).not.toBe(p2.items[0].id);
  });
});

describe('student records for the office', () => {
  it('lists with section and status, edits profile fields, status and section, and audits the change', async () => {
    const { newStudent } = await import('../../../test/builders.js');
    const { STUDENT_RECORD_MSG } = await import('@erp/shared');
    const s = await newStudent(t.db, 1, { full_name: 'Record Student' });
    const { section } = await newSection(t, [s.rollNo]);
    const list = await ok(await t.as('academics', { method: 'GET', url: `/api/masters/students?q=${s.rollNo.toLowerCase()}` }));
    expect(list).toMatchObject({
      total: 1,
      items: [
        { rollNo: s.rollNo, fullName: 'Record Student', status: 'active', sectionId: section.id, sectionLabel: section.label },
      ],
    });
    const body = {
      fullName: 'Record Student Kumar',
      email: 'record@example.org',
      mobile: '9876501234',
      fatherName: 'K. Kumar',
      semester: 'IV-II',
      status: 'detained',
      sectionId: null,
    };
    const saved = await ok(await post(t, 'admin', `/api/masters/students/${s.id}`, body, 'PUT'));
    expect(saved).toMatchObject({
      message: STUDENT_RECORD_MSG.saved,
      record: { fullName: 'Record Student Kumar', status: 'detained', semester: 'IV-II', sectionId: null, sectionLabel: '' },
    });
    const detained = await ok(await t.as('admin', { method: 'GET', url: `/api/masters/students?status=detained&q=${s.rollNo}` }));
    expect(detained.total).toBe(1);
    // Back into the section; a section of another branch is refused.
    expect(
      (await ok(await post(t, 'admin', `/api/masters/students/${s.id}`, { ...body, sectionId: section.id }, 'PUT'))).record
        .sectionId,
    ).toBe(section.id);
    const ece = await newStudent(t.db, 1, { branch: 'ECE' });
    const wrong = await post(t, 'admin', `/api/masters/students/${ece.id}`, { ...body, sectionId: section.id }, 'PUT');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STUDENT_RECORD_MSG.sectionMismatch);
    const badMobile = await post(t, 'admin', `/api/masters/students/${s.id}`, { ...body, mobile: '12345' }, 'PUT');
    expect(badMobile.json().message).toBe('Enter a 10-digit mobile number starting 6-9');
    expect((await post(t, 'admin', '/api/masters/students/99999999', body, 'PUT')).statusCode).toBe(404);
    expect((await t.as('faculty', { method: 'GET', url: '/api/masters/students' })).statusCode).toBe(403);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'student')
      .where('entity_id', '=', String(s.id))
      .execute();
    expect(audited).toHaveLength(2);
  });
});
