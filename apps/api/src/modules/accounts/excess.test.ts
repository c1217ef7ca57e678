import { accountsFy } from '@erp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_MSG, PAYMENT_MSG, ROLES } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent, newUser } from '../../../test/builders.js';
import { callback, createOrder, ipn, owes } from '../../../test/modules/payments.js';
import { collect, collegeId, ledgerOf, newBatch, newHeads, newStructure, ACCOUNTANT } from '../../../test/modules/accounts.js';

/**
 * A fee collected twice: the counter cleared the student's ledger, the student then paid the
 * semester fee online. The online money must stay visible as an excess credit of its receipt, and
 * fees-due must not offer a fee the ledger shows cleared.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A first-year student with a login whose year's demand is raised: tuition ₹50,000 and exam ₹2,000. */
async function studentOwing52000() {
  // a batch whose first year is this financial year, so its demand is this year's
  const batch = newBatch(Number(accountsFy(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)).slice(0, 4)));
  const heads = await newHeads(t);
  const s = await newStudent(t.db, await collegeId(t), { batch, semester: 'I-I', login: true });
  await newStructure(t, batch, 'Convener', [
    { headId: heads.tuition.id, amountPaise: 5_000_000 },
    { headId: heads.exam.id, amountPaise: 200_000 },
  ]);
  const res = await t.as(ACCOUNTANT, { method: 'POST', url: '/api/accounts/demands', payload: { batch, year: 1 } });
  expect(res.statusCode).toBe(200);
  return { rollNo: s.rollNo, username: s.username! };
}

const semesterDue = async (username: string) =>
  (await t.as(username, { method: 'GET', url: '/api/payments/fees-due' }))
    .json()
    .due.filter((d: { feeType: string }) => d.feeType === 'semester');

