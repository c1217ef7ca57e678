import type { Db } from './ledger.repo.js';
import * as repo from './ledger.repo.js';
import { fyForBatchYear } from './structures.service.js';

const ROMAN_YEARS = ['I', 'II', 'III', 'IV', 'V', 'VI'];

/** The year of study a semester name starts with: 'IV-I' → 4; null when it names none. */
export function yearOfSemester(semester: string): number | null {
  const i = ROMAN_YEARS.indexOf(semester.trim().toUpperCase().split('-')[0]);
  return i < 0 ? null : i + 1;
}

/**
 * The students among these whose current year's demand the office has raised and the ledger shows
 * cleared (paid at the counter, waived or conceded): the semester fee is not theirs to pay again
 * online. A student whose year has no raised demand is left out, and the fee types alone decide.
 */
export async function yearDemandCleared(db: Db, collegeId: number, rollNos: readonly string[]): Promise<Set<string>> {
  const cleared = new Set<string>();
  for (const r of await repo.demandBalanceByYear(db, collegeId, rollNos)) {
    const year = yearOfSemester(r.semester);
    if (year === null || !/^\d{4}/.test(r.batch) || r.fy !== fyForBatchYear(r.batch, year)) continue;
    if (Number(r.balance) <= 0) cleared.add(r.roll_no);
  }
  return cleared;
}
