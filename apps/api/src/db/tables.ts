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
  retired: Generated<number>;
}

export interface CoursesTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  /** UG | PG | DIPLOMA */
  level: string;
  duration_years: number;
  retired: Generated<number>;
}

export interface BatchesTable {
  id: Generated<number>;
  college_id: number;
  course_id: number;
  name: string;
  retired: Generated<number>;
  regulation_id: number | null;
}

export interface BranchesTable {
  id: Generated<number>;
  college_id: number;
  course_id: number;
  department_id: number | null;
  short_name: string;
  name: string;
  retired: Generated<number>;
}

export interface SemestersTable {
  id: Generated<number>;
  college_id: number;
  course_id: number;
  name: string;
  sort_order: number;
  retired: Generated<number>;
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
  /** active | detained | discontinued | transferred | completed (migration 012) */
  status: Generated<string>;
  /** 10th and 12th (or diploma) percentage × 100, and years of gap in studies; null when not recorded (095) */
  tenth_percent_x100: Generated<number | null>;
  twelfth_percent_x100: Generated<number | null>;
  gap_years: Generated<number | null>;
  /** the 12-digit ABC (APAAR) id (106) */
  abc_id: Generated<string | null>;
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
  retired: Generated<number>;
  qualification: Generated<string>;
  phd: Generated<number>;
  date_of_joining: Generated<string>;
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
  /** the ledger lines the order pays, comma-separated ids ('' for a supplementary exam fee) */
  line_ids: string;
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
  /** 1: the alumnus shows their phone and email to other alumni */
  share_contact: Generated<number>;
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

export interface CalendarEventsTable {
  id: Generated<number>;
  college_id: number;
  title: string;
  /** holiday | event | semester_start | semester_end | exam */
  kind: string;
  start_date: string;
  end_date: string;
  description: string;
  retired: Generated<number>;
  created_at: string;
}

/** Staff writes to money, marks, attendance, records and users: append-only, no route edits it. */
export interface AuditLogTable {
  id: Generated<number>;
  college_id: number;
  user_id: number | null;
  username: string;
  ip: string;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

/** Every issued document (letters, passes, receipts) by its verification code. */
export interface IssuedDocumentsTable {
  code: string;
  college_id: number;
  kind: string;
  title: string;
  holder: string;
  fields_json: string;
  revoked_at: string | null;
  revoked_reason: string | null;
  issued_at: string;
}

/** Fixed-window counters shared by every replica (times in ms since the epoch). */
export interface RateCountersTable {
  key: string;
  count: number;
  window_start: number;
  last_at: number;
}

/** Sessions ended by sign-out before their token lapsed (lib/token-versions.ts). */
export interface RevokedTokensTable {
  jti: string;
  user_id: number;
  /** ms since the epoch: when the token lapses, after which the row is pruned */
  expires_at: number;
}

export interface TransportVehiclesTable {
  id: Generated<number>;
  college_id: number;
  reg_no: string;
  vehicle_type: string;
  make_model: string;
  seating_capacity: number;
  /** passes issued on the vehicle; raised only while below seating_capacity */
  seats_taken: Generated<number>;
  driver_name: string;
  driver_phone: string;
  driver_licence: string;
  attender_name: string;
  attender_phone: string;
  attender_licence: string;
  insurance_expiry: string;
  fitness_expiry: string;
  permit_expiry: string;
  pollution_expiry: string;
  /** active | retired */
  status: Generated<string>;
  retired_reason: Generated<string>;
  created_at: string;
  updated_at: string;
}
export interface TransportRoutesTable {
  id: Generated<number>;
  college_id: number;
  code: string;
  name: string;
  vehicle_id: number | null;
  created_at: string;
}
export interface TransportStopsTable {
  id: Generated<number>;
  college_id: number;
  route_id: number;
  seq: number;
  name: string;
  pickup_time: string;
  /** yearly fare in paise */
  fare: number;
  active: Generated<number>;
}
export interface TransportPassesTable {
  id: Generated<number>;
  college_id: number;
  pass_no: number;
  /** student | staff */
  holder_type: string;
  student_id: number | null;
  user_id: number | null;
  /** roll number or staff login */
  holder_ref: string;
  holder_name: string;
  holder_detail: string;
  route_id: number;
  stop_id: number;
  vehicle_id: number;
  academic_year: string;
  fare: number;
  /** active | cancelled */
  status: Generated<string>;
  verify_code: string;
  issued_at: string;
  issued_by: number | null;
  cancelled_at: string | null;
  cancel_reason: Generated<string>;
}
/** Who waits for a seat on a full route (095_waitlist_school_marks). */
export interface TransportWaitlistTable {
  id: Generated<number>;
  college_id: number;
  route_id: number;
  stop_id: number;
  /** student | staff */
  holder_type: string;
  student_id: number | null;
  user_id: number | null;
  holder_ref: string;
  holder_name: string;
  holder_detail: string;
  academic_year: string;
  /** waiting | offered | issued | withdrawn */
  status: Generated<string>;
  /** the vehicle whose seat is held while offered */
  vehicle_id: number | null;
  pass_id: number | null;
  note: Generated<string>;
  created_by: number | null;
  created_at: string;
  offered_at: string | null;
  closed_at: string | null;
}
export interface TransportDuesTable {
  id: Generated<number>;
  college_id: number;
  pass_id: number;
  student_id: number;
  academic_year: string;
  amount: number;
  paid: Generated<number>;
  /** open | cancelled */
  status: Generated<string>;
  created_at: string;
}
export interface TransportExpensesTable {
  id: Generated<number>;
  college_id: number;
  vehicle_id: number;
  category: string;
  expense_date: string;
  amount: number;
  litres_ml: number | null;
  odometer_km: number | null;
  km_run: number | null;
  /** km per litre × 100 */
  kmpl_x100: number | null;
  anomaly: string | null;
  description: Generated<string>;
  bill_no: Generated<string>;
  created_by: number | null;
  created_at: string;
}
export interface JobsTable {
  id: Generated<number>;
  college_id: number | null;
  kind: string;
  payload_json: string;
  /** pending | running | done | failed */
  status: Generated<string>;
  run_at: string;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}
export interface OutboxTable {
  id: Generated<number>;
  college_id: number;
  user_id: number | null;
  kind: string;
  to_address: string;
  subject: string;
  body: string;
  /** queued | sent | kept (no mail server configured) | failed */
  status: Generated<string>;
  error: Generated<string>;
  created_at: string;
  sent_at: string | null;
  /** e.g. 'grievance:12': readable only by whoever that thing's rule lets read it; null for ordinary mail */
  confidential_ref: Generated<string | null>;
  /** {"kind","args","filename"}: the attachment a module's renderer makes at sending (105) */
  attachment_json: Generated<string | null>;
}
export interface NotificationPrefsTable {
  user_id: number;
  kind: string;
  email: number;
  in_app: Generated<number>;
}
export interface NotificationsTable {
  id: Generated<number>;
  college_id: number;
  user_id: number | null;
  /** u:<user id> | e:<email> */
  recipient: string;
  kind: string;
  ref: string;
  subject: string;
  body: Generated<string>;
  link: Generated<string>;
  in_app: number;
  outbox_id: number | null;
  read_at: string | null;
  created_at: string;
}
export interface NotificationRunsTable {
  college_id: number;
  task: string;
  period: string;
  created_at: string;
}
export interface GrievanceSettingsTable {
  id: Generated<number>;
  college_id: number;
  decision_working_days: number;
  appeal_days: number;
  ombudsperson_days: number;
  updated_at: string;
}
export interface GrievanceCommitteesTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  /** JSON array of the categories routed to this committee */
  categories_json: string;
  created_at: string;
}
export interface GrievanceCommitteeMembersTable {
  id: Generated<number>;
  college_id: number;
  committee_id: number;
  user_id: number | null;
  name: string;
  /** chair | member | student_invitee */
  position: string;
  designation: string;
  gender: string;
  /** GEN | OBC | SC | ST */
  social_category: string;
}
export interface GrievancesTable {
  id: Generated<number>;
  college_id: number;
  number: string;
  category: string;
  subject: string;
  description: string;
  anonymous: number;
  lodged_by: number;
  complainant_role: string;
  committee_id: number | null;
  /** submitted | acknowledged | in_progress | resolved | rejected */
  status: string;
  lodged_on: string;
  due_on: string;
  decision: string;
  decided_at: string | null;
  decided_by: number | null;
  escalated_at: string | null;
  /** null | pending | upheld | dismissed */
  appeal_status: string | null;
  appeal_reason: string;
  appealed_at: string | null;
  appeal_due_on: string | null;
  appeal_decision: string;
  appeal_decided_at: string | null;
  appeal_decided_by: number | null;
  identity_revealed_at: string | null;
  identity_revealed_by: number | null;
  /** the lodging form's key for one submission (retries answer the same grievance) */
  idempotency_key?: string | null;
  created_at: string;
  updated_at: string;
  /** the student the grievance concerns, when a parent lodges it about their child */
  student_id: Generated<number | null>;
}
export interface GrievanceCommentsTable {
  id: Generated<number>;
  college_id: number;
  grievance_id: number;
  author_id: number;
  author_name: string;
  internal: number;
  body: string;
  created_at: string;
}
export interface GrievanceAttachmentsTable {
  id: Generated<number>;
  college_id: number;
  grievance_id: number;
  file_name: string;
  mime: string;
  size: number;
  path: string;
  created_at: string;
}
export interface PlacementSettingsTable {
  id: Generated<number>;
  college_id: number;
  no_show_bar_drives: number;
  /** one | dream */
  offer_policy: string;
  dream_ctc_paise: number;
  updated_at: string;
}
export interface PlacementCompaniesTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  sector: string;
  website: string;
  hr_name: string;
  hr_email: string;
  hr_phone: string;
  created_at: string;
}
export interface PlacementDrivesTable {
  id: Generated<number>;
  college_id: number;
  company_id: number;
  drive_date: string;
  roles: string;
  ctc_paise: number;
  location: string;
  bond_months: number;
  batch: string;
  /** JSON array of branch short names */
  branches_json: string;
  /** CGPA x 100; 0 for none */
  min_cgpa_x100: number;
  max_backlogs: number | null;
  /** '' any | MALE | FEMALE */
  gender: string;
  no_fee_dues: number;
  min_attendance: number | null;
  /** 10th and 12th / diploma minimum percentage × 100, 0 for none; most years of gap, null for no limit (095) */
  min_tenth_x100: Generated<number>;
  min_twelfth_x100: Generated<number>;
  max_gap_years: Generated<number | null>;
  created_at: string;
}
export interface PlacementApplicationsTable {
  id: Generated<number>;
  college_id: number;
  drive_id: number;
  student_id: number;
  resume_path: string | null;
  /** applied | no_show | rejected | selected */
  status: string;
  applied_at: string;
}
export interface PlacementRoundsTable {
  id: Generated<number>;
  college_id: number;
  drive_id: number;
  seq: number;
  name: string;
  held_on: string;
}
export interface PlacementRoundResultsTable {
  id: Generated<number>;
  college_id: number;
  round_id: number;
  application_id: number;
  /** qualified | not_qualified | absent */
  result: string;
}
export interface PlacementOffersTable {
  id: Generated<number>;
  college_id: number;
  drive_id: number;
  student_id: number;
  /** 1: first offer; 2: a dream offer */
  slot: number;
  ctc_paise: number;
  joining_date: string;
  /** the role offered */
  role: Generated<string>;
  letter_path: string | null;
  /** who recorded the offer; null for offers from before it was kept */
  created_by: number | null;
  created_at: string;
}
export interface PlacementHigherStudiesTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  programme: string;
  institution: string;
  created_at: string;
  admission_year: number | null;
  evidence_path: string | null;
  evidence_name: Generated<string>;
  /** declared (by the student) | verified (by the placement dean; only these are counted) */
  status: Generated<string>;
  declared_by: number | null;
  verified_by: number | null;
  verified_at: string | null;
  updated_at: Generated<string>;
}
// Hostel (030_hostel): money in paise, dates ISO.
export interface HostelBuildingsTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  kind: string;
  warden_name: Generated<string>;
  warden_phone: Generated<string>;
  created_at: string;
}
export interface HostelRoomsTable {
  id: Generated<number>;
  college_id: number;
  building_id: number;
  floor: number;
  room_no: string;
  sharing: number;
  ac: Generated<number>;
  yearly_fee: number;
  created_at: string;
}
export interface HostelBedsTable {
  id: Generated<number>;
  college_id: number;
  building_id: number;
  room_id: number;
  label: string;
  reserved: Generated<number>;
  reserved_note: Generated<string>;
}
export interface HostelApplicationsTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  academic_year: string;
  preferred_building_id: number | null;
  preferred_sharing: number | null;
  prefers_ac: Generated<number>;
  guardian_name: Generated<string>;
  guardian_mobile: Generated<string>;
  notes: Generated<string>;
  status: string;
  decision_note: Generated<string>;
  created_by: number | null;
  created_at: string;
  decided_at: string | null;
}
export interface HostelAllotmentsTable {
  id: Generated<number>;
  college_id: number;
  allotment_no: string;
  student_id: number;
  academic_year: string;
  application_id: number | null;
  building_id: number;
  room_id: number;
  bed_id: number;
  active_bed_id: number | null;
  active_student_id: number | null;
  status: string;
  from_date: string;
  vacated_on: string | null;
  vacate_note: Generated<string>;
  override_reason: Generated<string>;
  guardian_name: Generated<string>;
  guardian_mobile: Generated<string>;
  letter_code: string | null;
  created_by: number | null;
  created_at: string;
}
export interface HostelBedHistoryTable {
  id: Generated<number>;
  college_id: number;
  allotment_id: number;
  student_id: number;
  bed_id: number;
  from_date: string;
  to_date: string | null;
  reason: Generated<string>;
  created_by: number | null;
  created_at: string;
}
export interface HostelTransferRequestsTable {
  id: Generated<number>;
  college_id: number;
  allotment_id: number;
  student_id: number;
  reason: string;
  preferred_building_id: number | null;
  status: string;
  decision_note: Generated<string>;
  created_at: string;
  decided_at: string | null;
}
export interface HostelChargesTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  allotment_id: number | null;
  kind: string;
  description: string;
  amount: number;
  created_by: number | null;
  created_at: string;
}
export interface HostelReceiptsTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  allotment_id: number | null;
  kind: string;
  mode: Generated<string>;
  reference: Generated<string>;
  amount: number;
  paid_on: string;
  created_by: number | null;
  created_at: string;
}
export interface HostelOutpassesTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  allotment_id: number | null;
  kind: string;
  purpose: string;
  destination: Generated<string>;
  leave_at: string;
  return_by: string;
  status: string;
  decided_by: number | null;
  decision_note: Generated<string>;
  out_at: string | null;
  in_at: string | null;
  created_by: number | null;
  created_at: string;
}
/** Library (020_library): money in paise, dates 'YYYY-MM-DD'. */
export interface LibraryTitlesTable {
  id: Generated<number>;
  college_id: number;
  title: string;
  subtitle: string;
  authors: string;
  isbn: string | null;
  publisher: string;
  year: number | null;
  edition: string;
  subjects: string;
  call_number: string;
  language: string;
  pages: number | null;
  item_type: string;
  created_at: string;
  updated_at: string;
}
export interface LibraryCopiesTable {
  id: Generated<number>;
  college_id: number;
  title_id: number;
  accession_no: string;
  shelf_location: string;
  status: string;
  hold_id: number | null;
  price: number;
  vendor: string;
  acquired_on: string;
  created_at: string;
}
export interface LibraryCategoriesTable {
  id: Generated<number>;
  college_id: number;
  code: string;
  name: string;
}
export interface LibraryRulesTable {
  id: Generated<number>;
  college_id: number;
  category: string;
  item_type: string;
  max_loans: number;
  loan_days: number;
  renewals: number;
  grace_days: number;
  fine_per_period: number;
  fine_period_days: number;
  fine_cap: number;
  /** 'whole' | 'part' (migration 094) */
  fine_rounding: string;
  /** 'none' | 'amount' | 'price' (migration 094) */
  fine_cap_kind: string;
  block_fine_total: number;
  hold_limit: number;
  hold_shelf_days: number;
  lost_processing_fee: number;
}
export interface LibraryPatronsTable {
  id: Generated<number>;
  college_id: number;
  patron_code: string;
  category: string | null;
  expires_on: string | null;
  max_loans: number | null;
  loan_days: number | null;
  renewals: number | null;
  hold_limit: number | null;
  /** the override lapses after this day */
  ends_on: string | null;
  reason: Generated<string>;
  updated_at: Generated<string>;
}
export interface LibraryLoansTable {
  id: Generated<number>;
  college_id: number;
  copy_id: number;
  title_id: number;
  patron_code: string;
  patron_kind: string;
  student_id: number | null;
  category: string;
  issued_on: string;
  due_on: string;
  returned_on: string | null;
  renewals: number;
  status: string;
  issued_by: number | null;
  returned_by: number | null;
  created_at: string;
}
export interface LibraryHoldsTable {
  id: Generated<number>;
  college_id: number;
  title_id: number;
  patron_code: string;
  patron_kind: string;
  status: string;
  copy_id: number | null;
  placed_at: string;
  ready_on: string | null;
  expires_on: string | null;
  closed_at: string | null;
}
export interface LibraryFinesTable {
  id: Generated<number>;
  college_id: number;
  patron_code: string;
  patron_kind: string;
  student_id: number | null;
  loan_id: number | null;
  kind: string;
  amount: number;
  overdue_days: number;
  status: string;
  receipt_no: number | null;
  document_code: string | null;
  paid_at: string | null;
  settled_by: number | null;
  waive_reason: string;
  created_at: string;
  /** paise paid so far (at the desk or the accounts counter) */
  paid_amount: Generated<number>;
  /** paise waived (by the library or an accounts concession) */
  waived_amount: Generated<number>;
  /** how the desk was paid ('' before it was kept, or when paid at the accounts counter) */
  payment_mode: Generated<string>;
  payment_reference: Generated<string>;
}
export interface AccFeeHeadsTable {
  id: Generated<number>;
  college_id: number;
  code: string;
  name: string;
  sort_order: number;
}
export interface AccFeeStructuresTable {
  id: Generated<number>;
  college_id: number;
  course: string;
  batch: string;
  year_of_study: number;
  seat_type: string;
  created_at: string;
}
export interface AccFeeStructureLinesTable {
  id: Generated<number>;
  college_id: number;
  structure_id: number;
  head_id: number;
  amount_paise: number;
}
export interface AccStudentProfilesTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  seat_type: string;
  admission_no: string;
  parent_phone: string;
}
export interface AccDemandLinesTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  fy: string;
  head_id: number;
  /** student | state_reimbursement | nsp | institution | sponsor */
  payer: string;
  /** na (student's own) | pending | sanctioned | received */
  sanction_status: string;
  amount_paise: number;
  paid_paise: Generated<number>;
  waived_paise: Generated<number>;
  /** demand | concession | online | hostel | transport | library | ... */
  source: string;
  source_ref: string;
  due_date: string;
  created_at: string;
}
export interface AccReceiptsTable {
  id: Generated<number>;
  college_id: number;
  /** receipt | reversal */
  kind: string;
  /** C counter | O online */
  series: string;
  fy: string;
  receipt_no: number | null;
  reverses_id: number | null;
  student_id: number;
  entry_date: string;
  mode: string;
  reference: string;
  bank: string;
  instrument_date: string;
  amount_paise: number;
  /** active | cancelled | reversal */
  status: string;
  cancel_reason: string;
  cancelled_by: string;
  cancelled_at: string;
  clerk_id: number | null;
  clerk: string;
  source: string;
  source_ref: string | null;
  /** verification code of the issued receipt document */
  doc_code: Generated<string>;
  created_at: string;
}
export interface AccAllocationsTable {
  id: Generated<number>;
  college_id: number;
  receipt_id: number;
  line_id: number;
  head_id: number;
  amount_paise: number;
}
/** What a receipt brought beyond its allocations: receipt amount = allocations + excess. */
export interface AccExcessCreditsTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  receipt_id: number;
  amount_paise: number;
  /** open | adjusted | refunded (all of it held by refunds) | cancelled */
  status: string;
  created_at: string;
}
export interface AccConcessionTypesTable {
  id: Generated<number>;
  college_id: number;
  code: string;
  name: string;
  payer: string;
  category: string;
}
export interface AccConcessionsTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  type_id: number;
  fy: string;
  head_id: number;
  basis: string;
  value: number;
  amount_paise: number;
  /** proposed | awaiting_principal | approved | rejected */
  status: string;
  note: string;
  proposed_by: number | null;
  proposed_by_name: string;
  decided_by_name: string;
  decision_note: string;
  line_id: number | null;
  created_at: string;
  decided_at: string;
}
export interface AccSettingsTable {
  id: Generated<number>;
  college_id: number;
  concession_principal_limit_paise: number;
  bill_principal_limit_paise: number;
  /** 098: the college's GST state code ('' unknown) */
  gst_state_code: Generated<string>;
  /** 100: a year's hostel or transport charge kept by the 'month' or 'semester' begun when a student leaves early */
  leaving_basis: Generated<string>;
  /** 100: charged at hostel allotment, given back at checkout less damages; 0 none */
  hostel_caution_deposit_paise: Generated<number>;
}
export interface AccVendorsTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  gstin: string;
  pan: string;
  bank_account: string;
  ifsc: string;
  phone: string;
  address: string;
  created_at: string;
}
export interface AccBillsTable {
  id: Generated<number>;
  college_id: number;
  vendor_id: number;
  bill_no: string;
  bill_date: string;
  description: string;
  amount_paise: number;
  gst_paise: number;
  tds_paise: number;
  paid_paise: Generated<number>;
  /** submitted | awaiting_principal | approved | rejected | paid */
  status: string;
  created_by: number | null;
  created_by_name: string;
  decided_by_name: string;
  decision_note: string;
  created_at: string;
  /** 098: the tax split (gst_paise is their total), TDS section and rate (basis points), the invoice file */
  cgst_paise: Generated<number>;
  sgst_paise: Generated<number>;
  igst_paise: Generated<number>;
  tds_section: Generated<string>;
  tds_rate_bp: Generated<number>;
  invoice_path: Generated<string>;
  invoice_type: Generated<string>;
  decided_at: Generated<string>;
}
export interface AccBillPaymentsTable {
  id: Generated<number>;
  college_id: number;
  bill_id: number;
  fy: string;
  voucher_no: number;
  entry_date: string;
  mode: string;
  reference: string;
  amount_paise: number;
  paid_by: string;
  doc_code: Generated<string>;
  created_at: string;
}
/** 103: a branch's sanctioned intake in an academic year (2026 = 2026-27), entered by the admissions office */
export interface AdmissionIntakesTable {
  college_id: number;
  year: number;
  course: string;
  branch: string;
  intake: number;
  updated_at: string;
}
/** 104: a leadership user's choice of the Monday analytics PDF (opt-in) */
export interface WeeklySummaryOptinsTable {
  college_id: number;
  user_id: number;
  enabled: number;
  updated_at: string;
}
/** 104: a college's weekly summary run, claimed once per ISO week */
export interface WeeklySummaryRunsTable {
  college_id: number;
  week: string;
  created_at: string;
}
/** 101: an excess credit given back (proposed → approved | rejected; approved → paid) */
export interface AccRefundsTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  excess_id: number;
  amount_paise: number;
  reason: Generated<string>;
  /** proposed | approved | rejected | paid */
  status: string;
  proposed_by: number;
  proposed_by_name: Generated<string>;
  proposed_at: string;
  decided_by_name: Generated<string>;
  decided_at: Generated<string>;
  decision_note: Generated<string>;
  paid_by_name: Generated<string>;
  paid_at: Generated<string>;
  /** the office's date the money went out, '' until paid */
  paid_on: Generated<string>;
  mode: Generated<string>;
  reference: Generated<string>;
  /** the voucher's financial year, '' until paid */
  fy: Generated<string>;
  voucher_no: number | null;
  doc_code: Generated<string>;
}

