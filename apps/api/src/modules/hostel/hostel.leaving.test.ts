import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTEL_MSG } from '@erp/shared';
import { checkBooks } from '../../checks/books.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { allotOk, collegeId, INCHARGE, newBuilding, newStudent, newStudentLogin } from '../../../test/modules/hostel.js';
import { ledgerBackfill } from './hostel.service.js';

/**
 * Undo and pro-rata: an allotment made by mistake is cancelled with nothing charged; a resident
 * who leaves early keeps the months (or semesters) begun of the year's room fee; the caution
 * deposit comes back less damages. The academic year 2025-2026 runs 1 May 2025 to 30 April 2026
 * (as academicYear() divides years): 12 months, or two semesters May–Oct and Nov–Apr.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: Record<string, unknown>, as = INCHARGE) =>
  t.as(as, { method: 'POST', url: `/api/hostel${url}`, payload });
const get = (url: string, as = INCHARGE, host?: string) => t.as(as, { method: 'GET', url: `/api/hostel${url}` }, host);

async function policy(leavingBasis: 'month' | 'semester', hostelCautionDepositPaise: number) {
  const res = await t.as('accountsofficer', {
    method: 'PUT',
    url: '/api/accounts/settings',
    payload: {
      concessionPrincipalLimitPaise: 5_000_000,
      billPrincipalLimitPaise: 10_000_000,
      leavingBasis,
      hostelCautionDepositPaise,
    },
  });
  expect(res.statusCode).toBe(200);
}

/** A resident of a ₹60,000-a-year room for 2025-2026 from 1 July 2025, having paid `paid` at the hostel office. */
async function resident(paid: number, gender: 'MALE' | 'FEMALE' = 'MALE') {
  const b = await newBuilding(t, gender === 'MALE' ? 'BOYS' : 'GIRLS', { rooms: 1, sharing: 1, fee: 6_000_000 });
  const s = await newStudent(t, gender);
  const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, academicYear: '2025-2026', fromDate: '2025-07-01' });
  if (paid > 0) expect((await post(`/allotments/${a.id}/payments`, { amount: paid, paidOn: '2025-07-01' })).statusCode).toBe(200);
  return { a, s, b };
}

