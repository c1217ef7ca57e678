import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent } from '../../../test/builders.js';
import { callback, collegeId, createOrder, ipn, paymentsOf, receiptCounter } from '../../../test/modules/payments.js';

/**
 * The same fee paid twice (issue 18): two orders opened before paying must not give two receipts.
 */
let t: TestApp;
let college: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t);
});
afterAll(async () => t.close());

/** A student of the test's own, in semester IV-I, with a login (username = roll number) and no payments. */
const payer = async () => (await newStudent(t.db, college, { semester: 'IV-I', full_name: 'Test Payer', login: true })).username!;

/** The student's open orders for this semester's fee. */
const openOrders = async (student: string) =>
  (
    await t.db
      .selectFrom('payment_orders')
      .select('order_id')
      .where('roll_no', '=', student)
      .where('fee_type', '=', 'semester')
      .where('semester', '=', 'IV-I')
      .where('status', '=', 'created')
      .execute()
  ).map((r) => r.order_id);

describe('one fee, one payment', () => {
  it('opening orders at once while one is open for the fee reuses it', async () => {
    const STUDENT = await payer();
    const orders = await Promise.all(Array.from({ length: 6 }, () => createOrder(t, undefined, STUDENT)));
    const ids = new Set(orders.map((o) => o.orderId));
    expect(ids.size).toBe(1);
    expect(await openOrders(STUDENT)).toEqual([...ids]);
    // and later, one by one, still the same order
    expect((await createOrder(t, undefined, STUDENT)).orderId).toBe(orders[0].orderId);
  });

  it('two payments arriving at once for two open orders of one fee: one receipt, the other an excess to refund', async () => {
    // Two orders open for the fee (as the old code allowed): open one, then copy it under a second id.
    const STUDENT = await payer();
    const { orderId: first } = await createOrder(t, undefined, STUDENT);
    expect(await openOrders(STUDENT)).toEqual([first]);
    const row = await t.db.selectFrom('payment_orders').selectAll().where('order_id', '=', first).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = row;
    await t.db.insertInto('payment_orders').values({ ...copy, order_id: `${first}B` }).execute();
    const a = { orderId: first, amount: row.amount, rollNo: STUDENT };
    const b = { orderId: `${first}B`, amount: row.amount, rollNo: STUDENT };

    const receiptsBefore = await receiptCounter(t, college);
    const summaryBefore = (await t.as('accountant', { method: 'GET', url: '/api/payments/summary' })).json();
    const [ra, rb] = await Promise.all([ipn(t, callback(t, a)), ipn(t, callback(t, b))]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);

    const rows = [...(await paymentsOf(t, a.orderId)), ...(await paymentsOf(t, b.orderId))];
    expect(rows).toHaveLength(2);
    const paid = rows.filter((r) => r.status === 'paid');
    const excess = rows.filter((r) => r.status === 'excess');
    expect(paid).toHaveLength(1);
    expect(paid[0].receipt_no).toBe(receiptsBefore + 1);
    expect(excess).toHaveLength(1);
    expect(excess[0]).toMatchObject({ receipt_no: null, amount: 4_500_000 });
    // one receipt number used, not two
    expect(await receiptCounter(t, college)).toBe(receiptsBefore + 1);

    // flagged to the accounts office: the summary counts it to refund, the history filters it
    const summary = (await t.as('accountant', { method: 'GET', url: '/api/payments/summary' })).json();
    expect(summary.excessCount - summaryBefore.excessCount).toBe(1);
    expect(summary.excessTotal - summaryBefore.excessTotal).toBe(4_500_000);
    expect(summary.paidCount - summaryBefore.paidCount).toBe(1);
    const history = (await t.as('accountant', { method: 'GET', url: `/api/payments/transactions?status=excess&rollNo=${STUDENT}` })).json();
    expect(history.items.map((i: { orderId: string }) => i.orderId)).toEqual([excess[0].order_id]);

    // the fee is paid once; a new order is refused
    const again = await t.as(STUDENT, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MSG.feeAlreadyPaid);
    // the same callback again changes nothing (either order may have been the one to arrive second)
    const late = excess[0].order_id === a.orderId ? a : b;
    const replay = await ipn(t, callback(t, late, { transactionId: excess[0].transaction_id }));
    expect(replay.statusCode).toBe(200);
    expect([...(await paymentsOf(t, a.orderId)), ...(await paymentsOf(t, b.orderId))]).toHaveLength(2);
  });
});