// ---- Student and parent portals (060_portals) -------------------------------------------------

export interface ParentLinksTable {
  id: Generated<number>;
  college_id: number;
  parent_user_id: number;
  student_id: number;
  relation: string;
  via: string;
  created_by: number | null;
  created_at: string;
}

export interface PortalPrivacyTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  hide_marks: Generated<number>;
  hide_attendance: Generated<number>;
  updated_at: string;
}

export interface PortalSettingsTable {
  id: Generated<number>;
  college_id: number;
  lock_privacy: Generated<number>;
  updated_at: string;
}

export interface ParentCodesTable {
  id: Generated<number>;
  college_id: number;
  request_id: string;
  student_id: number;
  contact: string;
  relation: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface CertificateRequestsTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  requested_by: number;
  kind: string;
  purpose: string;
  status: string;
  remarks: Generated<string>;
  document_code: string | null;
  fields_json: Generated<string>;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

export interface ProfileCorrectionsTable {
  id: Generated<number>;
  college_id: number;
  student_id: number;
  requested_by: number;
  field: string;
  current_value: Generated<string>;
  requested_value: string;
  reason: string;
  status: string;
  remarks: Generated<string>;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

/** A visitor's application for admission (080_online_applications). */
export interface OnlineApplicationsTable {
  id: Generated<number>;
  college_id: number;
  application_no: string;
  aadhar_no: string;
  name: string;
  date_of_birth: string;
  course: Generated<string>;
  batch: Generated<string>;
  branch: Generated<string>;
  mobile: Generated<string>;
  email: Generated<string>;
  /** the admission payload, as JSON text */
  data_json: string;
  /** pending | accepted | rejected */
  status: string;
  reason: Generated<string>;
  admission_id: number | null;
  admission_no: string | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

export interface OnlineApplicationFilesTable {
  id: Generated<number>;
  college_id: number;
  application_id: number;
  /** photo | document */
  kind: string;
  file_name: string;
  /** pdf | jpg | png */
  file_type: string;
  size: number;
  path: string;
  created_at: string;
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
  online_applications: OnlineApplicationsTable;
  online_application_files: OnlineApplicationFilesTable;
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
  regulations: RegulationsTable;
  sections: SectionsTable;
  section_students: SectionStudentsTable;
  subjects: SubjectsTable;
  subject_allocations: SubjectAllocationsTable;
  timetable_slots: TimetableSlotsTable;
  attendance_sessions: AttendanceSessionsTable;
  attendance_marks: AttendanceMarksTable;
  attendance_edits: AttendanceEditsTable;
  attendance_totals: AttendanceTotalsTable;
  leave_types: LeaveTypesTable;
  leave_balances: LeaveBalancesTable;
  leave_applications: LeaveApplicationsTable;
  leave_backups: LeaveBackupsTable;
  calendar_events: CalendarEventsTable;
  audit_log: AuditLogTable;
  issued_documents: IssuedDocumentsTable;
  rate_counters: RateCountersTable;
  revoked_tokens: RevokedTokensTable;
  transport_vehicles: TransportVehiclesTable;
  transport_routes: TransportRoutesTable;
  transport_stops: TransportStopsTable;
  transport_passes: TransportPassesTable;
  transport_dues: TransportDuesTable;
  transport_waitlist: TransportWaitlistTable;
  transport_expenses: TransportExpensesTable;
  jobs: JobsTable;
  outbox: OutboxTable;
  notification_prefs: NotificationPrefsTable;
  notifications: NotificationsTable;
  notification_runs: NotificationRunsTable;
  grievance_settings: GrievanceSettingsTable;
  grievance_committees: GrievanceCommitteesTable;
  grievance_committee_members: GrievanceCommitteeMembersTable;
  grievances: GrievancesTable;
  grievance_comments: GrievanceCommentsTable;
  grievance_attachments: GrievanceAttachmentsTable;
  placement_settings: PlacementSettingsTable;
  placement_companies: PlacementCompaniesTable;
  placement_drives: PlacementDrivesTable;
  placement_applications: PlacementApplicationsTable;
  placement_rounds: PlacementRoundsTable;
  placement_round_results: PlacementRoundResultsTable;
  placement_offers: PlacementOffersTable;
  placement_higher_studies: PlacementHigherStudiesTable;
  hostel_buildings: HostelBuildingsTable;
  hostel_rooms: HostelRoomsTable;
  hostel_beds: HostelBedsTable;
  hostel_applications: HostelApplicationsTable;
  hostel_allotments: HostelAllotmentsTable;
  hostel_bed_history: HostelBedHistoryTable;
  hostel_transfer_requests: HostelTransferRequestsTable;
  hostel_charges: HostelChargesTable;
  hostel_receipts: HostelReceiptsTable;
  hostel_outpasses: HostelOutpassesTable;
  library_titles: LibraryTitlesTable;
  library_copies: LibraryCopiesTable;
  library_categories: LibraryCategoriesTable;
  library_rules: LibraryRulesTable;
  library_patrons: LibraryPatronsTable;
  library_loans: LibraryLoansTable;
  library_holds: LibraryHoldsTable;
  library_fines: LibraryFinesTable;
  acc_fee_heads: AccFeeHeadsTable;
  acc_fee_structures: AccFeeStructuresTable;
  acc_fee_structure_lines: AccFeeStructureLinesTable;
  acc_student_profiles: AccStudentProfilesTable;
  acc_demand_lines: AccDemandLinesTable;
  acc_receipts: AccReceiptsTable;
  acc_allocations: AccAllocationsTable;
  acc_excess_credits: AccExcessCreditsTable;
  acc_concession_types: AccConcessionTypesTable;
  acc_concessions: AccConcessionsTable;
  acc_settings: AccSettingsTable;
  acc_vendors: AccVendorsTable;
  acc_bills: AccBillsTable;
  acc_bill_payments: AccBillPaymentsTable;
  acc_refunds: AccRefundsTable;
  admission_intakes: AdmissionIntakesTable;
  weekly_summary_optins: WeeklySummaryOptinsTable;
  weekly_summary_runs: WeeklySummaryRunsTable;
  parent_links: ParentLinksTable;
  portal_privacy: PortalPrivacyTable;
  portal_settings: PortalSettingsTable;
  parent_codes: ParentCodesTable;
  certificate_requests: CertificateRequestsTable;
  profile_corrections: ProfileCorrectionsTable;
  obe_settings: ObeSettingsTable;
  obe_program_outcomes: ObeProgramOutcomesTable;
  obe_course_outcomes: ObeCourseOutcomesTable;
  obe_co_mappings: ObeCoMappingsTable;
  obe_assessments: ObeAssessmentsTable;
  obe_questions: ObeQuestionsTable;
  obe_marks: ObeMarksTable;
  obe_survey_responses: ObeSurveyResponsesTable;
  quality_year_inputs: QualityYearInputsTable;
  exams: ExamsTable;
  exam_semesters: ExamSemestersTable;
  exam_late_fees: ExamLateFeesTable;
  exam_papers: ExamPapersTable;
  exam_registrations: ExamRegistrationsTable;
  exam_registration_papers: ExamRegistrationPapersTable;
  exam_condonations: ExamCondonationsTable;
  exam_shortage_notices: ExamShortageNoticesTable;
  exam_hall_tickets: ExamHallTicketsTable;
  exam_ticket_batches: ExamTicketBatchesTable;
  exam_rooms: ExamRoomsTable;
  exam_seats: ExamSeatsTable;
  exam_invigilation: ExamInvigilationTable;
  exam_scripts: ExamScriptsTable;
  regulation_exam_rules: RegulationExamRulesTable;
  exam_internal_marks: ExamInternalMarksTable;
  exam_internal_locks: ExamInternalLocksTable;
  exam_external_marks: ExamExternalMarksTable;
  grace_rules: GraceRulesTable;
  exam_outcomes: ExamOutcomesTable;
  revaluation_requests: RevaluationRequestsTable;
  exam_result_changes: ExamResultChangesTable;
}

/** NAAC / NIRF (071_naac_nirf): figures IQAC staff enter per framework and academic year. */
export interface QualityYearInputsTable {
  id: Generated<number>;
  college_id: number;
  /** naac | nirf */
  framework: string;
  /** the academic year's first calendar year (2025 = 2025-26) */
  year: number;
  input_key: string;
  value: number;
  note: Generated<string>;
  updated_by: Generated<string>;
  updated_at: string;
}

/** A versioned curriculum and its attendance policy (percent thresholds, edit window). */
export interface RegulationsTable {
  id: Generated<number>;
  college_id: number;
  code: string;
  name: string;
  course_id: number | null;
  from_year: number;
  grading: string;
  short_below: number;
  detain_below: number;
  edit_window_hours: number;
  late_counts_present: number;
  od_counts_present: number;
  medical_condonable: number;
  retired: Generated<number>;
}

export interface SectionsTable {
  id: Generated<number>;
  college_id: number;
  batch_id: number;
  branch_id: number;
  semester_id: number | null;
  name: string;
  retired: Generated<number>;
}

export interface SectionStudentsTable {
  id: Generated<number>;
  college_id: number;
  section_id: number;
  student_id: number;
}

export interface SubjectsTable {
  id: Generated<number>;
  college_id: number;
  regulation_id: number;
  semester_id: number | null;
  branch_id: number | null;
  code: string;
  name: string;
  credits: number;
  lecture: number;
  tutorial: number;
  practical: number;
  /** theory | lab | elective */
  kind: string;
  retired: Generated<number>;
}

export interface SubjectAllocationsTable {
  id: Generated<number>;
  college_id: number;
  subject_id: number;
  section_id: number;
  academic_year: string;
  faculty_id: number;
  created_at: string;
}

export interface TimetableSlotsTable {
  id: Generated<number>;
  college_id: number;
  section_id: number;
  /** 1 = Monday ... 6 = Saturday */
  day: number;
  period: number;
  subject_id: number;
  faculty_id: number;
}

export interface AttendanceSessionsTable {
  id: Generated<number>;
  college_id: number;
  section_id: number;
  subject_id: number;
  faculty_id: number | null;
  date: string;
  period: number;
  client_id: string;
  strength: number;
  absent_count: number;
  marked_by: number | null;
  unlocked_until: string | null;
  created_at: string;
  updated_at: string;
}

/** Only students not plainly present: A absent, L late, OD on duty, M medical. */
export interface AttendanceMarksTable {
  id: Generated<number>;
  college_id: number;
  session_id: number;
  student_id: number;
  status: string;
}

/** Running counts of non-present marks per student, section and subject. */
export interface AttendanceTotalsTable {
  college_id: number;
  student_id: number;
  section_id: number;
  subject_id: number;
  absent: Generated<number>;
  late: Generated<number>;
  on_duty: Generated<number>;
  medical: Generated<number>;
}

export interface AttendanceEditsTable {
  id: Generated<number>;
  college_id: number;
  session_id: number;
  action: string;
  client_id: string | null;
  user_id: number | null;
  username: string;
  before_json: string;
  after_json: string;
  created_at: string;
}

export interface LeaveTypesTable {
  id: Generated<number>;
  college_id: number;
  code: string;
  name: string;
  yearly_quota: number;
  carry_forward: number;
  max_carry: number;
  half_day_allowed: number;
  retired: Generated<number>;
}

export interface LeaveBalancesTable {
  id: Generated<number>;
  college_id: number;
  faculty_id: number;
  leave_type_id: number;
  academic_year: string;
  opening: number;
  used: number;
}

export interface LeaveApplicationsTable {
  id: Generated<number>;
  college_id: number;
  faculty_id: number;
  leave_type_id: number;
  academic_year: string;
  from_date: string;
  to_date: string;
  half_day: number;
  days: number;
  reason: string;
  /** pending_backup | pending_approval | approved | rejected | withdrawn */
  status: string;
  /** hod | principal */
  approver: string;
  decided_by: number | null;
  decision_note: string;
  decided_at: string | null;
  created_at: string;
}

export interface LeaveBackupsTable {
  id: Generated<number>;
  college_id: number;
  application_id: number;
  date: string;
  period: number;
  section_id: number;
  subject_id: number;
  backup_faculty_id: number;
  /** pending | accepted | declined | replaced */
  status: string;
  decided_at: string | null;
}

export type College = Selectable<CollegesTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** OBE: one academic year's attainment rules. */
export interface ObeSettingsTable {
  id: Generated<number>;
  college_id: number;
  academic_year: string;
  target_pct: number;
  level3: number;
  level2: number;
  level1: number;
  internal_weight: number;
  external_weight: number;
  direct_weight: number;
  indirect_weight: number;
  target_level: number;
  updated_by: number | null;
  updated_at: string;
  /** 084_obe_year_lock: set when the year's figures are final; its papers and rules then refuse changes */
  locked_at: string | null;
  locked_by: number | null;
}

/** POs (branch_id null) and a branch's PSOs. */
export interface ObeProgramOutcomesTable {
  id: Generated<number>;
  college_id: number;
  branch_id: number | null;
  /** PO | PSO */
  kind: string;
  code: string;
  title: Generated<string>;
  statement: string;
  sort_order: number;
}

export interface ObeCourseOutcomesTable {
  id: Generated<number>;
  college_id: number;
  subject_id: number;
  code: string;
  statement: string;
  sort_order: number;
}

export interface ObeCoMappingsTable {
  id: Generated<number>;
  college_id: number;
  subject_id: number;
  co_id: number;
  outcome_id: number;
  strength: number;
}

export interface ObeAssessmentsTable {
  id: Generated<number>;
  college_id: number;
  subject_id: number;
  section_id: number;
  academic_year: string;
  /** mid | assignment | quiz | lab | end_exam */
  kind: string;
  name: string;
  created_by: number | null;
  created_at: string;
}

export interface ObeQuestionsTable {
  id: Generated<number>;
  college_id: number;
  assessment_id: number;
  co_id: number;
  label: string;
  max_marks: number;
  sort_order: number;
}

export interface ObeMarksTable {
  id: Generated<number>;
  college_id: number;
  assessment_id: number;
  question_id: number;
  student_id: number;
  marks: number;
}

export interface ObeSurveyResponsesTable {
  id: Generated<number>;
  college_id: number;
  subject_id: number;
  academic_year: string;
  student_id: number;
  co_id: number;
  rating: number;
  created_at: string;
}

/** The exam cell (102_exam_cell): an exam, its papers, registrations, gates, rooms, seats, duties, scripts. */
export interface ExamsTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  /** regular | supplementary */
  kind: string;
  regulation_id: number;
  /** draft | registration | hall_tickets | in_progress | marks_entry | published */
  status: string;
  registration_closes: string;
  starts_on: string;
  ends_on: string;
  fee_per_paper_paise: number;
  fee_cap_paise: Generated<number>;
  dues_limit_paise: Generated<number>;
  condonation_fee_paise: Generated<number>;
  created_by_name: Generated<string>;
  created_at: string;
  updated_at: string;
  /** 106_exam_results: the steps after the exam, the title it published into, the revaluation window and fees */
  decoded_at: string | null;
  processed_at: string | null;
  published_at: string | null;
  exam_title_id: number | null;
  reval_closes: string | null;
  recount_fee_paise: Generated<number>;
  photocopy_fee_paise: Generated<number>;
  reval_fee_paise: Generated<number>;
  reduced_percent: Generated<number>;
  reduced_categories: Generated<string>;
}
export interface ExamSemestersTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  semester_id: number;
}
export interface ExamLateFeesTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  from_date: string;
  fee_paise: number;
}
export interface ExamPapersTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  subject_id: number;
  date: string | null;
  /** FN | AN */
  session: string | null;
}
export interface ExamRegistrationsTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  student_id: number;
  /** registered | verified | cancelled */
  status: string;
  fee_paise: number;
  late_fee_paise: Generated<number>;
  registered_on: string;
  registered_by_name: Generated<string>;
  verified_by_name: Generated<string>;
  verified_at: Generated<string>;
  created_at: string;
}
export interface ExamRegistrationPapersTable {
  id: Generated<number>;
  college_id: number;
  registration_id: number;
  exam_id: number;
  student_id: number;
  paper_id: number;
  /** regular | backlog */
  kind: string;
}
export interface ExamCondonationsTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  student_id: number;
  reason: string;
  percent_x100: number;
  fee_paise: number;
  condoned_by_name: Generated<string>;
  created_at: string;
}
export interface ExamShortageNoticesTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number | null;
  student_id: number;
  /** student | parent */
  sent_to: string;
  address: Generated<string>;
  percent_x100: number;
  standing: string;
  sent_on: string;
  sent_at: string;
  sent_by_name: Generated<string>;
}
export interface ExamHallTicketsTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  student_id: number;
  doc_code: string;
  issued_at: string;
  issued_by_name: Generated<string>;
}
export interface ExamTicketBatchesTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  branch: Generated<string>;
  /** queued | running | ready | failed */
  status: string;
  done: Generated<number>;
  total: Generated<number>;
  file_path: Generated<string>;
  error: Generated<string>;
  requested_by_name: Generated<string>;
  created_at: string;
  finished_at: Generated<string>;
}
export interface ExamRoomsTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  block: Generated<string>;
  rows: number;
  cols: number;
  retired: Generated<number>;
}
export interface ExamSeatsTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  date: string;
  session: string;
  room_id: number;
  row_no: number;
  col_no: number;
  seat_no: string;
  student_id: number;
  paper_id: number;
}
export interface ExamInvigilationTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  date: string;
  session: string;
  room_id: number;
  faculty_id: number;
  /** assigned | swap_requested */
  status: string;
  swap_to_faculty_id: number | null;
  swap_reason: Generated<string>;
}
export interface ExamScriptsTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  student_id: number;
  paper_id: number;
  dummy_no: string;
  /** written | absent | malpractice */
  status: string;
  remark: Generated<string>;
  marked_by_name: Generated<string>;
}

