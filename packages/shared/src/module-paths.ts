/**
 * The module screens' paths, in a file of their own without zod: the web app's route tables read
 * them at start-up, and a path kept beside its module's schemas would bring every schema (and zod)
 * into the first download of every page. Each module's schema file re-exports its own.
 */

/** The hostel screens. */
export const HOSTEL_PATHS = {
  board: '/app/Hostel/Occupancy',
  buildings: '/app/Hostel/Buildings and Rooms',
  registration: '/app/Hostel/Registration',
  residents: '/app/Hostel/Residents',
  outpasses: '/app/Hostel/Out-passes',
  student: '/app/Student/Hostel',
} as const;

/** The library's screens (the dashboard chips and the menu lead here). */
export const LIBRARY_PATHS = {
  desk: '/app/Library/Issue Return',
  books: '/app/Library/Books',
  allowances: '/app/Library/Allowances',
  waitingList: '/app/Library/Waiting List',
  barcodes: '/app/Library/Barcodes',
  history: '/app/Library/History',
  overrides: '/app/Library/Patron Overrides',
  viewBooks: '/app/Library/View Books',
  myLibrary: '/app/Library/My Library',
  opac: '/opac',
  /** a title's page in the public OPAC */
  opacTitle: (id: number | string) => `/opac/titles/${id}`,
} as const;

export const OBE_PATHS = {
  home: '/obe',
  courses: '/obe/courses',
  settings: '/obe/settings',
  subject: (id: number | string) => `/obe/subjects/${id}`,
  survey: '/obe/survey',
} as const;

export const PORTAL_PATHS = {
  student: '/app/Student/Portal',
  parent: '/app/Parent',
  parentRegister: '/parent/register',
  officeLinks: '/app/Portal/Parent Links',
  officeCertificates: '/app/Portal/Certificate Requests',
  officeCorrections: '/app/Portal/Profile Corrections',
} as const;

/** The accounts office's pages (the menu and the dashboards lead here). */
/** Leadership's analytics. */
export const ANALYTICS_PATHS = {
  home: '/app/Analytics',
} as const;

/** The decision inbox: what waits for the caller across the offices. */
export const APPROVALS_PATHS = {
  inbox: '/app/Decisions',
} as const;

export const ACCOUNTS_PATHS = {
  counter: '/app/accounts/counter',
  concessions: '/app/accounts/concessions',
  vendors: '/app/accounts/vendors',
  reports: '/app/accounts/reports',
  setup: '/app/accounts/setup',
  myFees: '/app/accounts/my-fees',
} as const;

export const ATTENDANCE_PATHS = {
  sheet: '/app/Attendance/Sheet',
  sheets: '/app/Attendance/Sheets',
  mine: '/app/Attendance/My Attendance',
  shortage: '/app/Attendance/Shortage',
} as const;

export const LEAVE_PATHS = { leave: '/app/Leave', maintenance: '/app/Leave/Maintenance' } as const;

export const MASTERS_PATHS = {
  masters: '/app/Academics/Masters',
  timetable: '/app/Academics/Timetable',
  calendar: '/app/Academics/Calendar',
  students: '/app/Academics/Students',
} as const;

/** The college's job queue, for its administrator. */
export const JOB_PATHS = { list: '/app/jobs' } as const;
