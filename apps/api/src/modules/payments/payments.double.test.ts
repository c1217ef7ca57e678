import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent } from '../../../test/builders.js';
import { callback, collegeId, createOrder, ipn, owes, paymentsOf, receiptCounter } from '../../../test/modules/payments.js';

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
/** A student of the test's own with a login and ₹45,000 of tuition owed in the ledger. */
const payer = async () => {
  const s = await newStudent(t.db, college, { semester: 'IV-I', full_name: 'Test Payer', login: true });
  await owes(t, s.id);
  return s.username!;
};

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

  it('two payments arriving at once for two open orders of one fee: both receipted, the ledger pays the fee once and holds the rest as excess', async () => {
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
    const [ra, rb] = await Promise.all([ipn(t, callback(t, a)), ipn(t, callback(t, b))]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);

    const rows = [...(await paymentsOf(t, a.orderId)), ...(await paymentsOf(t, b.orderId))];
    expect(rows.map((r) => r.status)).toEqual(['paid', 'paid']);
    expect(rows.map((r) => r.receipt_no).sort()).toEqual([receiptsBefore + 1, receiptsBefore + 2]);

    // The ledger took ₹45,000 against the tuition once; the second ₹45,000 is the student's excess credit.
    const ledger = (await t.as('accountant', { method: 'GET', url: `/api/accounts/students/${STUDENT}/ledger` })).json();
    expect(ledger.totals).toMatchObject({ demandPaise: 4_500_000, paidPaise: 4_500_000, studentDuePaise: 0 });
    const split = ledger.receipts
      .map((r: { allocations: Array<{ amountPaise: number }>; excessPaise: number }) => [r.allocations.reduce((s, x) => s + x.amountPaise, 0), r.excessPaise])
      .sort();
    expect(split).toEqual([
      [0, 4_500_000],
      [4_500_000, 0],
    ]);
    const excess = (await t.as('accountant', { method: 'GET', url: `/api/accounts/excess?rollNo=${STUDENT}` })).json();
    expect(excess.map((x: { excessPaise: number }) => x.excessPaise)).toEqual([4_500_000]);

    // the fee is paid; a new order is refused
    const again = await t.as(STUDENT, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MSG.feeAlreadyPaid);
    // the same callback again changes nothing
    const replay = await ipn(t, callback(t, b, { transactionId: rows.find((r) => r.order_id === b.orderId)!.transaction_id }));
    expect(replay.statusCode).toBe(200);
    expect([...(await paymentsOf(t, a.orderId)), ...(await paymentsOf(t, b.orderId))]).toHaveLength(2);
    expect((await t.as('accountant', { method: 'GET', url: `/api/accounts/excess?rollNo=${STUDENT}` })).json()).toHaveLength(1);
  });
});
