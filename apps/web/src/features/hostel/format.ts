/** Paise as ₹ with Indian (lakh) grouping. */
export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** yyyy-mm-dd (or yyyy-mm-ddThh:mm) as dd-mm-yyyy (hh:mm). */
export function dmy(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}:\d{2}))?/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}${m[4] ? ` ${m[4]}` : ''}` : value;
}

/** Today in the college's time (IST), as yyyy-mm-dd. */
export const todayIso = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

export const BED_COLOURS = { free: '#2e7d32', occupied: '#1565c0', reserved: '#ef6c00' } as const;

/** Where an allotment stands, in words: staying since, vacated on, or cancelled on. */
export const stayText = (a: { status: string; fromDate: string; vacatedOn: string | null }) =>
  a.status === 'ACTIVE'
    ? `since ${dmy(a.fromDate)}`
    : a.status === 'CANCELLED'
      ? `cancelled ${dmy(a.vacatedOn)}`
      : `vacated ${dmy(a.vacatedOn)}`;
