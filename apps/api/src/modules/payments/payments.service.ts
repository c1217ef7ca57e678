import crypto from 'node:crypto';
import {
  ACCOUNTS_ROLES,
  EXAM_TYPE_FOR_FEE,
  MSG,
  PAYMENT_MSG,
  type TCreateOrder,
  type TCreatedOrder,
  type TFeeDue,
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
import { openFailedCourses, openFailedCoursesOf } from '../results/index.js';
import { yearDemandCleared } from '../accounts/index.js';
import * as repo from './payments.repo.js';
import { receiptLabel, receiptPdf } from './receipt-pdf.js';

type Order = NonNullable<Awaited<ReturnType<typeof repo.orderById>>>;

export async function studentOf(db: Database, user: RequestUser) {
  const student = await repo.studentForUser(db, user.collegeId, user.id);
  if (!student) throw badRequest(PAYMENT_MSG.noStudent);
  return student;
}

type FeeTypeRow = Awaited<ReturnType<typeof repo.feeType>>;
type PaidRow = { fee_type: string; semester: string; course_code: string | null };

/**
 * The rule of what is due: the current semester's fee unless paid online or cleared in the
 * accounts ledger (the year's demand paid at the counter, waived or conceded), one supplementary
 * fee per open failed course unless paid.
 */
function dueList(
  semester: string,
  semesterFee: FeeTypeRow,
  supplyFee: FeeTypeRow,
  failed: ReadonlyArray<{ course_code: string; course: unknown }>,
  paidRows: readonly PaidRow[],
  clearedInLedger: boolean,
): TFeeDue[] {
  const due: TFeeDue[] = [];
  const semesterPaid = clearedInLedger || paidRows.some((p) => p.fee_type === 'semester' && p.semester === semester);
  if (semesterFee && !semesterPaid) {
    due.push({
      feeType: 'semester',
      examType: EXAM_TYPE_FOR_FEE.semester,
      semester,
      courseCode: null,
      course: '',
      amount: semesterFee.amount,
      currency: semesterFee.currency,
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
      });
    }
  }
  return due;
}

/** What the student owes now: the current semester's fee unless paid, and one supplementary fee per open failed course. */
export async function feesOverview(db: Database, user: RequestUser): Promise<TFeesOverview> {
  return (await studentFees(db, user)).overview;
}

async function studentFees(db: Database, user: RequestUser): Promise<{ overview: TFeesOverview; clearedInLedger: boolean }> {
  const student = await studentOf(db, user);
  const collegeId = user.collegeId;
  const [semesterFee, supplyFee, failed, paidRows, cleared, code] = await Promise.all([
    repo.feeType(db, collegeId, 'semester'),
    repo.feeType(db, collegeId, 'supply'),
    openFailedCourses(db, collegeId, student.roll_no),
    repo.paidPaymentsOf(db, collegeId, student.roll_no),
    yearDemandCleared(db, collegeId, [student.roll_no]),
    repo.collegeCode(db, collegeId),
  ]);
  const clearedInLedger = cleared.has(student.roll_no);
  const overview = {
    rollNo: student.roll_no,
    name: student.full_name,
    semester: student.semester,
    due: dueList(student.semester, semesterFee, supplyFee, failed, paidRows, clearedInLedger),
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
  return { overview, clearedInLedger };
}

/** The roll numbers among these students that owe any fee now (the same rule as the student's fees-due call). */
export async function studentsWithFeesDue(
  db: Database,
  collegeId: number,
  students: ReadonlyArray<{ rollNo: string; semester: string }>,
): Promise<Set<string>> {
  const rollNos = students.map((s) => s.rollNo);
  const [semesterFee, supplyFee, failed, paidRows, cleared] = await Promise.all([
    repo.feeType(db, collegeId, 'semester'),
    repo.feeType(db, collegeId, 'supply'),
    openFailedCoursesOf(db, collegeId, rollNos),
    repo.paidPaymentsOfStudents(db, collegeId, rollNos),
    yearDemandCleared(db, collegeId, rollNos),
  ]);
  const owing = new Set<string>();
  for (const s of students) {
    const due = dueList(
      s.semester,
      semesterFee,
      supplyFee,
      failed.get(s.rollNo) ?? [],
      paidRows.filter((p) => p.roll_no === s.rollNo),
      cleared.has(s.rollNo),
    );
    if (due.length) owing.add(s.rollNo);
  }
  return owing;
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

/** Creates an order for a fee that is due now; the amount comes from the college's fee types, never the client. */
export async function createOrder(
  db: Database,
  config: Config,
  user: RequestUser,
  body: TCreateOrder,
  publicBase: string,
): Promise<TCreatedOrder> {
  const { overview, clearedInLedger } = await studentFees(db, user);
  const fee = overview.due.find(
    (d) => d.feeType === body.feeType && (body.feeType !== 'supply' || d.courseCode === body.courseCode),
  );
  if (!fee) {
    const paid =
      (body.feeType === 'semester' && clearedInLedger) ||
      overview.paid.some(
        (p) =>
          p.feeType === body.feeType &&
          (body.feeType === 'supply' ? p.courseCode === body.courseCode : p.semester === overview.semester),
      );
    throw paid ? conflict(PAYMENT_MSG.feeAlreadyPaid) : badRequest(PAYMENT_MSG.feeNotDue);
  }
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
    if (open && open.amount === fee.amount && open.currency === fee.currency) return open;
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
      created_at: now,
      updated_at: now,
    };
    const { id } = await repo.insertOrder(trx, row);
    return { ...row, id };
  });
  const student = await studentOf(db, user);
  const redirect =
    config.PAYMENT_GATEWAY === 'lyra'
      ? lyraForm(config, order, student.email, publicBase)
      : ({ method: 'GET', url: `/api/payments/demo/${order.order_id}` } as const);
  return { ...toRecord(order), gateway: config.PAYMENT_GATEWAY, redirect };
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
