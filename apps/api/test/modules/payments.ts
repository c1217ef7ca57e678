import type { TestApp } from '../helpers.js';
import { nowIso } from '../../src/db/index.js';
import { lyraDate, lyraSignature, type VadsFields } from '../../src/lib/lyra.js';
import { signingKey } from '../../src/modules/payments/gateway.js';
import { postCharge } from '../../src/modules/accounts/index.js';

/** Text of a PDF (pdf-parse v1; its index file runs a self-test, so the library file is imported). */
export async function pdfText(buf: Buffer): Promise<string> {
  const mod = (await import('pdf-parse/lib/pdf-parse.js' as string)) as { default: (b: Buffer) => Promise<{ text: string }> };
  return (await mod.default(buf)).text;
}

/** An order opened by the student given (a login whose username is the roll number; each test builds its own). */
export async function createOrder(t: TestApp, body: Record<string, unknown> = { feeType: 'semester' }, student: string) {
  const res = await t.as(student, { method: 'POST', url: '/api/payments/orders', payload: body });
  if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as {
    orderId: string;
    amount: number;
    currency: string;
    rollNo: string;
    feeType: string;
    semester: string;
    examType: string;
  };
}

let seq = 0;
/** The vads_ fields and signature Lyra sends back for an order, signed with the given key. */
export function callback(
  t: TestApp,
  order: { orderId: string; amount: number; rollNo: string },
  opts: { paid?: boolean; key?: string; transactionId?: string; over?: Partial<VadsFields> } = {},
): VadsFields {
  const paid = opts.paid ?? true;
  const uuid = opts.transactionId ?? `tx${Date.now().toString(16)}${(++seq).toString(16).padStart(6, '0')}`;
  const fields: VadsFields = {
    vads_amount: String(order.amount),
    vads_charge_status: paid ? 'PAID' : 'failed',
    vads_charge_uuid: uuid,
    vads_ctx_mode: 'TEST',
    vads_currency: '356',
    vads_cust_email: `${order.rollNo.toLowerCase()}@example.org`,
    vads_cust_name: order.rollNo,
    vads_order_id: order.orderId,
    vads_trans_date: lyraDate(),
    vads_trans_status: paid ? 'AUTHORISED' : 'REFUSED',
    vads_trans_uuid: uuid,
    ...opts.over,
  };
  return { ...fields, signature: lyraSignature(fields, opts.key ?? signingKey(t.config)) };
}

/** The legacy status call with the query the result screen sends. */
export function statusQuery(cb: VadsFields, record: { rollNo: string; orderId: string; feeType: string; semester: string }) {
  return new URLSearchParams({
    status: cb.vads_charge_status,
    date: cb.vads_trans_date,
    amount: cb.vads_amount,
    currency: cb.vads_currency,
    statusprogress: cb.vads_charge_status.toLowerCase() === 'paid' ? 'Success' : 'Failure',
    name: cb.vads_cust_name,
    email: cb.vads_cust_email,
    transactionId: cb.vads_charge_uuid,
    rollNo: record.rollNo,
    orderId: record.orderId,
    feeType: record.feeType,
    semester: record.semester,
    ...cb,
  }).toString();
}

export const ipn = (t: TestApp, cb: VadsFields) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/lyra/ipn',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(cb).toString(),
  });

export async function paymentsOf(t: TestApp, orderId: string) {
  return t.db.selectFrom('fee_payments').selectAll().where('order_id', '=', orderId).execute();
}

export async function receiptCounter(t: TestApp, collegeId: number) {
  const row = await t.db
    .selectFrom('counters')
    .select('value')
    .where('college_id', '=', collegeId)
    .where('name', '=', 'receipt')
    .executeTakeFirst();
  return Number(row?.value ?? 0);
}

export async function collegeId(t: TestApp, code = 'SVEC') {
  return (await t.db.selectFrom('colleges').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** An order straight in the table, for roll numbers that have no login. */
export async function insertOrder(t: TestApp, college: number, rollNo: string, orderId: string) {
  const now = nowIso();
  await t.db
    .insertInto('payment_orders')
    .values({
      college_id: college,
      order_id: orderId,
      roll_no: rollNo,
      fee_type: 'semester',
      semester: 'I-I',
      exam_type: 'Regular',
      course_code: null,
      course: '',
      amount: 4_500_000,
      currency: 'INR',
      status: 'created',
      transaction_id: null,
      line_ids: '',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { orderId, amount: 4_500_000, rollNo };
}

let charges = 0;
/**
 * What the office asks of a student in the ledger (the one owner of dues): a charge on a head,
 * dated today, ₹45,000 of tuition unless said. Returns the line's id.
 */
export async function owes(t: TestApp, studentId: number, amountPaise = 4_500_000, head = 'TUITION', headName = 'Tuition Fee') {
  const college = (await t.db.selectFrom('students').select('college_id').where('id', '=', studentId).executeTakeFirstOrThrow()).college_id;
  const { lineId } = await postCharge(t.db, {
    collegeId: college,
    studentId,
    head,
    headName,
    amountPaise,
    source: 'test-demand',
    sourceRef: `${studentId}-${++charges}-${Date.now()}`,
    dueDate: new Date().toISOString().slice(0, 10),
  });
  return lineId;
}
