import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { anyColumnContains, columnStartsWith } from '../../lib/search.js';

export interface EntryFilter {
  from?: string;
  to?: string;
  mode?: string;
  headId?: number;
  clerk?: string;
  course?: string;
  kind?: 'receipt' | 'reversal' | 'payment';
  cashOnly?: boolean;
}

/** Receipts and reversals as entries of the books, filtered (the transactions list, the day book, the Tally export). */
export function receiptEntries(db: Db, collegeId: number, f: EntryFilter) {
  let q = db
    .selectFrom('acc_receipts as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select([
      'r.kind',
      'r.id',
      'r.series',
      'r.fy',
      'r.receipt_no as number',
      'r.reverses_id',
      'r.entry_date',
      's.full_name as party',
      's.roll_no',
      's.course',
      'r.mode',
      'r.reference',
      'r.amount_paise',
      'r.status',
      'r.clerk',
    ])
    .where('r.college_id', '=', collegeId);
  if (f.from) q = q.where('r.entry_date', '>=', f.from);
  if (f.to) q = q.where('r.entry_date', '<=', f.to);
  if (f.mode) q = q.where('r.mode', '=', f.mode);
  if (f.cashOnly) q = q.where('r.mode', '=', 'cash');
  if (f.clerk) q = q.where('r.clerk', '=', f.clerk);
  if (f.course) q = q.where('s.course', '=', f.course);
  if (f.kind === 'receipt' || f.kind === 'reversal') q = q.where('r.kind', '=', f.kind);
  if (f.headId) {
    const headId = f.headId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('acc_allocations as a')
          .select('a.id')
          .whereRef('a.receipt_id', '=', 'r.id')
          .where('a.head_id', '=', headId),
      ),
    );
  }
  return q;
}

/** Bill payments as entries of the books, filtered (the transactions list, the day book, the Tally export). */
export function paymentEntries(db: Db, collegeId: number, f: EntryFilter) {
  let q = db
    .selectFrom('acc_bill_payments as p')
    .innerJoin('acc_bills as b', 'b.id', 'p.bill_id')
    .innerJoin('acc_vendors as v', 'v.id', 'b.vendor_id')
    .select([
      sql<string>`'payment'`.as('kind'),
      'p.id',
      sql<string>`'PV'`.as('series'),
      'p.fy',
      'p.voucher_no as number',
      sql<number | null>`NULL`.as('reverses_id'),
      'p.entry_date',
      'v.name as party',
      sql<string>`''`.as('roll_no'),
      sql<string>`''`.as('course'),
      'p.mode',
      'p.reference',
      'p.amount_paise',
      sql<string>`'paid'`.as('status'),
      'p.paid_by as clerk',
    ])
    .where('p.college_id', '=', collegeId);
  if (f.from) q = q.where('p.entry_date', '>=', f.from);
  if (f.to) q = q.where('p.entry_date', '<=', f.to);
  if (f.mode) q = q.where('p.mode', '=', f.mode);
  if (f.cashOnly) q = q.where('p.mode', '=', 'cash');
  if (f.clerk) q = q.where('p.paid_by', '=', f.clerk);
  return q;
}

/** Refunds paid, as entries of the books (money out on the day they were paid), filtered like payments. */
export function refundEntries(db: Db, collegeId: number, f: EntryFilter) {
  let q = db
    .selectFrom('acc_refunds as f')
    .innerJoin('students as s', 's.id', 'f.student_id')
    .select([
      sql<string>`'refund'`.as('kind'),
      'f.id',
      sql<string>`'RV'`.as('series'),
      'f.fy',
      'f.voucher_no as number',
      sql<number | null>`NULL`.as('reverses_id'),
      'f.paid_on as entry_date',
      's.full_name as party',
      's.roll_no',
      's.course',
      'f.mode',
      'f.reference',
      'f.amount_paise',
      'f.status',
      'f.paid_by_name as clerk',
    ])
    .where('f.college_id', '=', collegeId)
    .where('f.status', '=', 'paid');
  if (f.from) q = q.where('f.paid_on', '>=', f.from);
  if (f.to) q = q.where('f.paid_on', '<=', f.to);
  if (f.mode) q = q.where('f.mode', '=', f.mode);
  if (f.cashOnly) q = q.where('f.mode', '=', 'cash');
  if (f.clerk) q = q.where('f.paid_by_name', '=', f.clerk);
  return q;
}

