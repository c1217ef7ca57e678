import type { Database } from '../../db/index.js';
import * as repo from './leave.repo.js';

/**
 * Leave days each faculty member has taken in an academic year ('2026-2027'): the `used` of the
 * leave office's balances (what its Balances list shows), summed over leave types.
 */
export async function leaveDaysTaken(db: Database, collegeId: number, academicYear: string): Promise<Map<number, number>> {
  const taken = new Map<number, number>();
  for (const b of await repo.balances(db, collegeId, academicYear, {}))
    taken.set(b.facultyId, (taken.get(b.facultyId) ?? 0) + Number(b.used));
  return taken;
}
