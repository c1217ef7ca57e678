import { sql, type Insertable } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { Db } from '../../db/index.js';
import { cappedRows } from '../../lib/capped.js';

const payable = sql<number>`b.amount_paise + b.gst_paise - b.tds_paise`;

export async function vendors(db: Db, collegeId: number) {
  return db
    .selectFrom('acc_vendors as v')
    .leftJoin('acc_bills as b', (j) =>
      j.onRef('b.vendor_id', '=', 'v.id').on('b.status', 'in', ['approved', 'awaiting_principal', 'submitted']),
    )
    .selectAll('v')
    .select((eb) =>
      eb.fn
        .coalesce(eb.fn.sum<number>(sql`b.amount_paise + b.gst_paise - b.tds_paise - b.paid_paise`), sql<number>`0`)
        .as('outstanding'),
    )
    .where('v.college_id', '=', collegeId)
    .groupBy([
      'v.id',
      'v.college_id',
      'v.name',
      'v.gstin',
      'v.pan',
      'v.bank_account',
      'v.ifsc',
      'v.phone',
      'v.address',
      'v.created_at',
    ])
    .orderBy('v.name')
    .execute();
}

export async function vendorById(db: Db, collegeId: number, id: number) {
  return db.selectFrom('acc_vendors').selectAll().where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

export async function vendorByGstin(db: Db, collegeId: number, gstin: string) {
  return db
    .selectFrom('acc_vendors')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('gstin', '=', gstin)
    .executeTakeFirst();
}

export async function insertVendor(db: Db, row: Omit<DB['acc_vendors'], 'id'>) {
  return db.insertInto('acc_vendors').values(row).returning('id').executeTakeFirstOrThrow();
}

function billsQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('acc_bills as b')
    .innerJoin('acc_vendors as v', 'v.id', 'b.vendor_id')
    .selectAll('b')
    .select(['v.name as vendor_name', payable.as('payable')])
    .where('b.college_id', '=', collegeId);
}

/** The bills list is cut here for speed; the answer says how many bills match. */
export const BILL_LIST_CAP = 500;

/** The newest BILL_LIST_CAP bills matching the filters, and how many match. */
export async function bills(db: Db, collegeId: number, q: { status?: string; vendorId?: number; id?: number }) {
  let query = billsQuery(db, collegeId);
  if (q.id !== undefined) query = query.where('b.id', '=', q.id);
  if (q.status) query = query.where('b.status', '=', q.status);
  if (q.vendorId) query = query.where('b.vendor_id', '=', q.vendorId);
  return cappedRows(query.orderBy('b.id', 'desc'), BILL_LIST_CAP);
}

export async function billById(db: Db, collegeId: number, id: number) {
  return billsQuery(db, collegeId).where('b.id', '=', id).executeTakeFirst();
}

export async function insertBill(db: Db, row: Omit<Insertable<DB['acc_bills']>, 'id' | 'paid_paise'>) {
  return db.insertInto('acc_bills').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function transition(
  db: Db,
  id: number,
  from: string,
  set: { status: string; decided_by_name: string; decision_note: string; decided_at: string },
) {
  const res = await db.updateTable('acc_bills').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setInvoice(db: Db, collegeId: number, id: number, path: string, type: string) {
  await db
    .updateTable('acc_bills')
    .set({ invoice_path: path, invoice_type: type })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .execute();
}

/** Adds a payment to an approved bill while its balance covers it; the last one marks it paid. */
export async function addPayment(db: Db, id: number, amount: number) {
  const res = await db
    .updateTable('acc_bills')
    .set({
      paid_paise: sql`paid_paise + ${amount}`,
      status: sql`CASE WHEN paid_paise + ${amount} = amount_paise + gst_paise - tds_paise THEN 'paid' ELSE status END`,
    })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .where(sql<number>`amount_paise + gst_paise - tds_paise - paid_paise`, '>=', amount)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertPayment(db: Db, row: Omit<DB['acc_bill_payments'], 'id' | 'doc_code'>) {
  return db.insertInto('acc_bill_payments').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function setPaymentDocCode(db: Db, id: number, code: string) {
  await db.updateTable('acc_bill_payments').set({ doc_code: code }).where('id', '=', id).execute();
}

export async function paymentsOf(db: Db, collegeId: number, billIds: number[]) {
  if (!billIds.length) return [];
  return db
    .selectFrom('acc_bill_payments')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('bill_id', 'in', billIds)
    .orderBy('id')
    .execute();
}

export async function paymentById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('acc_bill_payments as p')
    .innerJoin('acc_bills as b', 'b.id', 'p.bill_id')
    .innerJoin('acc_vendors as v', 'v.id', 'b.vendor_id')
    .selectAll('p')
    .select([
      'b.bill_no',
      'b.bill_date',
      'b.description',
      'b.amount_paise as bill_amount',
      'b.gst_paise',
      'b.tds_paise',
      'v.name as vendor_name',
      'v.gstin',
      'v.pan',
      'v.bank_account',
      'v.ifsc',
    ])
    .where('p.college_id', '=', collegeId)
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** Unpaid balances of approved and pending bills by vendor, aged from the bill date. */
export async function openBills(db: Db, collegeId: number) {
  return db
    .selectFrom('acc_bills as b')
    .innerJoin('acc_vendors as v', 'v.id', 'b.vendor_id')
    .select([
      'b.vendor_id',
      'v.name as vendor_name',
      'b.bill_date',
      sql<number>`b.amount_paise + b.gst_paise - b.tds_paise - b.paid_paise`.as('balance'),
    ])
    .where('b.college_id', '=', collegeId)
    .where('b.status', 'in', ['submitted', 'awaiting_principal', 'approved'])
    .execute();
}

/** NAAC / NIRF inputs: every bill payment with its bill and vendor (the college's expenditure). */
export async function naacExpenditure(db: Db, collegeId: number) {
  return db
    .selectFrom('acc_bill_payments as p')
    .innerJoin('acc_bills as b', 'b.id', 'p.bill_id')
    .innerJoin('acc_vendors as v', 'v.id', 'b.vendor_id')
    .select(['p.id', 'p.fy', 'p.entry_date', 'p.amount_paise', 'b.bill_no', 'b.description', 'v.name as vendor'])
    .where('p.college_id', '=', collegeId)
    .orderBy('p.entry_date')
    .execute();
}
