import { formatRupees } from '@erp/shared';

/** ₹ with lakh grouping, whole rupees when there are no paise. */
export const rupees = (paise: number) => formatRupees(paise).replace(/\.00$/, '');
/** An ISO date or timestamp as dd-mm-yyyy. */
export const ddmmyyyy = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : iso;
