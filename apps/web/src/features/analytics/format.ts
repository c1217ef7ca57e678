import { shortRupees } from '@erp/shared';

export { shortRupees };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-04' → 'Apr 2026'. */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
/** '2026-04-01' → '01-04-2026'. */
export const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
/** This against last: '+12.5% on last year', '—' when last year had nothing. */
export function change(now: number, before: number) {
  if (!before) return 'nothing last year to compare';
  const pct = ((now - before) / Math.abs(before)) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)}% on last year`;
}
const MODES: Record<string, string> = {
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
  dd: 'DD',
  cheque: 'Cheque',
  bank_transfer: 'Bank transfer',
  online: 'Online',
};
export const modeLabel = (m: string) => MODES[m] ?? m;
