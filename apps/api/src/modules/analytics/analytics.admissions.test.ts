import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../db/index.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCollege, newStudent, newUser } from '../../../test/builders.js';

/**
 * Admissions figures of 2025-26 in a college of its own: six admissions (and one of 2024-25, one
 * of 2026-27), four online applications, intakes entered by the office. Expected figures by hand.
 */
let t: TestApp;
let c: { id: number; code: string; host: string };
let principal: string;
let office: string;
let n = 0;

async function admit(branch: string, date: string, seatType: string, category: string) {
  n++;
  await t.db
    .insertInto('admissions')
    .values({
      college_id: c.id,
      admission_no: `${c.code}/A/${n}`,
      aadhar_no: String(500_000_000_000 + n),
      name: `Student ${n}`,
      course: 'B.Tech',
      batch: '2025-2029',
      branch,
      gender: 'MALE',
      date_of_admission: date,
      data_json: JSON.stringify({ seatType, category }),
      photo_path: null,
      created_by: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
}
async function apply(branch: string, createdAt: string, status: string) {
  n++;
  await t.db
    .insertInto('online_applications')
    .values({
      college_id: c.id,
      application_no: `APP-${n}`,
      aadhar_no: String(600_000_000_000 + n),
      name: `Applicant ${n}`,
      date_of_birth: '2007-01-01',
      course: 'B.Tech',
      batch: '2025-2029',
      branch,
      mobile: '9876543210',
      email: 'a@example.org',
      data_json: '{}',
      status,
      admission_id: null,
      admission_no: null,
      decided_by: null,
      decided_at: null,
      created_at: createdAt,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  principal = (await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] })).username;
  office = (await newUser(t.db, c.id, { roles: ['ROLE_ADMISSIONS'] })).username;
  // 2025-26 runs from 1 May 2025 to 30 April 2026 (by the date of admission).
  await admit('CSE', '2025-08-01', 'Convener', 'OC');
  await admit('CSE', '2025-08-02', 'convenor', 'BC-A');
  await admit('CSE', '2026-04-30', 'management', 'bc a');
  await admit('ECE', '2025-05-01', 'NRI', 'SC');
  await admit('ECE', '2025-09-10', 'Spot', 'ST');
  await admit('ECE', '2025-09-11', 'Lateral', 'EWS'); // a seat type outside the quotas: Other
  await admit('CSE', '2025-04-30', 'Convener', 'OC'); // 2024-25
  await admit('CSE', '2026-05-01', 'Convener', 'OC'); // 2026-27: in neither year
  await apply('CSE', '2025-05-01T00:00:00.000Z', 'accepted');
  await apply('CSE', '2025-11-20T10:00:00.000Z', 'pending');
  await apply('MECH', '2026-01-05T10:00:00.000Z', 'rejected');
  await apply('CSE', '2025-04-30T23:00:00.000Z', 'pending'); // 2024-25
  for (const [year, intakes] of [
    [
      2025,
      [
        { course: 'B.Tech', branch: 'CSE', intake: 60 },
        { course: 'B.Tech', branch: 'ECE', intake: 2 },
      ],
    ],
    [2024, [{ course: 'B.Tech', branch: 'ECE', intake: 50 }]],
  ] as const) {
    const saved = await t.as(office, { method: 'PUT', url: '/api/admissions/intakes', payload: { year, intakes } }, c.host);
    expect(saved.statusCode, saved.body).toBe(200);
  }
});
afterAll(async () => t.close());

const get = (who: string, url: string) => t.as(who, { method: 'GET', url }, c.host);

