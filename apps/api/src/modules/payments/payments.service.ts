import crypto from 'node:crypto';
import {
  ACCOUNTS_ROLES,
  EXAM_TYPE_FOR_FEE,
  MSG,
  PAYMENT_MSG,
  type TCreateOrder,
  type TCreatedOrder,
  type TFeeDue,
  type TFeeDueLine,
  type TFeesOverview,
  type TPaymentRecord,
  type TPaymentsSummary,
  type TTransactionsPage,
  type TTransactionsQuery,
} from '@erp/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { lyraForm } from './gateway.js';
import { openFailedCourses } from '../results/index.js';
import { openLinesOfStudent } from '../accounts/index.js';
import * as repo from './payments.repo.js';
import { receiptLabel, receiptPdf } from './receipt-pdf.js';

type Order = NonNullable<Awaited<ReturnType<typeof repo.orderById>>>;

/** The ledger keeps rupees (in paise). */
const LEDGER_CURRENCY = 'INR';

export async function studentOf(db: Database, user: RequestUser) {
  const student = await repo.studentForUser(db, user.collegeId, user.id);
  if (!student) throw badRequest(PAYMENT_MSG.noStudent);
  return student;
}

type FeeTypeRow = Awaited<ReturnType<typeof repo.feeType>>;
type PaidRow = { fee_type: string; semester: string; course_code: string | null };
type OpenLine = TFeeDueLine;

/**
 * What a student can pay online. The semester fee is everything the accounts ledger shows open
 * (the ledger owns what a student owes: the office's demand, hostel, transport and library charges);
 * a supplementary exam fee is offered per open failed course until paid, and becomes a ledger line
 * when it is paid.
 */
function dueList(
  semester: string,
  owed: readonly OpenLine[],
  supplyFee: FeeTypeRow,
  failed: ReadonlyArray<{ course_code: string; course: unknown }>,
  paidRows: readonly PaidRow[],
): TFeeDue[] {
  const due: TFeeDue[] = [];
  if (owed.length) {
    due.push({
      feeType: 'semester',
      examType: EXAM_TYPE_FOR_FEE.semester,
      semester,
      courseCode: null,
      course: '',
      amount: owed.reduce((sum, l) => sum + l.amountPaise, 0),
      currency: LEDGER_CURRENCY,
      lines: [...owed],
    });
  }
  if (supplyFee) {
    for (const f of failed) {
      if (paidRows.some((p) => p.fee_type === 'supply' && p.course_code === f.course_code)) continue;
      due.push({
        feeType: 'supply',
        examType: EXAM_TYPE_FOR_FEE.supply,
        semester,
        courseCode: f.course_code,
        course: String(f.course ?? ''),
        amount: supplyFee.amount,
        currency: supplyFee.currency,
        lines: [],
      });
    }
  }
  return due;
}

/** What the student owes now (the ledger's open lines) and the supplementary fees they may pay. */
export async function feesOverview(db: Database, user: RequestUser): Promise<TFeesOverview> {
  return (await studentFees(db, user)).overview;
}

async function studentFees(db: Database, user: RequestUser) {
  const student = await studentOf(db, user);
  const collegeId = user.collegeId;
  const [supplyFee, failed, paidRows, owed, code] = await Promise.all([
    repo.feeType(db, collegeId, 'supply'),
    openFailedCourses(db, collegeId, student.roll_no),
    repo.paidPaymentsOf(db, collegeId, student.roll_no),
    openLinesOfStudent(db, collegeId, student.id),
    repo.collegeCode(db, collegeId),
  ]);
  const overview: TFeesOverview = {
    rollNo: student.roll_no,
    name: student.full_name,
    semester: student.semester,
    due: dueList(student.semester, owed.open, supplyFee, failed, paidRows),
    paid: paidRows.map((p) => ({
      orderId: p.order_id,
      transactionId: p.transaction_id,
      receiptNo: p.receipt_no,
      receiptLabel: p.receipt_no ? receiptLabel(code, p.receipt_no) : '',
      feeType: p.fee_type,
      examType: p.exam_type,
      semester: p.semester,
      courseCode: p.course_code,
      amount: p.amount,
      currency: p.currency,
      transDate: p.trans_date,
    })),
  };
  return { overview, ledgerCleared: owed.cleared, email: student.email };
}

