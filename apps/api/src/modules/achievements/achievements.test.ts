import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENT_MSG, MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let eceName: string;
beforeAll(async () => {
  t = await createTestApp();
  eceName = (await t.db.selectFrom('faculty').select('full_name').where('department', '=', 'ECE').orderBy('id').executeTakeFirstOrThrow()).full_name;
});
afterAll(async () => t.close());

const BASE = '/api/auth-service/v1';
const get = (as: string, url: string) => t.as(as, { method: 'GET', url: `${BASE}/${url}` });
const save = (as: string, payload: Record<string, unknown>) => t.as(as, { method: 'POST', url: `${BASE}/savefacultyAchievements`, payload });
const del = (as: string, payload: Record<string, unknown>) => t.as(as, { method: 'DELETE', url: `${BASE}/deletefacultyAchiveMent`, payload });
const search = (as: string, dept: string, name: string) =>
  get(as, `getfacultyAchievements?facultyName=${encodeURIComponent(name)}&facultyDept=${encodeURIComponent(dept)}`);
const farida = { departmentName: 'CSE', facultyName: 'Farida Rao', facultyEmail: 'faculty@svec.edu.in' };

describe('v1/getAllDepartmentDetails', () => {
  it('gives every department to an admin, in the legacy shape', async () => {
    const res = await get('admin', 'getAllDepartmentDetails');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: any) => d.departmentCreationPrimaryKey.departmentName)).toEqual(['CIVIL', 'CSE', 'ECE', 'EEE', 'MBA', 'MECH']);
  });
  it("gives a HoD only their own program", async () => {
    const res = await get('hod', 'getAllDepartmentDetails');
    expect(res.json().map((d: any) => d.departmentCreationPrimaryKey.departmentName)).toEqual(['CSE']);
  });
  it('needs a token (401) and an achievement role (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getAllDepartmentDetails` })).statusCode).toBe(401);
    const res = await get('librarian', 'getAllDepartmentDetails');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.noPermission);
  });
});

describe('v1/getFacultyNamesBasedOnDepartment', () => {
  it('lists the faculty of a department with name and email', async () => {
    const res = await get('principal', 'getFacultyNamesBasedOnDepartment?department=CSE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ facultyName: 'Farida Rao', facultyEmail: 'faculty@svec.edu.in' });
    expect(res.json()).toHaveLength(4);
  });
  it('keeps a HoD to their department (403 elsewhere) and a faculty member to themselves', async () => {
    expect((await get('hod', 'getFacultyNamesBasedOnDepartment?department=CSE')).statusCode).toBe(200);
    expect((await get('hod', 'getFacultyNamesBasedOnDepartment?department=ECE')).statusCode).toBe(403);
    expect((await get('faculty', 'getFacultyNamesBasedOnDepartment?department=CSE')).json()).toEqual([
      { facultyName: 'Farida Rao', facultyEmail: 'faculty@svec.edu.in' },
    ]);
  });
  it('answers 400 without a department', async () => {
    const res = await get('admin', 'getFacultyNamesBasedOnDepartment?department=');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.selectDeptAndFaculty);
  });
});

describe('v1/getfacultyAchievements', () => {
  it('returns the seeded achievements of a faculty member in the contract shape', async () => {
    const res = await search('admin', 'ECE', eceName);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]).sort()).toEqual(['dates', 'departmentName', 'description', 'facultyEmail', 'facultyName', 'id']);
    expect(rows.every((r: any) => r.facultyName === eceName && r.departmentName === 'ECE')).toBe(true);
  });
  it('needs both department and faculty', async () => {
    const res = await get('admin', 'getfacultyAchievements?facultyName=&facultyDept=CSE');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.selectDeptAndFaculty);
  });
  it('scopes a HoD to their department and a faculty member to themselves', async () => {
    expect((await search('hod', 'CSE', 'Farida Rao')).statusCode).toBe(200);
    expect((await search('hod', 'ECE', eceName)).statusCode).toBe(403);
    expect((await search('faculty', 'CSE', 'Farida Rao')).statusCode).toBe(200);
    expect((await search('faculty', 'CSE', 'Dr. Suresh Kumar')).statusCode).toBe(403);
  });
});

