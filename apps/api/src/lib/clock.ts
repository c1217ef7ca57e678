/**
 * The grievance and placement rules read the time through here, so tests can move it
 * (vi.spyOn(clock, 'now')) instead of waiting for deadlines to pass.
 */
export const clock = { now: (): Date => new Date() };

/** The calendar date in India (UTC+5:30) of an instant, yyyy-mm-dd. */
export function indianDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** yyyy-mm-dd plus n calendar days. */
export function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Calendar days from a to b (both yyyy-mm-dd). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
