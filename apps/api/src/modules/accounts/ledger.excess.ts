import { ACCOUNTS_MSG, type TExcessCredit } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { notifyCharges } from './ledger.charges.js';
import { splitInOrder } from './ledger.receipts.js';
import * as repo from './ledger.repo.js';
import { excessCredits } from './ledger.views.js';

/**
 * Sets a student's excess credit against what they owe now: the money its receipt brought beyond
 * its lines pays the student's open lines in the ledger's order, as allocations of that same
 * receipt (so the receipt stays its allocations plus what is left of its excess). What finds
 * nothing to pay stays open, to set against a later demand or to refund.
 */
export async function adjustExcess(
  db: Database,
  college: { id: number; code: string },
  caller: RequestUser,
  excessId: number,
): Promise<TExcessCredit> {
  const rollNo = await db.transaction().execute(async (trx) => {
    const x = await repo.excessById(trx, college.id, excessId);
    if (!x) throw notFound(ACCOUNTS_MSG.excessNotFound);
    if (x.status !== 'open' || x.amount_paise <= 0) throw conflict(ACCOUNTS_MSG.excessNotOpen);
    const open = (await repo.linesOf(trx, college.id, x.student_id)).filter((l) => l.payer === 'student' && Number(l.balance) > 0);
    const { allocations, left } = splitInOrder(open, x.amount_paise);
    if (!allocations.length) throw badRequest(ACCOUNTS_MSG.nothingToAdjust);
    if (!(await repo.setExcessLeft(trx, x.id, x.amount_paise, left))) throw conflict(ACCOUNTS_MSG.excessNotOpen);
    for (const a of allocations) if (!(await repo.addPaid(trx, a.lineId, a.amount))) throw conflict(ACCOUNTS_MSG.excessNotOpen);
    await repo.insertAllocations(
      trx,
      allocations.map((a) => ({ college_id: college.id, receipt_id: x.receipt_id, line_id: a.lineId, head_id: a.headId, amount_paise: a.amount })),
    );
    await notifyCharges(
      trx,
      college.id,
      allocations.map((a) => a.lineId),
    );
    await audit(trx, {
      collegeId: college.id,
      actor: caller,
      action: 'excess.adjust',
      entity: 'excess_credit',
      entityId: x.id,
      before: { excessPaise: x.amount_paise },
      after: { excessPaise: left, allocations: allocations.map((a) => ({ lineId: a.lineId, amountPaise: a.amount })) },
    });
    return (await trx.selectFrom('students').select('roll_no').where('id', '=', x.student_id).executeTakeFirstOrThrow()).roll_no;
  });
  const [credit] = (await excessCredits(db, college, { rollNo })).filter((c) => c.id === excessId);
  return credit;
}
