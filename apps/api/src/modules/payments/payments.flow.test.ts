import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PAYMENT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newExamTitle, newStudent } from '../../../test/builders.js';
import { verifyLyraSignature, pickVads } from '../../lib/lyra.js';
import { signingKey } from './gateway.js';
import {
  callback,
  collegeId,
  createOrder,
  ipn,
  owes,
  paymentsOf,
  pdfText,
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

/**
 * A student of the test's own, in semester IV-I, with a login (username = roll number), no payments,
 * and ₹45,000 of tuition owed in the ledger.
 */
const payer = async (app: TestApp = t) => {
  const s = await newStudent(app.db, await collegeId(app), { semester: 'IV-I', full_name: 'Test Payer', login: true });
  await owes(app, s.id);
  return s.username!;
};
const feesDue = async (student: string) => (await t.as(student, { method: 'GET', url: '/api/payments/fees-due' })).json();

describe('fees due and orders', () => {
  it('lists the current semester fee as due and last semester as paid with a receipt', async () => {
    const STUDENT = await payer();
    // Last semester's fee, paid with a receipt.
    const now = new Date().toISOString();
    const receiptNo = 900_000 + Math.floor(Math.random() * 90_000);
    await t.db
      .insertInto('fee_payments')
      .values({
        college_id: college, order_id: `ORD-${STUDENT}`, transaction_id: `TX-${STUDENT}`, roll_no: STUDENT, fee_type: 'semester',
        semester: 'III-II', exam_type: 'Regular', course_code: null, amount: 4_500_000, currency: 'INR', status: 'paid',
        trans_date: now, receipt_no: receiptNo, source: 'seed', created_at: now,
      })
      .execute();
    const body = await feesDue(STUDENT);
    expect(body.rollNo).toBe(STUDENT);
    expect(body.due).toContainEqual(
      expect.objectContaining({ feeType: 'semester', examType: 'Regular', semester: 'IV-I', amount: 4_500_000, currency: 'INR' }),
    );
    expect(body.due.filter((d: { feeType: string }) => d.feeType === 'semester')).toHaveLength(1);
    expect(body.paid).toEqual([expect.objectContaining({ feeType: 'semester', semester: 'III-II', receiptNo, orderId: `ORD-${STUDENT}` })]);
    // the receipt by its printed number, as on the PDF, not the bare counter ("receipt 1")
    const printed = `SVEC/R/${String(receiptNo).padStart(6, '0')}`;
    expect(body.paid[0].receiptLabel).toBe(printed);
    const history = (await t.as('accountant', { method: 'GET', url: `/api/payments/transactions?rollNo=${STUDENT}` })).json();
    expect(history.items.map((x: { receiptLabel: string }) => x.receiptLabel)).toEqual([printed]);
  });

  it('creates an order with the amount the ledger holds open and sends the browser to the demo gateway', async () => {
    const STUDENT = await payer();
    // An amount from the client is ignored: the amount is what the ledger holds open.
    const res = await t.as(STUDENT, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { feeType: 'semester', amount: 1, currency: 'USD' },
    });
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      rollNo: STUDENT,
      feeType: 'semester',
      examType: 'Regular',
      semester: 'IV-I',
      amount: 4_500_000,
      currency: 'INR',
      status: 'created',
      gateway: 'demo',
    });
    expect(order.orderId).toMatch(/^ORD\d{8}[0-9A-F]{16}$/);
    expect(order.redirect).toEqual({ method: 'GET', url: `/api/payments/demo/${order.orderId}` });
  });

  it('refuses orders from non-students, anonymous callers and for fees that are not due', async () => {
    const STUDENT = await payer();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester' } })).statusCode,
    ).toBe(401);
    const acc = await t.as('accountant', { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester' } });
    expect(acc.statusCode).toBe(403);
    expect(acc.json().message).toBe(MSG.noPermission);
    const bad = await t.as(STUDENT, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'hostel' } });
    expect(bad.statusCode).toBe(400);
    const noCourse = await t.as(STUDENT, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'supply' } });
    expect(noCourse.statusCode).toBe(400);
    expect(noCourse.json().message).toBe('courseCode is required for a supplementary fee');
    const notFailed = await t.as(STUDENT, {
      method: 'POST',
      url: '/api/payments/orders',
      payload: { feeType: 'supply', courseCode: 'NOPE99' },
    });
    expect(notFailed.statusCode).toBe(400);
    expect(notFailed.json().message).toBe(PAYMENT_MSG.feeNotDue);
  });
});

