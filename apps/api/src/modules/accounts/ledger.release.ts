import { conflict } from '../../lib/errors.js';
import type { Db } from '../../db/index.js';
import { notifyCharges } from './ledger.charges.js';
import * as repo from './ledger.repo.js';

const RACE = 'The charge changed at the same moment: try again';

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
  const keep = Math.max(0, Math.round(c.keepPaise));
  if (!line || keep >= line.amount_paise - line.waived_paise) return { waivedPaise: 0, releasedPaise: 0 };
  const released = Math.max(0, line.paid_paise - keep);
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
  const waived = line.amount_paise - keep - line.waived_paise;
  if (!(await repo.addWaived(trx, line.id, waived))) throw conflict(RACE);
  await notifyCharges(trx, c.collegeId, [line.id]);
  return { waivedPaise: waived, releasedPaise: released };
}