describe('v1/savefacultyAchievements and v1/deletefacultyAchiveMent', () => {
  it('creates, edits and deletes, with the spec messages', async () => {
    const created = await save('admin', { ...farida, description: 'Keynote at ICDS 2025', dates: '2025-03-14' });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(MSG.achievementSaved);
    const id = created.json().id;
    const found = (await search('admin', 'CSE', 'Farida Rao')).json().find((r: any) => r.id === id);
    expect(found).toEqual({ id, ...farida, description: 'Keynote at ICDS 2025', dates: '2025-03-14' });

    const edited = await save('admin', { ...found, description: 'Keynote at ICDS 2025, Hyderabad', dates: '2025-03-15' });
    expect(edited.json().message).toBe(MSG.achievementEdited);
    const after = (await search('admin', 'CSE', 'Farida Rao')).json().find((r: any) => r.id === id);
    expect(after).toMatchObject({ description: 'Keynote at ICDS 2025, Hyderabad', dates: '2025-03-15' });

    const gone = await del('admin', after);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ message: 'Achievement deleted' });
    expect((await search('admin', 'CSE', 'Farida Rao')).json().some((r: any) => r.id === id)).toBe(false);
    const twice = await del('admin', after);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(ACHIEVEMENT_MSG.notFound);
  });

  it('fills the email from the faculty register when the client leaves it out', async () => {
    const res = await save('principal', { departmentName: 'CSE', facultyName: 'Farida Rao', description: 'NPTEL mentor', dates: '2025-01-02' });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('faculty_achievements').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row.faculty_email).toBe('faculty@svec.edu.in');
  });

  it('answers 400 for each bad field and saves nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('faculty_achievements').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const ok = { ...farida, description: 'Valid text', dates: '2025-02-01' };
    for (const field of ['departmentName', 'facultyName', 'description', 'dates']) {
      const res = await save('admin', { ...ok, [field]: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.fillInAllFields);
      const missing = { ...ok } as Record<string, unknown>;
      delete missing[field];
      expect((await save('admin', missing)).json().message).toBe(MSG.fillInAllFields);
    }
    const long = await save('admin', { ...ok, description: 'x'.repeat(501) });
    expect(long.json().message).toBe(ACHIEVEMENT_MSG.descriptionTooLong);
    expect((await save('admin', { ...ok, description: 'y'.repeat(500) })).statusCode).toBe(200);
    const badDate = await save('admin', { ...ok, dates: '31-12-2024' });
    expect(badDate.json().message).toBe(ACHIEVEMENT_MSG.invalidDate);
    expect((await save('admin', { ...ok, dates: '2025-02-30' })).statusCode).toBe(400);
    const dept = await save('admin', { ...ok, departmentName: 'ZOOLOGY' });
    expect(dept.statusCode).toBe(400);
    expect(dept.json().message).toBe('Program Not Found');
    const stranger = await save('admin', { ...ok, facultyName: 'Nobody Here' });
    expect(stranger.json().message).toBe(ACHIEVEMENT_MSG.facultyNotInDepartment);
    const wrongDept = await save('admin', { ...ok, departmentName: 'ECE' });
    expect(wrongDept.json().message).toBe(ACHIEVEMENT_MSG.facultyNotInDepartment);
    const wrongMail = await save('admin', { ...ok, facultyEmail: 'someone@else.org' });
    expect(wrongMail.statusCode).toBe(400);
    const missingEdit = await save('admin', { ...ok, id: 999999 });
    expect(missingEdit.statusCode).toBe(404);
    expect(await count()).toBe(before + 1);
  });

  it('answers 409 for a duplicate, on create and on edit', async () => {
    const a = { ...farida, description: 'Reviewer for IEEE Access', dates: '2025-04-01' };
    expect((await save('admin', a)).statusCode).toBe(200);
    const dup = await save('admin', { ...a, description: '  reviewer for ieee access ' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ACHIEVEMENT_MSG.duplicate);
    const other = await save('admin', { ...a, description: 'Reviewer for Elsevier' });
    const clash = await save('admin', { ...a, id: other.json().id });
    expect(clash.statusCode).toBe(409);
  });

  it('lets a HoD manage only their department', async () => {
    const own = await save('hod', { ...farida, description: 'Department topper mentor', dates: '2025-05-05' });
    expect(own.statusCode).toBe(200);
    const outside = await save('hod', { departmentName: 'ECE', facultyName: eceName, description: 'x', dates: '2025-05-05' });
    expect(outside.statusCode).toBe(403);
    const eceRow = (await search('admin', 'ECE', eceName)).json()[0];
    expect((await del('hod', eceRow)).statusCode).toBe(403);
    // Moving an ECE achievement into CSE is still touching ECE's row.
    expect((await save('hod', { ...farida, id: eceRow.id, description: 'moved', dates: '2025-05-06' })).statusCode).toBe(403);
    expect((await search('admin', 'ECE', eceName)).json()[0]).toEqual(eceRow);
  });

  it("lets a faculty member manage only their own achievements", async () => {
    const mine = await save('faculty', { ...farida, description: 'Guest lecture at VIT-AP', dates: '2025-06-01' });
    expect(mine.statusCode).toBe(200);
    const hodRow = await save('hod', { departmentName: 'CSE', facultyName: 'Dr. Suresh Kumar', description: 'AICTE grant', dates: '2025-06-02' });
    const forColleague = await save('faculty', { departmentName: 'CSE', facultyName: 'Dr. Suresh Kumar', description: 'x', dates: '2025-06-03' });
    expect(forColleague.statusCode).toBe(403);
    expect((await del('faculty', { id: hodRow.json().id })).statusCode).toBe(403);
    expect((await del('faculty', { id: mine.json().id })).json().message).toBe(MSG.achievementDeleted);
  });

  it('needs a token (401) and an achievement role (403) for writes', async () => {
    const body = { ...farida, description: 'x', dates: '2025-01-01' };
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/savefacultyAchievements`, payload: body })).statusCode).toBe(401);
    expect((await save('examcell', body)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/deletefacultyAchiveMent`, payload: { id: 1 } })).statusCode).toBe(401);
    expect((await del('accountant', { id: 1 })).statusCode).toBe(403);
  });

  it("keeps colleges apart: another college's row is not found", async () => {
    const row = (await search('admin', 'ECE', eceName)).json()[0];
    const res = await t.as('srkadmin', { method: 'DELETE', url: `${BASE}/deletefacultyAchiveMent`, payload: row }, 'srk.localhost');
    expect(res.statusCode).toBe(404);
  });
});
