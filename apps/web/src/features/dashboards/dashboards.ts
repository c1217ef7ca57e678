import { LANDING_BY_ROLE, PATHS } from '@erp/shared';
import type { DashboardSummary } from '../../lib/college';
import { MODULE_HINTS, type ModuleName } from '../../lib/module-hints';

export type StatKey = keyof DashboardSummary;

/** One role dashboard: the role's modules (from the tile hints) and the live counts it shows. */
export interface DashboardDef {
  path: string;
  title: string;
  modules: ModuleName[];
  stats: StatKey[];
}

const FACULTY_LANDING = PATHS.facultyDashboard;

/** Every landing route of the spec except the faculty dashboard (the faculty feature owns it). */
export const DASHBOARDS: DashboardDef[] = [
  { path: '/app/Admin', title: 'Admin Dashboard', modules: ['Admin', 'Faculty', 'Accounts', 'Results'], stats: ['students', 'departments', 'faculty', 'admissions'] },
  { path: '/app/Administration', title: 'Administration Dashboard', modules: ['Admin', 'Hostel', 'Transport'], stats: ['students', 'faculty', 'departments'] },
  { path: '/app/Dean Dashboard', title: 'Dean Dashboard', modules: ['Faculty', 'Results', 'IQAC'], stats: ['students', 'faculty', 'departments', 'examTitles'] },
  { path: '/app/Principal DashBoard', title: 'Principal Dashboard', modules: ['Admin', 'Faculty', 'Accounts', 'Results'], stats: ['students', 'faculty', 'admissions', 'payments'] },
  { path: '/app/Dashboard/Dashboard View', title: 'Chairman Dashboard', modules: ['Admin', 'Accounts', 'Placement'], stats: ['students', 'faculty', 'admissions', 'paymentsTotal'] },
  { path: '/app/Transportation Dashboard', title: 'Transportation Dashboard', modules: ['Transport'], stats: ['students', 'faculty'] },
  { path: '/app/Library Dashboard', title: 'Library Dashboard', modules: ['Library'], stats: ['students', 'faculty', 'departments'] },
  { path: '/app/Library/View Books', title: 'View Books', modules: ['Library'], stats: ['students', 'departments'] },
  { path: '/app/Accounts Dashboard', title: 'Accounts Dashboard', modules: ['Accounts'], stats: ['payments', 'paymentsTotal', 'students'] },
  { path: '/app/IQAC Incharge Dashboard', title: 'IQAC Dashboard', modules: ['IQAC'], stats: ['faculty', 'departments', 'examTitles'] },
  { path: '/app/Student', title: 'Student Dashboard', modules: ['Results', 'Parent'], stats: ['examTitles'] },
  { path: '/app/HOD Dashboard', title: 'HOD Dashboard', modules: ['Faculty', 'Results'], stats: ['faculty', 'students', 'examTitles'] },
  { path: '/app/Grievances', title: 'Grievances', modules: ['Grievance'], stats: ['students', 'faculty'] },
  { path: '/app/Hostel/Hostel Management', title: 'Hostel Management', modules: ['Hostel'], stats: ['students'] },
  { path: '/app/Alumni/Alumni Dashboard', title: 'Alumni Dashboard', modules: ['Results', 'Placement'], stats: ['students', 'departments'] },
  { path: '/app/Academics/Dashboard', title: 'Academics Dashboard', modules: ['Admin', 'Faculty', 'Results'], stats: ['departments', 'students', 'faculty', 'examTitles'] },
  { path: '/app/Admission/Dashboard', title: 'Admissions Dashboard', modules: ['Admin', 'Accounts'], stats: ['admissions', 'students', 'departments'] },
  { path: '/app/feepayments/Dashboard', title: 'Fee Payments Dashboard', modules: ['Accounts'], stats: ['payments', 'paymentsTotal'] },
  { path: '/app/correspondence/Dashboard', title: 'Correspondence Dashboard', modules: ['Admin', 'Accounts'], stats: ['students', 'faculty', 'admissions', 'payments'] },
  { path: '/app/Examinations', title: 'Examinations Dashboard', modules: ['Results'], stats: ['examTitles', 'students', 'departments'] },
  { path: '/app/Placements/Company Placement', title: 'Company Placement', modules: ['Placement'], stats: ['students', 'departments'] },
];

/** Landing routes this feature renders: all of LANDING_BY_ROLE but the faculty dashboard. */
export const landingPaths = () => [...new Set(Object.values(LANDING_BY_ROLE))].filter((p) => p !== FACULTY_LANDING);

export const STAT_LABELS: Record<StatKey, string> = {
  students: 'Students',
  departments: 'Departments',
  faculty: 'Faculty',
  admissions: 'Admissions',
  examTitles: 'Published Exams',
  payments: 'Fee Payments',
  paymentsTotal: 'Fees Collected',
};

export const hintsOf = (m: ModuleName): readonly string[] => MODULE_HINTS[m];

/** Money is kept in minor units (paise). */
export function formatStat(key: StatKey, value: number): string {
  if (key === 'paymentsTotal') return `₹${(value / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
  return value.toLocaleString('en-IN');
}