export const newOrderId = (now = new Date()) =>
  `ORD${now.toISOString().slice(0, 10).replace(/-/g, '')}${crypto.randomBytes(8).toString('hex').toUpperCase()}`;

export function toRecord(order: Order, receiptNo: number | null = null): TPaymentRecord {
  return {
    rollNo: order.roll_no,
    orderId: order.order_id,
    feeType: order.fee_type,
    semester: order.semester,
    examType: order.exam_type,
    courseCode: order.course_code,
    course: order.course,
    amount: order.amount,
    currency: order.currency,
    status: order.status,
    transactionId: order.transaction_id,
    receiptNo,
  };
}

/**
 * Creates an order for a fee that is due now; the amount comes from the ledger (the semester fee:
 * the open lines chosen, or all of them) or the college's fee types (a supplementary fee), never
 * from the client.
 */
export async function createOrder(
  db: Database,
  config: Config,
  user: RequestUser,
  body: TCreateOrder,
  publicBase: string,
): Promise<TCreatedOrder> {
  const { overview, ledgerCleared, email } = await studentFees(db, user);
  const fee = chosenFee(overview, ledgerCleared, body);
  const lineIds = fee.lines.map((l) => l.lineId).join(',');
  const key: repo.FeeKey = {
    collegeId: user.collegeId,
    rollNo: overview.rollNo,
    feeType: fee.feeType,
    semester: fee.semester,
    courseCode: fee.courseCode,
  };
  // One open order per fee: opening another while one is open (a second tab, a double click)
  // reuses it, so the student can never pay the same fee through two orders.
  const order: Order = await db.transaction().execute(async (trx) => {
    await repo.lockFee(trx, key);
    const open = await repo.openOrderFor(trx, key);
    if (open && open.amount === fee.amount && open.currency === fee.currency && open.line_ids === lineIds) return open;
    const now = nowIso();
    const row = {
      college_id: user.collegeId,
      order_id: newOrderId(),
      roll_no: overview.rollNo,
      fee_type: fee.feeType,
      semester: fee.semester,
      exam_type: fee.examType,
      course_code: fee.courseCode,
      course: fee.course,
      amount: fee.amount,
      currency: fee.currency,
      status: 'created',
      transaction_id: null,
      line_ids: lineIds,
      created_at: now,
      updated_at: now,
    };
    const { id } = await repo.insertOrder(trx, row);
    return { ...row, id };
  });
  const redirect =
    config.PAYMENT_GATEWAY === 'lyra'
      ? lyraForm(config, order, email, publicBase)
      : ({ method: 'GET', url: `/api/payments/demo/${order.order_id}` } as const);
  return { ...toRecord(order), gateway: config.PAYMENT_GATEWAY, redirect };
}

/** The fee the order is for, as due now: the semester fee narrowed to the lines chosen. */
function chosenFee(overview: TFeesOverview, ledgerCleared: number, body: TCreateOrder): TFeeDue {
  const fee = overview.due.find((d) => d.feeType === body.feeType && (body.feeType !== 'supply' || d.courseCode === body.courseCode));
  if (!fee) {
    const paid =
      body.feeType === 'semester'
        ? ledgerCleared > 0 || overview.paid.some((p) => p.feeType === 'semester')
        : overview.paid.some((p) => p.feeType === 'supply' && p.courseCode === body.courseCode);
    throw paid ? conflict(PAYMENT_MSG.feeAlreadyPaid) : badRequest(PAYMENT_MSG.feeNotDue);
  }
  if (!body.lineIds) return fee;
  const wanted = new Set(body.lineIds);
  const lines = fee.lines.filter((l) => wanted.has(l.lineId));
  if (lines.length !== wanted.size) throw conflict(PAYMENT_MSG.linesNotOpen);
  return { ...fee, lines, amount: lines.reduce((sum, l) => sum + l.amountPaise, 0) };
}

