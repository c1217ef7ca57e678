import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEMENT_MSG, type TDrive, type TEligibleList } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCompany, newDrive, newStudent } from '../../../test/modules/placements.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DEAN = 'placement';
const get = (url: string) => t.as(DEAN, { method: 'GET', url: `/api/placements${url}` });
const eligible = async (driveId: number) => (await get(`/drives/${driveId}/eligible`)).json() as TEligibleList;
const row = (l: TEligibleList, roll: string) => l.students.find((s) => s.rollNo === roll)!;

/** A CSE student of the batch with a school record: percent × 100 as stored, null for not recorded. */
async function student(batch: string, tenth: number | null, twelfth: number | null, gap: number | null) {
  const s = await newStudent(t, { batch, results: [[4, 8, 'Pass']] });
  await t.db
    .updateTable('students')
    .set({ tenth_percent_x100: tenth, twelfth_percent_x100: twelfth, gap_years: gap })
    .where('roll_no', '=', s.username)
    .execute();
  return s.username;
}

describe('drive rules: school marks, gap in studies, and a summary naming every rule', () => {
  it('the drive names every rule it sets: batch, branches, CGPA, backlogs, 10th, 12th, gap, attendance, no dues', async () => {
    const drive = await newDrive(t, {
      batch: '2031-2035',
      branches: ['CSE', 'ECE'],
      minCgpa: 6.5,
      maxBacklogs: 0,
      gender: 'FEMALE',
      minTenthPct: 60,
      minTwelfthPct: 65.5,
      maxGapYears: 1,
      minAttendance: 75,
      noFeeDues: true,
    });
    const d = (await get(`/drives/${drive.id}`)).json().drive as TDrive;
    expect(d).toMatchObject({ minTenthPct: 60, minTwelfthPct: 65.5, maxGapYears: 1, minAttendance: 75, noFeeDues: true });
    expect(d.rules).toEqual([
      'Batch 2031-2035',
      'Branches CSE, ECE',
      'Women only',
      'CGPA at least 6.50',
      'No active backlogs',
      '10th at least 60%',
      '12th / diploma at least 65.5%',
      'Gap in studies at most 1 year',
      'Attendance at least 75%',
      'No fee dues',
    ]);
    // The list the dean and students read carries the same rules.
    const listed = ((await get('/drives?batch=2031-2035')).json() as TDrive[]).find((x) => x.id === drive.id)!;
    expect(listed.rules).toEqual(d.rules);
    // A drive without limits names only batch and branches.
    const open = await newDrive(t, { batch: '2031-2035', branches: ['MECH'] });
    expect(((await get(`/drives/${open.id}`)).json().drive as TDrive).rules).toEqual(['Batch 2031-2035', 'Branches MECH']);
  });

  it('refuses a student below the 10th or 12th minimum, without a record, or with too long a gap', async () => {
    const batch = '2032-2036';
    const ok = await student(batch, 7250, 6800, 1);
    const lowTenth = await student(batch, 5990, 8000, 0);
    const lowTwelfth = await student(batch, 9000, 6499, 0);
    const unknown = await student(batch, null, null, null);
    const gap = await student(batch, 9000, 9000, 2);
    const drive = await newDrive(t, { batch, branches: ['CSE'], minTenthPct: 60, minTwelfthPct: 65, maxGapYears: 1 });
    const list = await eligible(drive.id);
    expect(row(list, ok)).toMatchObject({ eligible: true, reasons: [], tenthPct: 72.5, twelfthPct: 68, gapYears: 1 });
    expect(row(list, lowTenth).reasons).toEqual(['10th 59.9% is below 60%']);
    expect(row(list, lowTwelfth).reasons).toEqual(['12th / diploma 64.99% is below 65%']);
    expect(row(list, unknown).reasons).toEqual([
      '10th percentage is not on record; the drive asks for at least 60%',
      '12th / diploma percentage is not on record; the drive asks for at least 65%',
      'Gap in studies is not on record; at most 1 year allowed',
    ]);
    expect(row(list, gap).reasons).toEqual(['Gap in studies of 2 years; at most 1 year allowed']);

    // The same check decides an application: refused with the reason, nothing saved.
    const refused = await t.as(DEAN, {
      method: 'POST',
      url: `/api/placements/drives/${drive.id}/applications`,
      payload: { rollNo: gap },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${PLACEMENT_MSG.notEligible}: Gap in studies of 2 years; at most 1 year allowed`);
    const accepted = await t.as(DEAN, {
      method: 'POST',
      url: `/api/placements/drives/${drive.id}/applications`,
      payload: { rollNo: ok },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await get(`/drives/${drive.id}`)).json().applications.map((a: { rollNo: string }) => a.rollNo)).toEqual([ok]);
  });

  it('a drive with no school limits lets a student without a record apply', async () => {
    const batch = '2033-2037';
    const unknown = await student(batch, null, null, null);
    const drive = await newDrive(t, { batch, branches: ['CSE'] });
    expect(row(await eligible(drive.id), unknown)).toMatchObject({ eligible: true, tenthPct: null, gapYears: null });
  });

  it('answers impossible limits with a 400 and a message, saving no drive', async () => {
    const company = await newCompany(t);
    const base = {
      companyId: company.id,
      driveDate: '2031-02-01',
      roles: 'GET',
      ctcRupees: 600_000,
      batch: '2031-2035',
      branches: ['CSE'],
    };
    const post = (extra: Record<string, unknown>) =>
      t.as(DEAN, { method: 'POST', url: '/api/placements/drives', payload: { ...base, ...extra } });
    const high = await post({ minTenthPct: 101 });
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toBe('The 10th percentage is between 0 and 100');
    const fine = await post({ minTwelfthPct: 60.123 });
    expect(fine.statusCode).toBe(400);
    expect(fine.json().message).toBe('Give the 12th / diploma percentage with at most two decimals');
    const gap = await post({ maxGapYears: -1 });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().message).toBe('The gap cannot be negative');
    const saved = await t.db.selectFrom('placement_drives').select('id').where('company_id', '=', company.id).execute();
    expect(saved).toEqual([]);
  });
});