describe('payment flow through the result screen calls', () => {
  it('records a failed payment as failed: no receipt, the fee stays due', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    const before = await receiptCounter(t, college);
    const cb = callback(t, order, { paid: false });
    const rec = await t.app.inject({
      method: 'GET',
      url: `/api/v1/getStudentsFeePaymentDetails?rollNo=${STUDENT}&orderId=${order.orderId}`,
    });
    expect(rec.statusCode).toBe(200);
    expect(rec.json()).toMatchObject({
      rollNo: STUDENT,
      orderId: order.orderId,
      feeType: 'semester',
      semester: 'IV-I',
      examType: 'Regular',
      status: 'created',
    });

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/getStudentPaidFeeTransationStatus?${statusQuery(cb, rec.json())}`,
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ message: PAYMENT_MSG.recorded, status: 'failed', receiptNo: null });

    // The screen saves a failed Regular payment through the supplementary save (spec section 4).
    const regular = await t.app.inject({
      method: 'POST',
      url: '/api/v1/saveFeePaymentDetails',
      payload: { ...(rec.json() as object), ...cb },
    });
    expect(regular.statusCode).toBe(400);
    expect(regular.json().message).toBe(PAYMENT_MSG.notRegularPaid);
    const supple = await t.app.inject({
      method: 'POST',
      url: '/api/v1/saveSuppleFeePayment',
      payload: { ...(rec.json() as object), ...cb },
    });
    expect(supple.statusCode).toBe(200);
    expect(supple.json().message).toBe('Record saved successfully');

    const rows = await paymentsOf(t, order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', receipt_no: null, amount: 4_500_000, roll_no: STUDENT });
    expect(await receiptCounter(t, college)).toBe(before);
    expect((await feesDue(STUDENT)).due.some((d: { feeType: string }) => d.feeType === 'semester')).toBe(true);
  });

  it('records a paid Regular fee once with the next receipt number and marks the fee paid', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    const before = await receiptCounter(t, college);
    const cb = callback(t, order, { paid: true });
    const rec = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/getStudentsFeePaymentDetails?rollNo=${STUDENT}&orderId=${order.orderId}`,
      })
    ).json();
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/getStudentPaidFeeTransationStatus?${statusQuery(cb, rec)}`,
    });
    expect(status.json()).toMatchObject({ status: 'paid', receiptNo: before + 1 });
    const save = await t.app.inject({ method: 'POST', url: '/api/v1/saveFeePaymentDetails', payload: { ...rec, ...cb } });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ message: 'Record saved successfully', status: 'paid', receiptNo: before + 1 });

    const rows = await paymentsOf(t, order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'paid',
      receipt_no: before + 1,
      transaction_id: cb.vads_charge_uuid,
      source: 'return',
    });
    expect(await receiptCounter(t, college)).toBe(before + 1);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/getStudentsFeePaymentDetails?rollNo=${STUDENT.toLowerCase()}&orderId=${order.orderId}`,
    });
    expect(after.json()).toMatchObject({ status: 'paid', transactionId: cb.vads_charge_uuid, receiptNo: before + 1 });

    const fees = await feesDue(STUDENT);
    expect(fees.due.some((d: { feeType: string }) => d.feeType === 'semester')).toBe(false);
    expect(fees.paid).toContainEqual(expect.objectContaining({ semester: 'IV-I', receiptNo: before + 1 }));
    const again = await t.as(STUDENT, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MSG.feeAlreadyPaid);

    // The receipt: the student and the accountant may download it, another user may not.
    const pdf = await t.as(STUDENT, { method: 'GET', url: `/api/payments/receipts/${before + 1}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`SVEC/R/${String(before + 1).padStart(6, '0')}`);
    expect(text).toContain(STUDENT);
    expect(text).toContain(cb.vads_charge_uuid);
    expect(text).toContain('INR 45,000.00');
    expect((await t.as('accountant', { method: 'GET', url: `/api/payments/receipts/${before + 1}` })).statusCode).toBe(200);
    const other = await t.as('faculty', { method: 'GET', url: `/api/payments/receipts/${before + 1}` });
    expect(other.statusCode).toBe(403);
    expect((await t.as('accountant', { method: 'GET', url: '/api/payments/receipts/99999' })).statusCode).toBe(404);
  });

  it('answers 404 for a record that does not exist or belongs to another roll number', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, { feeType: 'supply', courseCode: 'PAYT01' }, STUDENT).catch(() => null);
    expect(order).toBeNull(); // no failed course: see the supplementary test below
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/getStudentsFeePaymentDetails?rollNo=${STUDENT}&orderId=ORDX`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PAYMENT_MSG.recordNotFound);
    const own = await createOrder(t, undefined, STUDENT);
    const other = await payer();
    const wrongRoll = await t.app.inject({
      method: 'GET',
      url: `/api/v1/getStudentsFeePaymentDetails?rollNo=${other}&orderId=${own.orderId}`,
    });
    expect(wrongRoll.statusCode).toBe(404);
    expect(wrongRoll.json().message).toBe(PAYMENT_MSG.recordNotFound);
    const right = await t.app.inject({ method: 'GET', url: `/api/v1/getStudentsFeePaymentDetails?rollNo=${STUDENT}&orderId=${own.orderId}` });
    expect(right.statusCode).toBe(200);
  });
});

