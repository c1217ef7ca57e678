import { sql } from 'kysely';
import { accountsFy } from '@erp/shared';
import type { Db } from '../../db/index.js';
import { officeDate } from './ledger.receipts.js';

/**
 * What the college collected: the one figure of "fees collected" that dashboards, the accounts
 * summary, the collections report and the books check read. Every ledger receipt dated in the range
 * (counter, online, hostel and library desks), less the reversals of receipts cancelled in it;
 * `receipts` counts them the same way, so a receipt cancelled the same day counts for nothing.
 */
export async function collected(db: Db, collegeId: number, from: string, to: string): Promise<{ amountPaise: number; receipts: number }> {
  const row = await db
    .selectFrom('acc_receipts')
    .select([
      (eb) => eb.fn.sum<number>('amount_paise').as('amount'),
      sql<number>`sum(case when kind = 'receipt' then 1 when kind = 'reversal' then -1 else 0 end)`.as('n'),
    ])
    .where('college_id', '=', collegeId)
    .where('entry_date', '>=', from)
    .where('entry_date', '<=', to)
    .executeTakeFirst();
  return { amountPaise: Number(row?.amount ?? 0), receipts: Number(row?.n ?? 0) };
}

/** The first day (1 April) of the financial year a date falls in. */
export const fyStart = (date: string) => `${accountsFy(date).slice(0, 4)}-04-01`;

/** Collected so far in the current financial year, up to the office's today. */
export function collectedThisYear(db: Db, collegeId: number) {
  const today = officeDate();
  return collected(db, collegeId, fyStart(today), today);
}
