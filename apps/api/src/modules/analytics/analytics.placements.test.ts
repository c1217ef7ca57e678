import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCollege, newPlacementCompany, newStudent, newUser } from '../../../test/builders.js';
import { nowIso } from '../../db/index.js';

/**
 * Placement figures in a college of its own. Academic year 2030 (2030-31): the batch leaving is
 * 2027-2031. CSE: three students, S1 with two offers (₹6 and ₹9 lakh; best ₹9 lakh), S2 one of
 * ₹4 lakh, S3 none. ECE: two students, E1 one offer of ₹12 lakh. No results, so no backlogs:
 * everyone is eligible. Last year's batch (2026-2030): one CSE student with a ₹5 lakh offer.
 *   CSE: placed 2 of 3 = 66.67 %, offers 3, highest ₹9,00,000, median (4 + 9) / 2 = ₹6,50,000
 *   ECE: placed 1 of 2 = 50 %, offers 1, highest = median = ₹12,00,000
 *   All: placed 3 of 5 = 60 %, offers 4, highest ₹12,00,000, median of 4, 9, 12 = ₹9,00,000
 */
let t: TestApp;
let c: { id: number; code: string; host: string };
let principal: string;
const BATCH = '2027-2031';

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  principal = (await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] })).username;
  const company = await newPlacementCompany(t.db, c.id);
  const drive = await company.drive({ date: '2030-11-02', batch: BATCH });
  const dreamDrive = await company.drive({ date: '2030-12-02', batch: BATCH });
  const lastDrive = await company.drive({ date: '2029-11-02', batch: '2026-2030' });
  const student = (branch: string, batch = BATCH) => newStudent(t.db, c.id, { branch, batch });
  const [s1, s2] = [await student('CSE'), await student('CSE')];
  await student('CSE');
  const e1 = await student('ECE');
  await student('ECE');
  const old = await student('CSE', '2026-2030');
  const offer = (driveId: number, studentId: number, lakh: number, slot = 1) =>
    t.db
      .insertInto('placement_offers')
      .values({ college_id: c.id, drive_id: driveId, student_id: studentId, slot, ctc_paise: lakh * 100_000 * 100, joining_date: '2031-07-01', letter_path: null, created_by: null, created_at: nowIso() })
      .execute();
  await offer(drive, s1.id, 6);
  await offer(dreamDrive, s1.id, 9, 2);
  await offer(drive, s2.id, 4);
  await offer(drive, e1.id, 12);
  await offer(lastDrive, old.id, 5);
});
afterAll(async () => t.close());

const get = (who: string, url: string) => t.as(who, { method: 'GET', url }, c.host);

describe('GET /api/analytics/placements', () => {
  it('gives offers, % placed, highest and median CTC by branch of the batch leaving, last year beside', async () => {
    const res = await get(principal, '/api/analytics/placements?year=2030');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.year).toEqual({ year: 2030, label: '2030-31' });
    expect(f.batches).toHaveLength(1);
    const [b] = f.batches;
    expect(b.batch).toBe(BATCH);
    const pick = (l: Record<string, unknown>) => ({
      branch: l.branch,
      students: l.students,
      placed: l.placed,
      placementPercent: l.placementPercent,
      offers: l.offers,
      highestCtcRupees: l.highestCtcRupees,
      medianCtcRupees: l.medianCtcRupees,
    });
    expect(b.branches.map(pick)).toEqual([
      { branch: 'CSE', students: 3, placed: 2, placementPercent: 66.67, offers: 3, highestCtcRupees: 900_000, medianCtcRupees: 650_000 },
      { branch: 'ECE', students: 2, placed: 1, placementPercent: 50, offers: 1, highestCtcRupees: 1_200_000, medianCtcRupees: 1_200_000 },
    ]);
    expect(pick(b.total)).toEqual({ branch: 'All', students: 5, placed: 3, placementPercent: 60, offers: 4, highestCtcRupees: 1_200_000, medianCtcRupees: 900_000 });
    expect(f.lastYearBatches.map((x: { batch: string; total: { placed: number; highestCtcRupees: number } }) => [x.batch, x.total.placed, x.total.highestCtcRupees])).toEqual([
      ['2026-2030', 1, 500_000],
    ]);
  });

  it('is the placement cell’s own Statistics for the batch', async () => {
    const mine = (await get(principal, '/api/analytics/placements?year=2030')).json();
    const office = await get(principal, `/api/placements/stats?batch=${BATCH}`);
    expect(office.statusCode, office.body).toBe(200);
    expect(mine.batches[0]).toEqual(office.json());
  });

  it('lets the chairman, correspondent, dean and director read the cell’s statistics they drill to, and write nothing there', async () => {
    for (const role of ['ROLE_CHAIRMAN', 'ROLE_CORRESPONDENCE', 'ROLE_DEAN', 'ROLE_DIRECTOR']) {
      const who = (await newUser(t.db, c.id, { roles: [role] })).username;
      const stats = await get(who, `/api/placements/stats?batch=${BATCH}`);
      expect(stats.statusCode, role).toBe(200);
      expect(stats.json()).toEqual((await get(principal, `/api/placements/stats?batch=${BATCH}`)).json());
      const write = await t.as(who, { method: 'POST', url: '/api/placements/companies', payload: { name: 'Leadership Co' } }, c.host);
      expect(write.statusCode, role).toBe(403);
    }
  });

  it('has nothing for a year no batch leaves in, and refuses a bad year with its message', async () => {
    expect((await get(principal, '/api/analytics/placements?year=2040')).json().batches).toEqual([]);
    const bad = await get(principal, '/api/analytics/placements?year=20x0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/year must be the first year/);
  });

  it('refuses students, faculty and clerks', async () => {
    const student = (await newStudent(t.db, c.id, { batch: BATCH, login: true })).username!;
    const faculty = (await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], faculty: true })).username;
    const clerk = (await newUser(t.db, c.id, { roles: ['ROLE_ACCOUNTANT'] })).username;
    for (const who of [student, faculty, clerk]) expect((await get(who, '/api/analytics/placements')).statusCode, who).toBe(403);
  });
});