const ledger = async (rollNo: string) => {
  const res = await t.as('accountant', { method: 'GET', url: `/api/accounts/students/${rollNo}/ledger` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const hostelLines = (l: any) =>
  l.lines
    .filter((x: any) => x.source === 'hostel')
    .map((x: any) => [x.headCode, x.amountPaise, x.paidPaise, x.waivedPaise, x.balancePaise]);
const excess = (l: any) => l.receipts.reduce((n: number, r: any) => n + r.excessPaise, 0);
const books = async () => (await checkBooks(t.db, { days: 2 })).map((d) => `${d.college} · ${d.check}: ${d.detail}`);

describe('cancelling an allotment made by mistake', () => {
  it('frees the bed, takes every charge off (paid money becomes excess credit), reopens the application, once', async () => {
    await policy('month', 500_000);
    const b = await newBuilding(t, 'BOYS', { rooms: 1, sharing: 1, fee: 6_000_000 });
    const s = await newStudent(t, 'MALE');
    const app = await post('/applications', {
      rollNo: s.rollNo,
      academicYear: '2025-2026',
      guardianName: 'Test Guardian',
      guardianMobile: '9000011111',
    });
    expect(app.statusCode).toBe(200);
    const a = await allotOk(t, {
      rollNo: s.rollNo,
      bedId: b.beds[0].id,
      academicYear: '2025-2026',
      fromDate: '2025-07-01',
      applicationId: app.json().id,
    });
    // ₹60,000 room fee + ₹5,000 caution deposit.
    expect(a).toMatchObject({ dues: 6_500_000, depositPaise: 500_000 });
    expect((await post(`/allotments/${a.id}/payments`, { amount: 2_000_000 })).statusCode).toBe(200);
    expect((await get(`/allotments/${a.id}/letter`)).statusCode).toBe(200);

    const short = await post(`/allotments/${a.id}/cancel`, { reason: 'oops' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(HOSTEL_MSG.cancelReason);
    for (const who of ['accountant', 'transport', 'librarian'])
      expect((await post(`/allotments/${a.id}/cancel`, { reason: 'Allotted the wrong student' }, who)).statusCode).toBe(403);
    const other = await t.as(
      'srkadmin',
      { method: 'POST', url: `/api/hostel/allotments/${a.id}/cancel`, payload: { reason: 'Allotted the wrong student' } },
      'srk.localhost',
    );
    expect(other.statusCode).toBe(404);
    expect((await get(`/allotments/${a.id}`)).json().status).toBe('ACTIVE');

    // Two clicks at once: one cancels, the other is told it is already cancelled.
    const both = await Promise.all(
      [1, 2].map(() => post(`/allotments/${a.id}/cancel`, { reason: 'Allotted the wrong student' })),
    );
    const ok = both.find((r) => r.statusCode === 200)!;
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(HOSTEL_MSG.cancelled);
    // ₹65,000 taken off; of it the ₹20,000 paid comes back as credit.
    expect(ok.json()).toMatchObject({ waivedPaise: 6_500_000, releasedPaise: 2_000_000 });
    expect(ok.json().message).toContain('₹20,000 paid is now credit');

    const l = await ledger(s.rollNo);
    expect(hostelLines(l)).toEqual([
      ['HOSTEL', 6_000_000, 0, 6_000_000, 0],
      ['CAUTION_DEPOSIT', 500_000, 0, 500_000, 0],
    ]);
    expect(excess(l)).toBe(2_000_000);
    expect(l.totals.studentDuePaise).toBe(0);

    const d = (await get(`/allotments/${a.id}`)).json();
    expect(d).toMatchObject({ status: 'CANCELLED', vacateNote: 'Allotted the wrong student', dues: 0, depositPaise: 500_000 });
    expect(d.history[0].toDate).not.toBeNull();
    expect((await post(`/allotments/${a.id}/cancel`, { reason: 'Allotted the wrong student' })).statusCode).toBe(409);
    expect((await post(`/allotments/${a.id}/vacate`, { date: '2025-08-01' })).json().message).toBe(HOSTEL_MSG.cancelled);
    expect((await get(`/allotments/${a.id}/letter`)).json().message).toBe(HOSTEL_MSG.letterCancelled);
    const listed = (await get('/applications?academicYear=2025-2026')).json();
    // (A plain list, or a capped one: { items, total, limit }.)
    const applications = Array.isArray(listed) ? listed : listed.items;
    expect(applications.find((x: any) => x.id === app.json().id)).toMatchObject({ status: 'PENDING' });

    // Not a resident anywhere: not listed as active, not on the board; listed as cancelled.
    const q = `q=${s.rollNo}`;
    expect((await get(`/allotments?${q}`)).json().total).toBe(0);
    expect((await get(`/allotments?status=VACATED&${q}`)).json().total).toBe(0);
    expect((await get(`/allotments?status=CANCELLED&${q}`)).json().rows).toEqual([expect.objectContaining({ id: a.id })]);
    const board = (await get(`/occupancy?buildingId=${b.id}`)).json();
    expect(board.buildings[0]).toMatchObject({ occupied: 0, free: 1 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity', '=', 'hostel_allotment')
      .where('entity_id', '=', String(a.id) as never)
      .execute();
    expect(audit.map((x) => x.action)).toContain('hostel.allotment.cancel');
    // The bed takes the right student.
    const next = await newStudent(t, 'MALE');
    expect((await post('/allotments', { rollNo: next.rollNo, bedId: b.beds[0].id })).statusCode).toBe(200);
    expect(await books()).toEqual([]);
  });

  it('shows the student the cancelled allotment with its reason; a student cannot cancel', async () => {
    const b = await newBuilding(t, 'GIRLS', { rooms: 1, sharing: 1, fee: 3_000_000 });
    const s = await newStudentLogin(t, 'FEMALE');
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, academicYear: '2025-2026', fromDate: '2025-07-01' });
    expect((await post(`/allotments/${a.id}/cancel`, { reason: 'Wrong hostel block' }, s.username)).statusCode).toBe(403);
    expect((await post(`/allotments/${a.id}/cancel`, { reason: 'Wrong hostel block' }, 'admin')).statusCode).toBe(200);
    const me = (await get('/me', s.username)).json();
    expect(me.allotment).toMatchObject({ id: a.id, status: 'CANCELLED', vacateNote: 'Wrong hostel block', dues: 0 });
  });
});

describe('vacating before the year ends', () => {
  it('by the month: keeps July to October of a fully paid ₹60,000 and gives ₹40,000 back; the preview says so first', async () => {
    await policy('month', 0);
    const { a, s } = await resident(6_000_000);
    // ₹5,000 a month; July, August, September, October begun: ₹20,000 kept, ₹40,000 paid comes back.
    const expected = {
      date: '2025-10-15',
      basis: 'month',
      periodFrom: '2025-05-01',
      periodTo: '2026-04-30',
      feePaise: 6_000_000,
      feeKeptPaise: 2_000_000,
      depositPaise: 0,
      depositPaidPaise: 0,
      damagesPaise: 0,
      releasedPaise: 4_000_000,
      depositBackPaise: 0,
      owedPaise: 0,
      refundPaise: 4_000_000,
    };
    const preview = await get(`/allotments/${a.id}/vacate-preview?date=2025-10-15`);
    expect(preview.json()).toEqual(expected);
    expect((await get(`/allotments/${a.id}/vacate-preview?date=2025-10-15`, 'accountant')).statusCode).toBe(403);
    expect((await get(`/allotments/${a.id}/vacate-preview?date=2025-06-30`)).json().message).toBe(
      HOSTEL_MSG.vacateBeforeAllotment,
    );
    expect((await get(`/allotments/${a.id}/vacate-preview?date=15-10-2025`)).statusCode).toBe(400);

    const v = await post(`/allotments/${a.id}/vacate`, { date: '2025-10-15' });
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ ...expected, dues: 0, overridden: false });
    expect(v.json().message).toContain('room fee ₹20,000 of ₹60,000 kept');
    const l = await ledger(s.rollNo);
    expect(hostelLines(l)).toEqual([['HOSTEL', 6_000_000, 2_000_000, 4_000_000, 0]]);
    expect(excess(l)).toBe(4_000_000);
    expect(await books()).toEqual([]);
  });

  it('by the month, part paid: two months kept are what was paid, so no override is needed', async () => {
    const { a, s } = await resident(1_000_000, 'FEMALE');
    // July and August: ₹10,000 kept = the ₹10,000 paid; ₹50,000 unpaid is waived.
    const v = await post(`/allotments/${a.id}/vacate`, { date: '2025-08-20' });
    expect(v.json()).toMatchObject({ feeKeptPaise: 1_000_000, releasedPaise: 0, owedPaise: 0, dues: 0, overridden: false });
    expect(hostelLines(await ledger(s.rollNo))).toEqual([['HOSTEL', 6_000_000, 1_000_000, 5_000_000, 0]]);
  });

  it('by the semester: October keeps the first half; short of it, nothing is saved until collected or overridden', async () => {
    await policy('semester', 0);
    const { a, s } = await resident(2_000_000);
    // May–October is the first semester: ₹30,000 kept, ₹20,000 paid, ₹10,000 owed.
    const refused = await post(`/allotments/${a.id}/vacate`, { date: '2025-10-31' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: HOSTEL_MSG.duesPending('₹10,000'), dues: 1_000_000 });
    expect(hostelLines(await ledger(s.rollNo))).toEqual([['HOSTEL', 6_000_000, 2_000_000, 0, 4_000_000]]);
    expect((await get(`/allotments/${a.id}`)).json().status).toBe('ACTIVE');
    // A day later the second semester has begun: the whole ₹60,000 stands.
    expect((await get(`/allotments/${a.id}/vacate-preview?date=2025-11-01`)).json()).toMatchObject({
      basis: 'semester',
      feeKeptPaise: 6_000_000,
      owedPaise: 4_000_000,
    });
    const v = await post(`/allotments/${a.id}/vacate`, { date: '2025-10-31', collected: 1_000_000 });
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({
      basis: 'semester',
      feeKeptPaise: 3_000_000,
      owedPaise: 1_000_000,
      dues: 0,
      overridden: false,
    });
    expect(hostelLines(await ledger(s.rollNo))).toEqual([['HOSTEL', 6_000_000, 3_000_000, 3_000_000, 0]]);
    expect(await books()).toEqual([]);
  });
});

describe('the caution deposit', () => {
  it('is charged at allotment and comes back at checkout less damages: ₹5,000 paid, ₹2,000 damages, ₹3,000 back', async () => {
    await policy('month', 500_000);
    const { a, s } = await resident(6_500_000);
    expect((await get(`/allotments/${a.id}`)).json()).toMatchObject({ depositPaise: 500_000, dues: 0 });
    expect(hostelLines(await ledger(s.rollNo))).toEqual([
      ['HOSTEL', 6_000_000, 6_000_000, 0, 0],
      ['CAUTION_DEPOSIT', 500_000, 500_000, 0, 0],
    ]);
    // Leaving on the year's last day keeps the whole fee; the ₹2,000 damages come out of the ₹5,000 deposit.
    const expected = {
      feePaise: 6_000_000,
      feeKeptPaise: 6_000_000,
      depositPaise: 500_000,
      depositPaidPaise: 500_000,
      damagesPaise: 200_000,
      releasedPaise: 500_000,
      depositBackPaise: 300_000,
      owedPaise: 0,
      refundPaise: 300_000,
    };
    expect((await get(`/allotments/${a.id}/vacate-preview?date=2026-04-30&damages=200000`)).json()).toMatchObject(expected);
    // Nothing to collect: the deposit covers the damages.
    const over = await post(`/allotments/${a.id}/vacate`, {
      date: '2026-04-30',
      damages: [{ description: 'Broken cupboard door', amount: 200_000 }],
      collected: 100,
    });
    expect(over.json().message).toBe(HOSTEL_MSG.nothingDue);
    const v = await post(`/allotments/${a.id}/vacate`, {
      date: '2026-04-30',
      damages: [{ description: 'Broken cupboard door', amount: 200_000 }],
    });
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ ...expected, dues: 0, overridden: false });
    expect(v.json().message).toContain('caution deposit: ₹3,000 comes back (₹2,000 set against damages and dues)');
    // The ledger: the deposit released to credit (₹5,000), the damage line open until the accounts office sets the credit against it.
    const l = await ledger(s.rollNo);
    expect(hostelLines(l)).toEqual([
      ['HOSTEL', 6_000_000, 6_000_000, 0, 0],
      ['CAUTION_DEPOSIT', 500_000, 0, 500_000, 0],
      ['HOSTEL_DAMAGE', 200_000, 0, 0, 200_000],
    ]);
    expect(excess(l)).toBe(500_000);
    expect(await books()).toEqual([]);
  });

  it('is posted once: the backfill of unposted hostel charges finds the deposit already in the ledger', async () => {
    const { s } = await resident(0);
    const college = await collegeId(t);
    expect(await t.db.transaction().execute((trx) => ledgerBackfill(trx, college))).toMatchObject({ charges: 0 });
    expect(hostelLines(await ledger(s.rollNo))).toEqual([
      ['HOSTEL', 6_000_000, 0, 0, 6_000_000],
      ['CAUTION_DEPOSIT', 500_000, 0, 0, 500_000],
    ]);
  });

  it('an unpaid deposit is simply taken off, and leaving early with it counts the fee cut too', async () => {
    const { a, s } = await resident(6_000_000, 'FEMALE');
    // Fee paid, deposit not: leaving 10 September keeps Jul–Sep (₹15,000); ₹45,000 comes back,
    // ₹1,000 damages are set against it, ₹44,000 is the student's.
    const v = await post(`/allotments/${a.id}/vacate`, {
      date: '2025-09-10',
      damages: [{ description: 'Lost key', amount: 100_000 }],
    });
    expect(v.json()).toMatchObject({
      feeKeptPaise: 1_500_000,
      depositPaise: 500_000,
      depositPaidPaise: 0,
      releasedPaise: 4_500_000,
      depositBackPaise: 0,
      owedPaise: 0,
      refundPaise: 4_400_000,
      overridden: false,
    });
    const l = await ledger(s.rollNo);
    expect(hostelLines(l)).toEqual([
      ['HOSTEL', 6_000_000, 1_500_000, 4_500_000, 0],
      ['CAUTION_DEPOSIT', 500_000, 0, 500_000, 0],
      ['HOSTEL_DAMAGE', 100_000, 0, 0, 100_000],
    ]);
    expect(excess(l)).toBe(4_500_000);
    expect(await books()).toEqual([]);
  });
});
