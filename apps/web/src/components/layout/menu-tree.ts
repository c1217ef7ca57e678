import {
  ACCOUNTS_ROLES,
  ACHIEVEMENT_ROLES,
  ADMIN_ROLES,
  ADMISSION_ROLES,
  EXAM_ROLES,
  FACULTY_SELF_ROLES,
  PATHS,
  ROLES,
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
      ],
    },
    {
      group: 'Accounts',
      children: [
        { child: 'Fee Collection', titles: [{ title: 'Transactions', path: PATHS.transactions, roles: ACCOUNTS_ROLES }] },
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
      group: 'IQAC',
      children: [
        {
          child: 'Quality',
          titles: [
            { title: 'IQAC Module', path: '/IQACHome', roles: [ROLES.IQAC_INCHARGE, ROLES.IQAC_COORDINATOR, ...ADMIN_ROLES, ROLES.PRINCIPAL] },
          ],
        },
      ],
    },
  ];
}

/** The menu the user may see: titles filtered by role, empty children and groups dropped. */
export function menuFor(roles: readonly string[]): MenuGroup[] {
  const has = (allowed?: readonly Role[]) => !allowed || allowed.some((r) => roles.includes(r));
  return tree(roles)
    .map((g) => ({
      ...g,
      children: g.children.map((c) => ({ ...c, titles: c.titles.filter((t) => has(t.roles)) })).filter((c) => c.titles.length > 0),
    }))
    .filter((g) => g.children.length > 0);
}

export const roleLabel = (role: string | undefined) => (role ? role.replace(/^ROLE_/, '').replace(/_/g, ' ') : '');
