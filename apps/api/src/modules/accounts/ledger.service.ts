import {
  ACCOUNTS_MSG,
  accountsFy,
  type TExcessCredit,
  type TReceipt,
  type TPostedCharge,
  type TStudentHit,
  type TStudentLedger,
  type ZCollect,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import * as repo from './ledger.repo.js';
import type { Db } from './ledger.repo.js';

/** The office's calendar date (India Standard Time), 'YYYY-MM-DD'. */
export const officeDate = (at = Date.now()) => new Date(at + 330 * 60_000).toISOString().slice(0, 10);

export const receiptCounter = (fy: string) => `acc-receipt-${fy}`;
export const receiptLabel = (collegeCode: string, series: string, fy: string, no: number | null) =>
  no === null ? '' : `${collegeCode}/${series === 'O' ? 'ONL' : 'FR'}/${fy}/${String(no).padStart(5, '0')}`;

export interface Actor {
  id: number;
  username: string;
}

/**
 * A charge a module posted, as the ledger holds it after a payment, a waiver or a cancellation
 * touched it. The posting module keeps its own record in step (a library fine's paid status)
 * from this, never by reading the ledger's tables.
 */
export interface ChargeState {
  collegeId: number;
  lineId: number;
  source: string;
  sourceRef: string;
  amountPaise: number;
  paidPaise: number;
  waivedPaise: number;
  balancePaise: number;
}
export type ChargeListener = (trx: Db, charges: ChargeState[]) => Promise<void>;
const listeners = new Map<string, ChargeListener>();

/**
 * A module asks to be told when its charges change: `onChargeChange('library', syncFines)`.
 * The listener runs inside the transaction that changed the ledger (the receipt, the waiver, the
 * cancellation), so both records commit or neither does. One listener per source.
 */
export function onChargeChange(source: string, listener: ChargeListener) {
  listeners.set(source, listener);
}

/** Tells the posting modules about lines whose paid or waived amounts just changed (inside the caller's transaction). */
export async function notifyCharges(trx: Db, collegeId: number, lineIds: number[]) {
  if (listeners.size === 0 || lineIds.length === 0) return;
  const rows = await repo.linesByIds(trx, collegeId, [...new Set(lineIds)]);
  const bySource = new Map<string, ChargeState[]>();
  for (const l of rows) {
    if (!l.source || !l.source_ref || !listeners.has(l.source)) continue;
    const list = bySource.get(l.source) ?? [];
    list.push({
      collegeId,
      lineId: l.id,
      source: l.source,
      sourceRef: l.source_ref,
      amountPaise: l.amount_paise,
      paidPaise: l.paid_paise,
      waivedPaise: l.waived_paise,
      balancePaise: l.amount_paise - l.paid_paise - l.waived_paise,
    });
    bySource.set(l.source, list);
  }
  for (const [source, charges] of bySource) await listeners.get(source)!(trx, charges);
}

export async function studentOrThrow(db: Db, collegeId: number, rollNo: string) {
  const s = await repo.studentByRoll(db, collegeId, rollNo);
  if (!s) throw notFound(ACCOUNTS_MSG.studentNotFound);
  return s;
}

export interface ChargeInput {
  collegeId: number;
  studentId: number;
  /** fee head code, e.g. 'HOSTEL', 'TRANSPORT', 'LIBRARY_FINE'; created if the college lacks it */
  head: string;
  /** shown when the head has to be created */
  headName?: string;
  amountPaise: number;
  /** the posting module, e.g. 'hostel' */
  source: string;
  /** the module's own id for the charge; (source, sourceRef) is posted once */
  sourceRef: string;
  /** 'YYYY-MM-DD'; the financial year is taken from it */
  dueDate: string;
  payer?: 'student' | 'state_reimbursement' | 'nsp' | 'institution' | 'sponsor';
}

/**
 * Posts a charge into the student ledger inside the caller's transaction. Idempotent on
 * (source, sourceRef): posting the same charge again returns the first line and creates nothing.
 * For other modules (hostel, transport, library): `postCharge(trx, { collegeId, studentId, head,
 * amountPaise, source, sourceRef, dueDate })`.
 */
export async function postCharge(trx: Db, c: ChargeInput): Promise<{ lineId: number; created: boolean }> {
  if (!Number.isInteger(c.amountPaise) || c.amountPaise <= 0) throw badRequest('A charge must be a positive amount in paise');
  let head = await repo.headByCode(trx, c.collegeId, c.head);
  if (!head) {
    const name = c.headName ?? c.head.charAt(0) + c.head.slice(1).toLowerCase().replace(/_/g, ' ');
    await repo.insertHeadIfMissing(trx, c.collegeId, c.head, name, 500);
    head = (await repo.headByCode(trx, c.collegeId, c.head))!;
  }
  const payer = c.payer ?? 'student';
  const id = await repo.insertLine(trx, {
    college_id: c.collegeId,
    student_id: c.studentId,
    fy: accountsFy(c.dueDate),
    head_id: head.id,
    payer,
    sanction_status: payer === 'student' ? 'na' : 'pending',
    amount_paise: c.amountPaise,
    source: c.source,
    source_ref: c.sourceRef,
    due_date: c.dueDate,
    created_at: nowIso(),
  });
  // Posted before (a retry, a second run of a backfill): the unique source reference kept the first.
  if (id === null) {
    const again = await repo.lineBySource(trx, c.collegeId, c.source, c.sourceRef);
    return { lineId: again!.id, created: false };
  }
  return { lineId: id, created: true };
}

/**
 * Takes back what is still unpaid on one posted charge (a waiver of a fine, a cancelled pass),
 * inside the caller's transaction. Returns the paise waived (0 when the charge was never posted
 * or is already settled). What was paid stays paid: a refund is the accounts office's receipt.
 */
export async function reverseCharge(
  trx: Db,
  c: { collegeId: number; source: string; sourceRef: string; amountPaise?: number },
): Promise<number> {
  const line = await repo.lineBySource(trx, c.collegeId, c.source, c.sourceRef);
  if (!line) return 0;
  const open = line.amount_paise - line.paid_paise - line.waived_paise;
  const take = Math.min(open, c.amountPaise ?? open);
  if (take <= 0) return 0;
  if (!(await repo.addWaived(trx, line.id, take))) throw conflict('The charge changed at the same moment: try again');
  await notifyCharges(trx, c.collegeId, [line.id]);
  return take;
}

/** Waives an amount across a student's open lines posted by one module, in the stated order; returns the paise waived. */
export async function waiveFromSource(
  trx: Db,
  c: { collegeId: number; studentId: number; source: string; amountPaise: number },
): Promise<number> {
  const open = await repo.openLinesOfSource(trx, c.collegeId, c.studentId, c.source);
  let waived = 0;
  const { allocations } = splitInOrder(open, c.amountPaise);
  for (const a of allocations) {
    if (!(await repo.addWaived(trx, a.lineId, a.amount))) throw conflict('The charge changed at the same moment: try again');
    waived += a.amount;
  }
  await notifyCharges(
    trx,
    c.collegeId,
    allocations.map((a) => a.lineId),
  );
  return waived;
}

const DESK_MODES = new Set<string>(['cash', 'dd', 'cheque', 'upi', 'card', 'bank_transfer']);
/** 'UPI', 'Bank transfer' → 'upi', 'bank_transfer'; anything else a desk types is cash. */
export const deskMode = (mode: string) => {
  const m = mode
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return DESK_MODES.has(m) ? m : 'cash';
};

/**
 * Money a module's own desk took for its charges (the hostel office, the library desk), inside
 * the caller's transaction: a receipt of the module-desk series 'M' (no college receipt number;
 * the module's own reference is its label) allocated to the student's open lines of that module
 * in the stated order; anything beyond them is the receipt's excess credit. Idempotent on (source,
 * paymentRef). Returns the accounts receipt id.
 */
export async function settleFromSource(
  trx: Db,
  p: {
    collegeId: number;
    actor: { id: number | null; username: string };
    studentId: number;
    source: string;
    paymentRef: string;
    amountPaise: number;
    mode: string;
    reference: string;
    date?: string;
    /** settle this charge only (e.g. one library fine) */
    sourceRef?: string;
  },
): Promise<number> {
  if (!Number.isInteger(p.amountPaise) || p.amountPaise <= 0) throw badRequest('A payment must be a positive amount in paise');
  const receiptSource = `${p.source}-desk`;
  const known = await repo.receiptBySource(trx, p.collegeId, receiptSource, p.paymentRef);
  if (known) return known.id;
  let open = await repo.openLinesOfSource(trx, p.collegeId, p.studentId, p.source);
  if (p.sourceRef !== undefined) open = open.filter((l) => l.source_ref === p.sourceRef);
  const { allocations, left } = splitInOrder(open, p.amountPaise);
  // Money for one named charge never becomes an advance: the charge was settled elsewhere meanwhile.
  if (p.sourceRef !== undefined && left > 0) throw conflict(ACCOUNTS_MSG.chargeSettledElsewhere);
  for (const a of allocations) {
    if (!(await repo.addPaid(trx, a.lineId, a.amount))) throw conflict(ACCOUNTS_MSG.allocationLine);
  }
  await notifyCharges(
    trx,
    p.collegeId,
    allocations.map((a) => a.lineId),
  );
  return insertActiveReceipt(
    trx,
    {
      collegeId: p.collegeId,
      series: 'M',
      date: p.date ?? officeDate(),
      receiptNo: null,
      studentId: p.studentId,
      mode: deskMode(p.mode),
      reference: p.reference.slice(0, 80),
      amountPaise: p.amountPaise,
      clerkId: p.actor.id,
      clerk: p.actor.username,
      source: receiptSource,
      sourceRef: p.paymentRef,
    },
    allocations,
  );
}

/** What a student still owes on the charges one module posted (paise, the student's share only). */
export async function dueFromSource(db: Db, collegeId: number, studentId: number, source: string): Promise<number> {
  const open = await repo.openLinesOfSource(db, collegeId, studentId, source);
  return open.reduce((s, l) => s + Number(l.balance), 0);
}

/** Paid, waived and balance of a module's charges by its own references; a reference never posted is absent. */
export async function chargesByRefs(db: Db, collegeId: number, source: string, refs: string[]) {
  const rows = await repo.linesByRefs(db, collegeId, source, refs);
  return new Map(
    rows.map((l) => [
      l.source_ref,
      {
        amountPaise: l.amount_paise,
        paidPaise: l.paid_paise,
        waivedPaise: l.waived_paise,
        balancePaise: l.amount_paise - l.paid_paise - l.waived_paise,
      },
    ]),
  );
}

/** The charges one module posted for a student, as the accounts ledger holds them (for the module's screens). */
export async function postedCharges(db: Db, collegeId: number, studentId: number, source: string): Promise<TPostedCharge[]> {
  const rows = await repo.linesOfSource(db, collegeId, studentId, source);
  return rows.map((l) => ({
    lineId: l.id,
    fy: l.fy,
    headName: l.head_name,
    sourceRef: l.source_ref,
    dueDate: l.due_date,
    amountPaise: l.amount_paise,
    paidPaise: l.paid_paise,
    waivedPaise: l.waived_paise,
    balancePaise: Number(l.balance),
  }));
}

type Line = Awaited<ReturnType<typeof repo.linesOf>>[number];

/** Splits an amount across the open lines in the stated order (oldest year, then head order). */
export function splitInOrder(lines: Array<Pick<Line, 'id' | 'head_id' | 'balance'>>, amount: number) {
  const out: Array<{ lineId: number; headId: number; amount: number }> = [];
  let left = amount;
  for (const l of lines) {
    if (left <= 0) break;
    const b = Number(l.balance);
    if (b <= 0) continue;
    const take = Math.min(b, left);
    out.push({ lineId: l.id, headId: l.head_id, amount: take });
    left -= take;
  }
  return { allocations: out, left };
}

/**
 * Counter collection: in one transaction, checks the amount against what the student owes,
 * adds it to the lines (each update only while the line still owes that much), takes the next
 * receipt number of the college's financial year and writes the receipt with its allocations.
 */
export async function collect(
  db: Database,
  collegeId: number,
  actor: Actor,
  body: z.output<typeof ZCollect>,
  college: { code: string },
  issue?: Issuer,
): Promise<TReceipt> {
  return db.transaction().execute(async (trx) => {
    const student = await studentOrThrow(trx, collegeId, body.rollNo);
    const open = (await repo.linesOf(trx, collegeId, student.id)).filter((l) => l.payer === 'student' && Number(l.balance) > 0);
    const due = open.reduce((s, l) => s + Number(l.balance), 0);
    if (due === 0) throw badRequest(ACCOUNTS_MSG.nothingDue);
    if (body.amount > due) throw badRequest(ACCOUNTS_MSG.amountTooLarge, { duePaise: due });
    let allocations: Allocation[];
    if (body.allocation?.length) {
      const byId = new Map(open.map((l) => [l.id, l]));
      allocations = body.allocation.map((a) => {
        const line = byId.get(a.lineId);
        if (!line || Number(line.balance) < a.amountPaise) throw badRequest(ACCOUNTS_MSG.allocationLine);
        return { lineId: line.id, headId: line.head_id, amount: a.amountPaise };
      });
      if (allocations.reduce((s, a) => s + a.amount, 0) !== body.amount) throw badRequest(ACCOUNTS_MSG.allocationMismatch);
    } else {
      allocations = splitInOrder(open, body.amount).allocations;
    }
    const r = {
      studentId: student.id,
      mode: body.mode,
      reference: body.reference ?? '',
      bank: body.bank ?? '',
      instrumentDate: body.instrumentDate ?? '',
      amount: body.amount,
      allocations,
    };
    const w = await writeReceipt(
      trx,
      collegeId,
      actor,
      r,
      issue && ((n) => issue(trx, { ...n, rollNo: student.roll_no, name: student.full_name, ...r })),
    );
    const lineOf = new Map(open.map((l) => [l.id, l]));
    // The receipt as written, without reading it back.
    return {
      id: w.id,
      kind: 'receipt',
      receiptNo: w.receiptNo,
      label: receiptLabel(college.code, 'C', w.fy, w.receiptNo),
      fy: w.fy,
      date: w.date,
      rollNo: student.roll_no,
      studentName: student.full_name,
      mode: r.mode,
      reference: r.reference,
      bank: r.bank,
      instrumentDate: r.instrumentDate,
      amountPaise: r.amount,
      status: 'active',
      cancelReason: '',
      clerk: actor.username,
      reversesId: null,
      allocations: allocations.map((a) => ({
        lineId: a.lineId,
        headName: lineOf.get(a.lineId)!.head_name,
        fy: lineOf.get(a.lineId)!.fy,
        amountPaise: a.amount,
      })),
      excessPaise: r.amount - allocations.reduce((s, a) => s + a.amount, 0),
      pdfUrl: `/api/accounts/receipts/${w.id}/pdf`,
    };
  });
}

type Allocation = { lineId: number; headId: number; amount: number };

/**
 * Writes an active receipt of a series (C counter, M a module's desk, O online) dated `date`, with
 * what it paid on each line; the lines were credited by the caller, inside the same transaction.
 */
async function insertActiveReceipt(
  trx: Db,
  r: {
    collegeId: number;
    series: 'C' | 'M' | 'O';
    date: string;
    receiptNo: number | null;
    studentId: number;
    mode: string;
    reference: string;
    bank?: string;
    instrumentDate?: string;
    amountPaise: number;
    clerkId: number | null;
    clerk: string;
    source: string;
    sourceRef: string | null;
    /** the issued document's code (counter receipts) */
    docCode?: string;
  },
  allocations: Allocation[],
): Promise<number> {
  const { id } = await repo.insertReceipt(trx, {
    ...(r.docCode === undefined ? {} : { doc_code: r.docCode }),
    college_id: r.collegeId,
    kind: 'receipt',
    series: r.series,
    fy: accountsFy(r.date),
    receipt_no: r.receiptNo,
    reverses_id: null,
    student_id: r.studentId,
    entry_date: r.date,
    mode: r.mode,
    reference: r.reference,
    bank: r.bank ?? '',
    instrument_date: r.instrumentDate ?? '',
    amount_paise: r.amountPaise,
    status: 'active',
    cancel_reason: '',
    cancelled_by: '',
    cancelled_at: '',
    clerk_id: r.clerkId,
    clerk: r.clerk,
    source: r.source,
    source_ref: r.sourceRef,
    created_at: nowIso(),
  });
  await repo.insertAllocations(
    trx,
    allocations.map((a) => ({
      college_id: r.collegeId,
      receipt_id: id,
      line_id: a.lineId,
      head_id: a.headId,
      amount_paise: a.amount,
    })),
  );
  // Money that found nothing (more) to pay is held for the student as a named credit, never lost
  // in the receipt: its amount is always its allocations plus this excess.
  const excess = r.amountPaise - allocations.reduce((s, a) => s + a.amount, 0);
  if (excess < 0) throw new Error(`Receipt ${id} allocates more than its amount`);
  if (excess > 0)
    await repo.insertExcessCredit(trx, {
      college_id: r.collegeId,
      student_id: r.studentId,
      receipt_id: id,
      amount_paise: excess,
      created_at: nowIso(),
    });
  return id;
}

/** Registers the receipt as an issued document before it is written; returns the verification code. */
export type Issuer = (
  trx: Db,
  r: {
    fy: string;
    receiptNo: number;
    date: string;
    rollNo: string;
    name: string;
    mode: string;
    reference: string;
    amount: number;
  },
) => Promise<string>;

/** Applies the allocations and writes a numbered counter receipt; the caller holds the transaction. */
export async function writeReceipt(
  trx: Db,
  collegeId: number,
  actor: Actor,
  r: {
    studentId: number;
    mode: string;
    reference: string;
    bank: string;
    instrumentDate: string;
    amount: number;
    allocations: Allocation[];
  },
  issue?: (n: { fy: string; receiptNo: number; date: string }) => Promise<string>,
): Promise<{ id: number; fy: string; receiptNo: number; date: string }> {
  for (const a of r.allocations) {
    if (!(await repo.addPaid(trx, a.lineId, a.amount))) throw conflict(ACCOUNTS_MSG.allocationLine);
  }
  const date = officeDate();
  const fy = accountsFy(date);
  const receiptNo = await repo.nextNumber(trx, collegeId, receiptCounter(fy));
  const docCode = issue ? await issue({ fy, receiptNo, date }) : '';
  const id = await insertActiveReceipt(
    trx,
    {
      collegeId,
      series: 'C',
      date,
      receiptNo,
      studentId: r.studentId,
      mode: r.mode,
      reference: r.reference,
      bank: r.bank,
      instrumentDate: r.instrumentDate,
      amountPaise: r.amount,
      clerkId: actor.id,
      clerk: actor.username,
      source: 'counter',
      sourceRef: null,
      docCode,
    },
    r.allocations,
  );
  await notifyCharges(
    trx,
    collegeId,
    r.allocations.map((a) => a.lineId),
  );
  await audit(trx as Database, {
    collegeId,
    actor,
    action: 'receipt.create',
    entity: 'acc_receipt',
    entityId: id,
    after: { fy, receiptNo, studentId: r.studentId, mode: r.mode, amountPaise: r.amount, allocations: r.allocations },
  });
  return { id, fy, receiptNo, date };
}

/**
 * Cancels a counter receipt: the receipt keeps its number and is marked cancelled with the
 * reason; a reversal entry (negative, no number) dated today takes its amounts back off the lines.
 */
export async function cancelReceipt(
  db: Database,
  collegeId: number,
  actor: Actor,
  id: number,
  reason: string,
  onCancel?: (trx: Db, docCode: string) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const receipt = await repo.receiptById(trx, collegeId, id);
    if (!receipt || receipt.kind !== 'receipt') throw notFound(ACCOUNTS_MSG.receiptNotFound);
    if (receipt.series !== 'C') throw badRequest(ACCOUNTS_MSG.onlineNotCancellable);
    if (!(await repo.markCancelled(trx, collegeId, id, reason, actor.username, nowIso())))
      throw conflict(ACCOUNTS_MSG.alreadyCancelled);
    const allocations = await repo.allocationsOf(trx, collegeId, [id]);
    const date = officeDate();
    const reversal = await repo.insertReceipt(trx, {
      college_id: collegeId,
      kind: 'reversal',
      series: 'C',
      fy: accountsFy(date),
      receipt_no: null,
      reverses_id: id,
      student_id: receipt.student_id,
      entry_date: date,
      mode: receipt.mode,
      reference: receipt.reference,
      bank: receipt.bank,
      instrument_date: receipt.instrument_date,
      amount_paise: -receipt.amount_paise,
      status: 'reversal',
      cancel_reason: reason,
      cancelled_by: actor.username,
      cancelled_at: nowIso(),
      clerk_id: actor.id,
      clerk: actor.username,
      source: 'counter',
      source_ref: null,
      created_at: nowIso(),
    });
    for (const a of allocations) await repo.subtractPaid(trx, a.line_id, a.amount_paise);
    await repo.cancelExcessCredit(trx, collegeId, id);
    await notifyCharges(
      trx,
      collegeId,
      allocations.map((a) => a.line_id),
    );
    await repo.insertAllocations(
      trx,
      allocations.map((a) => ({
        college_id: collegeId,
        receipt_id: reversal.id,
        line_id: a.line_id,
        head_id: a.head_id,
        amount_paise: -a.amount_paise,
      })),
    );
    await audit(trx as Database, {
      collegeId,
      actor,
      action: 'receipt.cancel',
      entity: 'acc_receipt',
      entityId: id,
      before: { status: 'active', amountPaise: receipt.amount_paise },
      after: { status: 'cancelled', reason, reversalId: reversal.id },
    });
    if (onCancel && receipt.doc_code) await onCancel(trx, receipt.doc_code);
    return id;
  });
}

