/** Paise as ₹ with Indian (lakh) grouping. */
export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** yyyy-mm-dd (or an ISO instant) as dd-mm-yyyy. */
export function dmy(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : value;
}

export const STANDING_LABELS: Record<string, string> = {
  eligible: 'Eligible',
  condonable: 'Shortage: condonable',
  detained: 'Shortage: detained',
};
