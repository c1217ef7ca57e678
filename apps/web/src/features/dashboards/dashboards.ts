import { ACCOUNTS_PATHS, HOSTEL_PATHS, LANDING_BY_ROLE, LIBRARY_PATHS, OBE_PATHS, PATHS, PORTAL_PATHS } from '@erp/shared';
import type { TDashboardSummary } from '@erp/shared';
import { MODULE_HINTS, type ModuleName } from '../../lib/module-hints';

export type StatKey = keyof TDashboardSummary;

/** One role dashboard: the role's modules (from the tile hints) and the live counts it shows. */
export interface DashboardDef {
  path: string;
  title: string;
  modules: ModuleName[];
  stats: StatKey[];
  /** module chips that lead to a page, by chip label */
  chipLinks?: Partial<Record<string, string>>;
}

/** The accounts office's pages, for the accounts roles' chips. */
const ACCOUNTS_CHIPS = {
  'Fee Collection': ACCOUNTS_PATHS.counter,
  'Vendor Payment': ACCOUNTS_PATHS.vendors,
  'Scholarship and Waiver': ACCOUNTS_PATHS.concessions,
  'Transaction History': ACCOUNTS_PATHS.reports,
};

const FACULTY_LANDING = PATHS.facultyDashboard;

/** Every landing route of the spec except the faculty dashboard (the faculty feature owns it). */
export const DASHBOARDS: DashboardDef[] = [
  {
    path: '/app/Admin',
    title: 'Admin Dashboard',
    modules: ['Admin', 'Faculty', 'Accounts', 'Results'],
    stats: ['students', 'departments', 'faculty', 'admissions'],
  },
  {
    path: '/app/Administration',
    title: 'Administration Dashboard',
    modules: ['Admin', 'Hostel', 'Transport'],
    stats: ['students', 'faculty', 'departments'],
  },
  {
    path: '/app/Dean Dashboard',
    title: 'Dean Dashboard',
    modules: ['Faculty', 'Results', 'IQAC'],
    stats: ['students', 'faculty', 'departments', 'examTitles'],
  },
  {
    path: '/app/Principal DashBoard',
    title: 'Principal Dashboard',
    modules: ['Admin', 'Faculty', 'Accounts', 'Results'],
    stats: ['students', 'faculty', 'admissions', 'payments'],
  },
  {
    path: '/app/Dashboard/Dashboard View',
    title: 'Chairman Dashboard',
    modules: ['Admin', 'Accounts', 'Placement'],
    stats: ['students', 'faculty', 'admissions', 'paymentsTotal'],
  },
  {
    path: '/app/Transportation Dashboard',
    title: 'Transportation Dashboard',
    modules: ['Transport'],
    stats: ['students', 'faculty'],
  },
  {
    path: '/app/Library Dashboard',
    title: 'Library Dashboard',
    modules: ['Library'],
    stats: ['students', 'faculty', 'departments'],
  },
  {
    path: '/app/Accounts Dashboard',
    title: 'Accounts Dashboard',
    modules: ['Accounts'],
    stats: ['payments', 'paymentsTotal', 'students'],
    chipLinks: ACCOUNTS_CHIPS,
  },
  {
    path: '/app/IQAC Incharge Dashboard',
    title: 'IQAC Dashboard',
    modules: ['IQAC'],
    stats: ['faculty', 'departments', 'examTitles'],
    chipLinks: { OBE: OBE_PATHS.home },
  },
  { path: '/app/Student', title: 'Student Dashboard', modules: ['Results', 'Parent'], stats: ['examTitles'] },
  {
    path: '/app/HOD Dashboard',
    title: 'HOD Dashboard',
    modules: ['Faculty', 'Results'],
    stats: ['faculty', 'students', 'examTitles'],
  },
  { path: '/app/Grievances', title: 'Grievances', modules: ['Grievance'], stats: ['students', 'faculty'] },
  { path: '/app/Hostel/Hostel Management', title: 'Hostel Management', modules: ['Hostel'], stats: ['students'] },
  {
    path: '/app/Alumni/Alumni Dashboard',
    title: 'Alumni Dashboard',
    modules: ['Results', 'Placement'],
    stats: ['students', 'departments'],
  },
  {
    path: '/app/Academics/Dashboard',
    title: 'Academics Dashboard',
    modules: ['Admin', 'Faculty', 'Results'],
    stats: ['departments', 'students', 'faculty', 'examTitles'],
  },
  {
    path: '/app/Admission/Dashboard',
    title: 'Admissions Dashboard',
    modules: ['Admin', 'Accounts'],
    stats: ['admissions', 'students', 'departments'],
  },
  {
    path: '/app/feepayments/Dashboard',
    title: 'Fee Payments Dashboard',
    modules: ['Accounts'],
    stats: ['payments', 'paymentsTotal'],
    chipLinks: ACCOUNTS_CHIPS,
  },
  {
    path: '/app/correspondence/Dashboard',
    title: 'Correspondence Dashboard',
    modules: ['Admin', 'Accounts'],
    stats: ['students', 'faculty', 'admissions', 'payments'],
  },
  {
    path: '/app/Examinations',
    title: 'Examinations Dashboard',
    modules: ['Results'],
    stats: ['examTitles', 'students', 'departments'],
  },
  {
    path: '/app/Placements/Company Placement',
    title: 'Company Placement',
    modules: ['Placement'],
    stats: ['students', 'departments'],
  },
];

/** Landing routes other features render: the faculty dashboard, the OPAC's View Books (library feature), the parent home (portal). */
const OWN_LANDINGS: string[] = [FACULTY_LANDING, LIBRARY_PATHS.viewBooks, PORTAL_PATHS.parent];

/** Landing routes this feature renders: all of LANDING_BY_ROLE but those other features own. */
export const landingPaths = () => [...new Set(Object.values(LANDING_BY_ROLE))].filter((p) => !OWN_LANDINGS.includes(p));

/** Where a module's chips lead, when its feature has the pages (the library's six chips). */
export const CHIP_LINKS: Partial<Record<ModuleName, Record<string, string>>> = {
  Library: {
    Books: LIBRARY_PATHS.books,
    Allowances: LIBRARY_PATHS.allowances,
    'Issue/Return': LIBRARY_PATHS.desk,
    'Waiting List': LIBRARY_PATHS.waitingList,
    Barcodes: LIBRARY_PATHS.barcodes,
    History: LIBRARY_PATHS.history,
  },
  Hostel: {
    'Buildings and Rooms': HOSTEL_PATHS.buildings,
    Registration: HOSTEL_PATHS.registration,
    'Room Transfer': HOSTEL_PATHS.residents,
    Vacate: HOSTEL_PATHS.residents,
  },
  Transport: { 'Vehicle Details': PATHS.transportVehicles, Expenses: PATHS.transportExpenses },
};

export const STAT_LABELS: Record<StatKey, string> = {
  students: 'Students on the rolls',
  departments: 'Departments',
  faculty: 'Faculty',
  admissions: 'Admissions',
  examTitles: 'Published Exams',
  payments: 'Receipts this year',
  paymentsTotal: 'Fees collected this year',
};

export const hintsOf = (m: ModuleName): readonly string[] => MODULE_HINTS[m];


/** Money is kept in minor units (paise). */
export function formatStat(key: StatKey, value: number): string {
  if (key === 'paymentsTotal') return `₹${(value / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  return value.toLocaleString('en-IN');
}
