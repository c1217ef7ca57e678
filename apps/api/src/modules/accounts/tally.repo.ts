import type { Db } from './ledger.repo.js';

/** Receipts and reversals of a date range, oldest first, with the student and (for a reversal) the receipt it reverses. */
export async function receiptsInRange(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_receipts as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .leftJoin('acc_receipts as o', (j) => j.onRef('o.id', '=', 'r.reverses_id').onRef('o.college_id', '=', 'r.college_id'))
    .select([
      'r.id',
      'r.kind',
      'r.series',
      'r.fy',
      'r.receipt_no',
      'r.entry_date',
      'r.mode',
      'r.reference',
      'r.amount_paise',
      'r.source',
      'r.cancel_reason',
      's.full_name',
      's.roll_no',
      'o.series as original_series',
      'o.fy as original_fy',
      'o.receipt_no as original_no',
      'o.reference as original_reference',
    ])
    .where('r.college_id', '=', collegeId)
    .where('r.entry_date', '>=', from)
    .where('r.entry_date', '<=', to)
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

/** Bill payments of a date range, with the bill they settle. */
export async function billPaymentsInRange(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_bill_payments as p')
    .innerJoin('acc_bills as b', 'b.id', 'p.bill_id')
    .select(['p.id', 'p.fy', 'p.voucher_no', 'p.entry_date', 'p.mode', 'p.reference', 'p.amount_paise', 'b.vendor_id', 'b.bill_no'])
    .where('p.college_id', '=', collegeId)
    .where('p.entry_date', '>=', from)
    .where('p.entry_date', '<=', to)
    .orderBy('p.entry_date')
    .orderBy('p.id')
    .execute();
}

/** Every vendor of the college (a ledger name must stay the same from one export to the next). */
export async function vendors(db: Db, collegeId: number) {
  return db.selectFrom('acc_vendors').select(['id', 'name', 'gstin', 'pan']).where('college_id', '=', collegeId).orderBy('id').execute();
}
