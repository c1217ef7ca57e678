import { ACCOUNTS_MSG, accountsFy, type TPostedCharge } from '@erp/shared';
import { nowIso } from '../../db/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import * as repo from './ledger.repo.js';
import type { Db } from '../../db/index.js';
import { insertActiveReceipt, officeDate, splitInOrder } from './ledger.receipts.js';

/**
 * The charge API: what other modules call to raise, settle and take back their charges in the
 * student ledger (hostel, transport, library), and to hear when a charge changes.
 */

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
