import { expect } from 'vitest';
import type { TestApp } from '../helpers.js';
import { newStudent } from '../builders.js';
import { ACCOUNTANT, OFFICER, collect } from './accounts.js';
import { callback, collegeId, createOrder, ipn, owes } from './payments.js';

/**
 * A student of the test's own holding `excessPaise` as an excess credit: charged that much, paid
 * at the counter, then paid the same again online (the gateway's money finds nothing to pay).
 */
export async function studentWithExcess(t: TestApp, excessPaise: number) {
  const s = await newStudent(t.db, await collegeId(t), { semester: 'II-I', login: true });
  await owes(t, s.id, excessPaise, 'TUITION', 'Tuition Fee');
  const order = await createOrder(t, { feeType: 'semester' }, s.username!);
  expect((await collect(t, { rollNo: s.rollNo, mode: 'cash', amount: excessPaise })).statusCode).toBe(200);
  expect((await ipn(t, callback(t, order))).statusCode).toBe(200);
  const [credit] = (await t.as(ACCOUNTANT, { method: 'GET', url: `/api/accounts/excess?rollNo=${s.rollNo}` })).json();
  expect(credit).toMatchObject({ excessPaise, status: 'open' });
  return {
    id: s.id,
    rollNo: s.rollNo,
    username: s.username!,
    credit: credit as { id: number; receiptId: number; receiptLabel: string },
  };
}

export const proposeRefund = (t: TestApp, excessId: number, amountPaise: number, as = ACCOUNTANT, reason = 'Paid twice') =>
  t.as(as, { method: 'POST', url: '/api/accounts/refunds', payload: { excessId, amountPaise, reason } });

export const decideRefund = (
  t: TestApp,
  id: number,
  decision: 'approve' | 'reject',
  as = OFFICER,
  note = 'Checked the bank statement',
) => t.as(as, { method: 'POST', url: `/api/accounts/refunds/${id}/decision`, payload: { decision, note } });

export const payRefund = (t: TestApp, id: number, payload: Record<string, unknown>, as = ACCOUNTANT) =>
  t.as(as, { method: 'POST', url: `/api/accounts/refunds/${id}/payment`, payload });

/** A refund proposed by the accountant and approved by the officer; returns its id. */
export async function approvedRefund(t: TestApp, excessId: number, amountPaise: number) {
  const p = await proposeRefund(t, excessId, amountPaise);
  expect(p.statusCode, p.body).toBe(200);
  const d = await decideRefund(t, p.json().id, 'approve');
  expect(d.statusCode, d.body).toBe(200);
  return p.json().id as number;
}
