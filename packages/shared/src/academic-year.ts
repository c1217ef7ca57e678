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
