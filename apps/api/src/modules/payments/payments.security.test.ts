import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PAYMENT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent } from '../../../test/builders.js';
import { lyraSignature, pickVads } from '../../lib/lyra.js';
import { signingKey } from './gateway.js';
import {
  callback,
  collegeId,
  createOrder,
  insertOrder,
  ipn,
  owes,
  paymentsOf,
  receiptCounter,
  statusQuery,
} from '../../../test/modules/payments.js';

let t: TestApp;
let college: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t);
});
afterAll(async () => t.close());

/** A student of the test's own, in semester IV-I, with a login (username = roll number) and no payments. */
/** A student of the test's own with a login and ₹45,000 of tuition owed in the ledger. */
const payer = async () => {
  const s = await newStudent(t.db, college, { semester: 'IV-I', full_name: 'Test Payer', login: true });
  await owes(t, s.id);
  return s.username!;
};
/** A roll number of the test's own, without a login (for orders put straight in the table). */
const rollOf = async (c = college) => (await newStudent(t.db, c, { full_name: 'Test Payer' })).rollNo;

const supple = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/saveSuppleFeePayment', payload });
const orderRow = (orderId: string) =>
  t.db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();

/** Nothing recorded, the order untouched and no receipt number used. */
async function expectUnchanged(orderId: string, receipts: number) {
  expect(await paymentsOf(t, orderId)).toHaveLength(0);
  expect((await orderRow(orderId)).status).toBe('created');
  expect(await receiptCounter(t, college)).toBe(receipts);
}

describe('signatures', () => {
  it('refuses a callback signed with another key, an unsigned one and one changed after signing', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    const receipts = await receiptCounter(t, college);
    const forged = callback(t, order, { key: 'attacker-guess' });
    for (const res of [
      await supple(forged),
      await ipn(t, forged),
      await t.app.inject({ method: 'GET', url: `/api/v1/getStudentPaidFeeTransationStatus?${new URLSearchParams(forged)}` }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PAYMENT_MSG.badSignature);
    }
    const { signature: _drop, ...unsigned } = callback(t, order);
    expect((await supple(unsigned)).json().message).toBe(PAYMENT_MSG.badSignature);
    expect((await supple({ rollNo: STUDENT, orderId: order.orderId, status: 'paid' })).statusCode).toBe(400);
    const changed = { ...callback(t, order, { paid: false }), vads_charge_status: 'paid' };
    expect((await supple(changed)).json().message).toBe(PAYMENT_MSG.badSignature);
    // An extra vads_ field the provider did not sign also breaks the signature.
    const extra = { ...callback(t, order), vads_amount_override: '1' };
    expect((await supple(extra)).statusCode).toBe(400);
    await expectUnchanged(order.orderId, receipts);
  });
});

