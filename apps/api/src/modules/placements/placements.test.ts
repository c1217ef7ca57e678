import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG, PLACEMENT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { clock } from '../../lib/clock.js';
import { attendancePercentages } from '../attendance/index.js';
import { attendanceProvider, setAttendanceProvider } from './placements.attendance.js';
import { multipartFiles, newCompany, newDrive, newStudent, PDF } from '../../../test/modules/placements.js';
import { owes } from '../../../test/modules/payments.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(clock, 'now').mockReturnValue(new Date('2031-01-05T04:30:00Z'));
});

const apply = (as: string, driveId: number, payload?: Record<string, unknown>) =>
  t.as(as, {
    method: 'POST',
    url: `/api/placements/drives/${driveId}/applications`,
    ...(payload ? { payload } : { payload: {} }),
  });
const eligible = async (driveId: number) => {
  const res = await t.as('placement', { method: 'GET', url: `/api/placements/drives/${driveId}/eligible` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    attendanceChecked: boolean;
    students: Array<{ rollNo: string; eligible: boolean; reasons: string[]; cgpa: number; activeBacklogs: number }>;
  };
};
const row = (list: Awaited<ReturnType<typeof eligible>>, rollNo: string) => list.students.find((s) => s.rollNo === rollNo)!;
const round = (driveId: number, name: string, results: Array<[string, string]>) =>
  t.as('placement', {
    method: 'POST',
    url: `/api/placements/drives/${driveId}/rounds`,
    payload: { name, heldOn: '2031-02-01', results: results.map(([rollNo, result]) => ({ rollNo, result })) },
  });
const offer = (driveId: number, rollNo: string, extra: Record<string, unknown> = {}) =>
  t.as('placement', {
    method: 'POST',
    url: '/api/placements/offers',
    payload: { driveId, rollNo, role: 'Graduate Engineer Trainee', joiningDate: '2031-07-01', ...extra },
  });
const setPolicy = (payload: Record<string, unknown>) =>
  t.as('placement', {
    method: 'PUT',
    url: '/api/placements/settings',
    payload: { noShowBarDrives: 2, offerPolicy: 'dream', dreamCtcRupees: 1_000_000, ...payload },
  });

describe('companies', () => {
  it('adds a company, refuses a duplicate name and bad contacts', async () => {
    const name = `Infosys ${Date.now()}`;
    const res = await t.as('placement', {
      method: 'POST',
      url: '/api/placements/companies',
      payload: {
        name,
        sector: 'IT services',
        website: 'https://www.infosys.com',
        hrEmail: 'campus@infosys.com',
        hrPhone: '9876543210',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name, hrEmail: 'campus@infosys.com', drives: 0 });
    const dup = await t.as('placement', {
      method: 'POST',
      url: '/api/placements/companies',
      payload: { name: name.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(PLACEMENT_MSG.companyExists);
    expect(
      (
        await t.as('placement', { method: 'POST', url: '/api/placements/companies', payload: { name: 'X', hrEmail: 'nope' } })
      ).json().message,
    ).toBe('Give a valid HR email');
    expect(
      (await t.as('placement', { method: 'POST', url: '/api/placements/companies', payload: { name: '' } })).json().message,
    ).toBe('Give the company name');
    const student = await newStudent(t, { batch: '2030-2034' });
    expect(
      (await t.as(student.username, { method: 'POST', url: '/api/placements/companies', payload: { name: 'Y' } })).statusCode,
    ).toBe(403);
  });
});

describe('eligibility from results, payments and the drive’s rules', () => {
  it('lists every student of the batch with the reasons an ineligible one is not eligible', async () => {
    const batch = '2030-2034';
    // (4×9 + 3×7) / 7 = 8.14
    const good = await newStudent(t, {
      batch,
      results: [
        [4, 9, 'Pass'],
        [3, 7, 'Pass'],
      ],
    });
    // (4×6 + 3×7) / 7 = 6.43
    const low = await newStudent(t, {
      batch,
      results: [
        [4, 6, 'Pass'],
        [3, 7, 'Pass'],
      ],
    });
    // CGPA over the passed course: 10; the failed course is an active backlog.
    const backlog = await newStudent(t, {
      batch,
      results: [
        [4, 10, 'Pass'],
        [3, 0, 'Fail'],
      ],
    });
    const mech = await newStudent(t, { batch, branch: 'MECH', results: [[4, 9, 'Pass']] });
    const drive = await newDrive(t, { batch, minCgpa: 7, maxBacklogs: 0, branches: ['CSE', 'ECE'] });
    const list = await eligible(drive.id);
    // The attendance module registers its provider when the app starts.
    expect(list.attendanceChecked).toBe(true);
    expect(row(list, good.username)).toMatchObject({ eligible: true, reasons: [], cgpa: 8.14, activeBacklogs: 0 });
    expect(row(list, low.username)).toMatchObject({ eligible: false, reasons: ['CGPA 6.43 is below 7.00'] });
    expect(row(list, backlog.username)).toMatchObject({
      eligible: false,
      cgpa: 10,
      activeBacklogs: 1,
      reasons: ['1 active backlog; at most 0 allowed'],
    });
    expect(row(list, mech.username).reasons).toEqual(['Branch MECH is not among CSE, ECE']);

    // The student applies; the server checks eligibility again.
    const ok = await apply(good.username, drive.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ rollNo: good.username, status: 'applied', hasResume: false });
    const again = await apply(good.username, drive.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PLACEMENT_MSG.alreadyApplied);
    const refused = await apply(low.username, drive.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`${PLACEMENT_MSG.notEligible}: CGPA 6.43 is below 7.00`);
    // A student sees their batch's drives with the verdict, but not the eligibility list.
    const mine = (await t.as(low.username, { method: 'GET', url: '/api/placements/drives' })).json();
    expect(mine.find((d: { id: number }) => d.id === drive.id)).toMatchObject({
      eligible: false,
      reasons: ['CGPA 6.43 is below 7.00'],
      applied: false,
    });
    expect((await t.as(low.username, { method: 'GET', url: `/api/placements/drives/${drive.id}/eligible` })).statusCode).toBe(
      403,
    );
  });

  it('applies the gender restriction, fee dues and (with a provider) minimum attendance', async () => {
    const batch = '2030-2034';
    const her = await newStudent(t, { batch, gender: 'FEMALE', results: [[4, 8, 'Pass']] });
    const him = await newStudent(t, { batch, gender: 'MALE', results: [[4, 8, 'Pass']] });
    // He owes a year's tuition in the ledger; she owes nothing.
    await owes(t, him.studentId!);
    const drive = await newDrive(t, { batch, gender: 'FEMALE', noFeeDues: true, minAttendance: 75 });
    let list = await eligible(drive.id);
    expect(row(list, her.username).reasons).toEqual([]);
    expect(row(list, him.username).reasons).toEqual(['The company restricts this drive to women', 'Fee dues outstanding']);
    // buildApp wired the attendance module's figures in (modules/wiring.ts); this test swaps in its own.
    const wired = attendanceProvider();
    expect(wired).toBe(attendancePercentages);
    setAttendanceProvider(async (_db, _c, ids) => new Map(ids.map((id) => [id, id === her.studentId ? 70 : 90])));
    try {
      list = await eligible(drive.id);
      expect(list.attendanceChecked).toBe(true);
      expect(row(list, her.username).reasons).toEqual(['Attendance 70% is below 75%']);
    } finally {
      setAttendanceProvider(wired);
    }
  });

  it('takes a resume as a PDF only, judged by its bytes', async () => {
    const s = await newStudent(t, { batch: '2030-2034', results: [[4, 8, 'Pass']] });
    const drive = await newDrive(t, { batch: '2030-2034' });
    const send = (data: Buffer) =>
      t.as(s.username, {
        method: 'POST',
        url: `/api/placements/drives/${drive.id}/applications`,
        ...multipartFiles([{ name: 'resume', filename: 'resume.pdf', data }]),
      });
    const fake = await send(Buffer.from('PK\x03\x04 a zip named pdf'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(PLACEMENT_MSG.resumePdf);
    const ok = await send(PDF);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().hasResume).toBe(true);
  });
});

describe('no-shows', () => {
  it('bars a student who applied and did not turn up from the batch’s next two drives (configurable)', async () => {
    const batch = '2031-2035';
    const s = await newStudent(t, { batch, results: [[4, 8, 'Pass']] });
    const mate = await newStudent(t, { batch, results: [[4, 8, 'Pass']] });
    const d1 = await newDrive(t, { batch, driveDate: '2031-02-01' });
    const d2 = await newDrive(t, { batch, driveDate: '2031-02-10' });
    const d3 = await newDrive(t, { batch, driveDate: '2031-02-20' });
    const d4 = await newDrive(t, { batch, driveDate: '2031-03-01' });
    expect((await apply(s.username, d1.id)).statusCode).toBe(200);
    expect((await apply(mate.username, d1.id)).statusCode).toBe(200);
    const r = await round(d1.id, 'Aptitude', [
      [s.username, 'absent'],
      [mate.username, 'qualified'],
    ]);
    expect(r.statusCode).toBe(200);
    expect(r.json().applications.find((a: { rollNo: string }) => a.rollNo === s.username).status).toBe('no_show');
    const why = `Barred after not attending the ${d1.company} drive on 01-02-2031`;
    expect(row(await eligible(d2.id), s.username).reasons).toEqual([why]);
    expect(row(await eligible(d3.id), s.username).reasons).toEqual([why]);
    expect(row(await eligible(d4.id), s.username).reasons).toEqual([]);
    expect(row(await eligible(d2.id), mate.username).reasons).toEqual([]);
    const refused = await apply(s.username, d2.id);
    expect(refused.json().message).toBe(`${PLACEMENT_MSG.notEligible}: ${why}`);
    expect((await setPolicy({ noShowBarDrives: 1 })).statusCode).toBe(200);
    try {
      expect(row(await eligible(d3.id), s.username).reasons).toEqual([]);
    } finally {
      await setPolicy({});
    }
  });
});

describe('rounds and offers', () => {
  it('takes into a later round only those who qualified in the one before; an offer needs every round cleared', async () => {
    const batch = '2032-2036';
    const [a, b, c] = [await newStudent(t, { batch }), await newStudent(t, { batch }), await newStudent(t, { batch })];
    const outsider = await newStudent(t, { batch });
    const d = await newDrive(t, { batch, ctcRupees: 700_000 });
    for (const s of [a, b, c]) expect((await apply(s.username, d.id)).statusCode).toBe(200);
    const notApplied = await round(d.id, 'Aptitude', [[outsider.username, 'qualified']]);
    expect(notApplied.statusCode).toBe(400);
    expect(notApplied.json().message).toBe(PLACEMENT_MSG.notApplicant(outsider.username));
    expect(
      (
        await round(d.id, 'Aptitude', [
          [a.username, 'qualified'],
          [b.username, 'qualified'],
          [c.username, 'not_qualified'],
        ])
      ).statusCode,
    ).toBe(200);
    const late = await round(d.id, 'Technical', [[c.username, 'qualified']]);
    expect(late.json().message).toBe(PLACEMENT_MSG.notInPreviousRound(c.username));
    const tech = await round(d.id, 'Technical', [
      [a.username, 'qualified'],
      [b.username, 'not_qualified'],
    ]);
    expect(tech.json().rounds.map((r: { seq: number; name: string; qualified: number }) => [r.seq, r.name, r.qualified])).toEqual(
      [
        [1, 'Aptitude', 2],
        [2, 'Technical', 1],
      ],
    );
    expect((await offer(d.id, b.username)).json().message).toBe(PLACEMENT_MSG.offerNeedsApplication);
    expect((await offer(d.id, c.username)).json().message).toBe(PLACEMENT_MSG.offerNeedsApplication);
    const noRole = await offer(d.id, a.username, { role: '  ' });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().message).toBe('Give the role offered');
    const made = await offer(d.id, a.username);
    expect(made.statusCode).toBe(200);
    const officer = await t.db.selectFrom('users').select('full_name').where('username', '=', 'placement').executeTakeFirstOrThrow();
    expect(made.json()).toMatchObject({
      rollNo: a.username,
      ctcRupees: 700_000,
      dream: false,
      joiningDate: '2031-07-01',
      role: 'Graduate Engineer Trainee',
      decidedBy: officer.full_name,
    });
    const me = (await t.as(a.username, { method: 'GET', url: '/api/placements/me' })).json();
    expect(me.offers).toHaveLength(1);
    expect(me.applications[0]).toMatchObject({
      driveId: d.id,
      rollNo: a.username,
      status: 'selected',
      rounds: [
        { seq: 1, name: 'Aptitude', result: 'qualified' },
        { seq: 2, name: 'Technical', result: 'qualified' },
      ],
      offerCtcRupees: 700_000,
      hasLetter: false,
      company: d.company,
      driveDate: '2031-02-01',
    });

    const letter = await t.as('placement', {
      method: 'POST',
      url: `/api/placements/offers/${made.json().id}/letter`,
      ...multipartFiles([{ name: 'letter', filename: 'offer.pdf', data: PDF }]),
    });
    expect(letter.json().hasLetter).toBe(true);
    const detail = (await t.as('placement', { method: 'GET', url: `/api/placements/drives/${d.id}` })).json();
    expect(detail.applications.find((x: { rollNo: string }) => x.rollNo === a.username)).toMatchObject({
      offerId: made.json().id,
      hasLetter: true,
      offerCtcRupees: 700_000,
    });
    const fakeLetter = await t.as('placement', {
      method: 'POST',
      url: `/api/placements/offers/${made.json().id}/letter`,
      ...multipartFiles([{ name: 'letter', filename: 'offer.pdf', data: Buffer.from('GIF89a not a pdf') }]),
    });
    expect(fakeLetter.json().message).toBe(PLACEMENT_MSG.letterPdf);
    expect((await t.as(a.username, { method: 'GET', url: `/api/placements/offers/${made.json().id}/letter` })).statusCode).toBe(
      200,
    );
    expect((await t.as(b.username, { method: 'GET', url: `/api/placements/offers/${made.json().id}/letter` })).statusCode).toBe(
      404,
    );
  });

  it('allows one offer, or a second dream offer at or above the threshold, as the college sets', async () => {
    const batch = '2033-2037';
    const s = await newStudent(t, { batch });
    const [first, mid, dream, third] = [
      await newDrive(t, { batch, ctcRupees: 600_000 }),
      await newDrive(t, { batch, ctcRupees: 800_000 }),
      await newDrive(t, { batch, ctcRupees: 1_200_000 }),
      await newDrive(t, { batch, ctcRupees: 2_000_000 }),
    ];
    for (const d of [first, mid, dream, third]) expect((await apply(s.username, d.id)).statusCode).toBe(200);
    expect((await offer(first.id, s.username)).statusCode).toBe(200);
    // Holding an offer below the dream CTC, the student is eligible only for dream drives.
    expect(row(await eligible(mid.id), s.username).reasons).toEqual([
      'Already placed; a second offer must be a dream offer of at least ₹10,00,000',
    ]);
    expect(row(await eligible(dream.id), s.username).reasons).toEqual([]);
    const below = await offer(mid.id, s.username);
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(PLACEMENT_MSG.dreamBelow('₹10,00,000'));
    expect((await setPolicy({ offerPolicy: 'one' })).statusCode).toBe(200);
    try {
      expect((await offer(dream.id, s.username)).json().message).toBe(PLACEMENT_MSG.onePolicy);
    } finally {
      await setPolicy({});
    }
    const second = await offer(dream.id, s.username);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ dream: true, ctcRupees: 1_200_000 });
    expect((await offer(third.id, s.username)).json().message).toBe(PLACEMENT_MSG.dreamTaken);
  });

  it('decides two simultaneous offers for one student in the database: one is recorded', async () => {
    await setPolicy({ offerPolicy: 'one' });
    try {
      const batch = '2034-2038';
      const s = await newStudent(t, { batch });
      const [x, y] = [await newDrive(t, { batch }), await newDrive(t, { batch })];
      for (const d of [x, y]) expect((await apply(s.username, d.id)).statusCode).toBe(200);
      const [r1, r2] = await Promise.all([offer(x.id, s.username), offer(y.id, s.username)]);
      expect([r1.statusCode, r2.statusCode].filter((c) => c === 200)).toHaveLength(1);
      expect([400, 409]).toContain(r1.statusCode === 200 ? r2.statusCode : r1.statusCode);
      const held = await t.db.selectFrom('placement_offers').select('id').where('student_id', '=', s.studentId!).execute();
      expect(held).toHaveLength(1);
    } finally {
      await setPolicy({});
    }
  });
});

describe('statistics and exports', () => {
  it('gives per-branch eligible, placed, placement % and CTC figures for a batch', async () => {
    const batch = '2035-2039';
    const cse = [
      await newStudent(t, { batch }),
      await newStudent(t, { batch }),
      await newStudent(t, { batch }),
      await newStudent(t, { batch, results: [[3, 0, 'Fail']] }),
    ];
    const ece = [await newStudent(t, { batch, branch: 'ECE' }), await newStudent(t, { batch, branch: 'ECE' })];
    const d1 = await newDrive(t, { batch, ctcRupees: 500_000 });
    const d2 = await newDrive(t, { batch, ctcRupees: 1_500_000 });
    for (const s of [cse[0], cse[1], ece[0]]) expect((await apply(s.username, d1.id)).statusCode).toBe(200);
    expect((await apply(cse[0].username, d2.id)).statusCode).toBe(200);
    for (const s of [cse[0], cse[1], ece[0]]) expect((await offer(d1.id, s.username)).statusCode).toBe(200);
    expect((await offer(d2.id, cse[0].username)).statusCode).toBe(200);
    expect(
      (
        await t.as('placement', {
          method: 'POST',
          url: '/api/placements/higher-studies',
          payload: { rollNo: cse[2].username, programme: 'M.Tech', institution: 'IIT Madras' },
        })
      ).statusCode,
    ).toBe(200);

    const res = await t.as('principal', { method: 'GET', url: `/api/placements/stats?batch=${batch}` });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    // CSE: 4 students, 3 without backlogs; placed 2 (best offers 15 L and 5 L); one to higher studies.
    expect(s.branches.find((b: { branch: string }) => b.branch === 'CSE')).toEqual({
      branch: 'CSE',
      students: 4,
      eligible: 3,
      placed: 2,
      placementPercent: 66.67,
      offers: 3,
      highestCtcRupees: 1_500_000,
      medianCtcRupees: 1_000_000,
      averageCtcRupees: 1_000_000,
      higherStudies: 1,
    });
    expect(s.branches.find((b: { branch: string }) => b.branch === 'ECE')).toMatchObject({
      students: 2,
      eligible: 2,
      placed: 1,
      placementPercent: 50,
      highestCtcRupees: 500_000,
    });
    // All: 6 students, 5 eligible, 3 placed (60 %), best CTCs 15 L, 5 L, 5 L: median 5 L, average 8.33 L.
    expect(s.total).toMatchObject({
      students: 6,
      eligible: 5,
      placed: 3,
      placementPercent: 60,
      highestCtcRupees: 1_500_000,
      medianCtcRupees: 500_000,
      averageCtcRupees: 833_333,
    });
    const bad = await t.as('principal', { method: 'GET', url: '/api/placements/stats?batch=2035' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose the batch, e.g. 2022-2026');

    const xlsx = await t.as('placement', { method: 'GET', url: `/api/placements/drives/${d1.id}/applicants.xlsx` });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Applicants')!;
    expect(ws.getRow(1).getCell(1).value).toBe('Roll No');
    expect(ws.rowCount).toBe(4);
    const reg = await t.as('placement', { method: 'GET', url: `/api/placements/register.xlsx?batch=${batch}` });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(reg.rawPayload as unknown as ArrayBuffer);
    expect(wb2.getWorksheet('Placement register')!.rowCount).toBe(5);
  });

  it('keeps the placement calls to their roles', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/placements/stats?batch=2022-2026' })).json().message).toBe(
      MSG.signInRequired,
    );
    expect((await t.as('librarian', { method: 'GET', url: '/api/placements/stats?batch=2022-2026' })).statusCode).toBe(403);
    const company = await newCompany(t);
    expect(company.id).toBeGreaterThan(0);
    expect(
      (await t.as('accountant', { method: 'POST', url: '/api/placements/offers', payload: { driveId: 1, rollNo: 'X' } }))
        .statusCode,
    ).toBe(403);
  });
});
