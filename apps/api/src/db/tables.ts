import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Database types. Flags are integers (0/1) and timestamps ISO text, so the same queries run
 * on SQLite and PostgreSQL. Money is in minor units. Every college-owned table has college_id.
 */
export interface CollegesTable {
  id: Generated<number>;
  code: string;
  name: string;
  address: string;
  about_us: string;
  official_communication: string;
  campus: string;
  fax_number: string;
  logo_base64: string;
  banner_base64: string;
  /** JSON text: per-college switches such as the fee package or seat-type admission types. */
  settings_json: string;
  created_at: string;
}

export interface CollegeDomainsTable {
  domain: string;
  college_id: number;
}

export interface CollegePhonesTable {
  id: Generated<number>;
  college_id: number;
  number: string;
  sort_order: number;
}

export interface CollegeContactsTable {
  id: Generated<number>;
  college_id: number;
  designation: string;
  name: string;
  mail_id: string;
  sort_order: number;
}

export interface UsersTable {
  id: Generated<number>;
  college_id: number;
  username: string;
  email: string;
  password_hash: string;
  full_name: string;
  program: string;
  institute_type: string;
  eamcet_code: string;
  college_name: string;
  affiliated_to: string;
  modules: string;
  emp_code: string | null;
  /** active | pending | rejected */
  status: string;
  must_change_password: number;
  /** see lib/token-versions.ts */
  token_version: Generated<number>;
  student_id: number | null;
  faculty_id: number | null;
  created_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface DepartmentsTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  full_name: string;
}

export interface CoursesTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  /** UG | PG | DIPLOMA */
  level: string;
  duration_years: number;
}

export interface BatchesTable {
  id: Generated<number>;
  college_id: number;
  course_id: number;
  name: string;
}

export interface BranchesTable {
  id: Generated<number>;
  college_id: number;
  course_id: number;
  department_id: number | null;
  short_name: string;
  name: string;
}

export interface SemestersTable {
  id: Generated<number>;
  college_id: number;
  course_id: number;
  name: string;
  sort_order: number;
}

export interface SeatTypesTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  code: string;
}

export interface KeyValuesTable {
  id: Generated<number>;
  college_id: number;
  /** entrancetype | Nationality | Religion | ... */
  kind: string;
  key: string;
  value: string;
  sort_order: number;
}

export interface CastesTable {
  id: Generated<number>;
  college_id: number;
  name: string;
}

export interface SubCastesTable {
  id: Generated<number>;
  college_id: number;
  caste_id: number;
  name: string;
}

export interface AgentsTable {
  id: Generated<number>;
  college_id: number;
  name: string;
}

export interface StudentsTable {
  id: Generated<number>;
  college_id: number;
  roll_no: string;
  full_name: string;
  course: string;
  batch: string;
  branch: string;
  semester: string;
  section: string;
  gender: string;
  email: string;
  mobile: string;
  father_name: string;
  admission_id: number | null;
  created_at: string;
}

export interface FacultyTable {
  id: Generated<number>;
  college_id: number;
  emp_code: string;
  full_name: string;
  email: string;
  department: string;
  designation: string;
  created_at: string;
}

