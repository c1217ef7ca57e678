import type { Db } from '../../db/index.js';

/**
 * Who is on the rolls: the one rule every count of students reads (dashboards, NAAC, NIRF, the
 * books check). A student is on the rolls in academic year y when their batch began by y and ends
 * after it; a graduated batch, or one not yet begun, is not.
 */

/** '2022-2026' → [2022, 2026]; null when the batch is not a year range. */
export function batchYears(batch: string): [number, number] | null {
  const m = /^(\d{4})\s*-\s*(\d{2,4})$/.exec(batch.trim());
  if (!m) return null;
  const end = m[2].length === 2 ? Math.floor(Number(m[1]) / 100) * 100 + Number(m[2]) : Number(m[2]);
  return [Number(m[1]), end];
}

/** The academic year (May to April, as NAAC and NIRF count it) a date falls in: 2026-11-28 → 2026. */
export const academicYearOf = (date: string) => Number(date.slice(0, 4)) - (date.slice(5, 10) < '05-01' ? 1 : 0);

export function onRollsInYear(batch: string, y: number): boolean {
  const b = batchYears(batch);
  return !!b && b[0] <= y && y < b[1];
}

/**
 * The academic year a college's rolls are in on a date: the year its newest batch began, up to the
 * date's own year. Until the year's intake is admitted the outgoing batch is still on the rolls;
 * a batch created ahead for next year's admissions changes nothing.
 */
export function rollsYear(batches: readonly string[], date: string): number {
  const now = academicYearOf(date);
  const begun = batches.flatMap((b) => batchYears(b)?.[0] ?? []).filter((y) => y <= now);
  return begun.length ? Math.max(...begun) : now;
}

/** The students on the rolls on a date (YYYY-MM-DD): how many, and the academic year they were counted in. */
export async function studentsOnRolls(db: Db, collegeId: number, date: string): Promise<{ count: number; year: number }> {
  const batches = await db
    .selectFrom('students')
    .select(['batch', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .groupBy('batch')
    .execute();
  const year = rollsYear(
    batches.map((b) => b.batch),
    date,
  );
  return { count: batches.reduce((sum, b) => sum + (onRollsInYear(b.batch, year) ? Number(b.n) : 0), 0), year };
}
