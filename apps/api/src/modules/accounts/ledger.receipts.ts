import { accountsFy } from '@erp/shared';
import { nowIso } from '../../db/index.js';
import * as repo from './ledger.repo.js';
import type { Db } from '../../db/index.js';

/**
 * What every receipt of the ledger shares, whoever took the money (the counter, a module's desk,
 * online): the office's date, the printed number, and how the amount is allocated to the lines.
 */

/** The office's calendar date (India Standard Time), 'YYYY-MM-DD'. */
export const officeDate = (at = Date.now()) => new Date(at + 330 * 60_000).toISOString().slice(0, 10);

export const receiptCounter = (fy: string) => `acc-receipt-${fy}`;
export const receiptLabel = (collegeCode: string, series: string, fy: string, no: number | null) =>
  no === null ? '' : `${collegeCode}/${series === 'O' ? 'ONL' : 'FR'}/${fy}/${String(no).padStart(5, '0')}`;

export interface Actor {
  id: number;
  username: string;
}

export type Allocation = { lineId: number; headId: number; amount: number };

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
 * Writes an active receipt of a series (C counter, M a module's desk, O online) dated `date`, with
 * what it paid on each line; the lines were credited by the caller, inside the same transaction.
 */
export async function insertActiveReceipt(
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
