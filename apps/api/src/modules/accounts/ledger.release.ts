import { conflict } from '../../lib/errors.js';
import type { Db } from '../../db/index.js';
import { notifyCharges } from './ledger.charges.js';
import * as repo from './ledger.repo.js';

const RACE = 'The charge changed at the same moment: try again';

/**
 * What cutting a charge to `keepPaise` does, without writing: what it keeps, waives and gives
 * back of what was paid. The one rule for releaseCharge and for any screen that previews it.
 */
export function chargeCut(line: { amountPaise: number; paidPaise: number; waivedPaise: number }, keepPaise: number) {
  const charge = line.amountPaise - line.waivedPaise;
  const keep = Math.max(0, Math.round(keepPaise));
  if (keep >= charge) return { keep: charge, waive: 0, release: 0 };
  return { keep, waive: charge - keep, release: Math.max(0, line.paidPaise - keep) };
}

/**
 * Cuts one posted charge down to what the student keeps owing on it, inside the caller's
 * transaction: a hostel year left early, a bus pass given up (the leaving charge), an allotment
 * made by mistake (0). The unpaid part beyond it is waived; money already paid beyond it comes off
 * the line and becomes the excess credit of the receipts that paid it, newest first, for the
 * accounts office to set against another due or to refund. Keeping as much as the charge or more
 * changes nothing.
 */
export async function releaseCharge(
  trx: Db,
  c: { collegeId: number; source: string; sourceRef: string; keepPaise: number },
): Promise<{ waivedPaise: number; releasedPaise: number }> {
  const line = await repo.lineBySource(trx, c.collegeId, c.source, c.sourceRef);
  if (!line) return { waivedPaise: 0, releasedPaise: 0 };
  const cut = chargeCut({ amountPaise: line.amount_paise, paidPaise: line.paid_paise, waivedPaise: line.waived_paise }, c.keepPaise);
  if (cut.waive === 0) return { waivedPaise: 0, releasedPaise: 0 };
  const released = cut.release;
  let left = released;
  for (const a of await repo.activeAllocationsOfLine(trx, c.collegeId, line.id)) {
    if (left === 0) break;
    const take = Math.min(left, a.amount_paise);
    if (!(await repo.reduceAllocation(trx, a.id, take))) throw conflict(RACE);
    await repo.addToExcess(trx, { college_id: c.collegeId, student_id: a.student_id, receipt_id: a.receipt_id, amount_paise: take });
    left -= take;
  }
  // Paid without an active receipt behind it would break receipt = allocations + excess: refuse.
  if (left > 0) throw conflict(RACE);
  if (released > 0) await repo.subtractPaid(trx, line.id, released);
  const waived = cut.waive;
  if (!(await repo.addWaived(trx, line.id, waived))) throw conflict(RACE);
  await notifyCharges(trx, c.collegeId, [line.id]);
  return { waivedPaise: waived, releasedPaise: released };
}
