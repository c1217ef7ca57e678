/**
 * What a year's charge keeps when the student leaves early (vacates the hostel, gives up a bus
 * pass): the college charges by the month or by the semester begun, never more than the charge.
 */
export const LEAVING_BASES = ['month', 'semester'] as const;
export type LeavingBasis = (typeof LEAVING_BASES)[number];

/**
 * The dates an academic year '2026-2027' covers, as `academicYear()` divides them: it begins in
 * May (the legacy rule) and ends with April.
 */
export function academicYearSpan(year: string): { from: string; to: string } {
  const start = Number(year.slice(0, 4));
  return { from: `${start}-05-01`, to: `${start + 1}-04-30` };
}

/** Calendar months from a's month to b's month, both counted: 2026-06-30 → 2026-07-01 is 2. */
function monthsSpanned(a: string, b: string): number {
  const m = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
  return m(b) - m(a) + 1;
}

/**
 * The paise kept of `amountPaise`, a charge for the period [periodFrom, periodTo], by a student
 * who used it from `usedFrom` until `leftOn` (ISO dates). Months (or six-month semesters counted
 * from the period's start) that were begun are charged in full; a student who leaves on the day
 * they came keeps one unit. Rounds to the paisa.
 */
export function leavingCharge(
  amountPaise: number,
  p: { periodFrom: string; periodTo: string; usedFrom: string; leftOn: string; basis: LeavingBasis },
): number {
  const size = p.basis === 'month' ? 1 : 6;
  const units = Math.max(1, Math.ceil(monthsSpanned(p.periodFrom, p.periodTo) / size));
  const from = p.usedFrom > p.periodFrom ? p.usedFrom : p.periodFrom;
  const to = p.leftOn < p.periodTo ? p.leftOn : p.periodTo;
  if (to < from) return 0;
  const unitOf = (d: string) => Math.floor((monthsSpanned(p.periodFrom, d) - 1) / size);
  const used = Math.min(units, unitOf(to) - unitOf(from) + 1);
  return Math.min(amountPaise, Math.round((amountPaise * used) / units));
}
