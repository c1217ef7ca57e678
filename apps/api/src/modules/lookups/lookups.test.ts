import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const V1 = '/api/v1';
const asStaff = (url: string, host?: string) =>
  t.as(host ? 'srkadmissions' : 'admissions', { method: 'GET', url: `${V1}/${url}` }, host);
const pub = (url: string) => t.app.inject({ method: 'GET', url: `${V1}/${url}` });

describe('seat types', () => {
  it('getSeatTypes lists the seeded seat types as {seatTypeId, seatType}', async () => {
    const res = await asStaff('getSeatTypes');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((s: { seatType: string }) => s.seatType)).toEqual(['Convener', 'Management', 'NRI', 'Spot']);
    expect(typeof body[0].seatTypeId).toBe('number');
  });

  it('getSeatTypesAsDrop gives "label,value" strings matching the ids', async () => {
    const [drop, full] = await Promise.all([asStaff('getSeatTypesAsDrop'), asStaff('getSeatTypes')]);
    expect(drop.json()).toEqual(
      full.json().map((s: { seatType: string; seatTypeId: number }) => `${s.seatType},${s.seatTypeId}`),
    );
  });
});

describe('academic structure (public)', () => {
  it('getDegreeByLevel filters by level, case-insensitively, and lists all without one', async () => {
    expect((await pub('getDegreeByLevel?level=PG')).json()).toEqual(['M.Tech', 'MBA']);
    expect((await pub('getDegreeByLevel?level=ug')).json()).toEqual(['B.Tech']);
    expect((await pub('getDegreeByLevel')).json()).toEqual(['B.Tech', 'M.Tech', 'MBA', 'Diploma']);
    expect((await pub('getDegreeByLevel?level=PHD')).json()).toEqual([]);
  });

  it('courses/view gives courseId, courseName and level', async () => {
    const body = (await pub('courses/view')).json();
    expect(body).toHaveLength(4);
    expect(body[0]).toMatchObject({ courseName: 'B.Tech', level: 'UG' });
    expect(typeof body[0].courseId).toBe('number');
  });

  it('getBatchesByDegrees and getBatches list the course batches; degree is required', async () => {
    const a = (await pub('getBatchesByDegrees?degree=B.Tech')).json();
    const b = (await pub('getBatches?degree=B.Tech')).json();
    expect(a).toEqual(['2025-2029', '2024-2028', '2023-2027', '2022-2026']);
    expect(b).toEqual(a);
    expect((await pub('getBatches?degree=MBA')).json()).toEqual(['2025-2027', '2024-2026', '2023-2025', '2022-2024']);
    const missing = await pub('getBatches');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('degree is required');
  });

  it('getBranchesShortForms and getAllbranchesbasedonleveldegree list a course branches', async () => {
    expect((await pub('getBranchesShortForms?course=B.Tech&batch=2025-2029')).json()).toEqual([
      'CSE',
      'ECE',
      'EEE',
      'MECH',
      'CIVIL',
    ]);
    expect((await pub('getBranchesShortForms?course=M.Tech')).json()).toEqual(['CSE', 'ECE']);
    expect((await pub('getAllbranchesbasedonleveldegree?level=PG&course=M.Tech')).json()).toEqual(['CSE', 'ECE']);
    expect((await pub('getAllbranchesbasedonleveldegree?level=UG&course=M.Tech')).json()).toEqual([]);
    expect((await pub('getBranchesShortForms')).statusCode).toBe(400);
  });

  it('getDistinct/SemesterMaintenanceSemesters lists semesters in order for the course length', async () => {
    expect((await pub('getDistinct/SemesterMaintenanceSemesters?course=B.Tech')).json()).toEqual([
      'I-I',
      'I-II',
      'II-I',
      'II-II',
      'III-I',
      'III-II',
      'IV-I',
      'IV-II',
    ]);
    expect((await pub('getDistinct/SemesterMaintenanceSemesters?course=MBA')).json()).toEqual(['I-I', 'I-II', 'II-I', 'II-II']);
  });
});

