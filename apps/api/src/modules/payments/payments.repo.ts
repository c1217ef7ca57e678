import { inChunks } from '../../lib/chunked.js';
import { sql } from 'kysely';
import type { TTransactionsQuery } from '@erp/shared';
import type { DB } from '../../db/tables.js';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/migrations/helpers.js';
import { nextCounter } from '../../lib/counters.js';

export async function studentForUser(db: Db, collegeId: number, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('students', 'students.id', 'users.student_id')
    .select(['students.id', 'students.roll_no', 'students.full_name', 'students.semester', 'students.email'])
    .where('users.id', '=', userId)
    .where('users.college_id', '=', collegeId)
    .where('students.college_id', '=', collegeId)
    .executeTakeFirst();
}

export async function feeType(db: Db, collegeId: number, type: string) {
  return db
    .selectFrom('fee_types')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('fee_type', '=', type)
    .executeTakeFirst();
}

/** Paid fees of many students at once (for the fees-due rule over a batch). */
export async function paidPaymentsOfStudents(db: Db, collegeId: number, rollNos: readonly string[]) {
  return inChunks(rollNos, (part) =>
    db
      .selectFrom('fee_payments')
      .select(['roll_no', 'fee_type', 'semester', 'course_code'])
      .where('college_id', '=', collegeId)
      .where('roll_no', 'in', part)
      .where('status', '=', 'paid')
      .execute(),
  );
}

/** The college's code, which prefixes its receipt numbers. */
export async function collegeCode(db: Db, collegeId: number): Promise<string> {
  return (await db.selectFrom('colleges').select('code').where('id', '=', collegeId).executeTakeFirst())?.code ?? '';
}

export async function paidPaymentsOf(db: Db, collegeId: number, rollNo: string) {
  return db
    .selectFrom('fee_payments')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('roll_no', '=', rollNo)
    .where('status', '=', 'paid')
    .orderBy('trans_date', 'desc')
    .execute();
}

