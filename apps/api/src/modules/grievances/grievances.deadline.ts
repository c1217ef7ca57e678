import type { Database } from '../../db/index.js';
import { addWorkingDays } from '../calendar/index.js';

/** The decision deadline: so many working days of the academic calendar after the day of lodging. */
export async function decisionDueOn(db: Database, collegeId: number, lodgedOn: string, workingDays: number): Promise<string> {
  return addWorkingDays(db, collegeId, lodgedOn, workingDays);
}