/** Money out of the books: bill payments and refunds. */
const MONEY_OUT = ['payment', 'refund'];

/** Receipts, reversals and payments in one list (newest first), filtered, with the page's totals. */
export async function entries(db: Db, collegeId: number, f: EntryFilter, page?: { limit: number; offset: number }) {
  const onlyReceipts = f.kind === 'receipt' || f.kind === 'reversal' || !!f.headId || !!f.course;
  const onlyPayments = f.kind === 'payment';
  const r = receiptEntries(db, collegeId, f);
  const p = paymentEntries(db, collegeId, f);
  const out = refundEntries(db, collegeId, f);
  const union = (
    onlyReceipts ? r : onlyPayments ? (p as unknown as typeof r) : r.unionAll(p as never).unionAll(out as never)
  ) as typeof r;
  let q = db.selectFrom(union.as('t')).selectAll().orderBy('t.entry_date', 'desc').orderBy('t.kind').orderBy('t.id', 'desc');
  if (page) q = q.limit(page.limit).offset(page.offset);
  const totals = db
    .selectFrom(union.as('t'))
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .sum<number>(eb.case().when('t.kind', 'not in', MONEY_OUT).then(eb.ref('t.amount_paise')).else(0).end())
        .as('receipts'),
      eb.fn.sum<number>(eb.case().when('t.kind', 'in', MONEY_OUT).then(eb.ref('t.amount_paise')).else(0).end()).as('payments'),
    ]);
  const [items, t] = await Promise.all([q.execute(), totals.executeTakeFirst()]);
  return { items, total: Number(t?.n ?? 0), receipts: Number(t?.receipts ?? 0), payments: Number(t?.payments ?? 0) };
}

/** Money in and out (bill payments and refunds paid) before a date: the opening balance of that day. */
export async function balanceBefore(db: Db, collegeId: number, date: string, cashOnly: boolean) {
  let r = db
    .selectFrom('acc_receipts')
    .select((eb) => eb.fn.sum<number>('amount_paise').as('s'))
    .where('college_id', '=', collegeId)
    .where('entry_date', '<', date);
  let p = db
    .selectFrom('acc_bill_payments')
    .select((eb) => eb.fn.sum<number>('amount_paise').as('s'))
    .where('college_id', '=', collegeId)
    .where('entry_date', '<', date);
  let f = db
    .selectFrom('acc_refunds')
    .select((eb) => eb.fn.sum<number>('amount_paise').as('s'))
    .where('college_id', '=', collegeId)
    .where('status', '=', 'paid')
    .where('paid_on', '<', date);
  if (cashOnly) {
    r = r.where('mode', '=', 'cash');
    p = p.where('mode', '=', 'cash');
    f = f.where('mode', '=', 'cash');
  }
  const [a, b, c] = await Promise.all([r.executeTakeFirst(), p.executeTakeFirst(), f.executeTakeFirst()]);
  return Number(a?.s ?? 0) - Number(b?.s ?? 0) - Number(c?.s ?? 0);
}

export async function collectionsByHead(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_allocations as a')
    .innerJoin('acc_receipts as r', 'r.id', 'a.receipt_id')
    .innerJoin('acc_fee_heads as h', 'h.id', 'a.head_id')
    .select(['h.code', 'h.name', 'h.sort_order', (eb) => eb.fn.sum<number>('a.amount_paise').as('amount')])
    .where('a.college_id', '=', collegeId)
    .where('r.entry_date', '>=', from)
    .where('r.entry_date', '<=', to)
    .groupBy(['h.code', 'h.name', 'h.sort_order'])
    .orderBy('h.sort_order')
    .execute();
}

