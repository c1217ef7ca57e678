import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { nowIso } from '../../db/index.js';
import { callback, insertOrder, ipn } from '../../../test/modules/payments.js';
import { collegeId, ledgerOf, studentsWithDemand } from '../../../test/modules/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('online payments post into the ledger', () => {
  it('a paid gateway payment pays the open heads in order, once, under its online receipt number', async () => {
    const { rolls, heads } = await studentsWithDemand(t);
    const order = await insertOrder(t, await collegeId(t), rolls[0], `ORDTEST${rolls[0]}`);
    const cb = callback(t, order);
    expect((await ipn(t, cb)).statusCode).toBe(200);
    expect((await ipn(t, cb)).statusCode).toBe(200);
    const l = await ledgerOf(t, rolls[0]);
    const online = l.receipts.filter((r: { mode: string }) => r.mode === 'online');
    expect(online).toHaveLength(1);
    const payment = await t.db
      .selectFrom('fee_payments')
      .select('receipt_no')
      .where('order_id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    expect(online[0]).toMatchObject({ amountPaise: 4_500_000, receiptNo: payment.receipt_no, status: 'active', clerk: 'online' });
    expect(online[0].label).toMatch(/^SVEC\/ONL\//);
    expect(online[0].allocations).toEqual([expect.objectContaining({ amountPaise: 4_500_000 })]);
    // ₹52,000 demanded, ₹45,000 paid online: ₹5,000 of tuition and ₹2,000 of exam fee remain.
    expect(l.totals.studentDuePaise).toBe(700_000);
    expect(l.lines.find((x: { headId: number }) => x.headId === heads.tuition.id).balancePaise).toBe(500_000);
  });

  it('an online receipt cannot be cancelled at the counter', async () => {
    const { rolls } = await studentsWithDemand(t);
    const order = await insertOrder(t, await collegeId(t), rolls[0], `ORDTEST2${rolls[0]}`);
    await ipn(t, callback(t, order));
    const l = await ledgerOf(t, rolls[0]);
    const res = await t.as('accountsofficer', {
      method: 'POST',
      url: `/api/accounts/receipts/${l.receipts[0].id}/cancel`,
      payload: { reason: 'Refund requested' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('An online payment is refunded through the gateway, not cancelled here');
  });

  it('a supplementary exam fee paid online becomes its own charge, paid by it', async () => {
    const { rolls } = await studentsWithDemand(t);
    const college = await collegeId(t);
    const orderId = `ORDSUP${rolls[0]}`;
    const now = nowIso();
    await t.db
      .insertInto('payment_orders')
      .values({
        college_id: college,
        order_id: orderId,
        roll_no: rolls[0],
        fee_type: 'supply',
        semester: 'I-I',
        exam_type: 'Supplementary',
        course_code: 'CS101',
        course: 'Programming',
        amount: 50_000,
        currency: 'INR',
        status: 'created',
        transaction_id: null,
        line_ids: '',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await ipn(t, callback(t, { orderId, amount: 50_000, rollNo: rolls[0] }))).statusCode).toBe(200);
    const l = await ledgerOf(t, rolls[0]);
    const supply = l.lines.find((x: { headCode: string }) => x.headCode === 'EXAM_SUPPLY');
    expect(supply).toMatchObject({ amountPaise: 50_000, paidPaise: 50_000, balancePaise: 0, source: 'online-supply' });
    // The year's ₹52,000 demand is untouched.
    expect(l.totals.studentDuePaise).toBe(5_200_000);
  });
});
