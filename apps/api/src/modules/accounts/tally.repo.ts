import type { Db } from '../../db/index.js';
import { paymentEntries, receiptEntries, refundEntries } from './reports.repo.js';

/** Receipts and reversals of a date range (the reports' entries), oldest first, with (for a reversal) the receipt it reverses. */
export async function receiptsInRange(db: Db, collegeId: number, from: string, to: string) {
  return receiptEntries(db, collegeId, { from, to })
    .leftJoin('acc_receipts as o', (j) => j.onRef('o.id', '=', 'r.reverses_id').onRef('o.college_id', '=', 'r.college_id'))
    .select([
      'r.source',
      'r.cancel_reason',
      'o.series as original_series',
      'o.fy as original_fy',
      'o.receipt_no as original_no',
      'o.reference as original_reference',
    ])
    .orderBy('r.entry_date')
    .orderBy('r.id')
    .execute();
}

/** Each receipt's (or reversal's) amounts by fee head, signed as stored. */
export async function headsOfReceipts(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_allocations as a')
    .innerJoin('acc_receipts as r', 'r.id', 'a.receipt_id')
    .innerJoin('acc_fee_heads as h', 'h.id', 'a.head_id')
    .select(['a.receipt_id', 'h.name', 'a.amount_paise'])
    .where('a.college_id', '=', collegeId)
    .where('r.entry_date', '>=', from)
    .where('r.entry_date', '<=', to)
    .orderBy('a.id')
    .execute();
}

const billColumns = [
  'b.id',
  'b.vendor_id',
  'b.bill_no',
  'b.bill_date',
  'b.description',
  'b.amount_paise',
  'b.gst_paise',
  'b.cgst_paise',
  'b.sgst_paise',
  'b.igst_paise',
  'b.tds_paise',
  'b.tds_section',
] as const;

/**
 * Approved bills finally approved in a range of instants (or, for bills decided before the
 * decision time was kept, dated in the range): each reaches exactly one export.
 */
export async function approvedBills(db: Db, collegeId: number, range: { from: string; to: string; fromIso: string; toIso: string }) {
  return db
    .selectFrom('acc_bills as b')
    .select(billColumns)
    .where('b.college_id', '=', collegeId)
    .where('b.status', 'in', ['approved', 'paid'])
    .where((eb) =>
      eb.or([
        eb.and([eb('b.decided_at', '>=', range.fromIso), eb('b.decided_at', '<', range.toIso)]),
        eb.and([eb('b.decided_at', '=', ''), eb('b.bill_date', '>=', range.from), eb('b.bill_date', '<=', range.to)]),
      ]),
    )
    .orderBy('b.id')
    .execute();
}

/** Bill payments of a date range (the reports' entries), oldest first, with the bill they settle. */
export async function billPaymentsInRange(db: Db, collegeId: number, from: string, to: string) {
  return paymentEntries(db, collegeId, { from, to })
    .select(['b.vendor_id', 'b.bill_no'])
    .orderBy('p.entry_date')
    .orderBy('p.id')
    .execute();
}

/** Every vendor of the college (a ledger name must stay the same from one export to the next). */
export async function vendors(db: Db, collegeId: number) {
  return db.selectFrom('acc_vendors').select(['id', 'name', 'gstin', 'pan']).where('college_id', '=', collegeId).orderBy('id').execute();
}

/** Refunds paid in a date range (the reports' entries), oldest first. */
export async function refundsInRange(db: Db, collegeId: number, from: string, to: string) {
  return refundEntries(db, collegeId, { from, to }).orderBy('f.paid_on').orderBy('f.id').execute();
}
