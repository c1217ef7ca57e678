import { ACCOUNTS_MSG, type TExcessCredit, type TReceipt, type TStudentHit, type TStudentLedger } from '@erp/shared';
import type { Database, Db } from '../../db/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { receiptLabel } from './ledger.receipts.js';
import * as repo from './ledger.repo.js';
import * as refundsRepo from './refunds.repo.js';

/** Reads of the ledger: a student's statement, receipts as printed, excess credits, the student search. */

export async function studentOrThrow(db: Db, collegeId: number, rollNo: string) {
  const s = await repo.studentByRoll(db, collegeId, rollNo);
  if (!s) throw notFound(ACCOUNTS_MSG.studentNotFound);
  return s;
}

type ReceiptRow = NonNullable<Awaited<ReturnType<typeof repo.receiptById>>>;
type AllocationRow = Awaited<ReturnType<typeof repo.allocationsOf>>[number];
type ExcessRow = Awaited<ReturnType<typeof repo.excessOfReceipts>>[number];

type Numbered = { series: string; fy: string; receipt_no: number | null; reference: string };

/** A receipt's number as printed on it: its series' label, or the desk's own reference (series M). */
export const numberOf = (collegeCode: string, r: Numbered) =>
  r.series === 'M' ? r.reference : receiptLabel(collegeCode, r.series, r.fy, r.receipt_no);

/** A reversal names the receipt it reverses by that receipt's number, never by a row id. */
export const reversalLabel = (original: string | undefined) =>
  original ? `Reversal of receipt ${original}` : 'Reversal of a receipt';

/** The printed numbers of the receipts these reversals reverse, by the reversed receipt's id. */
export async function reversedNumbers(
  db: Database,
  college: { id: number; code: string },
  rows: ReadonlyArray<{ kind: string; reverses_id: number | null }>,
): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.kind === 'reversal' && r.reverses_id !== null ? [r.reverses_id] : [])))];
  const originals = await repo.receiptNumbers(db, college.id, ids);
  return new Map(originals.map((o) => [o.id, numberOf(college.code, o)]));
}

export function toReceipt(
  collegeCode: string,
  r: ReceiptRow,
  allocations: AllocationRow[],
  excess: ExcessRow[],
  originals: ReadonlyMap<number, string> = new Map(),
): TReceipt {
  return {
    id: r.id,
    kind: r.kind,
    receiptNo: r.receipt_no,
    label: r.kind === 'reversal' ? reversalLabel(originals.get(r.reverses_id ?? 0)) : numberOf(collegeCode, r),
    fy: r.fy,
    date: r.entry_date,
    rollNo: r.roll_no,
    studentName: r.full_name,
    mode: r.mode,
    reference: r.reference,
    bank: r.bank,
    instrumentDate: r.instrument_date,
    amountPaise: r.amount_paise,
    status: r.status,
    cancelReason: r.cancel_reason,
    clerk: r.clerk,
    reversesId: r.reverses_id,
    allocations: allocations
      .filter((a) => a.receipt_id === r.id)
      .map((a) => ({ lineId: a.line_id, headName: a.head_name, fy: a.fy, amountPaise: a.amount_paise })),
    excessPaise: excess.find((x) => x.receipt_id === r.id)?.amount_paise ?? 0,
    pdfUrl: r.kind === 'receipt' && r.series !== 'M' ? `/api/accounts/receipts/${r.id}/pdf` : '',
  };
}

/** The excess credits the office holds for students (to refund or set against a later demand). */
export async function excessCredits(
  db: Database,
  college: { id: number; code: string },
  q: { status?: TExcessCredit['status']; rollNo?: string },
): Promise<TExcessCredit[]> {
  return (await repo.excessCredits(db, college.id, q)).map((x) => ({
    id: x.id,
    receiptId: x.receipt_id,
    receiptLabel: x.series === 'M' ? x.reference : receiptLabel(college.code, x.series, x.fy, x.receipt_no),
    date: x.entry_date,
    rollNo: x.roll_no,
    studentName: x.full_name,
    mode: x.mode,
    receiptAmountPaise: x.receipt_amount_paise,
    excessPaise: x.amount_paise,
    status: x.status as TExcessCredit['status'],
  }));
}

export async function receipt(db: Database, college: { id: number; code: string }, id: number): Promise<TReceipt> {
  const r = await repo.receiptById(db, college.id, id);
  if (!r) throw notFound(ACCOUNTS_MSG.receiptNotFound);
  const [allocations, excess, originals] = await Promise.all([
    repo.allocationsOf(db, college.id, [id]),
    repo.excessOfReceipts(db, college.id, [id]),
    reversedNumbers(db, college, [r]),
  ]);
  return toReceipt(college.code, r, allocations, excess, originals);
}

export async function receiptRow(db: Database, collegeId: number, id: number) {
  const r = await repo.receiptById(db, collegeId, id);
  if (!r || r.kind !== 'receipt') throw notFound(ACCOUNTS_MSG.receiptNotFound);
  if (r.series === 'M')
    throw badRequest(`This payment was taken at the ${r.reference.split(' ')[0].toLowerCase()} desk: print its receipt there`);
  return { receipt: r, allocations: await repo.allocationsOf(db, collegeId, [id]) };
}

export async function search(db: Database, collegeId: number, q: string): Promise<TStudentHit[]> {
  const rows = await repo.searchStudents(db, collegeId, q);
  return rows.map((s) => ({
    rollNo: s.roll_no,
    name: s.full_name,
    course: s.course,
    batch: s.batch,
    branch: s.branch,
    section: s.section,
    admissionNo: s.admission_no ?? '',
  }));
}

