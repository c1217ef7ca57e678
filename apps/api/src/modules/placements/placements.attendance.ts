import type { Database } from '../../db/index.js';

/**
 * Attendance percentages of students, by student id. The attendance module (being built) owns
 * the figure; until it registers a provider here, a drive's minimum attendance is not evaluated
 * and the eligibility answer says so (attendanceChecked: false).
 */
export type AttendanceProvider = (db: Database, collegeId: number, studentIds: number[]) => Promise<Map<number, number>>;

let provider: AttendanceProvider | null = null;

export function setAttendanceProvider(p: AttendanceProvider | null) {
  provider = p;
}

export function attendanceProvider(): AttendanceProvider | null {
  return provider;
}