describe('GET /api/analytics/admissions', () => {
  it('counts applications and admissions by quota, category and branch against the intake, last year beside', async () => {
    const res = await get(principal, '/api/analytics/admissions?year=2025');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.year).toEqual({ year: 2025, label: '2025-26' });
    expect(f.lastYear).toEqual({ year: 2024, label: '2024-25' });
    // Intake 60 + 2; open 60 − 3 = 57 and none in ECE (3 admitted against 2).
    expect(f.totals).toEqual({
      applications: 3,
      admitted: 6,
      intake: 62,
      open: 57,
      lastYearApplications: 1,
      lastYearAdmitted: 1,
    });
    expect(f.byQuota).toEqual([
      { name: 'Convener', admitted: 2, lastYearAdmitted: 1 },
      { name: 'Management', admitted: 1, lastYearAdmitted: 0 },
      { name: 'NRI', admitted: 1, lastYearAdmitted: 0 },
      { name: 'Spot', admitted: 1, lastYearAdmitted: 0 },
      { name: 'Other', admitted: 1, lastYearAdmitted: 0 },
    ]);
    expect(f.byCategory).toEqual([
      { name: 'OC', admitted: 1, lastYearAdmitted: 1 },
      { name: 'BC-A', admitted: 2, lastYearAdmitted: 0 },
      { name: 'BC-B', admitted: 0, lastYearAdmitted: 0 },
      { name: 'BC-C', admitted: 0, lastYearAdmitted: 0 },
      { name: 'BC-D', admitted: 0, lastYearAdmitted: 0 },
      { name: 'BC-E', admitted: 0, lastYearAdmitted: 0 },
      { name: 'SC', admitted: 1, lastYearAdmitted: 0 },
      { name: 'ST', admitted: 1, lastYearAdmitted: 0 },
      { name: 'EWS', admitted: 1, lastYearAdmitted: 0 },
    ]);
    expect(f.byBranch).toEqual([
      {
        course: 'B.Tech',
        branch: 'CSE',
        intake: 60,
        applications: 2,
        admitted: 3,
        open: 57,
        lastYearIntake: null,
        lastYearAdmitted: 1,
        byQuota: { Convener: 2, Management: 1 },
      },
      {
        course: 'B.Tech',
        branch: 'ECE',
        intake: 2,
        applications: 0,
        admitted: 3,
        open: 0,
        lastYearIntake: 50,
        lastYearAdmitted: 0,
        byQuota: { NRI: 1, Spot: 1, Other: 1 },
      },
      {
        course: 'B.Tech',
        branch: 'MECH',
        intake: null,
        applications: 1,
        admitted: 0,
        open: null,
        lastYearIntake: null,
        lastYearAdmitted: 0,
        byQuota: {},
      },
    ]);
  });

  it('equals the admissions office’s own list filtered to the same branch, quota and year', async () => {
    const f = (await get(principal, '/api/analytics/admissions?year=2025')).json();
    for (const b of f.byBranch)
      for (const [quota, admitted] of Object.entries(b.byQuota)) {
        const list = await get(office, `/api/admissions/applications?branch=${b.branch}&quota=${quota}&year=2025&limit=1`);
        expect(list.statusCode).toBe(200);
        expect(list.json().total, `${b.branch} ${quota}`).toBe(admitted);
      }
    const all = await get(office, '/api/admissions/applications?year=2025');
    expect(all.json().total).toBe(f.totals.admitted);
    // Leadership reads the list it drills down to.
    const cse = await get(principal, '/api/admissions/applications?branch=CSE&quota=Convener&year=2025');
    expect(
      cse
        .json()
        .items.map((i: { applicationFormExcelM: { category: string } }) => i.applicationFormExcelM.category)
        .sort(),
    ).toEqual(['BC-A', 'OC']);
  });

  it('takes this academic year when none is asked, and refuses a year that is not one with its message', async () => {
    expect((await get(principal, '/api/analytics/admissions')).statusCode).toBe(200);
    for (const bad of ['26', '2025-26', 'abcd', '1850', '3000']) {
      const res = await get(principal, `/api/analytics/admissions?year=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toMatch(/^year must be/);
    }
  });

  it('lets the admissions office enter intakes, audited, and refuses a branch listed twice', async () => {
    const twice = await t.as(
      office,
      {
        method: 'PUT',
        url: '/api/admissions/intakes',
        payload: {
          year: 2025,
          intakes: [
            { course: 'B.Tech', branch: 'CSE', intake: 60 },
            { course: 'B.Tech', branch: 'CSE', intake: 30 },
          ],
        },
      },
      c.host,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('CSE of B.Tech is listed twice');
    const read = await get(office, '/api/admissions/intakes?year=2025');
    expect(read.json()).toEqual({
      year: 2025,
      intakes: [
        { course: 'B.Tech', branch: 'CSE', intake: 60 },
        { course: 'B.Tech', branch: 'ECE', intake: 2 },
      ],
    });
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('college_id', '=', c.id)
      .where('action', '=', 'admission_intake.save')
      .execute();
    expect(audited.map((a) => String(a.entity_id)).sort()).toEqual(['2024', '2025']);
    const chairman = (await newUser(t.db, c.id, { roles: ['ROLE_CHAIRMAN'] })).username;
    expect(
      (await t.as(chairman, { method: 'PUT', url: '/api/admissions/intakes', payload: { year: 2025, intakes: [] } }, c.host))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a student, a faculty member and an office clerk', async () => {
    const student = (await newStudent(t.db, c.id, { login: true })).username!;
    const faculty = (await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], faculty: true })).username;
    const clerk = (await newUser(t.db, c.id, { roles: ['ROLE_ACCOUNTANT'] })).username;
    for (const who of [student, faculty, clerk, office])
      expect((await get(who, '/api/analytics/admissions?year=2025')).statusCode, who).toBe(403);
  });
});
