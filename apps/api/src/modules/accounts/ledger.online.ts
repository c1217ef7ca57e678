import { notifyCharges, postCharge } from './ledger.charges.js';
import { insertActiveReceipt, officeDate, splitInOrder } from './ledger.receipts.js';
import * as repo from './ledger.repo.js';
import type { Db } from '../../db/index.js';

/** Payments taken online (the payments module) as receipts of the ledger. */

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
  /** the ledger lines the order was opened for; none: every open line (orders made before) */
  lineIds?: readonly number[];
}

/**
 * Posts a paid online payment into the ledger, inside the payments module's recording
 * transaction. A supplementary exam fee becomes its own charge and is paid by it; a semester fee
 * pays what is still open of the lines its order was opened for, in the ledger's order; what finds
 * nothing to pay (the counter took a line meanwhile, or the fee was paid twice) is the receipt's
 * excess credit, listed for the office. Idempotent on the transaction id; a payment for a roll
 * number the college does not have is left out.
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
    const chosen = p.lineIds?.length ? new Set(p.lineIds) : null;
    const open = (await repo.linesOf(trx, p.collegeId, student.id)).filter(
      (l) => l.payer === 'student' && Number(l.balance) > 0 && (!chosen || chosen.has(l.id)),
    );
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
