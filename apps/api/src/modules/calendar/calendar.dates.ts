/** Date arithmetic on ISO 'yyyy-mm-dd' strings in UTC, so no time zone moves a day. */

const DAY = 86_400_000;
const toMs = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// The one implementation, which refuses to step past the year 9999.
export { addDays } from '../../lib/clock.js';
export const isSunday = (iso: string) => new Date(toMs(iso)).getUTCDay() === 0;

/** Every date from `from` to `to`, both included (steps by number, so it always ends). */
export function* eachDay(from: string, to: string): Generator<string> {
  for (let ms = toMs(from), end = toMs(to); ms <= end; ms += DAY) yield fromMs(ms);
}
