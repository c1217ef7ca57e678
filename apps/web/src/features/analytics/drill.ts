import { ACCOUNTS_PATHS } from '@erp/shared';

/**
 * Where each figure leads: the office's own list, filtered to the rows behind it. The accounts
 * screens read these parameters as their first filter.
 */
const reports = (params: Record<string, string>, anchor: string) =>
  `${ACCOUNTS_PATHS.reports}?${new URLSearchParams(params)}#${anchor}`;

/** Last day of a 'YYYY-MM' month. */
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

export const drill = {
  collectedIn: (from: string, to: string) => reports({ from, to }, 'collections'),
  collectedInMonth: (month: string) => reports({ from: `${month}-01`, to: monthEnd(month) }, 'collections'),
  duesOf: (branch: string, batch: string) => reports({ branch, batch }, 'dues'),
  allDues: () => `${ACCOUNTS_PATHS.reports}#dues`,
  dayBook: (date: string) => reports({ date }, 'day-book'),
  concessions: () => ACCOUNTS_PATHS.concessions,
  vendors: () => ACCOUNTS_PATHS.vendors,
};