export interface AdmissionsTable {
  id: Generated<number>;
  college_id: number;
  admission_no: string;
  aadhar_no: string;
  name: string;
  course: string;
  batch: string;
  branch: string;
  gender: string;
  date_of_admission: string;
  /** The whole save payload as JSON text. */
  data_json: string;
  photo_path: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CountersTable {
  college_id: number;
  name: string;
  value: number;
}

export interface ExamTitlesTable {
  id: Generated<number>;
  college_id: number;
  title: string;
  /** regular | supply */
  exam_type: string;
  published: number;
  created_at: string;
}

export interface ExamResultsTable {
  id: Generated<number>;
  college_id: number;
  exam_title_id: number;
  roll_no: string;
  /** the student's name when the result was entered (the lookup reads no other table); '' when unknown */
  student_name: Generated<string>;
  course_code: string;
  course: string;
  credits: number;
  /** null when absent */
  marks: number | null;
  grade: string;
  grade_points: number;
  status: string;
  /** 1 when a later supplementary result replaced this grade */
  superseded: number;
}

export interface ResultVerificationsTable {
  code: string;
  college_id: number;
  exam_title_id: number;
  roll_no: string;
  /** JSON of the result view as printed on the memo */
  snapshot_json: string;
  /** sha256 of snapshot_json: the same result reuses its code */
  digest: string;
  created_at: string;
}

export interface FeeTypesTable {
  id: Generated<number>;
  college_id: number;
  /** semester | supply */
  fee_type: string;
  amount: number;
  currency: string;
}

export interface PaymentOrdersTable {
  id: Generated<number>;
  college_id: number;
  order_id: string;
  roll_no: string;
  fee_type: string;
  semester: string;
  /** Regular | Supplementary */
  exam_type: string;
  course_code: string | null;
  /** course name, for a supplementary exam fee */
  course: string;
  amount: number;
  currency: string;
  /** created | paid | failed */
  status: string;
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface FeePaymentsTable {
  id: Generated<number>;
  college_id: number;
  order_id: string;
  transaction_id: string;
  roll_no: string;
  fee_type: string;
  semester: string;
  exam_type: string;
  course_code: string | null;
  amount: number;
  currency: string;
  /** paid | failed */
  status: string;
  /** ISO timestamp of the gateway transaction */
  trans_date: string;
  /** sequential per college; only paid payments get one */
  receipt_no: number | null;
  /** return | ipn | demo | seed: which call recorded it first */
  source: string;
  created_at: string;
}

export interface AlumniTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  course: string;
  roll_number: string;
  batch: string;
  mobile_number: string;
  email: string;
  working: string;
  company_name: string;
  job_title: string;
  work_address: string;
  institute_name: string;
  course_name: string;
  edu_address: string;
  branch: string;
  degree: string;
  file_path: string | null;
  created_at: string;
}

export interface AlumniHistoryTable {
  id: Generated<number>;
  college_id: number;
  status: string;
  roll_number: string;
  name: string;
  branch: string;
  batch: string;
  student_mobile: string;
  student_email: string;
  course: string;
  father_name: string;
  section: string;
  company: string;
  packages: string;
  designation: string;
  experience: string;
  location: string;
  institute_name: string;
  photo_path: string | null;
  certificate_path: string | null;
  created_at: string;
}

/** A one-time credentials sheet from login creation; sheet_json is emptied once downloaded. */
export interface LoginCredentialBatchesTable {
  id: string;
  college_id: number;
  created_by: number | null;
  /** student | faculty */
  kind: string;
  count: number;
  /** JSON [{username, password, fullName, ...}] until downloaded, then '' */
  sheet_json: string;
  downloaded_at: string | null;
  created_at: string;
}

export interface FacultyAchievementsTable {
  id: Generated<number>;
  college_id: number;
  department_name: string;
  faculty_name: string;
  faculty_email: string;
  description: string;
  dates: string;
  created_by: number | null;
  created_at: string;
}

export interface FacultyPublicationsTable {
  id: Generated<number>;
  college_id: number;
  user_id: number;
  title: string;
  journal: string;
  year: number;
  scopus_indexed: number;
  citations: number;
  created_at: string;
}

export interface FacultyMousTable {
  id: Generated<number>;
  college_id: number;
  user_id: number;
  organisation: string;
  purpose: string;
  signed_on: string;
  created_at: string;
}

export interface FacultyAwardsTable {
  id: Generated<number>;
  college_id: number;
  user_id: number;
  title: string;
  awarded_by: string;
  awarded_on: string;
  created_at: string;
}

export interface FacultyProfilesTable {
  id: Generated<number>;
  college_id: number;
  user_id: number;
  financial_year: string;
  institution_type: string;
  /** JSON text of the profile fields */
  data_json: string;
  updated_at: string;
}

export interface DB {
  colleges: CollegesTable;
  college_domains: CollegeDomainsTable;
  college_phones: CollegePhonesTable;
  college_contacts: CollegeContactsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  departments: DepartmentsTable;
  courses: CoursesTable;
  batches: BatchesTable;
  branches: BranchesTable;
  semesters: SemestersTable;
  seat_types: SeatTypesTable;
  key_values: KeyValuesTable;
  castes: CastesTable;
  sub_castes: SubCastesTable;
  agents: AgentsTable;
  students: StudentsTable;
  faculty: FacultyTable;
  admissions: AdmissionsTable;
  counters: CountersTable;
  exam_titles: ExamTitlesTable;
  exam_results: ExamResultsTable;
  result_verifications: ResultVerificationsTable;
  fee_types: FeeTypesTable;
  payment_orders: PaymentOrdersTable;
  fee_payments: FeePaymentsTable;
  alumni: AlumniTable;
  alumni_history: AlumniHistoryTable;
  login_credential_batches: LoginCredentialBatchesTable;
  faculty_achievements: FacultyAchievementsTable;
  faculty_publications: FacultyPublicationsTable;
  faculty_mous: FacultyMousTable;
  faculty_awards: FacultyAwardsTable;
  faculty_profiles: FacultyProfilesTable;
}

export type College = Selectable<CollegesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
