import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCollege, newStudent, newUser } from '../../../test/builders.js';
import { postCharge } from '../accounts/index.js';

/**
 * Leadership's money figures in a college of their own: two students, four lines due on days
 * placed around today, one receipt. Every expected figure below is worked out by hand.
 */
let t: TestApp;
let c: { id: number; code: string; host: string };
let principal: string;
let accountant: string;
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const from = day(-400);

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  principal = (await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] })).username;
  accountant = (await newUser(t.db, c.id, { roles: ['ROLE_ACCOUNTANT'] })).username;
  const a = await newStudent(t.db, c.id, { batch: '2024-2028' });
  const b = await newStudent(t.db, c.id, { batch: '2024-2028', login: true });
  const charge = (studentId: number, head: string, amountPaise: number, dueDate: string, ref: string) =>
    t.db.transaction().execute((trx) =>
      postCharge(trx, { collegeId: c.id, studentId, head, amountPaise, source: 'analytics-test', sourceRef: ref, dueDate }),
    );
  await charge(a.id, 'TUITION', 3_000_000, day(-200), 'a1'); // over 180 days
  await charge(a.id, 'TUITION', 1_000_000, day(-60), 'a2'); // 31–90 days
  await charge(b.id, 'HOSTEL', 500_000, day(-10), 'b1'); // 0–30 days
  await charge(b.id, 'TUITION', 800_000, day(5), 'b2'); // not yet due, after the range
  // ₹35,000 in cash from A clears the oldest line (₹30,000) and ₹5,000 of the next.
  const paid = await t.as(accountant, { method: 'POST', url: '/api/accounts/receipts', payload: { rollNo: a.rollNo, mode: 'cash', amount: 3_500_000 } }, c.host);
  expect(paid.statusCode).toBe(200);
  studentLogin = b.username!;
});
let studentLogin: string;
afterAll(async () => t.close());

const get = (who: string, url: string) => t.as(who, { method: 'GET', url }, c.host);

describe('GET /api/analytics/fees', () => {
  it('gives demand, collection, dues by age and branch, and today by mode, as the ledger holds them', async () => {
    const res = await get(principal, `/api/analytics/fees?from=${from}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const f = res.json();
    expect(f.period).toEqual({ from, to: today });
    // Demand falling due in the range: ₹30,000 + ₹10,000 + ₹5,000 (the ₹8,000 falls due after it).
    expect(f.totals).toEqual({
      demandPaise: 4_500_000,
      collectedPaise: 3_500_000,
      lastYearCollectedPaise: 0,
      duePaise: 1_800_000, // ₹5,000 + ₹5,000 + ₹8,000 still open
      concessionsPaise: 0,
      vendorPaymentsPaise: 0,
    });
    expect(f.duesByAge).toEqual([
      { age: 'not yet due', duePaise: 800_000, students: 1 },
      { age: '0–30 days', duePaise: 500_000, students: 1 },
      { age: '31–90 days', duePaise: 500_000, students: 1 },
      { age: '91–180 days', duePaise: 0, students: 0 },
      { age: 'over 180 days', duePaise: 0, students: 0 },
    ]);
    expect(f.duesByBranch).toEqual([{ branch: 'CSE', batch: '2024-2028', duePaise: 1_800_000, students: 2 }]);
    expect(f.byHead).toEqual([
      { head: 'Hostel', headCode: 'HOSTEL', demandPaise: 500_000, collectedPaise: 0 },
      { head: 'Tuition', headCode: 'TUITION', demandPaise: 4_000_000, collectedPaise: 3_500_000 },
    ]);
    expect(f.today).toEqual({ date: today, byMode: [{ mode: 'cash', amountPaise: 3_500_000, receipts: 1 }] });
    // Every month of the range is listed; the month of today holds the receipt, the month 200 days ago the first line.
    const months = f.byMonth.map((m: { month: string }) => m.month);
    expect(months[0]).toBe(from.slice(0, 7));
    expect(months.at(-1)).toBe(today.slice(0, 7));
    const at = (m: string) => f.byMonth.find((x: { month: string }) => x.month === m);
    expect(at(today.slice(0, 7)).collectedPaise).toBe(3_500_000);
    expect(at(day(-200).slice(0, 7)).demandPaise).toBe(3_000_000);
    expect(f.byMonth.reduce((s: number, m: { demandPaise: number }) => s + m.demandPaise, 0)).toBe(4_500_000);
  });

  it('refuses a reversed or too long range with its message', async () => {
    const reversed = await get(principal, `/api/analytics/fees?from=${today}&to=${from}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toMatch(/to date/i);
    const long = await get(principal, `/api/analytics/fees?from=${day(-800)}&to=${today}`);
    expect(long.statusCode).toBe(400);
  });
});

describe('GET /api/analytics/overview', () => {
  it('reads each headline from its owner', async () => {
    const res = await get(principal, '/api/analytics/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      date: today,
      studentsOnRolls: 2,
      facultyInService: 0,
      collectedThisYearPaise: 3_500_000,
      collectedLastYearToDatePaise: 0,
      collectedTodayPaise: 3_500_000,
      studentDuesPaise: 1_800_000,
    });
  });
});

describe('who may see analytics', () => {
  it('refuses students, clerks and faculty; another college sees only its own figures', async () => {
    const faculty = (await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], faculty: true })).username;
    for (const who of [studentLogin, accountant, faculty]) {
      expect((await get(who, '/api/analytics/overview')).statusCode, who).toBe(403);
      expect((await get(who, `/api/analytics/fees?from=${from}&to=${today}`)).statusCode, who).toBe(403);
    }
    const other = await newCollege(t.db);
    const theirs = (await newUser(t.db, other.id, { roles: ['ROLE_CHAIRMAN'] })).username;
    const res = await t.as(theirs, { method: 'GET', url: '/api/analytics/overview' }, other.host);
    expect(res.json()).toMatchObject({ studentsOnRolls: 0, collectedTodayPaise: 0, studentDuesPaise: 0 });
  });
});
