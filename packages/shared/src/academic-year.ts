import { z } from 'zod';

/**
 * Spec section 9: 'year-nextyear' when the month index is above 3 (May onwards, as the
 * legacy helper computes it), otherwise 'previousyear-year'.
 */
export function academicYear(date: Date = new Date()): string {
  const year = date.getFullYear();
  return date.getMonth() > 3 ? `${year}-${year + 1}` : `${year - 1}-${year}`;
}

/** The faculty database keys profiles by financial year; the legacy default is the academic year. */
export const financialYear = academicYear;

export const ACADEMIC_YEAR_MIN = 2000;
export const ACADEMIC_YEAR_MAX = 2100;
export const ACADEMIC_YEAR_MSG = {
  format: 'year must be the first year of an academic year, four digits (e.g. 2026 for 2026-27)',
  range: `year must be between ${ACADEMIC_YEAR_MIN} and ${ACADEMIC_YEAR_MAX}`,
};
/** A `year=` query parameter: the academic year it begins (2026 = 2026-27), as a number. */
export const ZAcademicYearParam = z
  .string()
  .trim()
  .regex(/^\d{4}$/, ACADEMIC_YEAR_MSG.format)
  .transform(Number)
  .refine((y) => y >= ACADEMIC_YEAR_MIN && y <= ACADEMIC_YEAR_MAX, ACADEMIC_YEAR_MSG.range);
