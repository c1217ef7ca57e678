import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACULTY_MSG, MSG, financialYear } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let collegeId: number;
beforeAll(async () => {
  t = await createTestApp();
  collegeId = (await t.app.inject({ method: 'POST', url: '/api/auth-service/auth/signin', payload: { username: 'faculty', password: 'Demo@1234' } })).json().collegeId;
});
afterAll(async () => t.close());

const DB = '/api/faculty-db/v1';
const count = (as: string, call: string, userName: string) => t.as(as, { method: 'GET', url: `${DB}/${call}?userName=${userName}` });
const counts = async (as: string, userName: string) => {
  const out: Record<string, unknown> = {};
  for (const call of ['getReserachPapersBasedOnUserName', 'getCountOfCitations', 'getCountOfScoupos', 'getMousCounByUserName', 'getAwardsByFaculty']) {
    const res = await count(as, call, userName);
    expect(res.statusCode).toBe(200);
    out[call] = res.json();
  }
  return out;
};

describe('faculty database counts', () => {
  it("answers plain numbers from the seeded records of the demo faculty", async () => {
    expect(await counts('faculty', 'faculty')).toEqual({
      getReserachPapersBasedOnUserName: 5,
      getCountOfCitations: 14 + 22 + 9 + 3 + 5,
      getCountOfScoupos: 3,
      getMousCounByUserName: 2,
      getAwardsByFaculty: 2,
    });
    const raw = await count('faculty', 'getCountOfCitations', 'faculty');
    expect(raw.body).toBe('53');
  });

  it('answers 0 for a user with no records', async () => {
    expect(Object.values(await counts('admin', 'principal'))).toEqual([0, 0, 0, 0, 0]);
  });

  it("keeps a faculty member to their own figures and a HoD to their department", async () => {
    expect((await count('faculty', 'getCountOfCitations', 'hod')).statusCode).toBe(403);
    expect((await count('hod', 'getCountOfCitations', 'faculty')).json()).toBe(53);
    expect((await count('hod', 'getCountOfCitations', 'admin')).statusCode).toBe(403);
    expect((await count('principal', 'getCountOfCitations', 'hod')).json()).toBe(31 + 18 + 6);
  });

  it('needs userName (400), a token (401) and a faculty-db role (403)', async () => {
    const missing = await t.as('faculty', { method: 'GET', url: `${DB}/getCountOfCitations` });
    expect(missing.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${DB}/getAwardsByFaculty?userName=faculty` })).statusCode).toBe(401);
    const res = await count('accountant', 'getAwardsByFaculty', 'faculty');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.noPermission);
  });
});

describe('getallprofiledata', () => {
  const url = (over: Record<string, string | number> = {}) =>
    `${DB}/getallprofiledata?${new URLSearchParams({ collegeId: String(collegeId), financialYear: financialYear(), typeofInstitution: 'engineering', userId: 'faculty', ...over } as Record<string, string>)}`;

  it('returns the profile of the year as the first item', async () => {
    const res = await t.as('faculty', { method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    const [p] = res.json();
    expect(p).toMatchObject({
      userId: 'faculty', fullName: 'Farida Rao', email: 'faculty@svec.edu.in', department: 'CSE', financialYear: financialYear(),
      designation: 'Assistant Professor', qualification: 'M.Tech, Ph.D', specialization: 'Machine Learning', experienceYears: 8, collegeId,
    });
  });

  it('still describes the user for a year without a stored profile, and is empty for an unknown user', async () => {
    const [p] = (await t.as('faculty', { method: 'GET', url: url({ financialYear: '2001-2002' }) })).json();
    expect(p).toMatchObject({ fullName: 'Farida Rao', financialYear: '2001-2002', qualification: '' });
    expect((await t.as('admin', { method: 'GET', url: url({ userId: 'nobody' }) })).json()).toEqual([]);
  });

  it('answers 400 for a bad year, 403 for another college or user', async () => {
    const bad = await t.as('faculty', { method: 'GET', url: url({ financialYear: '2025' }) });
    expect(bad.statusCode).toBe(400);
    const other = await t.as('faculty', { method: 'GET', url: url({ collegeId: collegeId + 1 }) });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(FACULTY_MSG.otherCollege);
    expect((await t.as('faculty', { method: 'GET', url: url({ userId: 'hod' }) })).statusCode).toBe(403);
  });
});

describe("a faculty member's own publications, MoUs and awards", () => {
  it('adds, edits and deletes a publication, and the dashboard counts follow', async () => {
    const list = await t.as('faculty', { method: 'GET', url: '/api/faculty/publications' });
    expect(list.json()).toHaveLength(5);
    expect(list.json()[0]).toMatchObject({ title: expect.any(String), scopusIndexed: true });
    const created = await t.as('faculty', {
      method: 'POST',
      url: '/api/faculty/publications',
      payload: { title: 'Quantum-Safe Exam Result Signing', journal: 'IEEE Access', year: 2025, scopusIndexed: true, citations: 4 },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(MSG.recordSaved);
    const id = created.json().id;
    expect(await counts('faculty', 'faculty')).toMatchObject({ getReserachPapersBasedOnUserName: 6, getCountOfCitations: 57, getCountOfScoupos: 4 });

    const edited = await t.as('faculty', {
      method: 'PUT',
      url: `/api/faculty/publications/${id}`,
      payload: { title: 'Quantum-Safe Exam Result Signing', journal: 'IEEE Access', year: 2025, scopusIndexed: false, citations: 10 },
    });
    expect(edited.json().message).toBe(MSG.recordModified);
    expect(await counts('faculty', 'faculty')).toMatchObject({ getCountOfCitations: 63, getCountOfScoupos: 3 });

    const removed = await t.as('faculty', { method: 'DELETE', url: `/api/faculty/publications/${id}` });
    expect(removed.json().message).toBe(MSG.deletedRecord);
    expect((await counts('faculty', 'faculty')).getReserachPapersBasedOnUserName).toBe(5);
  });

  it('answers 400 for each bad field and 409 for a duplicate', async () => {
    const post = (payload: Record<string, unknown>) => t.as('faculty', { method: 'POST', url: '/api/faculty/publications', payload });
    const ok = { title: 'Paper', journal: '', year: 2024, scopusIndexed: false, citations: 0 };
    expect((await post({ ...ok, title: '' })).json().message).toBe(FACULTY_MSG.titleRequired);
    expect((await post({ ...ok, year: 1800 })).json().message).toBe(FACULTY_MSG.yearInvalid);
    expect((await post({ ...ok, year: 'soon' })).json().message).toBe(FACULTY_MSG.yearInvalid);
    expect((await post({ ...ok, citations: -1 })).json().message).toBe(FACULTY_MSG.citationsInvalid);
    expect((await post({ ...ok, citations: 1.5 })).statusCode).toBe(400);
    const dup = await post({ ...ok, title: 'a survey of graph neural networks for course recommendation', year: 2023 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(FACULTY_MSG.duplicatePublication);

    const mou = (payload: Record<string, unknown>) => t.as('faculty', { method: 'POST', url: '/api/faculty/mous', payload });
    expect((await mou({ organisation: '', purpose: '', signedOn: '2025-01-01' })).json().message).toBe(FACULTY_MSG.organisationRequired);
    expect((await mou({ organisation: 'NIT', purpose: '', signedOn: '2025-13-01' })).json().message).toBe(FACULTY_MSG.dateInvalid);
    expect((await mou({ organisation: 'IIIT Hyderabad', signedOn: '2023-11-02' })).statusCode).toBe(409);
    const award = (payload: Record<string, unknown>) => t.as('faculty', { method: 'POST', url: '/api/faculty/awards', payload });
    expect((await award({ title: '', awardedOn: '2025-01-01' })).json().message).toBe(FACULTY_MSG.titleRequired);
    expect((await award({ title: 'Best Paper Award', awardedOn: '2024-03-09' })).json().message).toBe(FACULTY_MSG.duplicateAward);
    expect((await t.as('faculty', { method: 'GET', url: '/api/faculty/publications' })).json()).toHaveLength(5);
  });

  it('adds an MoU and an award and lists them newest first', async () => {
    const m = await t.as('faculty', { method: 'POST', url: '/api/faculty/mous', payload: { organisation: 'NIT Warangal', purpose: 'Student exchange', signedOn: '2025-08-01' } });
    expect(m.statusCode).toBe(200);
    const mous = (await t.as('faculty', { method: 'GET', url: '/api/faculty/mous' })).json();
    expect(mous[0]).toEqual({ id: m.json().id, organisation: 'NIT Warangal', purpose: 'Student exchange', signedOn: '2025-08-01' });
    const a = await t.as('faculty', { method: 'POST', url: '/api/faculty/awards', payload: { title: 'Young Researcher', awardedBy: 'IEI', awardedOn: '2025-09-09' } });
    expect(a.statusCode).toBe(200);
    expect((await count('faculty', 'getAwardsByFaculty', 'faculty')).json()).toBe(3);
    expect((await count('faculty', 'getMousCounByUserName', 'faculty')).json()).toBe(3);
  });

  it("cannot touch another member's rows (404) and needs a faculty role (401/403)", async () => {
    const hodPub = (await t.as('hod', { method: 'GET', url: '/api/faculty/publications' })).json()[0];
    const put = await t.as('faculty', {
      method: 'PUT',
      url: `/api/faculty/publications/${hodPub.id}`,
      payload: { title: 'Hijack', journal: '', year: 2024, scopusIndexed: false, citations: 0 },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.as('faculty', { method: 'DELETE', url: `/api/faculty/publications/${hodPub.id}` })).statusCode).toBe(404);
    expect((await t.as('hod', { method: 'GET', url: '/api/faculty/publications' })).json()[0]).toEqual(hodPub);
    expect((await t.app.inject({ method: 'GET', url: '/api/faculty/awards' })).statusCode).toBe(401);
    expect((await t.as('admin', { method: 'GET', url: '/api/faculty/awards' })).statusCode).toBe(403);
  });
});
