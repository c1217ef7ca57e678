import { MSG, PAYMENT_MSG, type TGatewayFields, type TPaymentRecorded } from '@erp/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { RequestCollege } from '../../plugins/types.js';
import { demoCallback, demoPage, returnPath } from './gateway.js';
import * as repo from './payments.repo.js';
import { recordTransaction, verifyCallback, type Claims, type FeePayment } from './record.js';

/**
 * The calls that record a gateway's answer: the legacy result-screen calls, Lyra's notification
 * and the built-in demo gateway. Each verifies the signature, checks what the caller claims
 * against the signed fields and the order, and records the transaction once.
 */

/** The status call names the transaction (status, amount, transactionId...); it must match the signed fields. */
const statusClaims = (f: TGatewayFields): Claims => ({
  rollNo: f.rollNo,
  orderId: f.orderId,
  feeType: f.feeType,
  semester: f.semester,
  status: f.status,
  amount: f.amount,
  currency: f.currency,
  transactionId: f.transactionId,
  name: f.name,
});

/** The saves send the payment record as fetched (its status is the order's, not the transaction's). */
const recordClaims = (f: TGatewayFields): Claims => ({
  rollNo: f.rollNo,
  orderId: f.orderId,
  feeType: f.feeType,
  semester: f.semester,
  examType: f.examType,
  amount: f.amount,
  currency: f.currency,
});

/** The answer of the three legacy calls: their message and what was recorded. */
const answer = (message: string, payment: FeePayment): TPaymentRecorded => ({
  message,
  status: payment.status,
  transactionId: payment.transaction_id,
  receiptNo: payment.receipt_no,
});

/** getStudentPaidFeeTransationStatus: the payer's return from the gateway. */
export async function paymentStatus(db: Database, collegeId: number, fields: TGatewayFields, key: string) {
  const { payment } = await recordTransaction(db, collegeId, verifyCallback(fields, key), 'return', statusClaims(fields));
  return answer(PAYMENT_MSG.recorded, payment);
}

/** saveFeePaymentDetails: only a paid Regular (semester) fee is saved through this call. */
export async function saveRegularFee(db: Database, collegeId: number, fields: TGatewayFields, key: string) {
  const cb = verifyCallback(fields, key);
  const order = await repo.orderById(db, collegeId, cb.orderId);
  if (order && (order.exam_type !== 'Regular' || !cb.paid)) throw badRequest(PAYMENT_MSG.notRegularPaid);
  const { payment } = await recordTransaction(db, collegeId, cb, 'return', recordClaims(fields));
  return answer(MSG.recordSaved, payment);
}

/** saveSuppleFeePayment */
export async function saveSupplyFee(db: Database, collegeId: number, fields: TGatewayFields, key: string) {
  const { payment } = await recordTransaction(db, collegeId, verifyCallback(fields, key), 'return', recordClaims(fields));
  return answer(MSG.recordSaved, payment);
}

/** Lyra's server-to-server notification: records the payment even when the payer closed the tab. */
export async function recordIpn(db: Database, collegeId: number, fields: TGatewayFields, key: string): Promise<string> {
  const { payment } = await recordTransaction(db, collegeId, verifyCallback(fields, key), 'ipn');
  return `OK ${payment.status}`;
}

/** The built-in demo gateway exists only with PAYMENT_GATEWAY=demo; the order id in the address is the capability. */
async function demoOrder(db: Database, config: Config, collegeId: number, orderId: string) {
  if (config.PAYMENT_GATEWAY !== 'demo') throw notFound(PAYMENT_MSG.gatewayOff);
  const order = await repo.orderById(db, collegeId, orderId);
  if (!order) throw notFound(PAYMENT_MSG.unknownOrder);
  return order;
}

/** The demo gateway's page (HTML) for an order. */
export async function demoGatewayPage(db: Database, config: Config, college: RequestCollege, orderId: string): Promise<string> {
  return demoPage(await demoOrder(db, config, college.id, orderId), college.name);
}

/**
 * The demo gateway's outcome: like Lyra, it notifies the server first (a signed callback), then
 * sends the payer back; returns the address to send them to.
 */
export async function demoGatewayOutcome(
  db: Database,
  config: Config,
  collegeId: number,
  orderId: string,
  paid: boolean,
  key: string,
) {
  const order = await demoOrder(db, config, collegeId, orderId);
  const email = await repo.studentEmail(db, collegeId, order.roll_no);
  const signed = demoCallback(config, order, email ?? '', paid);
  await recordTransaction(db, collegeId, verifyCallback(signed, key), 'demo');
  return `${returnPath(order)}&${new URLSearchParams(signed)}`;
}
