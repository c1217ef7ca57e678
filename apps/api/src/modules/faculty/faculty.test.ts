import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACULTY_MSG, MSG, ROLES, financialYear } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import {
  collegeId as collegeIdOf,
  newAward,
  newFacultyProfile,
  newMou,
  newPublication,
  newUser,
  type BuiltUser,
} from '../../../test/builders.js';

let t: TestApp;
let collegeId: number;
beforeAll(async () => {
  t = await createTestApp();
  collegeId = await collegeIdOf(t.db);
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

/** A faculty login of the given department, with a register row. */
const member = (program = 'CSE', roles: string[] = [ROLES.FACULTY]) =>
  newUser(t.db, collegeId, { roles, program, full_name: 'Farida Rao', faculty: { designation: 'Assistant Professor' } });

/**
 * A faculty member with five publications (citations 14, 22, 9, 3, 5; three Scopus-indexed),
 * two MoUs and two awards.
 */
async function withRecords(program = 'CSE'): Promise<BuiltUser> {
  const m = await member(program);
  const pubs: Array<[string, number, number, number]> = [
    ['Federated Learning for Privacy-Preserving Student Analytics', 2024, 1, 14],
    ['A Survey of Graph Neural Networks for Course Recommendation', 2023, 1, 22],
    ['Lightweight Intrusion Detection for Campus IoT Networks', 2023, 1, 9],
    ['Teaching Data Structures with Visual Debuggers', 2022, 0, 3],
    ['Energy-Aware Task Scheduling in Edge Clusters', 2021, 0, 5],
  ];
  for (const [title, year, scopus_indexed, citations] of pubs) await newPublication(t.db, collegeId, m.id, { title, year, scopus_indexed, citations });
  await newMou(t.db, collegeId, m.id, { organisation: 'Tata Consultancy Services', signed_on: '2024-07-15' });
  await newMou(t.db, collegeId, m.id, { organisation: 'IIIT Hyderabad', signed_on: '2023-11-02' });
  await newAward(t.db, collegeId, m.id, { title: 'Best Paper Award', awarded_on: '2024-03-09' });
  await newAward(t.db, collegeId, m.id, { title: 'Best Teacher Award', awarded_on: '2023-09-05' });
  return m;
}

describe('faculty database counts', () => {
  it("answers plain numbers from the faculty member's own records", async () => {
    const m = await withRecords();
    // Another member's records are not counted.
    const other = await member();
    await newPublication(t.db, collegeId, other.id, { scopus_indexed: 1, citations: 100 });
    await newAward(t.db, collegeId, other.id);
    expect(await counts(m.username, m.username)).toEqual({
      getReserachPapersBasedOnUserName: 5,
      getCountOfCitations: 14 + 22 + 9 + 3 + 5,
      getCountOfScoupos: 3,
      getMousCounByUserName: 2,
      getAwardsByFaculty: 2,
    });
    const raw = await count(m.username, 'getCountOfCitations', m.username);
    expect(raw.body).toBe('53');
  });

  it('answers 0 for a user with no records', async () => {
    const admin = await newUser(t.db, collegeId, { roles: [ROLES.ADMIN] });
    const principal = await newUser(t.db, collegeId, { roles: [ROLES.PRINCIPAL] });
    expect(Object.values(await counts(admin.username, principal.username))).toEqual([0, 0, 0, 0, 0]);
  });

  it("keeps a faculty member to their own figures and a HoD to their department", async () => {
    const m = await withRecords('CSE');
    const hod = await newUser(t.db, collegeId, { roles: [ROLES.HOD], program: 'CSE' });
    for (const citations of [31, 18, 6]) await newPublication(t.db, collegeId, hod.id, { citations });
    const ece = await withRecords('ECE');
    const admin = await newUser(t.db, collegeId, { roles: [ROLES.ADMIN] });
    const principal = await newUser(t.db, collegeId, { roles: [ROLES.PRINCIPAL] });

    expect((await count(m.username, 'getCountOfCitations', hod.username)).statusCode).toBe(403);
    expect((await count(hod.username, 'getCountOfCitations', m.username)).json()).toBe(53);
    expect((await count(hod.username, 'getCountOfCitations', ece.username)).statusCode).toBe(403);
    expect((await count(hod.username, 'getCountOfCitations', admin.username)).statusCode).toBe(403);
    expect((await count(principal.username, 'getCountOfCitations', hod.username)).json()).toBe(31 + 18 + 6);
  });

  it('needs userName (400), a token (401) and a faculty-db role (403)', async () => {
    const m = await withRecords();
    const accountant = await newUser(t.db, collegeId, { roles: [ROLES.ACCOUNTANT] });
    const missing = await t.as(m.username, { method: 'GET', url: `${DB}/getCountOfCitations` });
    expect(missing.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${DB}/getAwardsByFaculty?userName=${m.username}` })).statusCode).toBe(401);
    const res = await count(accountant.username, 'getAwardsByFaculty', m.username);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.noPermission);
  });
});

describe('getallprofiledata', () => {
  const url = (userId: string, over: Record<string, string | number> = {}) =>
    `${DB}/getallprofiledata?${new URLSearchParams({ collegeId: String(collegeId), financialYear: financialYear(), typeofInstitution: 'engineering', userId, ...over } as Record<string, string>)}`;
  /** A faculty member with this year's stored profile. */
  async function profiled() {
    const m = await member();
    await newFacultyProfile(t.db, collegeId, m.id, financialYear(), {
      designation: 'Assistant Professor',
      qualification: 'M.Tech, Ph.D',
      specialization: 'Machine Learning',
      experienceYears: 8,
    });
    return m;
  }

  it('returns the profile of the year as the first item', async () => {
    const m = await profiled();
    const res = await t.as(m.username, { method: 'GET', url: url(m.username) });
    expect(res.statusCode).toBe(200);
    const [p] = res.json();
    expect(p).toMatchObject({
      userId: m.username, fullName: 'Farida Rao', email: m.email, department: 'CSE', financialYear: financialYear(),
      designation: 'Assistant Professor', qualification: 'M.Tech, Ph.D', specialization: 'Machine Learning', experienceYears: 8, collegeId,
    });
  });

  it('still describes the user for a year without a stored profile, and is empty for an unknown user', async () => {
    const m = await profiled();
    const admin = await newUser(t.db, collegeId, { roles: [ROLES.ADMIN] });
    const [p] = (await t.as(m.username, { method: 'GET', url: url(m.username, { financialYear: '2001-2002' }) })).json();
    expect(p).toMatchObject({ fullName: 'Farida Rao', financialYear: '2001-2002', qualification: '' });
    expect((await t.as(admin.username, { method: 'GET', url: url('nobody') })).json()).toEqual([]);
  });

  it('answers 400 for a bad year, 403 for another college or user', async () => {
    const m = await profiled();
    const other = await profiled();
    const bad = await t.as(m.username, { method: 'GET', url: url(m.username, { financialYear: '2025' }) });
    expect(bad.statusCode).toBe(400);
    const elsewhere = await t.as(m.username, { method: 'GET', url: url(m.username, { collegeId: collegeId + 1 }) });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(FACULTY_MSG.otherCollege);
    expect((await t.as(m.username, { method: 'GET', url: url(other.username) })).statusCode).toBe(403);
  });
});

describe("a faculty member's own publications, MoUs and awards", () => {
  it('adds, edits and deletes a publication, and the dashboard counts follow', async () => {
    const m = await withRecords();
    const list = await t.as(m.username, { method: 'GET', url: '/api/faculty/publications' });
    expect(list.json()).toHaveLength(5);
    // Newest year first: the 2024 paper, Scopus-indexed.
    expect(list.json()[0]).toMatchObject({ title: 'Federated Learning for Privacy-Preserving Student Analytics', year: 2024, scopusIndexed: true, citations: 14 });
    const created = await t.as(m.username, {
      method: 'POST',
      url: '/api/faculty/publications',
      payload: { title: 'Quantum-Safe Exam Result Signing', journal: 'IEEE Access', year: 2025, scopusIndexed: true, citations: 4 },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(MSG.recordSaved);
    const id = created.json().id;
    // 53 + 4 citations, 3 + 1 Scopus
    expect(await counts(m.username, m.username)).toMatchObject({ getReserachPapersBasedOnUserName: 6, getCountOfCitations: 57, getCountOfScoupos: 4 });

    const edited = await t.as(m.username, {
      method: 'PUT',
      url: `/api/faculty/publications/${id}`,
      payload: { title: 'Quantum-Safe Exam Result Signing', journal: 'IEEE Access', year: 2025, scopusIndexed: false, citations: 10 },
    });
    expect(edited.json().message).toBe(MSG.recordModified);
    // 53 + 10 citations, back to 3 Scopus
    expect(await counts(m.username, m.username)).toMatchObject({ getCountOfCitations: 63, getCountOfScoupos: 3 });

    const removed = await t.as(m.username, { method: 'DELETE', url: `/api/faculty/publications/${id}` });
    expect(removed.json().message).toBe(MSG.deletedRecord);
    expect((await counts(m.username, m.username)).getReserachPapersBasedOnUserName).toBe(5);
  });

  it('answers 400 for each bad field and 409 for a duplicate', async () => {
    const m = await withRecords();
    const post = (payload: Record<string, unknown>) => t.as(m.username, { method: 'POST', url: '/api/faculty/publications', payload });
    const ok = { title: 'Paper', journal: '', year: 2024, scopusIndexed: false, citations: 0 };
    expect((await post({ ...ok, title: '' })).json().message).toBe(FACULTY_MSG.titleRequired);
    expect((await post({ ...ok, year: 1800 })).json().message).toBe(FACULTY_MSG.yearInvalid);
    expect((await post({ ...ok, year: 'soon' })).json().message).toBe(FACULTY_MSG.yearInvalid);
    expect((await post({ ...ok, citations: -1 })).json().message).toBe(FACULTY_MSG.citationsInvalid);
    expect((await post({ ...ok, citations: 1.5 })).statusCode).toBe(400);
    const dup = await post({ ...ok, title: 'a survey of graph neural networks for course recommendation', year: 2023 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(FACULTY_MSG.duplicatePublication);

    const mou = (payload: Record<string, unknown>) => t.as(m.username, { method: 'POST', url: '/api/faculty/mous', payload });
    expect((await mou({ organisation: '', purpose: '', signedOn: '2025-01-01' })).json().message).toBe(FACULTY_MSG.organisationRequired);
    expect((await mou({ organisation: 'NIT', purpose: '', signedOn: '2025-13-01' })).json().message).toBe(FACULTY_MSG.dateInvalid);
    const dupMou = await mou({ organisation: 'IIIT Hyderabad', signedOn: '2023-11-02' });
    expect(dupMou.statusCode).toBe(409);
    expect(dupMou.json().message).toBe(FACULTY_MSG.duplicateMou);
    const award = (payload: Record<string, unknown>) => t.as(m.username, { method: 'POST', url: '/api/faculty/awards', payload });
    expect((await award({ title: '', awardedOn: '2025-01-01' })).json().message).toBe(FACULTY_MSG.titleRequired);
    expect((await award({ title: 'Best Paper Award', awardedOn: '2024-03-09' })).json().message).toBe(FACULTY_MSG.duplicateAward);
    expect((await t.as(m.username, { method: 'GET', url: '/api/faculty/publications' })).json()).toHaveLength(5);
    // The same title is no duplicate for another member.
    const other = await member();
    const theirs = await t.as(other.username, {
      method: 'POST',
      url: '/api/faculty/publications',
      payload: { ...ok, title: 'A Survey of Graph Neural Networks for Course Recommendation', year: 2023 },
    });
    expect(theirs.statusCode).toBe(200);
  });

  it('adds an MoU and an award and lists them newest first', async () => {
    const m = await withRecords();
    const mo = await t.as(m.username, { method: 'POST', url: '/api/faculty/mous', payload: { organisation: 'NIT Warangal', purpose: 'Student exchange', signedOn: '2025-08-01' } });
    expect(mo.statusCode).toBe(200);
    const mous = (await t.as(m.username, { method: 'GET', url: '/api/faculty/mous' })).json();
    expect(mous.map((x: { signedOn: string }) => x.signedOn)).toEqual(['2025-08-01', '2024-07-15', '2023-11-02']);
    expect(mous[0]).toEqual({ id: mo.json().id, organisation: 'NIT Warangal', purpose: 'Student exchange', signedOn: '2025-08-01' });
    const a = await t.as(m.username, { method: 'POST', url: '/api/faculty/awards', payload: { title: 'Young Researcher', awardedBy: 'IEI', awardedOn: '2025-09-09' } });
    expect(a.statusCode).toBe(200);
    const awards = (await t.as(m.username, { method: 'GET', url: '/api/faculty/awards' })).json();
    expect(awards.map((x: { title: string }) => x.title)).toEqual(['Young Researcher', 'Best Paper Award', 'Best Teacher Award']);
    expect((await count(m.username, 'getAwardsByFaculty', m.username)).json()).toBe(3);
    expect((await count(m.username, 'getMousCounByUserName', m.username)).json()).toBe(3);
  });

  it("cannot touch another member's rows (404) and needs a faculty role (401/403)", async () => {
    const m = await withRecords();
    const hod = await newUser(t.db, collegeId, { roles: [ROLES.HOD], program: 'CSE' });
    await newPublication(t.db, collegeId, hod.id, { title: 'Explainable Models for Early Academic Risk Prediction', year: 2024, citations: 31 });
    const admin = await newUser(t.db, collegeId, { roles: [ROLES.ADMIN] });
    const hodPub = (await t.as(hod.username, { method: 'GET', url: '/api/faculty/publications' })).json()[0];
    expect(hodPub).toMatchObject({ title: 'Explainable Models for Early Academic Risk Prediction', citations: 31 });
    const put = await t.as(m.username, {
      method: 'PUT',
      url: `/api/faculty/publications/${hodPub.id}`,
      payload: { title: 'Hijack', journal: '', year: 2024, scopusIndexed: false, citations: 0 },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(FACULTY_MSG.notFound);
    expect((await t.as(m.username, { method: 'DELETE', url: `/api/faculty/publications/${hodPub.id}` })).statusCode).toBe(404);
    expect((await t.as(hod.username, { method: 'GET', url: '/api/faculty/publications' })).json()).toEqual([hodPub]);
    expect((await t.app.inject({ method: 'GET', url: '/api/faculty/awards' })).statusCode).toBe(401);
    expect((await t.as(admin.username, { method: 'GET', url: '/api/faculty/awards' })).statusCode).toBe(403);
  });
});