describe('tampering', () => {
  it('refuses a correctly signed callback whose amount, currency or payer differs from the order', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    const receipts = await receiptCounter(t, college);
    const cheap = await supple(callback(t, order, { over: { vads_amount: '100' } }));
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe(PAYMENT_MSG.amountMismatch);
    const usd = await supple(callback(t, order, { over: { vads_currency: '840' } }));
    expect(usd.json().message).toBe(PAYMENT_MSG.currencyMismatch);
    const otherPayer = await supple(callback(t, order, { over: { vads_cust_name: await payer() } }));
    expect(otherPayer.json().message).toBe(PAYMENT_MSG.payerMismatch);
    await expectUnchanged(order.orderId, receipts);
  });

  it('refuses unsigned values that disagree with the signed ones or the order', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    const receipts = await receiptCounter(t, college);
    const cb = callback(t, order);
    const record = { rollNo: STUDENT, orderId: order.orderId, feeType: 'semester', semester: 'IV-I' };
    const cases: Array<Record<string, string>> = [
      { amount: '100' },
      { rollNo: await payer() },
      { orderId: 'ORD-SOMEONE-ELSE' },
      { transactionId: 'another-transaction' },
      { status: 'failed' },
    ];
    for (const over of cases) {
      const q = new URLSearchParams(statusQuery(cb, record));
      for (const [k, v] of Object.entries(over)) q.set(k, v);
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/getStudentPaidFeeTransationStatus?${q}` });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toBe(PAYMENT_MSG.payerMismatch);
    }
    const res = await supple({ ...record, examType: 'Regular', amount: 1, currency: 'INR', ...cb });
    expect(res.json().message).toBe(PAYMENT_MSG.payerMismatch);
    await expectUnchanged(order.orderId, receipts);
  });

  it('refuses a callback for an order that does not exist', async () => {
    const STUDENT = await payer();
    const res = await supple(callback(t, { orderId: 'ORD-NOT-CREATED', amount: 4_500_000, rollNo: STUDENT }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAYMENT_MSG.unknownOrder);
  });

  it('answers 400, never 500, for junk', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/saveSuppleFeePayment',
          headers: { 'content-type': 'application/json' },
          payload: '{"a":',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/saveSuppleFeePayment', payload: ['x'] as unknown as object }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/lyra/ipn',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '%%%&&&',
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/getStudentsFeePaymentDetails' })).statusCode).toBe(400);
  });
});

describe('replay and idempotency', () => {
  it('the same callback again returns the existing record and changes nothing', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    const cb = callback(t, order);
    const first = await supple(cb);
    expect(first.statusCode).toBe(200);
    const receipt = first.json().receiptNo;
    const counter = await receiptCounter(t, college);
    const before = await paymentsOf(t, order.orderId);
    for (let i = 0; i < 3; i++) {
      const again = await supple(cb);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: 'paid', receiptNo: receipt });
    }
    expect(await paymentsOf(t, order.orderId)).toEqual(before);
    expect(await receiptCounter(t, college)).toBe(counter);
  });

  it('a paid order cannot be paid again with another transaction, nor turned failed', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    expect((await supple(callback(t, order))).statusCode).toBe(200);
    const counter = await receiptCounter(t, college);
    for (const paid of [true, false]) {
      const second = await supple(callback(t, order, { paid }));
      expect(second.statusCode).toBe(400);
      expect(second.json().message).toBe(PAYMENT_MSG.alreadyPaid);
    }
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    expect((await orderRow(order.orderId)).status).toBe('paid');
    expect(await receiptCounter(t, college)).toBe(counter);
  });

  it('a failed attempt can be followed by a paid one on the same order', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    expect((await supple(callback(t, order, { paid: false }))).json().status).toBe('failed');
    expect((await orderRow(order.orderId)).status).toBe('failed');
    expect((await supple(callback(t, order, { paid: true }))).json().status).toBe('paid');
    const rows = await paymentsOf(t, order.orderId);
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'paid']);
    expect(rows.find((r) => r.status === 'failed')?.receipt_no).toBeNull();
  });

  it('the IPN and the browser return for one transaction make one record, in either order and at once', async () => {
    const STUDENT = await payer();
    const a = await createOrder(t, undefined, STUDENT);
    const cbA = callback(t, a);
    expect((await ipn(t, cbA)).statusCode).toBe(200);
    const returned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/saveFeePaymentDetails',
      payload: { rollNo: STUDENT, orderId: a.orderId, examType: 'Regular', ...cbA },
    });
    expect(returned.statusCode).toBe(200);
    expect(await paymentsOf(t, a.orderId)).toMatchObject([{ source: 'ipn', status: 'paid' }]);

    const b = await insertOrder(t, college, await rollOf(), `ORD-IPN-RACE-${STUDENT}`);
    const cbB = callback(t, b);
    const [r1, r2, r3] = await Promise.all([
      ipn(t, cbB),
      supple(cbB),
      t.app.inject({ method: 'GET', url: `/api/v1/getStudentPaidFeeTransationStatus?${new URLSearchParams(cbB)}` }),
    ]);
    expect([r1.statusCode, r2.statusCode, r3.statusCode]).toEqual([200, 200, 200]);
    const rows = await paymentsOf(t, b.orderId);
    expect(rows).toHaveLength(1);
    expect(r2.json().receiptNo).toBe(rows[0].receipt_no);
  });
});

describe('receipt numbers', () => {
  it('20 payments at once get receipt numbers n+1..n+20 with no gaps or duplicates', async () => {
    const rolls: string[] = [];
    for (let i = 0; i < 20; i++) rolls.push(await rollOf());
    const start = await receiptCounter(t, college);
    const orders = await Promise.all(rolls.map((roll, i) => insertOrder(t, college, roll, `ORD-CONC-${roll}-${i}`)));
    const results = await Promise.all(orders.map((o, i) => (i % 2 ? ipn(t, callback(t, o)) : supple(callback(t, o)))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.db.selectFrom('fee_payments').select('receipt_no').where('order_id', 'in', orders.map((o) => o.orderId)).execute();
    expect(rows.map((r) => r.receipt_no).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 20 }, (_, i) => start + i + 1));
    expect(await receiptCounter(t, college)).toBe(start + 20);
  });

  it('numbers receipts per college', async () => {
    const srk = await collegeId(t, 'SRK');
    const before = await receiptCounter(t, srk);
    const roll = await rollOf(srk);
    const o = await insertOrder(t, srk, roll, `ORD-SRK-${roll}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/saveSuppleFeePayment',
      headers: { host: 'srk.localhost' },
      payload: callback(t, o),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().receiptNo).toBe(before + 1);
    // The same signed callback at the other college's host finds no such order there.
    const elsewhere = await supple(callback(t, o));
    expect(elsewhere.json().message).toBe(PAYMENT_MSG.unknownOrder);
  });
});

