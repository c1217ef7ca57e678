import {
  accountsFy,
  fyRange,
  type TAccountsReport,
  type TAccountsSummary,
  type TDayBook,
  type TDuesPage,
  type TTransactionPage,
  type ZCollectionReport,
  type ZDuesQuery,
  type ZTransactionQuery,
} from '@erp/shared';
import { newWorkbook } from '../../lib/libraries.js';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import { staffNames } from '../../lib/people.js';
import { collected } from './collection.js';
import * as concessionsRepo from './concessions.repo.js';
import { officeDate, receiptLabel } from './ledger.receipts.js';
import { reversalLabel, reversedNumbers } from './ledger.views.js';
import { voucherLabel } from './bills.service.js';
import { refundVoucherLabel } from './ledger.refunds.js';
import * as repo from './reports.repo.js';

type Entry = Awaited<ReturnType<typeof repo.entries>>['items'][number];

/**
 * An entry's number: a voucher's or a receipt's, and for a reversal the number of the receipt it
 * reverses when `originals` has it (Tally, which has no such list, keeps the row id).
 */
export function entryLabel(
  collegeCode: string,
  e: Pick<Entry, 'kind' | 'series' | 'fy' | 'number' | 'reverses_id' | 'reference'>,
  originals?: ReadonlyMap<number, string>,
) {
  if (e.kind === 'payment') return voucherLabel(collegeCode, e.fy, Number(e.number));
  if (e.kind === 'refund') return refundVoucherLabel(collegeCode, e.fy, Number(e.number));
  if (e.kind === 'reversal')
    return originals ? reversalLabel(originals.get(e.reverses_id ?? 0)) : `Reversal of receipt #${e.reverses_id}`;
  if (e.series === 'M') return e.reference;
  return receiptLabel(collegeCode, e.series, e.fy, e.number === null ? null : Number(e.number));
}

const toTransaction = (code: string, originals: ReadonlyMap<number, string>, names: ReadonlyMap<string, string>) => (e: Entry) => ({
  kind: e.kind,
  id: e.id,
  label: entryLabel(code, e, originals),
  date: e.entry_date,
  party: e.party,
  rollNo: e.roll_no,
  course: e.course,
  mode: e.mode,
  reference: e.reference,
  amountPaise: e.amount_paise,
  status: e.status,
  clerk: e.clerk,
  clerkName: names.get(e.clerk) ?? e.clerk,
});

/** What toTransaction needs beside the rows: reversed receipts' numbers and the clerks' names. */
async function transactionLabels(db: Database, college: { id: number; code: string }, items: Entry[]) {
  const [originals, names] = await Promise.all([
    reversedNumbers(db, college, items),
    staffNames(db, college.id, items.map((e) => e.clerk)),
  ]);
  return toTransaction(college.code, originals, names);
}

