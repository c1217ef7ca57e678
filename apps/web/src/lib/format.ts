import { roleDisplayName } from '@erp/shared';

/**
 * How people read dates, money and roles, everywhere in the web app (issue 19):
 * dates dd-mm-yyyy, money ₹ with Indian (lakh) grouping, role names in words.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as dd-mm-yyyy. Takes ISO dates and timestamps (yyyy-mm-dd…), dd-mm-yyyy or dd/mm/yyyy,
 * and Date objects; anything else is shown as it came, empty for null.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : `${pad(value.getDate())}-${pad(value.getMonth() + 1)}-${value.getFullYear()}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) {
    // a timestamp with a time and a zone is shown in the reader's day, a plain date as it is
    if (/T\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/.test(value)) return formatDate(new Date(value));
    return `${iso[3]}-${iso[2]}-${iso[1]}`;
  }
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value.trim());
  if (dmy) return `${pad(Number(dmy[1]))}-${pad(Number(dmy[2]))}-${dmy[3]}`;
  return value;
}

/** A timestamp as dd-mm-yyyy hh:mm (24-hour, the reader's time zone). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return formatDate(value);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const rupeesWhole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Rupees as ₹1,23,456.00 (lakh grouping); `whole` drops the paise. Strings like "45000.00" are read too. */
export function formatMoney(amount: number | string | null | undefined, options: { whole?: boolean } = {}): string {
  if (amount == null || amount === '') return '';
  const n = typeof amount === 'number' ? amount : Number(String(amount).replace(/[₹,\s]|INR|Rs\.?/gi, ''));
  if (!Number.isFinite(n)) return String(amount);
  return (options.whole ? rupeesWhole : rupees).format(n);
}

/** Paise (how the API stores money) as ₹ with lakh grouping. */
export const formatPaise = (paise: number | null | undefined, options: { whole?: boolean } = {}) =>
  paise == null ? '' : formatMoney(paise / 100, options);

/** ROLE_LIBRARY_INCHARGE → "Library Incharge"; ROLE_PLACMENT_DEAN → "Placement Dean" (the shared label map). */
export const roleName = roleDisplayName;