describe('accountant history', () => {
  /** Today's payments of the test's own: one paid and two failed attempts, each by a student of its own. */
  async function todaysPayments() {
    const paidOrder = await createOrder(t, undefined, await payer());
    expect((await ipn(t, callback(t, paidOrder))).statusCode).toBe(200);
    const failedOrders = [await createOrder(t, undefined, await payer()), await createOrder(t, undefined, await payer())];
    for (const o of failedOrders) expect((await supple(callback(t, o, { paid: false }))).json().status).toBe('failed');
    return { paid: paidOrder.orderId, failed: failedOrders.map((o) => o.orderId) };
  }

  /** Eight paid payments of last year (one a supplementary fee), each by a roll number of its own. */
  async function olderPayments() {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const roll = await rollOf();
      const supply = i === 0;
      await t.db
        .insertInto('fee_payments')
        .values({
          college_id: college, order_id: `ORD-OLD-${roll}`, transaction_id: `TX-OLD-${roll}`, roll_no: roll,
          fee_type: supply ? 'supply' : 'semester', semester: 'III-II', exam_type: supply ? 'Supplementary' : 'Regular',
          course_code: supply ? 'PAYT01' : null, amount: supply ? 50_000 : 4_500_000, currency: 'INR', status: 'paid',
          trans_date: `2025-0${i + 1}-15T10:00:00.000Z`, receipt_no: 800_000 + Math.floor(Math.random() * 90_000), source: 'seed',
          created_at: `2025-0${i + 1}-15T10:00:00.000Z`,
        })
        .execute();
      ids.push(`ORD-OLD-${roll}`);
    }
    return ids;
  }

  it('lists transactions with filters by date, status and fee type, newest first', async () => {
    const own = await todaysPayments();
    const older = await olderPayments();
    const all = await t.as('accountant', { method: 'GET', url: '/api/payments/transactions?pageSize=200' });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    const inDb = await t.db.selectFrom('fee_payments').select((eb) => eb.fn.countAll().as('n')).where('college_id', '=', college).executeTakeFirstOrThrow();
    expect(body.total).toBe(Number(inDb.n));
    expect(body.total).toBeGreaterThanOrEqual(11);
    expect(body.items.map((i: { orderId: string }) => i.orderId)).toEqual(expect.arrayContaining([own.paid, ...own.failed, ...older]));
    expect(body.items[0]).toHaveProperty('studentName');
    const dates = body.items.map((i: { transDate: string }) => i.transDate);
    expect([...dates].sort().reverse()).toEqual(dates);

    const failed = (
      await t.as('accountsofficer', { method: 'GET', url: '/api/payments/transactions?status=failed&pageSize=200' })
    ).json();
    expect(failed.total).toBeGreaterThanOrEqual(2);
    expect(failed.items.map((i: { orderId: string }) => i.orderId)).toEqual(expect.arrayContaining(own.failed));
    expect(failed.items.every((i: { status: string; receiptNo: null }) => i.status === 'failed' && i.receiptNo === null)).toBe(
      true,
    );
    expect(failed.paidTotal).toBe(0);

    const supply = (await t.as('feepayments', { method: 'GET', url: '/api/payments/transactions?feeType=supply&pageSize=200' })).json();
    expect(supply.items.every((i: { feeType: string }) => i.feeType === 'supply')).toBe(true);
    expect(supply.items.map((i: { orderId: string }) => i.orderId)).toContain(older[0]);

    const today = new Date().toISOString().slice(0, 10);
    const todays = (
      await t.as('accountant', { method: 'GET', url: `/api/payments/transactions?from=${today}&to=${today}&pageSize=200` })
    ).json();
    expect(todays.items.map((i: { orderId: string }) => i.orderId)).toEqual(expect.arrayContaining([own.paid, ...own.failed]));
    expect(todays.items.every((i: { transDate: string }) => i.transDate.startsWith(today))).toBe(true);
    expect(todays.total).toBeLessThan(body.total); // last year's payments are older
    expect(todays.items.map((i: { orderId: string }) => i.orderId)).not.toContain(older[1]);

    const page2 = (await t.as('accountant', { method: 'GET', url: '/api/payments/transactions?page=2&pageSize=5' })).json();
    expect(page2.items.map((i: { id: number }) => i.id)).toEqual(body.items.slice(5, 10).map((i: { id: number }) => i.id));

    const bad = await t.as('accountant', { method: 'GET', url: '/api/payments/transactions?from=21-11-2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Dates are yyyy-mm-dd');
  });

  it('is only for the accounts roles', async () => {
    const STUDENT = await payer();
    for (const user of [STUDENT, 'faculty', 'admin']) {
      const res = await t.as(user, { method: 'GET', url: '/api/payments/transactions' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.noPermission);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/transactions' })).statusCode).toBe(401);
    expect((await t.as(STUDENT, { method: 'GET', url: '/api/payments/summary' })).statusCode).toBe(403);
  });

  it('the summary counts paid and failed payments', async () => {
    await todaysPayments();
    const s = (await t.as('accountant', { method: 'GET', url: '/api/payments/summary' })).json();
    const paid = await t.db
      .selectFrom('fee_payments')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('amount').as('total')])
      .where('college_id', '=', college)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(s).toMatchObject({ paidCount: Number(paid.n), paidTotal: Number(paid.total), currency: 'INR' });
    expect(s.todayCount).toBeGreaterThan(0);
    expect(s.failedCount).toBeGreaterThanOrEqual(2);
  });
});

it('the signing helper matches Lyra: sorted vads_ values joined with + and the key', () => {
  const fields = { vads_b: '2', vads_a: '1', other: 'x' };
  expect(lyraSignature(pickVads(fields), 'k')).toBe(crypto.createHmac('sha256', 'k').update('1+2+k').digest('base64'));
  expect(signingKey(t.config)).not.toBe(t.config.JWT_SECRET);
});
