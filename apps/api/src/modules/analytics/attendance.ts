import type { TAnalyticsAttendance, TAnalyticsRange } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { attendanceFigures } from '../attendance/index.js';
import { staffOf } from '../masters/index.js';
import type { RequestUser } from '../../plugins/types.js';

/**
 * Attendance by department and week, the shortage list's students and the sheets never
 * submitted: the attendance office's figures (`attendanceFigures`), college-wide.
 */
export async function attendance(db: Database, user: RequestUser, range: TAnalyticsRange): Promise<TAnalyticsAttendance> {
  return attendanceFigures(db, await staffOf(db, user), range);
}