/** 106_exam_results: a regulation's exam rules. */
export interface RegulationExamRulesTable {
  id: Generated<number>;
  college_id: number;
  regulation_id: number;
  cie_max: number;
  see_max: number;
  cie_min: Generated<number>;
  see_min: number;
  total_min_percent: number;
  supply_grade_cap: Generated<string>;
  supply_revaluation: Generated<number>;
  /** second_if_diff | average */
  reval_rule: string;
  reval_threshold: Generated<number>;
  distinction_cgpa_x100: number;
  first_class_cgpa_x100: number;
  second_class_cgpa_x100: number;
}
export interface ExamInternalMarksTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  paper_id: number;
  student_id: number;
  section_id: number;
  marks: number;
  original_marks: number | null;
  moderation_reason: Generated<string>;
  entered_by_name: Generated<string>;
  updated_at: string;
}
export interface ExamInternalLocksTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  paper_id: number;
  section_id: number;
  locked_by_name: Generated<string>;
  locked_at: string;
}
export interface ExamExternalMarksTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  script_id: number;
  first_marks: number | null;
  first_by_id: number | null;
  first_by_name: Generated<string>;
  second_marks: number | null;
  second_by_id: number | null;
  second_by_name: Generated<string>;
  updated_at: string;
}
export interface GraceRulesTable {
  id: Generated<number>;
  college_id: number;
  name: string;
  /** pass | class */
  purpose: string;
  max_marks: number;
  max_subjects: number;
  active: Generated<number>;
  created_by_name: Generated<string>;
  created_at: string;
}
export interface ExamOutcomesTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  student_id: number;
  paper_id: number;
  credits: number;
  internal_marks: number | null;
  external_marks: number | null;
  grace_marks: Generated<number>;
  grace_rule_id: number | null;
  total_marks: number;
  percent: number;
  grade: string;
  grade_points: number;
  /** Pass | Fail | Absent | Malpractice | Withheld */
  status: string;
  withheld_reason: Generated<string>;
}
export interface RevaluationRequestsTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  student_id: number;
  paper_id: number;
  /** recount | photocopy | revaluation */
  kind: string;
  fee_paise: number;
  /** requested | decided */
  status: string;
  old_marks: number;
  second_marks: number | null;
  new_marks: number | null;
  old_grade: string;
  new_grade: Generated<string>;
  requested_by_name: Generated<string>;
  decided_by_name: Generated<string>;
  created_at: string;
  decided_at: Generated<string>;
}
export interface ExamResultChangesTable {
  id: Generated<number>;
  college_id: number;
  exam_id: number;
  student_id: number;
  paper_id: number;
  /** revaluation | recount */
  cause: string;
  from_marks: number;
  to_marks: number;
  from_grade: string;
  to_grade: string;
  by_name: Generated<string>;
  at: string;
}