const excessCredits = async (rollNo: string) =>
  (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/excess?rollNo=${rollNo}` })).json();

type Receipt = { id: number; amountPaise: number; excessPaise: number; allocations: Array<{ amountPaise: number }> };
const allocated = (r: Receipt) => r.allocations.reduce((s, a) => s + a.amountPaise, 0);

describe('a fee the ledger has cleared', () => {
  it('is not offered online once the counter has taken the year’s demand', async () => {
    const s = await studentOwing52000();
    // Online the student is offered what the ledger holds open: the year's ₹52,000, line by line.
    const [due] = await semesterDue(s.username);
    expect(due).toMatchObject({ amount: 5_200_000, currency: 'INR' });
    expect(due.lines.map((l: { head: string; amountPaise: number }) => [l.head.split(' ')[0], l.amountPaise])).toEqual([
      ['Tuition', 5_000_000],
      ['Exam', 200_000],
    ]);
    // ₹45,000 at the counter leaves ₹7,000 of the year's ₹52,000: that is what is offered now.
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 4_500_000 })).statusCode).toBe(200);
    expect(await semesterDue(s.username)).toEqual([expect.objectContaining({ amount: 700_000 })]);
    // The last ₹7,000 clears the year: nothing to pay online, and an order is refused.
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 700_000 })).statusCode).toBe(200);
    expect(await semesterDue(s.username)).toEqual([]);
    const order = await t.as(s.username, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester' } });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe(PAYMENT_MSG.feeAlreadyPaid);
  });
});

describe('an online payment that finds nothing (or less) to pay', () => {
  it('becomes the excess credit of its receipt when the counter cleared the ledger meanwhile', async () => {
    const s = await studentOwing52000();
    const order = await createOrder(t, { feeType: 'semester' }, s.username);
    expect(order.amount).toBe(5_200_000);
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 5_200_000 })).statusCode).toBe(200);
    const res = await ipn(t, callback(t, order));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK paid');

    const l = await ledgerOf(t, s.rollNo);
    const online = l.receipts.find((r: { mode: string }) => r.mode === 'online');
    expect(online).toMatchObject({ amountPaise: 5_200_000, allocations: [], excessPaise: 5_200_000, status: 'active' });
    expect(l.totals).toMatchObject({ studentDuePaise: 0, advancePaise: 5_200_000 });
    // Every receipt: amount = allocations + excess.
    for (const r of l.receipts as Receipt[]) expect(allocated(r) + r.excessPaise).toBe(r.amountPaise);

    expect(await excessCredits(s.rollNo)).toEqual([
      {
        id: expect.any(Number),
        receiptId: online.id,
        receiptLabel: online.label,
        date: online.date,
        rollNo: s.rollNo,
        studentName: 'Test Student',
        mode: 'online',
        receiptAmountPaise: 5_200_000,
        excessPaise: 5_200_000,
        status: 'open',
      },
    ]);
    // Paying it again by replaying the notification adds nothing.
    expect((await ipn(t, callback(t, order, { transactionId: online.reference }))).statusCode).toBe(200);
    expect(await excessCredits(s.rollNo)).toHaveLength(1);
  });

  it('pays what is still due and holds the rest as excess', async () => {
    const s = await studentOwing52000();
    const order = await createOrder(t, { feeType: 'semester' }, s.username);
    // ₹45,000 at the counter leaves ₹7,000; the ₹52,000 paid online pays those and ₹45,000 is excess.
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 4_500_000 })).statusCode).toBe(200);
    expect((await ipn(t, callback(t, order))).statusCode).toBe(200);
    const l = await ledgerOf(t, s.rollNo);
    const online = l.receipts.find((r: { mode: string }) => r.mode === 'online');
    expect(allocated(online)).toBe(700_000);
    expect(online.excessPaise).toBe(4_500_000);
    expect(l.totals).toMatchObject({ studentDuePaise: 0, advancePaise: 4_500_000 });
    expect(await excessCredits(s.rollNo)).toEqual([expect.objectContaining({ receiptId: online.id, excessPaise: 4_500_000 })]);
  });

  it('is listed only to the accounts office', async () => {
    const s = await studentOwing52000();
    const res = await t.as(s.username, { method: 'GET', url: '/api/accounts/excess' });
    expect(res.statusCode).toBe(403);
  });
});

describe('setting an excess credit against what the student owes', () => {
  /** A student whose online ₹52,000 found the year cleared at the counter: ₹52,000 of excess. */
  async function withExcess() {
    const s = await studentOwing52000();
    const order = await createOrder(t, { feeType: 'semester' }, s.username);
    expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: 5_200_000 })).statusCode).toBe(200);
    expect((await ipn(t, callback(t, order))).statusCode).toBe(200);
    const [credit] = await excessCredits(s.rollNo);
    return { ...s, credit };
  }
  const adjust = (id: number, as = ACCOUNTANT) => t.as(as, { method: 'POST', url: `/api/accounts/excess/${id}/adjust` });
  const studentId = async (rollNo: string) =>
    (await t.db.selectFrom('students').select('id').where('roll_no', '=', rollNo).executeTakeFirstOrThrow()).id;

  it('pays the next demand from the credit, as allocations of the same receipt, and keeps what is left', async () => {
    const s = await withExcess();
    // A bus fare of ₹12,000 raised later: the ₹52,000 credit pays it and ₹40,000 stays.
    const fare = await owes(t, await studentId(s.rollNo), 1_200_000, 'TEST_BUS', 'Bus Fare (test)');
    const res = await adjust(s.credit.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: s.credit.id, excessPaise: 4_000_000, status: 'open', receiptAmountPaise: 5_200_000 });
    const l = await ledgerOf(t, s.rollNo);
    expect(l.lines.find((x: { id: number }) => x.id === fare).balancePaise).toBe(0);
    const online = l.receipts.find((r: Receipt & { id: number }) => r.id === s.credit.receiptId);
    expect(online.allocations).toEqual([expect.objectContaining({ lineId: fare, amountPaise: 1_200_000 })]);
    expect(allocated(online) + online.excessPaise).toBe(5_200_000);
    expect(l.totals).toMatchObject({ studentDuePaise: 0, advancePaise: 4_000_000 });
    // Nothing more is owed: the rest waits for a later demand.
    const again = await adjust(s.credit.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNTS_MSG.nothingToAdjust);
  });

  it('is used up by a larger demand, and then refused as no longer open', async () => {
    const s = await withExcess();
    await owes(t, await studentId(s.rollNo), 6_000_000, 'TEST_HOSTEL', 'Hostel Fee (test)');
    expect((await adjust(s.credit.id)).json()).toMatchObject({ excessPaise: 0, status: 'adjusted' });
    // ₹60,000 less the ₹52,000 credit
    expect((await ledgerOf(t, s.rollNo)).totals.studentDuePaise).toBe(800_000);
    const again = await adjust(s.credit.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACCOUNTS_MSG.excessNotOpen);
    expect(await excessCredits(s.rollNo)).toEqual([expect.objectContaining({ status: 'adjusted', excessPaise: 0 })]);
  });

  it('is the accounts staff’s to do, and only in their own college', async () => {
    const s = await withExcess();
    expect((await adjust(s.credit.id, s.username)).statusCode).toBe(403);
    expect((await adjust(s.credit.id, 'principal')).statusCode).toBe(403);
    const srk = (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SRK').executeTakeFirstOrThrow()).id;
    const srkAccountant = (await newUser(t.db, srk, { roles: [ROLES.ACCOUNTANT] })).username;
    const other = await t.as(srkAccountant, { method: 'POST', url: `/api/accounts/excess/${s.credit.id}/adjust` }, 'srk.localhost');
    expect(other.statusCode).toBe(404);
    expect((await excessCredits(s.rollNo))[0]).toMatchObject({ status: 'open', excessPaise: 5_200_000 });
    expect((await adjust(999_999_999)).statusCode).toBe(404);
  });
});