describe('supplementary exam fees', () => {
  it('charges one supplementary fee per open failed course and records it through the supplementary save', async () => {
    const STUDENT = await payer();
    const title = await newExamTitle(t.db, college);
    const row = {
      college_id: college,
      exam_title_id: title.id,
      roll_no: STUDENT,
      credits: 3,
      marks: 20,
      grade: 'F',
      grade_points: 0,
    };
    await t.db
      .insertInto('exam_results')
      .values([
        { ...row, course_code: 'PAYT01', course: 'Payment Theory', status: 'Fail', superseded: 0 },
        { ...row, course_code: 'PAYT02', course: 'Replaced Course', status: 'Fail', superseded: 1 },
        { ...row, course_code: 'PAYT03', course: 'Missed Course', status: 'Absent', superseded: 0, marks: null, grade: 'AB' },
      ])
      .execute();
    const due = (await feesDue(STUDENT)).due.filter((d: { feeType: string }) => d.feeType === 'supply');
    // PAYT02 was replaced by a later result: only the open failures are due.
    expect(due.map((d: { courseCode: string }) => d.courseCode).sort()).toEqual(['PAYT01', 'PAYT03']);
    expect(due.find((d: { courseCode: string }) => d.courseCode === 'PAYT01')).toMatchObject({
      amount: 50_000,
      examType: 'Supplementary',
      course: 'Payment Theory',
    });

    const order = await createOrder(t, { feeType: 'supply', courseCode: 'PAYT01' }, STUDENT);
    expect(order).toMatchObject({ amount: 50_000, examType: 'Supplementary' });
    const cb = callback(t, order);
    const rec = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/getStudentsFeePaymentDetails?rollNo=${STUDENT}&orderId=${order.orderId}`,
      })
    ).json();
    expect(rec).toMatchObject({ examType: 'Supplementary', courseCode: 'PAYT01' });
    const regular = await t.app.inject({ method: 'POST', url: '/api/v1/saveFeePaymentDetails', payload: { ...rec, ...cb } });
    expect(regular.statusCode).toBe(400);
    const supple = await t.app.inject({ method: 'POST', url: '/api/v1/saveSuppleFeePayment', payload: { ...rec, ...cb } });
    expect(supple.statusCode).toBe(200);
    expect(supple.json()).toMatchObject({ message: 'Record saved successfully', status: 'paid' });
    const left = (await feesDue(STUDENT)).due
      .filter((d: { feeType: string }) => d.feeType === 'supply')
      .map((d: { courseCode: string }) => d.courseCode);
    expect(left).toEqual(['PAYT03']);
  });
});

describe('gateways', () => {
  it('the demo gateway page posts the outcome, records it and redirects with a Lyra signature', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    const page = await t.app.inject({ method: 'GET', url: `/api/payments/demo/${order.orderId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(order.orderId);
    expect(page.body).toContain('INR 45,000.00');
    expect(page.body).toContain('name="outcome" value="success"');

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/payments/demo/${order.orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success',
    });
    expect(done.statusCode).toBe(303);
    const location = new URL(done.headers.location as string, 'http://localhost');
    expect(location.pathname).toBe('/lyra/payment/status');
    const q = Object.fromEntries(location.searchParams);
    expect(q).toMatchObject({
      orderId: order.orderId,
      feeType: 'semester',
      vads_charge_status: 'paid',
      vads_amount: '4500000',
      vads_cust_name: STUDENT,
      vads_currency: '356',
    });
    expect(verifyLyraSignature(pickVads(q), q.signature, signingKey(t.config))).toBe(true);
    const rows = await paymentsOf(t, order.orderId);
    expect(rows).toMatchObject([{ status: 'paid', source: 'demo', transaction_id: q.vads_charge_uuid }]);

    // The browser's return after the gateway's notification makes no second record.
    const rec = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/getStudentsFeePaymentDetails?rollNo=${STUDENT}&orderId=${order.orderId}`,
      })
    ).json();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/saveFeePaymentDetails', payload: { ...rec, ...q } })).statusCode,
    ).toBe(200);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    const page2 = await t.app.inject({ method: 'GET', url: `/api/payments/demo/${order.orderId}` });
    expect(page2.body).toContain('This order is already paid.');
    expect(page2.body).not.toContain('name="outcome"');
  });

  it('the IPN answers OK and needs no browser', async () => {
    const STUDENT = await payer();
    const order = await createOrder(t, undefined, STUDENT);
    const res = await ipn(t, callback(t, order));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK paid');
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ status: 'paid', source: 'ipn' }]);
  });

  it('PAYMENT_GATEWAY=lyra posts the signed Lyra form and has no demo page', async () => {
    const lyra = await createTestApp({
      env: {
        PAYMENT_GATEWAY: 'lyra',
        LYRA_SHOP_ID: '12345678',
        LYRA_KEY: 'test-shop-key-123',
        PUBLIC_URL: 'https://erp.example.org',
      },
    });
    try {
      const STUDENT = await payer(lyra);
      const res = await lyra.as(STUDENT, { method: 'POST', url: '/api/payments/orders', payload: { feeType: 'semester' } });
      expect(res.statusCode).toBe(200);
      const { redirect, orderId, gateway } = res.json();
      expect(gateway).toBe('lyra');
      expect(redirect.method).toBe('POST');
      expect(redirect.url).toBe('https://secure.payzen.co.in/vads-payment/');
      expect(redirect.fields).toMatchObject({
        vads_site_id: '12345678',
        vads_ctx_mode: 'TEST',
        vads_amount: '4500000',
        vads_currency: '356',
        vads_order_id: orderId,
        vads_cust_name: STUDENT,
        vads_url_check: 'https://erp.example.org/api/payments/lyra/ipn',
        vads_url_return: `https://erp.example.org/lyra/payment/status?orderId=${orderId}&feeType=semester`,
      });
      expect(redirect.fields.vads_trans_id).toMatch(/^\d{6}$/);
      expect(verifyLyraSignature(pickVads(redirect.fields), redirect.fields.signature, 'test-shop-key-123')).toBe(true);
      expect((await lyra.app.inject({ method: 'GET', url: `/api/payments/demo/${orderId}` })).statusCode).toBe(404);
      // A callback signed with the shop key is recorded; one signed with the demo key is not.
      const order = { orderId, amount: 4_500_000, rollNo: STUDENT };
      expect((await ipn(lyra, callback(lyra, order, { key: 'some-other-key' }))).statusCode).toBe(400);
      expect((await ipn(lyra, callback(lyra, order, { key: 'test-shop-key-123' }))).statusCode).toBe(200);
    } finally {
      await lyra.close();
    }
  });

  it('PAYMENT_GATEWAY=lyra without a shop key refuses to start', async () => {
    await expect(createTestApp({ seed: false, env: { PAYMENT_GATEWAY: 'lyra', LYRA_SHOP_ID: '12345678' } })).rejects.toThrow(
      /PAYMENT_GATEWAY=lyra needs LYRA_KEY/,
    );
  });
});