export async function collectionsByMode(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_receipts')
    .select(['mode', (eb) => eb.fn.sum<number>('amount_paise').as('amount'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('entry_date', '>=', from)
    .where('entry_date', '<=', to)
    .groupBy('mode')
    .orderBy('mode')
    .execute();
}

export async function collectionsByDay(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_receipts')
    .select(['entry_date', (eb) => eb.fn.sum<number>('amount_paise').as('amount')])
    .where('college_id', '=', collegeId)
    .where('entry_date', '>=', from)
    .where('entry_date', '<=', to)
    .groupBy('entry_date')
    .orderBy('entry_date')
    .execute();
}

export interface DuesFilter {
  batch?: string;
  course?: string;
  section?: string;
  branch?: string;
  q?: string;
}

/** What each student owes (the student's own lines only; government shares never count), largest first. */
function duesQuery(db: Db, collegeId: number, f: DuesFilter) {
  const due = sql<number>`sum(d.amount_paise - d.paid_paise - d.waived_paise)`;
  let q = db
    .selectFrom('acc_demand_lines as d')
    .innerJoin('students as s', 's.id', 'd.student_id')
    .leftJoin('acc_student_profiles as p', (j) => j.onRef('p.student_id', '=', 's.id').onRef('p.college_id', '=', 's.college_id'))
    .select([
      's.roll_no',
      's.full_name',
      's.course',
      's.batch',
      's.branch',
      's.section',
      sql<string>`coalesce(max(p.parent_phone), '')`.as('parent_phone'),
      's.mobile',
      (eb) => eb.fn.sum<number>('d.amount_paise').as('demand'),
      (eb) => eb.fn.sum<number>('d.paid_paise').as('paid'),
      (eb) => eb.fn.sum<number>('d.waived_paise').as('waived'),
      due.as('due'),
    ])
    .where('d.college_id', '=', collegeId)
    .where('d.payer', '=', 'student');
  if (f.batch) q = q.where('s.batch', '=', f.batch);
  if (f.course) q = q.where('s.course', '=', f.course);
  if (f.section) q = q.where('s.section', '=', f.section);
  if (f.branch) q = q.where('s.branch', '=', f.branch);
  if (f.q) q = q.where((eb) => eb.or([columnStartsWith('s.roll_no', f.q!), anyColumnContains(eb, ['s.full_name'], f.q!)]));
  return q
    .groupBy(['s.id', 's.roll_no', 's.full_name', 's.course', 's.batch', 's.branch', 's.section', 's.mobile'])
    .having(due, '>', 0);
}

export async function dues(db: Db, collegeId: number, f: DuesFilter, page: { limit: number; offset: number }) {
  const base = duesQuery(db, collegeId, f);
  const [items, totals] = await Promise.all([
    base.orderBy('s.roll_no').limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom(base.as('t'))
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('t.due').as('due')])
      .executeTakeFirst(),
  ]);
  return { items, total: Number(totals?.n ?? 0), totalDue: Number(totals?.due ?? 0) };
}

export async function receiptsByHeadFy(db: Db, collegeId: number, from: string, to: string) {
  return collectionsByHead(db, collegeId, from, to);
}

export async function scholarshipBeneficiaries(db: Db, collegeId: number, fy: string) {
  return db
    .selectFrom('acc_concessions as c')
    .innerJoin('acc_concession_types as t', 't.id', 'c.type_id')
    .select([
      't.category',
      't.name',
      (eb) => eb.fn.count<number>('c.student_id').distinct().as('students'),
      (eb) => eb.fn.sum<number>('c.amount_paise').as('amount'),
    ])
    .where('c.college_id', '=', collegeId)
    .where('c.fy', '=', fy)
    .where('c.status', '=', 'approved')
    .groupBy(['t.category', 't.name'])
    .orderBy('t.category')
    .execute();
}

export async function receivableTotals(db: Db, collegeId: number, fy: string) {
  return db
    .selectFrom('acc_demand_lines')
    .select(['sanction_status', (eb) => eb.fn.sum<number>('amount_paise').as('amount')])
    .where('college_id', '=', collegeId)
    .where('fy', '=', fy)
    .where('payer', 'not in', ['student', 'institution'])
    .groupBy('sanction_status')
    .execute();
}

export async function expenditureByVendor(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_bill_payments as p')
    .innerJoin('acc_bills as b', 'b.id', 'p.bill_id')
    .innerJoin('acc_vendors as v', 'v.id', 'b.vendor_id')
    .select(['v.name', (eb) => eb.fn.sum<number>('p.amount_paise').as('amount')])
    .where('p.college_id', '=', collegeId)
    .where('p.entry_date', '>=', from)
    .where('p.entry_date', '<=', to)
    .groupBy('v.name')
    .orderBy('v.name')
    .execute();
}

/** What students still owe the college, all years (student-payer lines only). */
export async function studentDueTotal(db: Db, collegeId: number): Promise<number> {
  const d = await db
    .selectFrom('acc_demand_lines')
    .select(sql<number>`sum(amount_paise - paid_paise - waived_paise)`.as('s'))
    .where('college_id', '=', collegeId)
    .where('payer', '=', 'student')
    .executeTakeFirst();
  return Number(d?.s ?? 0);
}
