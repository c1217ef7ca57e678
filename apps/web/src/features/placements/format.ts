import { formatWholeRupees } from '@erp/shared';

export const rupees = (n: number | null | undefined) => (n == null ? '—' : formatWholeRupees(n));
export const lpa = (n: number) => `${Math.round(n / 1000) / 100} LPA`;
export function ddmmyyyy(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}
/** The final-year batch by today's date: a batch ending this academic year (June) or the next. */
export function finalYearBatch(now = new Date()): string {
  const end = now.getMonth() >= 6 ? now.getFullYear() + 1 : now.getFullYear();
  return `${end - 4}-${end}`;
}
