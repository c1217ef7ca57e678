import { displayDate, formatRupees, MODE_LABELS, PAYER_LABELS } from '@erp/shared';

export const rupees = formatRupees;
export const dmy = displayDate;
export const modeLabel = (m: string) => MODE_LABELS[m as keyof typeof MODE_LABELS] ?? m;
export const payerLabel = (p: string) => PAYER_LABELS[p as keyof typeof PAYER_LABELS] ?? p;
export const statusLabel = (s: string) => s.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** '1,234.50' or '1234.5' rupees → paise; NaN when it is not an amount. */
export function toPaise(text: string): number {
  const t = text.replace(/[,₹\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

/** Paise → the rupee text a clerk types ('1234.5'). */
export const toRupeeText = (paise: number) => (Number.isFinite(paise) && paise > 0 ? String(paise / 100) : '');

/** Today in India (yyyy-mm-dd), whatever the browser's time zone. */
export const todayIst = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
/** The day in India (yyyy-mm-dd) of a stored instant (an ISO time in UTC). */
export const istDateOf = (iso: string) => new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);
/** A signed amount: "−₹1,500.00" for money out, never "₹-1,500.00". */
export const signedRupees = (paise: number) => (paise < 0 ? `−${rupees(-paise)}` : rupees(paise));
/** The first day of this month in India. */
export const monthStartIst = () => todayIst().slice(0, 8) + '01';
