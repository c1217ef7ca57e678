import { isPaidStatus, PAYMENT_MSG } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import { currencyMatches, lyraDateToIso, pickVads, verifyLyraSignature } from '../../lib/lyra.js';
import * as repo from './payments.repo.js';
import { postOnlinePayment } from '../accounts/index.js';

/** A callback from the gateway after its signature is checked: only signed values are used. */
export interface VerifiedCallback {
  orderId: string;
  transactionId: string;
  amount: string;
  currency: string;
  paid: boolean;
  custName: string;
  transDate: string;
  chargeStatus: string;
}

const LYRA_PAID = ['AUTHORISED', 'CAPTURED', 'ACCEPTED'];

/** Checks the Lyra signature over the vads_ fields; any failure is a 400 and nothing is saved. */
export function verifyCallback(input: Record<string, unknown>, key: string): VerifiedCallback {
  const vads = pickVads(input);
  const signature = Array.isArray(input.signature) ? input.signature[0] : input.signature;
  if (!Object.keys(vads).length || !verifyLyraSignature(vads, signature, key)) throw badRequest(PAYMENT_MSG.badSignature);
  const transactionId = vads.vads_charge_uuid || vads.vads_trans_uuid;
  if (!transactionId || transactionId.length > 80) throw badRequest(PAYMENT_MSG.missingTransaction);
  if (!vads.vads_order_id) throw badRequest(PAYMENT_MSG.unknownOrder);
  const chargeStatus = vads.vads_charge_status ?? '';
  const paid = chargeStatus ? isPaidStatus(chargeStatus) : LYRA_PAID.includes(vads.vads_trans_status ?? '');
  return {
    orderId: vads.vads_order_id,
    transactionId,
    amount: vads.vads_amount ?? '',
    currency: vads.vads_currency ?? '',
    paid,
    custName: vads.vads_cust_name ?? '',
    transDate: lyraDateToIso(vads.vads_trans_date) ?? nowIso(),
    chargeStatus: chargeStatus || (paid ? 'paid' : 'failed'),
  };
}

/**
 * Unsigned values a legacy call sends beside the signed fields (rollNo, orderId, status, amount...)
 * must agree with the signed ones and the stored order; a disagreement means tampering.
 */
export type Claims = Partial<
  Record<
    'rollNo' | 'orderId' | 'feeType' | 'semester' | 'examType' | 'status' | 'amount' | 'currency' | 'transactionId' | 'name',
    unknown
  >
>;

type Order = NonNullable<Awaited<ReturnType<typeof repo.orderById>>>;

function checkClaims(cb: VerifiedCallback, order: Order, claims: Claims) {
  const same = (claim: unknown, actual: string, fold = false) => {
    if (claim === undefined || claim === null || claim === '') return true;
    const c = String(claim).trim();
    return fold ? c.toLowerCase() === actual.toLowerCase() : c === actual;
  };
  const ok =
    same(claims.rollNo, order.roll_no, true) &&
    same(claims.orderId, order.order_id) &&
    same(claims.feeType, order.fee_type) &&
    same(claims.semester, order.semester) &&
    same(claims.examType, order.exam_type, true) &&
    same(claims.status, cb.chargeStatus, true) &&
    same(claims.amount, cb.amount) &&
    same(claims.transactionId, cb.transactionId) &&
    same(claims.name, cb.custName, true) &&
    (claims.currency === undefined ||
      claims.currency === '' ||
      currencyMatches(String(claims.currency), order.currency) ||
      String(claims.currency) === cb.currency);
  if (!ok) throw badRequest(PAYMENT_MSG.payerMismatch);
}

function checkAgainstOrder(cb: VerifiedCallback, order: Order) {
  if (!/^\d+$/.test(cb.amount) || Number(cb.amount) !== order.amount) throw badRequest(PAYMENT_MSG.amountMismatch);
  if (!currencyMatches(cb.currency, order.currency)) throw badRequest(PAYMENT_MSG.currencyMismatch);
  if (cb.custName && cb.custName.toUpperCase() !== order.roll_no.toUpperCase()) throw badRequest(PAYMENT_MSG.payerMismatch);
}

