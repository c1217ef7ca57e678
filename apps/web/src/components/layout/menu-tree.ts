import { can } from '../../lib/authorization';
import {
  OBE_PATHS,
  OBE_VIEW_ROLES,
  ACCOUNTS_ROLES,
  ACHIEVEMENT_ROLES,
  ADMIN_ROLES,
  ADMISSION_ROLES,
  EXAM_ROLES,
  FACULTY_SELF_ROLES,
  GRIEVANCE_NO_LODGE_ROLES,
  GRIEVANCE_REPORT_ROLES,
  GRIEVANCE_SETTINGS_ROLES,
  PLACEMENT_VIEW_ROLES,
  QUALITY_ROLES,
  ALL_ROLES,
  HOSTEL_PATHS,
  HOSTEL_STAFF_ROLES,
  LIBRARY_PATHS,
  LIBRARY_STAFF,
  NOTIFICATION_PATHS,
  OUTBOX_ROLES,
  PATHS,
  PORTAL_OFFICE_ROLES,
  PORTAL_PATHS,
  ROLES,
  TRANSPORT_ROLES,
  landingFor,
  type Role,
} from '@erp/shared';

/** The menu is a tree: groups → children (headings) → titles (links). */
export interface MenuTitle {
  title: string;
  path: string;
  /** who sees it; omitted = every signed-in user */
  roles?: readonly Role[];
}
export interface MenuChild {
  child: string;
  titles: MenuTitle[];
}
export interface MenuGroup {
  group: string;
  children: MenuChild[];
}

const ALUMNI_ROLES: Role[] = [ROLES.ALUMNI, ...ADMIN_ROLES, ROLES.PRINCIPAL];
/** Everyone who lodges or handles grievances: all roles but kiosk and alumni accounts. */
const GRIEVANCE_MENU_ROLES: Role[] = ALL_ROLES.filter((r) => !GRIEVANCE_NO_LODGE_ROLES.includes(r));

