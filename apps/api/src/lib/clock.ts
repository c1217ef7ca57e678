import { DATE_MSG, daySpan } from '@erp/shared';
import { badRequest } from './errors.js';

/**
 * The grievance and placement rules read the time through here, so tests can move it
 * (vi.spyOn(clock, 'now')) instead of waiting for deadlines to pass.
 */
export const clock = { now: (): Date => new Date() };

/** The calendar date in India (UTC+5:30) of an instant, yyyy-mm-dd. */
export function indianDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? Date.parse(`${iso}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`Not a yyyy-mm-dd date: ${JSON.stringify(iso)}`);
  return ms / DAY_MS;
}

function fromDayNumber(n: number): string {
  const iso = new Date(n * DAY_MS).toISOString();
  // Past year 9999 the text becomes '+010000-…', which sorts before '9999-…' and breaks every
  // comparison of dates as text: refuse it rather than hand it on.
  if (iso.length !== 24) throw new RangeError('The date falls outside the years 0000-9999');
  return iso.slice(0, 10);
}

/** yyyy-mm-dd plus n calendar days (throws on a malformed date or one past the year 9999). */
export function addDays(iso: string, n: number): string {
  return fromDayNumber(dayNumber(iso) + n);
}

/** Calendar days from a to b (both yyyy-mm-dd). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/**
 * Every date from `from` to `to`, both included. Steps by day number, not by comparing text, so it
 * always ends; a run longer than maxDays is refused (400) before the first step.
 */
export function eachDay(from: string, to: string, maxDays: number): string[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (last - first + 1 > maxDays) throw badRequest(DATE_MSG.tooLong('from date', 'to date', maxDays));
  const out: string[] = [];
  for (let n = first; n <= last; n++) out.push(fromDayNumber(n));
  return out;
}

/**
 * A report's range once its defaults are filled in: from on or before to and at most maxDays,
 * else a 400 in the words the schemas use (the schema checks only what the caller sent).
 */
export function checkDayRange(from: string, to: string, maxDays: number): void {
  if (to < from) throw badRequest(DATE_MSG.reversed('from date', 'to date'));
  if (daySpan(from, to) > maxDays) throw badRequest(DATE_MSG.tooLong('from date', 'to date', maxDays));
}
