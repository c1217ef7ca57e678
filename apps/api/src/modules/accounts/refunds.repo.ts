import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import { columnStartsWith } from '../../lib/search.js';

/** Refunds held against an excess credit's receipt: proposed, approved or paid (a rejected one gave its amount back). */
export const HELD = ['proposed', 'approved', 'paid'] as const;

/**
 * Takes `amount` off an open excess credit only while it still holds that much (a race loses);
 * all of it taken leaves the credit 'refunded'.
 */
export async function reserveExcess(db: Db, collegeId: number, excessId: number, amount: number): Promise<boolean> {
  const r = await db
    .updateTable('acc_excess_credits')
    .set({
      amount_paise: sql`amount_paise - ${amount}`,
      status: sql`CASE WHEN amount_paise = ${amount} THEN 'refunded' ELSE 'open' END`,
    })
    .where('college_id', '=', collegeId)
    .where('id', '=', excessId)
    .where('status', '=', 'open')
    .where('amount_paise', '>=', amount)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives a rejected refund's amount back to its credit, open again (unless its receipt was cancelled). */
export async function releaseExcess(db: Db, collegeId: number, excessId: number, amount: number) {
  await db
    .updateTable('acc_excess_credits')
    .set({ amount_paise: sql`amount_paise + ${amount}`, status: 'open' })
    .where('college_id', '=', collegeId)
    .where('id', '=', excessId)
    .where('status', 'in', ['open', 'adjusted', 'refunded'])
    .execute();
}

/** Whether money of this receipt's excess credit is held by a refund (proposed, approved or paid). */
export async function refundHeldOnReceipt(db: Db, collegeId: number, receiptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('acc_refunds as f')
    .innerJoin('acc_excess_credits as x', 'x.id', 'f.excess_id')
    .select('f.id')
    .where('f.college_id', '=', collegeId)
    .where('x.receipt_id', '=', receiptId)
    .where('f.status', 'in', [...HELD])
    .executeTakeFirst();
  return !!row;
}

export async function insertRefund(db: Db, row: Omit<Insertable<DB['acc_refunds']>, 'id' | 'voucher_no'>) {
  return db
    .insertInto('acc_refunds')
    .values({ ...row, voucher_no: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function withReceipt(db: Db, collegeId: number) {
  return db
    .selectFrom('acc_refunds as f')
    .innerJoin('acc_excess_credits as x', 'x.id', 'f.excess_id')
    .innerJoin('acc_receipts as r', 'r.id', 'x.receipt_id')
    .innerJoin('students as s', 's.id', 'f.student_id')
    .selectAll('f')
    .select([
      'r.series as receipt_series',
      'r.fy as receipt_fy',
      'r.receipt_no',
      'r.reference as receipt_reference',
      's.roll_no',
      's.full_name',
      's.course',
      's.branch',
      's.batch',
    ])
    .where('f.college_id', '=', collegeId);
}
export type RefundRow = NonNullable<Awaited<ReturnType<typeof refundById>>>;

export async function refundById(db: Db, collegeId: number, id: number) {
  return withReceipt(db, collegeId).where('f.id', '=', id).executeTakeFirst();
}

/** The college's refunds (of students whose roll number starts as typed), newest first, a page at a time, with how many match. */
export async function refunds(
  db: Db,
  collegeId: number,
  q: { status?: string; rollNo?: string },
  page: { limit: number; offset: number },
) {
  let query = withReceipt(db, collegeId);
  if (q.status) query = query.where('f.status', '=', q.status);
  if (q.rollNo) query = query.where(columnStartsWith('s.roll_no', q.rollNo.trim()));
  const [items, total] = await Promise.all([
    query.orderBy('f.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

/** Moves a refund on from the status it was read in; 0 rows means someone else moved it first. */
export async function transition(db: Db, id: number, from: string, set: Omit<Updateable<DB['acc_refunds']>, 'id'>) {
  const r = await db.updateTable('acc_refunds').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setVoucher(db: Db, id: number, voucherNo: number, docCode: string) {
  await db.updateTable('acc_refunds').set({ voucher_no: voucherNo, doc_code: docCode }).where('id', '=', id).execute();
}

/** What refunds hold of a student's excess credits (proposed, approved or paid). */
export async function heldByStudent(db: Db, collegeId: number, studentId: number) {
  const row = await db
    .selectFrom('acc_refunds')
    .select((eb) => eb.fn.sum<number>('amount_paise').as('s'))
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .where('status', 'in', HELD)
    .executeTakeFirst();
  return Number(row?.s ?? 0);
}
