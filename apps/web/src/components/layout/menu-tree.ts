import { can } from '../../lib/authorization';
import {
  ACCOUNTS_PATHS,
  JOB_PATHS,
  JOB_ROLES,
  ANALYTICS_PATHS,
  ANALYTICS_ROLES,
  APPROVALS_PATHS,
  INBOX_ROLES,
  ATTENDANCE_MARK_ROLES,
  ATTENDANCE_PATHS,
  LEAVE_ADMIN_ROLES,
  LEAVE_PATHS,
  LEAVE_VIEW_ROLES,
  MASTERS_PATHS,
  MASTERS_READ_ROLES,
  MASTERS_WRITE_ROLES,
  OBE_ADMIN_ROLES,
  SHORTAGE_ROLES,
  TIMETABLE_READ_ROLES,
  UNLOCK_ROLES,
  OBE_PATHS,
  OBE_VIEW_ROLES,
  ACCOUNTS_ROLES,
  ACHIEVEMENT_ROLES,
  ADMIN_ROLES,
  ADMISSION_ROLES,
  EXAM_ROLES,
  EXAM_CELL_ROLES,
  EXAM_CONDONE_ROLES,
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
  roleDisplayName,
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
/** The accounts API's read access: the office and the principal (setup also the admin). */
const ACCOUNTS_READ: Role[] = [...ACCOUNTS_ROLES, ROLES.PRINCIPAL];
/** The office's reports and lists, read-only for leadership too (analytics drills down to them). */
const ACCOUNTS_LEADERSHIP: Role[] = [...new Set([...ACCOUNTS_READ, ...ANALYTICS_ROLES])];

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
        link('Background jobs', JOB_PATHS.list, JOB_ROLES),
        link('Analytics', ANALYTICS_PATHS.home, ANALYTICS_ROLES),
        link('Decisions', APPROVALS_PATHS.inbox, INBOX_ROLES),
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
      // the exam cell runs exams; the principal reads them to condone (paths: features/exams/paths.ts)
      'Exam Cell': [
        link('Exams', '/app/exams', [...EXAM_CELL_ROLES, ...EXAM_CONDONE_ROLES]),
        link('My Exams', '/app/Student/Exams', STUDENT),
        link("Child's Exams", '/app/Student/Exams', [ROLES.PARENT]),
        link('My Invigilation Duties', '/app/exams/my-duties', [ROLES.FACULTY, ROLES.HOD]),
        link('Marks Entry', '/app/exams/marks', [ROLES.FACULTY, ROLES.HOD]),
        link('Grace Rules', '/app/exams/grace-rules', EXAM_CELL_ROLES),
      ],
      Results: [link('Results Entry', PATHS.resultsEntry, EXAM_ROLES), link('Exam Results', PATHS.examResults)],
      'Course Outcomes': [link('Course Exit Survey', OBE_PATHS.survey, STUDENT)],
    }),
    group('Accounts', {
      'Fee Collection': [
        link('Fee Counter', ACCOUNTS_PATHS.counter, ACCOUNTS_ROLES),
        link('Transactions', PATHS.transactions, ACCOUNTS_ROLES),
      ],
      Office: [
        ...links(ACCOUNTS_LEADERSHIP, [
          ['Scholarships and Waivers', ACCOUNTS_PATHS.concessions],
          ['Vendor Payments', ACCOUNTS_PATHS.vendors],
          ['Reports and Day Book', ACCOUNTS_PATHS.reports],
        ]),
        link('Fee Structures', ACCOUNTS_PATHS.setup, [...ACCOUNTS_READ, ROLES.ADMIN]),
      ],
      'My Fees': [link('My Fees', ACCOUNTS_PATHS.myFees, STUDENT)],
    }),
    group('Academics', {
      Records: [
        link('Masters', MASTERS_PATHS.masters, MASTERS_READ_ROLES),
        link('Student Records', MASTERS_PATHS.students, MASTERS_WRITE_ROLES),
        link('Timetable', MASTERS_PATHS.timetable, TIMETABLE_READ_ROLES),
        link('Academic Calendar', MASTERS_PATHS.calendar),
      ],
      Attendance: [
        link('Attendance Sheet', ATTENDANCE_PATHS.sheet, ATTENDANCE_MARK_ROLES),
        link('Attendance Sessions', ATTENDANCE_PATHS.sheets, UNLOCK_ROLES),
        link('My Attendance', ATTENDANCE_PATHS.mine, STUDENT),
        link('Attendance Shortage', ATTENDANCE_PATHS.shortage, SHORTAGE_ROLES),
      ],
      Leave: [
        link('Leave', LEAVE_PATHS.leave, LEAVE_VIEW_ROLES),
        link('Leave Maintenance', LEAVE_PATHS.maintenance, LEAVE_ADMIN_ROLES),
      ],
    }),
    group('Library', {
      Circulation: links(LIBRARY_STAFF, [
        ['Issue / Return', LIBRARY_PATHS.desk],
        ['Waiting List', LIBRARY_PATHS.waitingList],
        ['History and Reports', LIBRARY_PATHS.history],
      ]),
      Patrons: [link('Patron Overrides', LIBRARY_PATHS.overrides, [...LIBRARY_STAFF, ROLES.ADMIN])],
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
      // a developer's tool: the admin's alone, never a clerk's menu
      Tools: [link('Decrypt Tool', PATHS.decryptTool, [ROLES.ADMIN])],
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
        link('OBE Courses', OBE_PATHS.courses, OBE_VIEW_ROLES),
        link('OBE Settings', OBE_PATHS.settings, OBE_ADMIN_ROLES),
        ...links(QUALITY_ROLES, [
          ['NAAC Metrics', '/app/naac'],
          ['NIRF Data', '/app/nirf'],
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

/**
 * Who may open the page at `pathname`, as its menu link says (undefined: unknown, or every
 * signed-in user): the refusal message names them.
 */
export function pageRoles(pathname: string): readonly Role[] | undefined {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    // a malformed address: compare it as it is
  }
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const g of tree([])) for (const c of g.children) for (const t of c.titles) if (t.path === trimmed) return t.roles;
  return undefined;
}

/** A role as people say it ('Placement Dean'), from the shared label map. */
export const roleLabel = (role: string | undefined) => roleDisplayName(role);