/** getStudentsFeePaymentDetails: the record by roll number and order id (both must match). */
export async function paymentRecord(db: Database, collegeId: number, rollNo: string, orderId: string): Promise<TPaymentRecord> {
  const order = await repo.orderById(db, collegeId, orderId);
  if (!order || order.roll_no.toUpperCase() !== rollNo.trim().toUpperCase()) throw notFound(PAYMENT_MSG.recordNotFound);
  const payment = order.transaction_id ? await repo.paymentByTransaction(db, collegeId, order.transaction_id) : undefined;
  return toRecord(order, payment?.receipt_no ?? null);
}

export async function transactionHistory(
  db: Database,
  college: { id: number; code: string },
  q: TTransactionsQuery,
): Promise<TTransactionsPage> {
  const { items, total, paidTotal } = await repo.transactions(db, college.id, q);
  return {
    items: items.map((p) => ({
      id: p.id,
      transactionId: p.transaction_id,
      orderId: p.order_id,
      rollNo: p.roll_no,
      studentName: p.student_name ?? '',
      feeType: p.fee_type,
      examType: p.exam_type,
      semester: p.semester,
      courseCode: p.course_code,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      transDate: p.trans_date,
      receiptNo: p.receipt_no,
      receiptLabel: p.receipt_no ? receiptLabel(college.code, p.receipt_no) : '',
      source: p.source,
    })),
    total,
    paidTotal,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function paymentsSummary(db: Database, collegeId: number): Promise<TPaymentsSummary> {
  const today = `${nowIso().slice(0, 10)}T00:00:00.000Z`;
  const rows = await repo.summary(db, collegeId, today);
  const paid = rows.find((r) => r.status === 'paid');
  const failed = rows.find((r) => r.status === 'failed');
  const excess = rows.find((r) => r.status === 'excess');
  const currency = (await repo.feeType(db, collegeId, 'semester'))?.currency ?? 'INR';
  return {
    paidCount: paid?.n ?? 0,
    paidTotal: paid?.total ?? 0,
    failedCount: failed?.n ?? 0,
    excessCount: excess?.n ?? 0,
    excessTotal: excess?.total ?? 0,
    todayCount: paid?.todayN ?? 0,
    todayTotal: paid?.todayTotal ?? 0,
    currency,
  };
}

/** A paid payment's receipt, for the accountant or the student who paid it. */
export async function receiptFor(db: Database, college: RequestCollege, user: RequestUser, receiptNo: number) {
  const payment = await repo.paidByReceiptNo(db, college.id, receiptNo);
  if (!payment) throw notFound(PAYMENT_MSG.receiptNotFound);
  const isAccounts = user.roles.some((r) => (ACCOUNTS_ROLES as string[]).includes(r));
  if (!isAccounts) {
    const student = await repo.studentForUser(db, college.id, user.id);
    if (!student || student.roll_no !== payment.roll_no) throw forbidden(MSG.noPermission);
  }
  return payment;
}

/** The receipt as a PDF file and its file name (the receipt label, slashes as dashes). */
export async function receiptDocument(db: Database, college: RequestCollege, user: RequestUser, receiptNo: number) {
  const p = await receiptFor(db, college, user, receiptNo);
  const pdf = await receiptPdf({
    collegeName: college.name,
    collegeCode: college.code,
    receiptNo: p.receipt_no!,
    rollNo: p.roll_no,
    studentName: p.student_name ?? '',
    feeType: p.fee_type,
    examType: p.exam_type,
    semester: p.semester,
    courseCode: p.course_code,
    course: p.course ?? '',
    amount: p.amount,
    currency: p.currency,
    transactionId: p.transaction_id,
    orderId: p.order_id,
    transDate: p.trans_date,
  });
  return { pdf, fileName: `${receiptLabel(college.code, p.receipt_no!).replace(/\//g, '-')}.pdf` };
}