export async function transactions(
  db: Database,
  college: { id: number; code: string },
  q: z.output<typeof ZTransactionQuery>,
): Promise<TTransactionPage> {
  if (q.from && q.to && q.from > q.to) throw badRequest('The from date must be on or before the to date');
  const r = await repo.entries(db, college.id, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return {
    items: r.items.map(await transactionLabels(db, college, r.items)),
    total: r.total,
    receiptsPaise: r.receipts,
    paymentsPaise: r.payments,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Day book (every mode) or cash book (cash only) of one day: opening, the day's entries (refunds paid are money out), closing, and by mode. */
export async function dayBook(
  db: Database,
  college: { id: number; code: string },
  date: string,
  book: 'day' | 'cash',
): Promise<TDayBook> {
  const cashOnly = book === 'cash';
  const [opening, day] = await Promise.all([
    repo.balanceBefore(db, college.id, date, cashOnly),
    repo.entries(db, college.id, { from: date, to: date, cashOnly }),
  ]);
  const entries = day.items.map(await transactionLabels(db, college, day.items)).reverse();
  return {
    date,
    book,
    openingPaise: opening,
    receiptsPaise: day.receipts,
    paymentsPaise: day.payments,
    closingPaise: opening + day.receipts - day.payments,
    byMode: byMode(day.items),
    entries,
  };
}

/** The day's money by mode: received (receipts less reversals), paid to vendors, refunded to students, and the net. */
function byMode(items: Entry[]): TDayBook['byMode'] {
  const modes = new Map<string, TDayBook['byMode'][number]>();
  for (const e of items) {
    const m = modes.get(e.mode) ?? { mode: e.mode, receivedPaise: 0, paidPaise: 0, refundedPaise: 0, netPaise: 0 };
    const amount = Number(e.amount_paise);
    if (e.kind === 'payment') m.paidPaise += amount;
    else if (e.kind === 'refund') m.refundedPaise += amount;
    else m.receivedPaise += amount;
    m.netPaise = m.receivedPaise - m.paidPaise - m.refundedPaise;
    modes.set(e.mode, m);
  }
  return [...modes.values()].sort((a, b) => a.mode.localeCompare(b.mode));
}

export async function collections(
  db: Database,
  collegeId: number,
  from: string,
  to: string,
): Promise<z.infer<typeof ZCollectionReport>> {
  const [byHead, byMode, byDay] = await Promise.all([
    repo.collectionsByHead(db, collegeId, from, to),
    repo.collectionsByMode(db, collegeId, from, to),
    repo.collectionsByDay(db, collegeId, from, to),
  ]);
  return {
    from,
    to,
    byHead: byHead.map((h) => ({ headName: h.name, amountPaise: Number(h.amount ?? 0) })),
    byMode: byMode.map((m) => ({ mode: m.mode, amountPaise: Number(m.amount ?? 0), count: Number(m.n) })),
    byDay: byDay.map((d) => ({ date: d.entry_date, amountPaise: Number(d.amount ?? 0) })),
    totalPaise: byMode.reduce((s, m) => s + Number(m.amount ?? 0), 0),
  };
}

export async function dues(db: Database, collegeId: number, q: z.output<typeof ZDuesQuery>): Promise<TDuesPage> {
  const r = await repo.dues(db, collegeId, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
  return {
    items: r.items.map((d) => ({
      rollNo: d.roll_no,
      name: d.full_name,
      course: d.course,
      batch: d.batch,
      branch: d.branch,
      section: d.section,
      parentPhone: d.parent_phone || d.mobile,
      demandPaise: Number(d.demand),
      paidPaise: Number(d.paid),
      waivedPaise: Number(d.waived),
      duePaise: Number(d.due),
    })),
    total: r.total,
    totalDuePaise: r.totalDue,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The dues list as a workbook for follow-up calls: amounts in rupees, parent phone numbers. */
export async function duesWorkbook(db: Database, collegeId: number, q: z.output<typeof ZDuesQuery>): Promise<Buffer> {
  const page = await dues(db, collegeId, { ...q, page: 1, pageSize: 100_000 });
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Dues');
  ws.columns = [
    { header: 'Roll No', key: 'rollNo', width: 14 },
    { header: 'Name', key: 'name', width: 26 },
    { header: 'Course', key: 'course', width: 10 },
    { header: 'Batch', key: 'batch', width: 11 },
    { header: 'Branch', key: 'branch', width: 8 },
    { header: 'Section', key: 'section', width: 8 },
    { header: 'Parent Phone', key: 'parentPhone', width: 14 },
    { header: 'Demand (₹)', key: 'demand', width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: 'Paid (₹)', key: 'paid', width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: 'Waived (₹)', key: 'waived', width: 14, style: { numFmt: '#,##,##0.00' } },
    { header: 'Due (₹)', key: 'due', width: 14, style: { numFmt: '#,##,##0.00' } },
  ];
  ws.getRow(1).font = { bold: true };
  for (const d of page.items)
    ws.addRow({ ...d, demand: d.demandPaise / 100, paid: d.paidPaise / 100, waived: d.waivedPaise / 100, due: d.duePaise / 100 });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The figures NIRF and NAAC ask for a financial year: fee receipts, scholarship beneficiaries, expenditure. */
export async function annualReport(db: Database, collegeId: number, fy = accountsFy(officeDate())): Promise<TAccountsReport> {
  const { from, to } = fyRange(fy);
  const [byHead, beneficiaries, receivable, vendors] = await Promise.all([
    repo.receiptsByHeadFy(db, collegeId, from, to),
    repo.scholarshipBeneficiaries(db, collegeId, fy),
    repo.receivableTotals(db, collegeId, fy),
    repo.expenditureByVendor(db, collegeId, from, to),
  ]);
  const rec = (s: string) => Number(receivable.find((r) => r.sanction_status === s)?.amount ?? 0);
  const receiptsByHead = byHead.map((h) => ({ headName: h.name, amountPaise: Number(h.amount ?? 0) }));
  const expenditureByVendor = vendors.map((v) => ({ vendorName: v.name, amountPaise: Number(v.amount ?? 0) }));
  return {
    fy,
    feeReceiptsPaise: receiptsByHead.reduce((s, h) => s + h.amountPaise, 0),
    receiptsByHead,
    scholarshipBeneficiaries: beneficiaries.map((b) => ({
      category: b.category,
      typeName: b.name,
      students: Number(b.students),
      amountPaise: Number(b.amount ?? 0),
    })),
    governmentReceivable: { pendingPaise: rec('pending'), sanctionedPaise: rec('sanctioned'), receivedPaise: rec('received') },
    expenditurePaise: expenditureByVendor.reduce((s, v) => s + v.amountPaise, 0),
    expenditureByVendor,
  };
}

export async function summary(db: Database, collegeId: number): Promise<TAccountsSummary> {
  const today = officeDate();
  const [t, due, pending] = await Promise.all([
    collected(db, collegeId, today, today),
    repo.studentDueTotal(db, collegeId),
    concessionsRepo.pendingCounts(db, collegeId),
  ]);
  const n = (list: Array<{ status: string; n: number }>, s: string) => list.find((x) => x.status === s)?.n ?? 0;
  return {
    todayPaise: t.amountPaise,
    todayCount: t.receipts,
    studentDuePaise: due,
    pendingConcessions: n(pending.concessions, 'proposed'),
    pendingBills: n(pending.bills, 'submitted'),
    awaitingPrincipal: n(pending.concessions, 'awaiting_principal') + n(pending.bills, 'awaiting_principal'),
  };
}