export async function insertOrder(db: Db, row: Omit<DB['payment_orders'], 'id'> & { id?: never }) {
  return db.insertInto('payment_orders').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function orderById(db: Db, collegeId: number, orderId: string) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export interface FeeKey {
  collegeId: number;
  rollNo: string;
  feeType: string;
  semester: string;
  courseCode: string | null;
}

/**
 * Serializes everything that opens an order for, or records a payment of, one student's fee, to
 * the end of the transaction: a PostgreSQL advisory lock on the fee (every replica sees it); on
 * SQLite a write takes the database's one write lock. Call first thing inside the transaction.
 */
export async function lockFee(trx: Db, fee: FeeKey) {
  const key = `fee|${fee.collegeId}|${fee.rollNo.toUpperCase()}|${fee.feeType}|${fee.semester}|${fee.courseCode ?? ''}`;
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  else await sql`delete from counters where 0`.execute(trx);
}

/** The order still open (created, not paid or failed) for the fee, if any. */
export async function openOrderFor(db: Db, fee: FeeKey) {
  let q = db
    .selectFrom('payment_orders')
    .selectAll()
    .where('college_id', '=', fee.collegeId)
    .where('roll_no', '=', fee.rollNo)
    .where('fee_type', '=', fee.feeType)
    .where('semester', '=', fee.semester)
    .where('status', '=', 'created');
  q = fee.courseCode === null ? q.where('course_code', 'is', null) : q.where('course_code', '=', fee.courseCode);
  return q.orderBy('id', 'desc').executeTakeFirst();
}

/** The paid payment (with its receipt) of the fee by another order, if there is one. */
export async function paidPaymentOfFee(db: Db, fee: FeeKey, exceptOrderId: string) {
  let q = db
    .selectFrom('fee_payments')
    .selectAll()
    .where('college_id', '=', fee.collegeId)
    .where('roll_no', '=', fee.rollNo)
    .where('fee_type', '=', fee.feeType)
    .where('semester', '=', fee.semester)
    .where('status', '=', 'paid')
    .where('order_id', '<>', exceptOrderId);
  q = fee.courseCode === null ? q.where('course_code', 'is', null) : q.where('course_code', '=', fee.courseCode);
  return q.orderBy('id').executeTakeFirst();
}

/** A no-op write that takes the order's row lock (PostgreSQL) so callbacks for one order run one at a time. */
export async function lockOrder(trx: Db, id: number) {
  await trx
    .updateTable('payment_orders')
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', id)
    .execute();
}

export async function setOrderOutcome(trx: Db, id: number, status: 'paid' | 'failed', transactionId: string, now: string) {
  const res = await trx
    .updateTable('payment_orders')
    .set({ status, transaction_id: transactionId, updated_at: now })
    .where('id', '=', id)
    .where('status', '<>', 'paid')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function paymentByTransaction(db: Db, collegeId: number, transactionId: string) {
  return db
    .selectFrom('fee_payments')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** The next receipt number of the college, allocated atomically inside the caller's transaction. */
export function nextReceiptNo(trx: Db, collegeId: number): Promise<number> {
  return nextCounter(trx, collegeId, 'receipt');
}

export async function insertPayment(trx: Db, row: Omit<DB['fee_payments'], 'id'> & { id?: never }) {
  return trx.insertInto('fee_payments').values(row).returningAll().executeTakeFirstOrThrow();
}

function filtered(db: Db, collegeId: number, q: Partial<TTransactionsQuery>) {
  let query = db.selectFrom('fee_payments').where('fee_payments.college_id', '=', collegeId);
  // trans_date is an ISO timestamp: a day filter compares the date part.
  if (q.from) query = query.where('fee_payments.trans_date', '>=', `${q.from}T00:00:00.000Z`);
  if (q.to) query = query.where('fee_payments.trans_date', '<=', `${q.to}T23:59:59.999Z`);
  if (q.status) query = query.where('fee_payments.status', '=', q.status);
  if (q.feeType) query = query.where('fee_payments.fee_type', '=', q.feeType);
  if (q.rollNo) query = query.where('fee_payments.roll_no', '=', q.rollNo.toUpperCase());
  return query;
}

export async function transactions(db: Db, collegeId: number, q: TTransactionsQuery) {
  const base = filtered(db, collegeId, q);
  const [items, totals] = await Promise.all([
    base
      .leftJoin('students', (j) =>
        j.onRef('students.roll_no', '=', 'fee_payments.roll_no').onRef('students.college_id', '=', 'fee_payments.college_id'),
      )
      .selectAll('fee_payments')
      .select('students.full_name as student_name')
      .orderBy('fee_payments.trans_date', 'desc')
      .orderBy('fee_payments.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn
          .sum<number>(eb.case().when('fee_payments.status', '=', 'paid').then(eb.ref('fee_payments.amount')).else(0).end())
          .as('paid'),
      ])
      .executeTakeFirst(),
  ]);
  return { items, total: Number(totals?.n ?? 0), paidTotal: Number(totals?.paid ?? 0) };
}

export async function summary(db: Db, collegeId: number, todayIso: string) {
  const rows = await db
    .selectFrom('fee_payments')
    .select((eb) => [
      'status',
      eb.fn.countAll().as('n'),
      eb.fn.sum<number>('amount').as('total'),
      eb.fn.sum<number>(eb.case().when('trans_date', '>=', todayIso).then(1).else(0).end()).as('today_n'),
      eb.fn.sum<number>(eb.case().when('trans_date', '>=', todayIso).then(eb.ref('amount')).else(0).end()).as('today_total'),
    ])
    .where('college_id', '=', collegeId)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    n: Number(r.n),
    total: Number(r.total ?? 0),
    todayN: Number(r.today_n ?? 0),
    todayTotal: Number(r.today_total ?? 0),
  }));
}

export async function studentEmail(db: Db, collegeId: number, rollNo: string) {
  const row = await db
    .selectFrom('students')
    .select('email')
    .where('college_id', '=', collegeId)
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
  return row?.email;
}

/** A paid payment by its receipt number, with the student's name and the order's course. */
export async function paidByReceiptNo(db: Db, collegeId: number, receiptNo: number) {
  return db
    .selectFrom('fee_payments')
    .leftJoin('students', (j) =>
      j.onRef('students.roll_no', '=', 'fee_payments.roll_no').onRef('students.college_id', '=', 'fee_payments.college_id'),
    )
    .leftJoin('payment_orders', 'payment_orders.order_id', 'fee_payments.order_id')
    .selectAll('fee_payments')
    .select(['students.full_name as student_name', 'payment_orders.course as course'])
    .where('fee_payments.college_id', '=', collegeId)
    .where('fee_payments.receipt_no', '=', receiptNo)
    .where('fee_payments.status', '=', 'paid')
    .executeTakeFirst();
}