export interface OnlinePayment {
  collegeId: number;
  rollNo: string;
  /** 'semester' | 'supply' (the payments module's fee types) */
  feeType: string;
  amountPaise: number;
  /** the payments module's receipt number */
  receiptNo: number | null;
  transactionId: string;
  /** ISO timestamp of the payment */
  paidAt: string;
  courseCode?: string | null;
}

/**
 * Posts a paid online payment into the ledger, inside the payments module's recording
 * transaction. A supplementary exam fee becomes its own charge and is paid by it; a semester fee
 * pays the open lines in the stated order; what finds nothing to pay (the counter cleared the
 * ledger meanwhile) is the receipt's excess credit, listed for the office. Idempotent on the
 * transaction id; a payment for a roll number the college does not have is left out.
 */
export async function postOnlinePayment(trx: Db, p: OnlinePayment): Promise<number | null> {
  const student = await repo.studentByRoll(trx, p.collegeId, p.rollNo);
  if (!student) return null;
  const known = await repo.receiptBySource(trx, p.collegeId, 'online', p.transactionId);
  if (known) return known.id;
  const date = officeDate(new Date(p.paidAt).getTime() || Date.now());
  let allocations: Array<{ lineId: number; headId: number; amount: number }> = [];
  if (p.feeType === 'supply') {
    const { lineId } = await postCharge(trx, {
      collegeId: p.collegeId,
      studentId: student.id,
      head: 'EXAM_SUPPLY',
      headName: 'Supplementary exam fee',
      amountPaise: p.amountPaise,
      source: 'online-supply',
      sourceRef: p.transactionId,
      dueDate: date,
    });
    const line = (await repo.lineById(trx, p.collegeId, lineId))!;
    allocations = [{ lineId, headId: line.head_id, amount: p.amountPaise }];
  } else {
    const open = (await repo.linesOf(trx, p.collegeId, student.id)).filter((l) => l.payer === 'student' && Number(l.balance) > 0);
    allocations = splitInOrder(open, p.amountPaise).allocations;
  }
  const applied: typeof allocations = [];
  for (const a of allocations) if (await repo.addPaid(trx, a.lineId, a.amount)) applied.push(a);
  await notifyCharges(
    trx,
    p.collegeId,
    applied.map((a) => a.lineId),
  );
  return insertActiveReceipt(
    trx,
    {
      collegeId: p.collegeId,
      series: 'O',
      date,
      receiptNo: p.receiptNo,
      studentId: student.id,
      mode: 'online',
      reference: p.transactionId.slice(0, 80),
      amountPaise: p.amountPaise,
      clerkId: null,
      clerk: 'online',
      source: 'online',
      sourceRef: p.transactionId,
    },
    applied,
  );
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
  q: { status?: 'open' | 'cancelled'; rollNo?: string },
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
    status: x.status as 'open' | 'cancelled',
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
  const [allocations, excess, originals] = await Promise.all([
    repo.allocationsOf(db, college.id, ids),
    repo.excessOfReceipts(db, college.id, ids),
    reversedNumbers(db, college, receipts),
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
      advancePaise: received - allocated,
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