function tree(roles: readonly string[]): MenuGroup[] {
  return [
    {
      group: 'Home',
      children: [
        {
          child: 'My Workspace',
          titles: [
            { title: 'My Dashboard', path: landingFor(roles) },
            { title: 'All Menus', path: PATHS.appHome },
            { title: 'Reset Password', path: PATHS.resetPassword },
            { title: 'Notifications', path: NOTIFICATION_PATHS.inbox },
            { title: 'Notification Settings', path: NOTIFICATION_PATHS.settings },
            { title: 'Outbox', path: NOTIFICATION_PATHS.outbox, roles: OUTBOX_ROLES },
          ],
        },
      ],
    },
    {
      group: 'Admissions',
      children: [
        {
          child: 'Forms',
          titles: [
            { title: 'Admission Form', path: PATHS.admissionForm, roles: ADMISSION_ROLES },
            { title: 'Student Admission Form', path: PATHS.studentAdmissionForm, roles: ADMISSION_ROLES },
            { title: 'Admission Form (SMSK)', path: PATHS.admissionFormSmsk, roles: ADMISSION_ROLES },
          ],
        },
        { child: 'Records', titles: [{ title: 'Applications', path: PATHS.admissionApplications, roles: ADMISSION_ROLES }] },
      ],
    },
    {
      group: 'Examinations',
      children: [
        {
          child: 'Results',
          titles: [
            { title: 'Results Entry', path: PATHS.resultsEntry, roles: EXAM_ROLES },
            { title: 'Exam Results', path: PATHS.examResults },
          ],
        },
        { child: 'Course Outcomes', titles: [{ title: 'Course Exit Survey', path: OBE_PATHS.survey, roles: [ROLES.STUDENT] }] },
      ],
    },
    {
      group: 'Accounts',
      children: [
        { child: 'Fee Collection', titles: [{ title: 'Transactions', path: PATHS.transactions, roles: ACCOUNTS_ROLES }] },
        { child: 'My Fees', titles: [{ title: 'My Fees', path: '/app/accounts/my-fees', roles: [ROLES.STUDENT] }] },
      ],
    },
    {
      group: 'Library',
      children: [
        {
          child: 'Circulation',
          titles: [
            { title: 'Issue / Return', path: LIBRARY_PATHS.desk, roles: LIBRARY_STAFF },
            { title: 'Waiting List', path: LIBRARY_PATHS.waitingList, roles: LIBRARY_STAFF },
            { title: 'History and Reports', path: LIBRARY_PATHS.history, roles: LIBRARY_STAFF },
          ],
        },
        {
          child: 'Catalogue',
          titles: [
            { title: 'Books', path: LIBRARY_PATHS.books, roles: LIBRARY_STAFF },
            { title: 'Allowances', path: LIBRARY_PATHS.allowances, roles: [...LIBRARY_STAFF, ROLES.ADMIN] },
            { title: 'Barcodes', path: LIBRARY_PATHS.barcodes, roles: LIBRARY_STAFF },
            {
              title: 'View Books',
              path: LIBRARY_PATHS.viewBooks,
              roles: [...LIBRARY_STAFF, ROLES.OPAC_LIBRARY, ROLES.STUDENT, ROLES.FACULTY],
            },
            { title: 'My Library', path: LIBRARY_PATHS.myLibrary, roles: [ROLES.STUDENT, ROLES.FACULTY] },
          ],
        },
      ],
    },
    {
      group: 'Faculty',
      children: [
        {
          child: 'Academic Profile',
          titles: [
            { title: 'Faculty Dashboard', path: PATHS.facultyDashboard, roles: [ROLES.FACULTY] },
            { title: 'Achievements', path: PATHS.facultyAchievements, roles: ACHIEVEMENT_ROLES },
            { title: 'Publications', path: PATHS.facultyPublications, roles: FACULTY_SELF_ROLES },
          ],
        },
      ],
    },
    {
      group: 'Transport',
      children: [
        {
          child: 'Vehicle Details',
          titles: [
            { title: 'Vehicles', path: PATHS.transportVehicles, roles: TRANSPORT_ROLES },
            { title: 'Routes & Stops', path: PATHS.transportRoutes, roles: TRANSPORT_ROLES },
            { title: 'Bus Passes', path: PATHS.transportPasses, roles: TRANSPORT_ROLES },
          ],
        },
        {
          child: 'Expenses',
          titles: [
            { title: 'Expenses', path: PATHS.transportExpenses, roles: TRANSPORT_ROLES },
            { title: 'Monthly Report', path: PATHS.transportReports, roles: TRANSPORT_ROLES },
          ],
        },
      ],
    },
    {
      group: 'Alumni',
      children: [
        {
          child: 'Alumni Records',
          titles: [
            { title: 'Registration Form', path: PATHS.alumniRegistration, roles: ALUMNI_ROLES },
            { title: 'Alumni History', path: PATHS.alumniHistory, roles: ALUMNI_ROLES },
          ],
        },
      ],
    },
    {
      group: 'Hostel',
      children: [
        {
          child: 'Hostel Office',
          titles: [
            { title: 'Occupancy Board', path: HOSTEL_PATHS.board, roles: HOSTEL_STAFF_ROLES },
            { title: 'Buildings and Rooms', path: HOSTEL_PATHS.buildings, roles: HOSTEL_STAFF_ROLES },
            { title: 'Registration', path: HOSTEL_PATHS.registration, roles: HOSTEL_STAFF_ROLES },
            { title: 'Residents, Transfer and Vacate', path: HOSTEL_PATHS.residents, roles: HOSTEL_STAFF_ROLES },
            { title: 'Out-pass Register', path: HOSTEL_PATHS.outpasses, roles: HOSTEL_STAFF_ROLES },
          ],
        },
        { child: 'My Hostel', titles: [{ title: 'My Hostel', path: HOSTEL_PATHS.student, roles: [ROLES.STUDENT] }] },
      ],
    },
    {
      group: 'Portal',
      children: [
        {
          child: 'Self-service',
          titles: [
            { title: 'My Portal', path: PORTAL_PATHS.student, roles: [ROLES.STUDENT] },
            { title: 'Parent Home', path: PORTAL_PATHS.parent, roles: [ROLES.PARENT] },
          ],
        },
        {
          child: 'Office',
          titles: [
            { title: 'Parent Links', path: PORTAL_PATHS.officeLinks, roles: PORTAL_OFFICE_ROLES },
            { title: 'Certificate Requests', path: PORTAL_PATHS.officeCertificates, roles: PORTAL_OFFICE_ROLES },
            { title: 'Profile Corrections', path: PORTAL_PATHS.officeCorrections, roles: PORTAL_OFFICE_ROLES },
          ],
        },
      ],
    },
    {
      group: 'Admin',
      children: [
        {
          child: 'Users',
          titles: [
            { title: 'Create Logins', path: PATHS.createLogins, roles: ADMIN_ROLES },
            { title: 'Pending Registrations', path: PATHS.pendingRegistrations, roles: ADMIN_ROLES },
          ],
        },
        { child: 'Tools', titles: [{ title: 'Decrypt Tool', path: PATHS.decryptTool, roles: ADMIN_ROLES }] },
      ],
    },
    {
      group: 'Grievances',
      children: [
        {
          child: 'Redressal',
          titles: [
            { title: 'Grievances', path: '/app/grievance-redressal', roles: GRIEVANCE_MENU_ROLES },
            { title: 'Grievance Reports', path: '/app/grievance-redressal/reports', roles: GRIEVANCE_REPORT_ROLES },
            { title: 'Grievance Committees', path: '/app/grievance-redressal/committees', roles: GRIEVANCE_SETTINGS_ROLES },
          ],
        },
      ],
    },
    {
      group: 'Placements',
      children: [
        {
          child: 'Placement Cell',
          titles: [
            { title: 'Drives and Companies', path: '/app/placements', roles: PLACEMENT_VIEW_ROLES },
            { title: 'My Placements', path: '/app/placements/student', roles: [ROLES.STUDENT] },
          ],
        },
      ],
    },
    {
      group: 'IQAC',
      children: [
        {
          child: 'Quality',
          titles: [
            {
              title: 'IQAC Module',
              path: '/IQACHome',
              roles: [ROLES.IQAC_INCHARGE, ROLES.IQAC_COORDINATOR, ...ADMIN_ROLES, ROLES.PRINCIPAL],
            },
            { title: 'Outcome Based Education', path: OBE_PATHS.home, roles: OBE_VIEW_ROLES },
            { title: 'NAAC Metrics', path: '/naac/', roles: QUALITY_ROLES },
            { title: 'NIRF Data', path: '/nirf/', roles: QUALITY_ROLES },
          ],
        },
      ],
    },
  ];
}

/** The menu the user may see: titles filtered by role, empty children and groups dropped. */
export function menuFor(roles: readonly string[]): MenuGroup[] {
  const has = (allowed?: readonly Role[]) => can({ roles }, allowed);
  return tree(roles)
    .map((g) => ({
      ...g,
      children: g.children
        .map((c) => ({ ...c, titles: c.titles.filter((t) => has(t.roles)) }))
        .filter((c) => c.titles.length > 0),
    }))
    .filter((g) => g.children.length > 0);
}

export const roleLabel = (role: string | undefined) => (role ? role.replace(/^ROLE_/, '').replace(/_/g, ' ') : '');