export async function ledger(db: Database, college: { id: number; code: string }, rollNo: string): Promise<TStudentLedger> {
  const s = await studentOrThrow(db, college.id, rollNo);
  const [lines, receipts] = await Promise.all([repo.linesOf(db, college.id, s.id), repo.receiptsOfStudent(db, college.id, s.id)]);
  const ids = receipts.map((r) => r.id);
  const [allocations, excess, originals, refunded] = await Promise.all([
    repo.allocationsOf(db, college.id, ids),
    repo.excessOfReceipts(db, college.id, ids),
    reversedNumbers(db, college, receipts),
    refundsRepo.heldByStudent(db, college.id, s.id),
  ]);
  const studentLines = lines.filter((l) => l.payer === 'student');
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const received = sum(receipts.map((r) => r.amount_paise));
  const allocated = sum(allocations.map((a) => a.amount_paise));
  return {
    student: {
      rollNo: s.roll_no,
      name: s.full_name,
      course: s.course,
      batch: s.batch,
      branch: s.branch,
      section: s.section,
      admissionNo: s.admission_no ?? '',
      parentPhone: s.parent_phone || s.mobile,
      seatType: s.seat_type ?? 'Convener',
    },
    lines: lines.map((l) => ({
      id: l.id,
      fy: l.fy,
      headId: l.head_id,
      headCode: l.head_code,
      headName: l.head_name,
      payer: l.payer,
      sanctionStatus: l.sanction_status,
      source: l.source,
      dueDate: l.due_date,
      amountPaise: l.amount_paise,
      paidPaise: l.paid_paise,
      waivedPaise: l.waived_paise,
      balancePaise: Number(l.balance),
    })),
    receipts: receipts.map((r) => toReceipt(college.code, r, allocations, excess, originals)),
    totals: {
      demandPaise: sum(studentLines.map((l) => l.amount_paise)),
      paidPaise: sum(studentLines.map((l) => l.paid_paise)),
      waivedPaise: sum(studentLines.map((l) => l.waived_paise)),
      studentDuePaise: sum(studentLines.map((l) => Number(l.balance))),
      governmentReceivablePaise: sum(lines.filter((l) => l.payer !== 'student').map((l) => Number(l.balance))),
      // what refunds hold (proposed, approved or paid) is no longer the student's to spend
      advancePaise: received - allocated - refunded,
    },
  };
}

/**
 * What a student still owes in the ledger, by fee head (student-payer lines only; what the
 * government owes for a scholarship student is not the student's due). `exceptSources`: charges
 * whose own module reports them (the library's fines), so they are not counted twice.
 */
export async function studentDuesByHead(
  db: Database,
  collegeId: number,
  studentId: number,
  exceptSources: readonly string[] = [],
): Promise<Array<{ head: string; duePaise: number }>> {
  const due = new Map<string, number>();
  for (const l of await repo.linesOf(db, collegeId, studentId)) {
    const balance = Number(l.balance);
    if (l.payer !== 'student' || balance <= 0 || exceptSources.includes(l.source)) continue;
    due.set(l.head_name, (due.get(l.head_name) ?? 0) + balance);
  }
  return [...due].map(([head, duePaise]) => ({ head, duePaise }));
}

/**
 * What a student owes, line by line, in the order a payment clears them (student-payer lines with
 * a balance): the one answer every screen that shows a student's due reads. `cleared`: how many of
 * the student's lines are settled (a fee asked for again is then "already paid", not "not due").
 */
export async function openLinesOfStudent(
  db: Db,
  collegeId: number,
  studentId: number,
): Promise<{ open: Array<{ lineId: number; head: string; fy: string; amountPaise: number }>; cleared: number }> {
  const mine = (await repo.linesOf(db, collegeId, studentId)).filter((l) => l.payer === 'student');
  const open = mine.filter((l) => Number(l.balance) > 0);
  return {
    open: open.map((l) => ({ lineId: l.id, head: l.head_name, fy: l.fy, amountPaise: Number(l.balance) })),
    cleared: mine.length - open.length,
  };
}

/** The roll numbers among these that owe anything in the ledger. */
export async function owingStudents(db: Db, collegeId: number, rollNos: readonly string[]): Promise<Set<string>> {
  return new Set(await repo.owingRolls(db, collegeId, rollNos));
}

/** What each student owes now (their own open lines, less nothing held as excess), by id; `exceptSource` leaves one module's charges out. */
export async function duesOfStudents(db: Db, collegeId: number, studentIds: readonly number[], exceptSource?: string): Promise<Map<number, number>> {
  const rows = await repo.duesByStudent(db, collegeId, studentIds, exceptSource);
  return new Map(rows.map((r) => [r.student_id, Number(r.due)]));
}

/** The signed-in student's own ledger: dues by head and year, payments and receipts. */
export async function myLedger(db: Database, college: { id: number; code: string }, userId: number): Promise<TStudentLedger> {
  const me = await repo.rollOfUser(db, college.id, userId);
  if (!me) throw forbidden('This login is not linked to a student record');
  return ledger(db, college, me.roll_no);
}

/** A receipt the signed-in student may print: their own only. */
export async function assertOwnReceipt(db: Database, collegeId: number, userId: number, receiptId: number) {
  const me = await repo.rollOfUser(db, collegeId, userId);
  const r = await repo.receiptById(db, collegeId, receiptId);
  if (!me || !r || r.student_id !== me.id) throw notFound(ACCOUNTS_MSG.receiptNotFound);
}
