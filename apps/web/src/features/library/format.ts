/** dd-mm-yyyy from an ISO date. */
export const dmy = (iso: string | null | undefined) => (iso ? iso.slice(0, 10).split('-').reverse().join('-') : '');

/** ₹ with Indian grouping, from paise. */
export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

export const STATUS_COLOR: Record<string, 'success' | 'warning' | 'error' | 'info' | 'default'> = {
  available: 'success',
  on_loan: 'info',
  on_hold_shelf: 'warning',
  lost: 'error',
  damaged: 'error',
  withdrawn: 'default',
  in_transit: 'info',
  open: 'info',
  overdue: 'error',
  returned: 'success',
  waiting: 'info',
  ready: 'warning',
  unpaid: 'error',
  paid: 'success',
  part_paid: 'warning',
  waived: 'default',
};
