import type { Db } from './ledger.repo.js';
import * as repo from './ledger.repo.js';

/**
 * The students among these whose raised demand the ledger shows wholly cleared (paid at the
 * counter, waived or conceded): the semester fee is not theirs to pay again online. A student
 * with no raised demand is left out, and the fee types alone decide. The whole ledger decides, not
 * one financial year: which year a semester falls in depends on the college's calendar, and a
 * student who still owes anything may still pay online (the receipt pays the open lines first).
 */
export async function yearDemandCleared(db: Db, collegeId: number, rollNos: readonly string[]): Promise<Set<string>> {
  const owed = new Map<string, number>();
  for (const r of await repo.demandBalanceByYear(db, collegeId, rollNos)) {
    owed.set(r.roll_no, (owed.get(r.roll_no) ?? 0) + Number(r.balance));
  }
  return new Set([...owed].filter(([, balance]) => balance <= 0).map(([roll]) => roll));
}
