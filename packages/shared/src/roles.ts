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
