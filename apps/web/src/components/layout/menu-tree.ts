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

/** A group from its children, in the order written: heading → links. */
const group = (name: string, children: Record<string, MenuTitle[]>): MenuGroup => ({
  group: name,
  children: Object.entries(children).map(([child, titles]) => ({ child, titles })),
});

/** A link and who sees it (undefined: every signed-in user). */
const link = (title: string, path: string, roles?: readonly Role[]): MenuTitle => ({ title, path, roles });

/** Links that the same roles see (undefined: every signed-in user), as [title, path]. */
const links = (roles: readonly Role[] | undefined, titles: Array<[string, string]>): MenuTitle[] =>
  titles.map(([title, path]) => ({ title, path, roles }));

const STUDENT: Role[] = [ROLES.STUDENT];

function tree(roles: readonly string[]): MenuGroup[] {
  return [
    group('Home', {
      'My Workspace': [
        ...links(undefined, [
          ['My Dashboard', landingFor(roles)],
          ['All Menus', PATHS.appHome],
          ['Reset Password', PATHS.resetPassword],
          ['Notifications', NOTIFICATION_PATHS.inbox],
          ['Notification Settings', NOTIFICATION_PATHS.settings],
        ]),
        link('Outbox', NOTIFICATION_PATHS.outbox, OUTBOX_ROLES),
      ],
    }),
    group('Admissions', {
      Forms: links(ADMISSION_ROLES, [
        ['Admission Form', PATHS.admissionForm],
        ['Student Admission Form', PATHS.studentAdmissionForm],
        ['Admission Form (SMSK)', PATHS.admissionFormSmsk],
      ]),
      Records: links(ADMISSION_ROLES, [
        ['Applications', PATHS.admissionApplications],
        ['Online Applications', PATHS.onlineApplications],
      ]),
    }),
    group('Examinations', {
      Results: [link('Results Entry', PATHS.resultsEntry, EXAM_ROLES), link('Exam Results', PATHS.examResults)],
      'Course Outcomes': [link('Course Exit Survey', OBE_PATHS.survey, STUDENT)],
    }),
    group('Accounts', {
      'Fee Collection': [link('Transactions', PATHS.transactions, ACCOUNTS_ROLES)],
      'My Fees': [link('My Fees', '/app/accounts/my-fees', STUDENT)],
    }),
    group('Library', {
      Circulation: links(LIBRARY_STAFF, [
        ['Issue / Return', LIBRARY_PATHS.desk],
        ['Waiting List', LIBRARY_PATHS.waitingList],
        ['History and Reports', LIBRARY_PATHS.history],
      ]),
      Catalogue: [
        link('Books', LIBRARY_PATHS.books, LIBRARY_STAFF),
        link('Allowances', LIBRARY_PATHS.allowances, [...LIBRARY_STAFF, ROLES.ADMIN]),
        link('Barcodes', LIBRARY_PATHS.barcodes, LIBRARY_STAFF),
        link('View Books', LIBRARY_PATHS.viewBooks, [...LIBRARY_STAFF, ROLES.OPAC_LIBRARY, ROLES.STUDENT, ROLES.FACULTY]),
        link('My Library', LIBRARY_PATHS.myLibrary, [ROLES.STUDENT, ROLES.FACULTY]),
      ],
    }),
    group('Faculty', {
      'Academic Profile': [
        link('Faculty Dashboard', PATHS.facultyDashboard, [ROLES.FACULTY]),
        link('Achievements', PATHS.facultyAchievements, ACHIEVEMENT_ROLES),
        link('Publications', PATHS.facultyPublications, FACULTY_SELF_ROLES),
      ],
    }),
    group('Transport', {
      'Vehicle Details': links(TRANSPORT_ROLES, [
        ['Vehicles', PATHS.transportVehicles],
        ['Routes & Stops', PATHS.transportRoutes],
        ['Bus Passes', PATHS.transportPasses],
      ]),
      Expenses: links(TRANSPORT_ROLES, [
        ['Expenses', PATHS.transportExpenses],
        ['Monthly Report', PATHS.transportReports],
      ]),
    }),
    group('Alumni', {
      'Alumni Records': links(ALUMNI_ROLES, [
        ['Registration Form', PATHS.alumniRegistration],
        ['Alumni History', PATHS.alumniHistory],
      ]),
    }),
    group('Hostel', {
      'Hostel Office': links(HOSTEL_STAFF_ROLES, [
        ['Occupancy Board', HOSTEL_PATHS.board],
        ['Buildings and Rooms', HOSTEL_PATHS.buildings],
        ['Registration', HOSTEL_PATHS.registration],
        ['Residents, Transfer and Vacate', HOSTEL_PATHS.residents],
        ['Out-pass Register', HOSTEL_PATHS.outpasses],
      ]),
      'My Hostel': [link('My Hostel', HOSTEL_PATHS.student, STUDENT)],
    }),
    group('Portal', {
      'Self-service': [
        link('My Portal', PORTAL_PATHS.student, STUDENT),
        link('Parent Home', PORTAL_PATHS.parent, [ROLES.PARENT]),
      ],
      Office: links(PORTAL_OFFICE_ROLES, [
        ['Parent Links', PORTAL_PATHS.officeLinks],
        ['Certificate Requests', PORTAL_PATHS.officeCertificates],
        ['Profile Corrections', PORTAL_PATHS.officeCorrections],
      ]),
    }),
    group('Admin', {
      Users: links(ADMIN_ROLES, [
        ['Create Logins', PATHS.createLogins],
        ['Pending Registrations', PATHS.pendingRegistrations],
      ]),
      Tools: [link('Decrypt Tool', PATHS.decryptTool, ADMIN_ROLES)],
    }),
    group('Grievances', {
      Redressal: [
        link('Grievances', '/app/grievance-redressal', GRIEVANCE_MENU_ROLES),
        link('Grievance Reports', '/app/grievance-redressal/reports', GRIEVANCE_REPORT_ROLES),
        link('Grievance Committees', '/app/grievance-redressal/committees', GRIEVANCE_SETTINGS_ROLES),
      ],
    }),
    group('Placements', {
      'Placement Cell': [
        link('Drives and Companies', '/app/placements', PLACEMENT_VIEW_ROLES),
        link('My Placements', '/app/placements/student', STUDENT),
      ],
    }),
    group('IQAC', {
      Quality: [
        link('IQAC Module', '/IQACHome', [ROLES.IQAC_INCHARGE, ROLES.IQAC_COORDINATOR, ...ADMIN_ROLES, ROLES.PRINCIPAL]),
        link('Outcome Based Education', OBE_PATHS.home, OBE_VIEW_ROLES),
        ...links(QUALITY_ROLES, [
          ['NAAC Metrics', '/naac/'],
          ['NIRF Data', '/nirf/'],
        ]),
      ],
    }),
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