export type FeePayment = NonNullable<Awaited<ReturnType<typeof repo.paymentByTransaction>>>;

/**
 * Records one gateway transaction, once. In one database transaction: lock the order, return the
 * existing record if this transaction id is known, refuse a second transaction on a paid order,
 * then set the order's outcome, give a paid payment the college's next receipt number and insert.
 */
export async function recordTransaction(
  db: Database,
  collegeId: number,
  cb: VerifiedCallback,
  source: string,
  claims: Claims = {},
): Promise<{ payment: FeePayment; order: Order; created: boolean }> {
  const order = await repo.orderById(db, collegeId, cb.orderId);
  if (!order) throw badRequest(PAYMENT_MSG.unknownOrder);
  checkAgainstOrder(cb, order);
  checkClaims(cb, order, claims);

  return db.transaction().execute(async (trx) => {
    await repo.lockOrder(trx, order.id);
    const existing = await repo.paymentByTransaction(trx, collegeId, cb.transactionId);
    if (existing) {
      if (existing.order_id !== order.order_id) throw badRequest(PAYMENT_MSG.payerMismatch);
      return {
        payment: existing,
        order: { ...order, ...(await repo.orderById(trx, collegeId, order.order_id)) },
        created: false,
      };
    }
    const current = (await repo.orderById(trx, collegeId, order.order_id))!;
    if (current.status === 'paid') throw badRequest(PAYMENT_MSG.alreadyPaid);
    // Payments of one fee through different orders are recorded one at a time. A supplementary fee
    // another order has already paid is money to give back, never a second receipt; a semester fee
    // pays what its lines still owe, and the ledger holds the rest as the student's excess credit.
    await repo.lockFee(trx, {
      collegeId,
      rollNo: order.roll_no,
      feeType: order.fee_type,
      semester: order.semester,
      courseCode: order.course_code,
    });
    const excess =
      cb.paid &&
      order.fee_type === 'supply' &&
      (await repo.paidPaymentOfFee(
        trx,
        { collegeId, rollNo: order.roll_no, feeType: order.fee_type, semester: order.semester, courseCode: order.course_code },
        order.order_id,
      )) !== undefined;
    const now = nowIso();
    const updated = await repo.setOrderOutcome(trx, order.id, cb.paid ? 'paid' : 'failed', cb.transactionId, now);
    if (!updated) throw badRequest(PAYMENT_MSG.alreadyPaid);
    const receiptNo = cb.paid && !excess ? await repo.nextReceiptNo(trx, collegeId) : null;
    const payment = await repo.insertPayment(trx, {
      college_id: collegeId,
      order_id: order.order_id,
      transaction_id: cb.transactionId,
      roll_no: order.roll_no,
      fee_type: order.fee_type,
      semester: order.semester,
      exam_type: order.exam_type,
      course_code: order.course_code,
      amount: order.amount,
      currency: order.currency,
      // excess: received for a fee already paid, to be refunded by the accounts office
      status: excess ? 'excess' : cb.paid ? 'paid' : 'failed',
      trans_date: cb.transDate,
      receipt_no: receiptNo,
      source,
      created_at: now,
    });
    // The accounts ledger owns what a student owes: a paid online fee posts into it in this transaction.
    if (cb.paid && !excess)
      await postOnlinePayment(trx, {
        collegeId,
        rollNo: order.roll_no,
        feeType: order.fee_type,
        amountPaise: order.amount,
        receiptNo,
        transactionId: cb.transactionId,
        paidAt: cb.transDate,
        courseCode: order.course_code,
        lineIds: order.line_ids ? order.line_ids.split(',').map(Number) : undefined,
      });
    return {
      payment,
      order: { ...current, status: cb.paid ? 'paid' : 'failed', transaction_id: cb.transactionId },
      created: true,
    };
  });
}