describe('admission lookups (admission roles)', () => {
  it('getAgentsForDropdown lists agent names', async () => {
    expect((await asStaff('getAgentsForDropdown')).json()).toEqual([
      'Direct',
      'Sri Sai Consultancy',
      'Vidya Educational Services',
      'Bright Future Admissions',
    ]);
  });

  it('getKeyValuePair answers entrancetype, Nationality and Religion as {key, value}', async () => {
    const entrance = (await asStaff('getKeyValuePair?key=entrancetype')).json();
    expect(entrance.map((e: { key: string }) => e.key)).toEqual(['ICET', 'PGECT', 'POLYCET', 'EAPCET', 'ECET']);
    expect(entrance[0]).toEqual({ key: 'ICET', value: 'ICET' });
    expect((await asStaff('getKeyValuePair?key=Nationality')).json().map((e: { value: string }) => e.value)).toEqual([
      'Indian',
      'NRI',
      'Other',
    ]);
    expect((await asStaff('getKeyValuePair?key=Religion')).json()).toHaveLength(7);
    expect((await asStaff('getKeyValuePair?key=unknownKind')).json()).toEqual([]);
    expect((await asStaff('getKeyValuePair')).statusCode).toBe(400);
  });

  it('getAllCasteCatogeries and getAllSubCastesByCaste/{caste}', async () => {
    expect((await asStaff('getAllCasteCatogeries')).json()).toEqual(['OC', 'BC-A', 'BC-B', 'BC-C', 'BC-D', 'BC-E', 'SC', 'ST']);
    expect((await asStaff('getAllSubCastesByCaste/ST')).json()).toEqual(['Lambadi', 'Koya', 'Gond', 'Yerukula']);
    expect((await asStaff(`getAllSubCastesByCaste/${encodeURIComponent('BC-A')}`)).json()).toEqual([
      'Agnikulakshatriya',
      'Vadabalija',
      'Rajaka',
    ]);
    expect((await asStaff('getAllSubCastesByCaste/NONE')).json()).toEqual([]);
  });

  it('getAdmissionTypes: Direct/Lateral/Transfer, or the seat types for a college configured so', async () => {
    expect((await asStaff('getAdmissionTypes')).json()).toEqual(['Direct', 'Lateral', 'Transfer']);
    expect((await asStaff('getAdmissionTypes', 'srk.localhost')).json()).toEqual(['Convener', 'Management', 'NRI', 'Spot']);
  });

  it('admission settings name the fee package per college', async () => {
    const main = await t.as('admissions', { method: 'GET', url: '/api/admissions/settings' });
    expect(main.json()).toEqual({ collegeCode: 'SVEC', feePackage: false, admissionTypesFromSeatTypes: false });
    const srk = await t.as('srkadmissions', { method: 'GET', url: '/api/admissions/settings' }, 'srk.localhost');
    expect(srk.json()).toEqual({ collegeCode: 'SRK', feePackage: true, admissionTypesFromSeatTypes: true });
  });

  it('principal and admin may read them too', async () => {
    for (const user of ['admin', 'principal']) {
      expect((await t.as(user, { method: 'GET', url: `${V1}/getAllCasteCatogeries` })).statusCode).toBe(200);
    }
  });

  it('answers 401 without a token and 403 for a role outside admissions', async () => {
    for (const path of [
      'getSeatTypes',
      'getSeatTypesAsDrop',
      'getAgentsForDropdown',
      'getKeyValuePair?key=Religion',
      'getAllCasteCatogeries',
      'getAllSubCastesByCaste/OC',
      'getAdmissionTypes',
    ]) {
      const anon = await pub(path);
      expect(anon.statusCode, path).toBe(401);
      expect(anon.json().message).toBe(MSG.signInRequired);
      const student = await t.as('examcell', { method: 'GET', url: `${V1}/${path}` });
      expect(student.statusCode, path).toBe(403);
      expect(student.json().message).toBe(MSG.noPermission);
    }
  });

  it('each college sees only its own lookups', async () => {
    await t.db
      .insertInto('agents')
      .values({
        college_id: (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SRK').executeTakeFirstOrThrow()).id,
        name: 'SRK Only Agent',
      })
      .execute();
    expect((await asStaff('getAgentsForDropdown', 'srk.localhost')).json()).toContain('SRK Only Agent');
    expect((await asStaff('getAgentsForDropdown')).json()).not.toContain('SRK Only Agent');
  });
});
