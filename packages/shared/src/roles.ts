/** Role constants, the post-login landing table and role groups used by both apps. */

export const ROLES = {
  ADMIN: 'ROLE_ADMIN',
  DIRECTOR: 'ROLE_DIRECTOR',
  ACADEMICS: 'ROLE_ACADEMICS',
  ADMISSIONS: 'ROLE_ADMISSIONS',
  CORRESPONDENCE: 'ROLE_CORRESPONDENCE',
  EXAMINATION: 'ROLE_EXAMINATION',
  ADMINISTRATION: 'ROLE_ADMINISTRATION',
  CHAIRMAN: 'ROLE_CHAIRMAN',
  FEEPAYMENTS: 'ROLE_FEEPAYMENTS',
  PRINCIPAL: 'ROLE_PRINCIPAL',
  DEAN: 'ROLE_DEAN',
  HOD: 'ROLE_HOD',
  ACCOUNTANT: 'ROLE_ACCOUNTANT',
  ACCOUNTANTS_OFFICER: 'ROLE_ACCOUNTANTS_OFFICER',
  LIBRARY_INCHARGE: 'ROLE_LIBRARY_INCHARGE',
  LIBRARY_ASSISTANT: 'ROLE_LIBRARY_ASSISTANT',
  // The legacy constant is misspelled; the spelling is part of the contract.
  PLACEMENT_DEAN: 'ROLE_PLACMENT_DEAN',
  HOSTEL_INCHARGE: 'ROLE_HOSTEL_INCHARGE',
  GRIEVANCE_INCHARGE: 'ROLE_GRIEVANCE_INCHARGE',
  FACULTY: 'ROLE_FACULTY',
  STUDENT: 'ROLE_STUDENT',
  IQAC_INCHARGE: 'ROLE_IQAC_INCHARGE',
  IQAC_COORDINATOR: 'ROLE_IQAC_COORDINATOR',
  TRANSPORTATION_INCHARGE: 'ROLE_TRANSPORTATION_INCHARGE',
  OPAC_LIBRARY: 'ROLE_OPAC_LIBRARY',
  SECURITY: 'ROLE_SECURITY',
  PARENT: 'ROLE_PARENT',
  INVENTORY: 'ROLE_INVENTORY',
  ALUMNI: 'ROLE_ALUMNI',
  /** Hears appeals against grievance decisions (UGC 2023); the admin assigns it. */
  OMBUDSPERSON: 'ROLE_OMBUDSPERSON',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ALL_ROLES = Object.values(ROLES) as Role[];

/** Spec section 2, "Post-login landing by first role". */
export const LANDING_BY_ROLE: Partial<Record<Role, string>> = {
  ROLE_FACULTY: '/app/Faculty/Dashboard',
  ROLE_DEAN: '/app/Dean Dashboard',
  ROLE_PRINCIPAL: '/app/Principal DashBoard',
  ROLE_CHAIRMAN: '/app/Dashboard/Dashboard View',
  ROLE_TRANSPORTATION_INCHARGE: '/app/Transportation Dashboard',
  ROLE_LIBRARY_INCHARGE: '/app/Library Dashboard',
  ROLE_LIBRARY_ASSISTANT: '/app/Library Dashboard',
  ROLE_OPAC_LIBRARY: '/app/Library/View Books',
  ROLE_ACCOUNTANT: '/app/Accounts Dashboard',
  ROLE_ACCOUNTANTS_OFFICER: '/app/Accounts Dashboard',
  ROLE_ADMIN: '/app/Admin',
  ROLE_IQAC_INCHARGE: '/app/IQAC Incharge Dashboard',
  ROLE_IQAC_COORDINATOR: '/app/IQAC Incharge Dashboard',
  ROLE_STUDENT: '/app/Student',
  ROLE_HOD: '/app/HOD Dashboard',
  ROLE_GRIEVANCE_INCHARGE: '/app/Grievances',
  ROLE_HOSTEL_INCHARGE: '/app/Hostel/Hostel Management',
  ROLE_ALUMNI: '/app/Alumni/Alumni Dashboard',
  ROLE_ACADEMICS: '/app/Academics/Dashboard',
  ROLE_ADMISSIONS: '/app/Admission/Dashboard',
  ROLE_FEEPAYMENTS: '/app/feepayments/Dashboard',
  ROLE_CORRESPONDENCE: '/app/correspondence/Dashboard',
  ROLE_ADMINISTRATION: '/app/Administration',
  ROLE_EXAMINATION: '/app/Examinations',
  ROLE_PLACMENT_DEAN: '/app/Placements/Company Placement',
  ROLE_OMBUDSPERSON: '/app/Grievances',
  ROLE_PARENT: '/app/Parent',
};

/** Roles without a landing of their own go to the main authenticated area. */
export function landingFor(roles: readonly string[]): string {
  const first = roles[0] as Role | undefined;
  return (first && LANDING_BY_ROLE[first]) || '/app';
}

/** Registration labels (spec section 6) and the role each one grants. */
export const REGISTRATION_ROLES: ReadonlyArray<{ label: string; role: Role }> = [
  { label: 'Director', role: ROLES.DIRECTOR },
  { label: 'Admin', role: ROLES.ADMIN },
  { label: 'Academics', role: ROLES.ACADEMICS },
  { label: 'Admissions', role: ROLES.ADMISSIONS },
  { label: 'Correspondence', role: ROLES.CORRESPONDENCE },
  { label: 'Examination', role: ROLES.EXAMINATION },
  { label: 'Administration', role: ROLES.ADMINISTRATION },
  { label: 'Chairman', role: ROLES.CHAIRMAN },
  { label: 'feePayments', role: ROLES.FEEPAYMENTS },
  { label: 'Principal', role: ROLES.PRINCIPAL },
  { label: 'Dean', role: ROLES.DEAN },
  { label: 'Hod', role: ROLES.HOD },
  { label: 'Accountant', role: ROLES.ACCOUNTANT },
  { label: 'Accountants Officer', role: ROLES.ACCOUNTANTS_OFFICER },
  { label: 'Library Incharge', role: ROLES.LIBRARY_INCHARGE },
  { label: 'Library Assistant', role: ROLES.LIBRARY_ASSISTANT },
  { label: 'Placement Dean', role: ROLES.PLACEMENT_DEAN },
  { label: 'Hostel Incharge', role: ROLES.HOSTEL_INCHARGE },
  { label: 'Grievance Incharge', role: ROLES.GRIEVANCE_INCHARGE },
  { label: 'Faculty', role: ROLES.FACULTY },
  { label: 'Student', role: ROLES.STUDENT },
  { label: 'IQAC Incharge', role: ROLES.IQAC_INCHARGE },
  { label: 'IQAC Coordinator', role: ROLES.IQAC_COORDINATOR },
  { label: 'Transportation Incharge', role: ROLES.TRANSPORTATION_INCHARGE },
  { label: 'Opac Library', role: ROLES.OPAC_LIBRARY },
  { label: 'Security', role: ROLES.SECURITY },
  { label: 'Parent', role: ROLES.PARENT },
  { label: 'Inventory', role: ROLES.INVENTORY },
  { label: 'Ombudsperson', role: ROLES.OMBUDSPERSON },
];

/** The payload sends the label lower-cased; this maps it back to a role. */
export function roleFromRegistrationLabel(label: string): Role | undefined {
  const wanted = label.trim().toLowerCase();
  return REGISTRATION_ROLES.find((r) => r.label.toLowerCase() === wanted)?.role;
}

export const REGISTRATION_MODULES = ['ExamCell', 'Obe', 'naac', 'facultydashboard', 'nirf', 'erp'] as const;

/** Server-side role groups: who may call what. */
export const ADMIN_ROLES: Role[] = [ROLES.ADMIN, ROLES.ADMINISTRATION];
export const ADMISSION_ROLES: Role[] = [ROLES.ADMISSIONS, ROLES.ADMIN, ROLES.PRINCIPAL];
export const EXAM_ROLES: Role[] = [ROLES.EXAMINATION, ROLES.ADMIN];
export const ACCOUNTS_ROLES: Role[] = [ROLES.ACCOUNTANT, ROLES.ACCOUNTANTS_OFFICER, ROLES.FEEPAYMENTS];
export const HOD_ROLES: Role[] = [ROLES.HOD];
/** The college's leadership: they read the offices' lists their analytics drill down to, and write nothing there. */
export const LEADERSHIP_ROLES: Role[] = [
  ROLES.PRINCIPAL,
  ROLES.CHAIRMAN,
  ROLES.CORRESPONDENCE,
  ROLES.DEAN,
  ROLES.DIRECTOR,
  ROLES.ADMINISTRATION,
];
export const ACHIEVEMENT_ROLES: Role[] = [
  ROLES.ADMIN,
  ROLES.PRINCIPAL,
  ROLES.DEAN,
  ROLES.HOD,
  ROLES.FACULTY,
  ROLES.IQAC_INCHARGE,
  ROLES.IQAC_COORDINATOR,
];

/** Login modules seen in the spec's /login/{module} routes. */
export const LOGIN_MODULES = [
  'Management',
  'Admin',
  'Faculty',
  'Student',
  'Accounts',
  'Library',
  'Transportation',
  'Grievance',
  'FacultyDB',
  'Hostel',
  'Placements Cell',
  'parent',
  'HOD',
  'principal',
  'IQAC',
  'erp',
] as const;

/** Sign Up is hidden for these login modules (spec section 6). */
export const MODULES_WITHOUT_SIGNUP = ['Student', 'Faculty'];

/**
 * Authority over accounts: who may reset a password, create a login, approve a registration or
 * change roles for whom. Higher outranks lower; roles of one rank are peers, and a peer's account
 * is out of reach unless the caller holds that very role. Every role must have a rank (the type
 * makes a new role fail to compile until it gets one).
 */
export const ROLE_RANK: Readonly<Record<Role, number>> = {
  ROLE_ADMIN: 100,
  // The management: chairman and correspondent (the management's secretary), then the director.
  ROLE_CHAIRMAN: 90,
  ROLE_CORRESPONDENCE: 90,
  ROLE_DIRECTOR: 85,
  ROLE_PRINCIPAL: 80,
  ROLE_DEAN: 70,
  ROLE_PLACMENT_DEAN: 70,
  // Hears appeals against the grievance office's decisions: out of reach of the office.
  ROLE_OMBUDSPERSON: 70,
  // The administration office and the officers in charge of a function are peers: the office
  // cannot take over the accounts, exam or admissions officer.
  ROLE_ADMINISTRATION: 60,
  ROLE_ACADEMICS: 60,
  ROLE_ADMISSIONS: 60,
  ROLE_EXAMINATION: 60,
  ROLE_ACCOUNTANTS_OFFICER: 60,
  ROLE_IQAC_INCHARGE: 60,
  ROLE_LIBRARY_INCHARGE: 60,
  ROLE_HOSTEL_INCHARGE: 60,
  ROLE_TRANSPORTATION_INCHARGE: 60,
  ROLE_GRIEVANCE_INCHARGE: 60,
  ROLE_HOD: 50,
  // Clerks and assistants.
  ROLE_ACCOUNTANT: 40,
  ROLE_FEEPAYMENTS: 40,
  ROLE_LIBRARY_ASSISTANT: 40,
  ROLE_IQAC_COORDINATOR: 40,
  ROLE_INVENTORY: 40,
  ROLE_FACULTY: 30,
  ROLE_SECURITY: 20,
  ROLE_OPAC_LIBRARY: 20,
  ROLE_STUDENT: 10,
  ROLE_ALUMNI: 10,
  ROLE_PARENT: 10,
};

const rankOf = (role: string): number | undefined => ROLE_RANK[role as Role];

/**
 * The first of the target's roles the caller may not manage, or undefined when it may manage
 * them all. A role is manageable when the caller holds it or it ranks strictly below the caller's
 * highest role; an admin account only by an admin. A role missing from the table counts as the
 * admin's, so an unknown role never opens a door.
 */
export function roleBeyondReach(callerRoles: readonly string[], targetRoles: readonly string[]): string | undefined {
  if (callerRoles.includes(ROLES.ADMIN)) return undefined;
  const top = Math.max(-1, ...callerRoles.map((r) => rankOf(r) ?? -1));
  return targetRoles.find((role) => {
    if (role === ROLES.ADMIN) return true;
    if (callerRoles.includes(role)) return false;
    return (rankOf(role) ?? ROLE_RANK.ROLE_ADMIN) >= top;
  });
}

/** Whether the caller may reset, create, approve or change the roles of an account holding targetRoles. */
export const mayManageAccount = (callerRoles: readonly string[], targetRoles: readonly string[]) =>
  roleBeyondReach(callerRoles, targetRoles) === undefined;

/** The label a person knows a role by ('Accountants Officer'), or the role itself. */
export function roleLabel(role: string): string {
  return REGISTRATION_ROLES.find((r) => r.role === role)?.label ?? role;
}

/**
 * The 403 answer when roleBeyondReach finds a role: `action` and `subject` read as one phrase,
 * e.g. "reset the password of" "admin", or "create logins for" "faculty".
 */
export function beyondReachMessage(action: string, subject: string, role: string): string {
  return role === ROLES.ADMIN
    ? `You may not ${action} ${subject}: only an Admin may manage an Admin account.`
    : `You may not ${action} ${subject}: the ${roleLabel(role)} role is above yours or equal to it, and you don't hold it.`;
}
