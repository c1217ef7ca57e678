import type { Database } from '../../db/index.js';

/**
 * Attendance percentages of students, by student id. The attendance module owns the figure;
 * modules/wiring.ts registers its provider at start-up. Without one (a test may take it away),
 * a drive's minimum attendance is not evaluated and the eligibility answer says so
 * (attendanceChecked: false).
 */
export type AttendanceProvider = (db: Database, collegeId: number, studentIds: number[]) => Promise<Map<number, number>>;

let provider: AttendanceProvider | null = null;

export function setAttendanceProvider(p: AttendanceProvider | null) {
  provider = p;
}

export function attendanceProvider(): AttendanceProvider | null {
  return provider;
}
