import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent } from '../../../test/builders.js';
import { callback, collegeId, createOrder, ipn, owes } from '../../../test/modules/payments.js';
import { collect } from '../../../test/modules/accounts.js';

/** The ledger owns what a student owes: every screen's due is its open lines, and an order pays the lines it names. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A student owing tuition ₹45,000, a bus fare ₹12,000 and a library fine ₹5. */
async function student() {
  const s = await newStudent(t.db, await collegeId(t), { semester: 'IV-I', login: true });
  const tuition = await owes(t, s.id, 4_500_000);
  const bus = await owes(t, s.id, 1_200_000, 'TEST_BUS', 'Bus Fare (test)');
  const fine = await owes(t, s.id, 500, 'TEST_FINE', 'Library Fine (test)');
  return { ...s, username: s.username!, tuition, bus, fine };
}

const get = async (as: string, url: string) => {
  const res = await t.as(as, { method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
const semesterDue = (fees: { due: Array<{ feeType: string; amount: number }> }) => fees.due.find((d) => d.feeType === 'semester');

describe('one due, read from the ledger', () => {
  it('the payments page, My Fees, My Portal and the counter show the same due, line by line', async () => {
    const s = await student();
    // ₹45,000 + ₹12,000 + ₹5 = ₹57,005.
    const due = semesterDue(await get(s.username, '/api/payments/fees-due'));
    expect(due).toMatchObject({ amount: 5_700_500, currency: 'INR' });
    expect(due!).toHaveProperty('lines', [
      { lineId: s.tuition, head: 'Tuition Fee', fy: expect.any(String), amountPaise: 4_500_000 },
      { lineId: s.bus, head: 'Bus Fare (test)', fy: expect.any(String), amountPaise: 1_200_000 },
      { lineId: s.fine, head: 'Library Fine (test)', fy: expect.any(String), amountPaise: 500 },
    ]);
    expect(semesterDue((await get(s.username, '/api/me/fees')).fees)!.amount).toBe(5_700_500);
    expect((await get(s.username, '/api/me/overview')).children[0].fees).toEqual({ due: 5_700_500, items: 3 });
    expect((await get('accountant', `/api/accounts/students/${s.rollNo}/ledger`)).totals.studentDuePaise).toBe(5_700_500);

    // ₹12,000 at the counter pays the tuition first (the ledger's order): every screen follows.
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 1_200_000 })).statusCode).toBe(200);
    expect(semesterDue(await get(s.username, '/api/payments/fees-due'))!.amount).toBe(4_500_500);
    expect((await get(s.username, '/api/me/overview')).children[0].fees.due).toBe(4_500_500);
    expect((await get('accountant', `/api/accounts/students/${s.rollNo}/ledger`)).totals.studentDuePaise).toBe(4_500_500);
  });

  it('an order pays the lines the student chose, and only those', async () => {
    const s = await student();
    const order = await createOrder(t, { feeType: 'semester', lineIds: [s.bus, s.fine] }, s.username);
    // ₹12,000 + ₹5
    expect(order.amount).toBe(1_200_500);
    expect((await ipn(t, callback(t, order))).statusCode).toBe(200);
    const ledger = await get('accountant', `/api/accounts/students/${s.rollNo}/ledger`);
    const balance = (id: number) => ledger.lines.find((l: { id: number }) => l.id === id).balancePaise;
    expect([balance(s.tuition), balance(s.bus), balance(s.fine)]).toEqual([4_500_000, 0, 0]);
    const online = ledger.receipts.find((r: { mode: string }) => r.mode === 'online');
    expect(online).toMatchObject({ amountPaise: 1_200_500, excessPaise: 0 });
    expect(online.allocations.map((a: { lineId: number; amountPaise: number }) => [a.lineId, a.amountPaise])).toEqual([
      [s.bus, 1_200_000],
      [s.fine, 500],
    ]);
    expect(semesterDue(await get(s.username, '/api/payments/fees-due'))).toMatchObject({ amount: 4_500_000 });
  });

  it('refuses lines that are not the student’s open lines', async () => {
    const s = await student();
    const other = await student();
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 4_500_000 })).statusCode).toBe(200);
    for (const lineIds of [[s.tuition], [other.bus], [s.bus, 999_999_999]]) {
      const res = await t.as(s.username, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester', lineIds } });
      expect(res.statusCode, String(lineIds)).toBe(409);
      expect(res.json().message).toBe(PAYMENT_MSG.linesNotOpen);
    }
    const empty = await t.as(s.username, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester', lineIds: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Choose at least one fee to pay');
    const supply = await t.as(s.username, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { feeType: 'supply', courseCode: 'CS101', lineIds: [s.bus] },
    });
    expect(supply.statusCode).toBe(400);
    expect(supply.json().message).toContain('lineIds are chosen only for the semester fee');
  });

  it('a student the ledger asks nothing of has no semester fee to pay', async () => {
    const s = await newStudent(t.db, await collegeId(t), { semester: 'IV-I', login: true });
    expect(semesterDue(await get(s.username!, '/api/payments/fees-due'))).toBeUndefined();
    const res = await t.as(s.username!, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MSG.feeNotDue);
  });
});
