import { accountsFy } from '@erp/shared';
import type { Db } from '../../db/index.js';
import * as repo from './ledger.repo.js';

/**
 * The students among these whose demand for the current financial year the office has raised and
 * the ledger shows wholly cleared (paid at the counter, waived or conceded), with nothing left from
 * earlier years: the semester fee is not theirs to pay again online. A student with no demand
 * raised this year is left out, and the fee types alone decide.
 */
export async function yearDemandCleared(db: Db, collegeId: number, rollNos: readonly string[]): Promise<Set<string>> {
  const fyNow = accountsFy(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));
  const owed = new Map<string, number>();
  const raisedThisYear = new Set<string>();
  for (const r of await repo.demandBalanceByYear(db, collegeId, rollNos)) {
    owed.set(r.roll_no, (owed.get(r.roll_no) ?? 0) + Number(r.balance));
    if (r.fy === fyNow) raisedThisYear.add(r.roll_no);
  }
  return new Set([...owed].filter(([roll, balance]) => raisedThisYear.has(roll) && balance <= 0).map(([roll]) => roll));
}
