import { CERTIFICATE_LABELS, EXPENSE_LABELS, type TExpenseCategory, type TVehicleCertificate } from '@erp/shared';

/** Paise as rupees with Indian (lakh) grouping: 123456789 → ₹12,34,567.89. */
export const rupees = (paise: number | null | undefined, decimals = 2) =>
  paise === null || paise === undefined
    ? '—'
    : `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;

/** yyyy-mm-dd (or an ISO timestamp) as dd-mm-yyyy. */
export const ddmmyyyy = (iso: string | null | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '—';
};

export const certificateLabel = (c: TVehicleCertificate) => CERTIFICATE_LABELS[c];
export const categoryLabel = (c: string) => EXPENSE_LABELS[c as TExpenseCategory] ?? c;

export const expiryText = (daysLeft: number) =>
  daysLeft < 0
    ? `expired ${-daysLeft} day${daysLeft === -1 ? '' : 's'} ago`
    : daysLeft === 0
      ? 'expires today'
      : `expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;

/** The form takes rupees; the API wants paise. */
export const toPaise = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').replace(/[,\s₹]/g, ''));
  return Number.isFinite(n) && String(value ?? '').trim() !== '' ? Math.round(n * 100) : value;
};

export const thisMonth = () => new Date().toISOString().slice(0, 7);
export const todayIso = () => new Date().toISOString().slice(0, 10);
