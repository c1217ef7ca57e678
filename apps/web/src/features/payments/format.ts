import { FEE_TYPE_LABELS, majorAmount, type TFeeType } from '@erp/shared';

export const money = (minor: number | string, currency = 'INR') =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: 2 }).format(majorAmount(minor));

export const feeLabel = (feeType: string) => FEE_TYPE_LABELS[feeType as TFeeType] ?? feeType;

/** Lyra's yyyyMMddHHmmss (UTC) as dd-mm-yyyy hh:mm:ss; other values shown as they came. */
export function lyraDateText(value: string | null): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]} ${m[4]}:${m[5]}:${m[6]}` : (value ?? '');
}

/** An ISO timestamp as dd-mm-yyyy. */
export function isoDateText(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : value;
}

/** Spec: the amount is the raw value divided by 100. */
export const majorAmountText = (raw: string) => (/^\d+$/.test(raw) ? majorAmount(raw).toFixed(2) : raw);
