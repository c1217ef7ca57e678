import { ACCOUNTS_PATHS, ATTENDANCE_PATHS, HOSTEL_PATHS, LEAVE_PATHS, LIBRARY_PATHS, MASTERS_PATHS, PATHS } from '@erp/shared';

const PLACEMENTS_PATH = '/app/placements';
const GRIEVANCES_PATH = '/app/grievance-redressal';

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

const withQuery = (path: string, params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  );
  return `${path}${q.size ? `?${q}` : ''}`;
};

/** The admissions office's list of saved admissions (it reads ?branch=&quota=&year=). */
export const admissionsDrill = {
  admitted: (year: number, branch?: string, quota?: string) => withQuery(PATHS.admissionApplications, { branch, quota, year }),
};

/** The exam cell's published results: the list of exams, and one exam's result page. */
export const resultsDrill = {
  exams: () => PATHS.examResults,
  title: (title: string) => `/results/${encodeURIComponent(title)}`,
};

/** The attendance office's lists: the shortage list and a section's sheets on a day. */
export const attendanceDrill = {
  shortage: () => ATTENDANCE_PATHS.shortage,
  sheets: (sectionId: number, date: string) => withQuery(ATTENDANCE_PATHS.sheets, { sectionId, date }),
};

/** The placement cell's Statistics tab for a batch (it reads ?tab=statistics&batch=). */
export const placementsDrill = {
  stats: (batch: string) => withQuery(PLACEMENTS_PATH, { tab: 'statistics', batch }),
};

/**
 * The offices' own lists: the leave register, the hostel board of a block (?buildingId=), the
 * transport routes, the grievances (?overdue=true for those past their deadline) and the
 * library's history and reports page (its overdue list).
 */
export const officesDrill = {
  leave: () => LEAVE_PATHS.leave,
  timetable: () => MASTERS_PATHS.timetable,
  hostel: (buildingId: number) => withQuery(HOSTEL_PATHS.board, { buildingId }),
  routes: () => PATHS.transportRoutes,
  grievances: (overdue = false) => withQuery(GRIEVANCES_PATH, { overdue: overdue ? 'true' : undefined }),
  library: () => LIBRARY_PATHS.history,
};
