import { z } from 'zod';
import { ROLES } from './roles.js';
import { ZFeesOverview, ZOrderChoice, orderChoiceRules } from './payment-schemas.js';
import { ZStudentAttendance } from './attendance-schemas.js';
import { ZPatronView } from './library-schemas.js';
import { ZMyHostel } from './hostel-schemas.js';
import { ZPass } from './transport-schemas.js';

/** Student and parent portals (issue 16): the self-service over the other modules' data. */

export { PORTAL_PATHS } from './module-paths.js';

/** Staff who link parents and answer certificate and correction requests. */
export const PORTAL_OFFICE_ROLES = [ROLES.ADMIN, ROLES.ADMINISTRATION, ROLES.ADMISSIONS, ROLES.ACADEMICS] as const;

export const PORTAL_MSG = {
  notYourChild: 'Student not found',
  noStudentLink: 'This login is not linked to a student record',
  marksHidden: 'The student has chosen not to share marks',
  attendanceHidden: 'The student has chosen not to share attendance',
  privacyLocked: 'The college has locked these settings',
  noParentContact: 'No parent contact on record for this roll number. Please ask the college office to link your account.',
  codeInvalid: 'The code is wrong or has expired. Please request a new one.',
  codeTooManyAttempts: 'Too many wrong codes. Please request a new one.',
  tooManyCodes: 'Too many codes requested for this roll number. Please try again in an hour.',
  studentNotFound: 'No student with this roll number',
  noParentEmail: "No parent email or phone on the student's admission record",
  alreadyLinked: 'This parent is already linked to the student',
  requestNotFound: 'Request not found',
  alreadyDecided: 'This request has already been answered',
  duesOutstanding: (what: string) => `No-dues cannot be issued: ${what} outstanding`,
  notApproved: 'The certificate is not issued yet',
  usernameTaken: 'That login belongs to an account that is not a parent',
} as const;

export const ZStudentRef = z.object({ studentId: z.coerce.number().int().min(1).optional() });
export type TStudentRef = z.infer<typeof ZStudentRef>;

/**
 * What the student's sharing switches hide, in their own words and the API's: the portal only.
 * The public result lookup by hall-ticket number (the legacy contract's, open on results day to
 * anyone with the number) is not the parent's portal and does not ask who is looking.
 */
export const PRIVACY_TEXT = {
  marksLabel: 'Share my marks with my parents in the portal',
  attendanceLabel: 'Share my attendance with my parents in the portal',
  scope:
    "Turned off, your parents' portal (their dashboard and alerts) shows none of it. " +
    "The university's public result lookup by hall-ticket number stays open to anyone who has the number.",
  hideMarksHelp:
    "Hides the student's marks from their parents inside the portal (the parent dashboard and result alerts); " +
    'the public result lookup by hall-ticket number (getExamResultByRollNoView) stays public.',
  hideAttendanceHelp: "Hides the student's attendance from their parents inside the portal (the parent dashboard and alerts).",
} as const;

const hideMarks = z.boolean().describe(PRIVACY_TEXT.hideMarksHelp);
const hideAttendance = z.boolean().describe(PRIVACY_TEXT.hideAttendanceHelp);

export const ZPrivacy = z.object({ hideMarks, hideAttendance, locked: z.boolean() });
export type TPrivacy = z.infer<typeof ZPrivacy>;

export const ZChildOverview = z.object({
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  course: z.string(),
  branch: z.string(),
  semester: z.string(),
  section: z.string(),
  privacy: ZPrivacy,
  /** null when hidden from the parent */
  attendance: z
    .object({ percent: z.number(), standing: z.string(), shortBelow: z.number(), needed: z.number(), held: z.number() })
    .nullable(),
  results: z.object({ cgpa: z.number(), activeBacklogs: z.number() }).nullable(),
  fees: z.object({ due: z.number().int().describe('paise'), items: z.number() }),
  library: z.object({ loans: z.number(), overdue: z.number(), holds: z.number(), fines: z.number().int().describe('paise') }),
  hostel: z.object({ room: z.string().nullable(), outpassesPending: z.number() }),
  busPass: z.object({ passNo: z.string(), route: z.string(), stop: z.string() }).nullable(),
  certificates: z.object({ pending: z.number(), ready: z.number() }),
});
export type TChildOverview = z.infer<typeof ZChildOverview>;

export const ZPortalOverview = z.object({
  role: z.enum(['student', 'parent']),
  children: z.array(ZChildOverview),
});
export type TPortalOverview = z.infer<typeof ZPortalOverview>;

export const ZSemesterResult = z.object({
  title: z.string(),
  sgpa: z.number(),
  totalCredits: z.number(),
  earnedCredits: z.number(),
  passCount: z.number(),
  failCount: z.number(),
  records: z.array(
    z.object({ courseCode: z.string(), course: z.string(), credits: z.number(), grade: z.string(), gradePoints: z.number(), status: z.string() }),
  ),
});
export const ZMyResults = z.object({
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  cgpa: z.number(),
  activeBacklogs: z.number(),
  semesters: z.array(ZSemesterResult),
});
export type TMyResults = z.infer<typeof ZMyResults>;

export const ZMyAttendance = ZStudentAttendance;
export const ZMyFees = z.object({
  studentId: z.number(),
  fees: ZFeesOverview,
  libraryFines: z.number().int().describe('paise'),
});
export type TMyFees = z.infer<typeof ZMyFees>;

export const ZMyCampus = z.object({
  studentId: z.number(),
  library: ZPatronView.nullable(),
  hostel: ZMyHostel.nullable(),
  passes: z.array(ZPass),
});
export type TMyCampus = z.infer<typeof ZMyCampus>;

/** A parent's order for a child's fee: the student's own order, naming the child. */
export const ZParentOrder = ZOrderChoice.extend({ studentId: z.number().int().min(1) }).superRefine(orderChoiceRules);
export type TParentOrder = z.infer<typeof ZParentOrder>;

// ---- Certificates ---------------------------------------------------------------------------

export const CERTIFICATE_KINDS = [
  { kind: 'bonafide', label: 'Bonafide certificate' },
  { kind: 'no_dues', label: 'No-dues clearance' },
] as const;
export type TCertificateKind = (typeof CERTIFICATE_KINDS)[number]['kind'];

export const ZCertificateRequestCreate = z.object({
  kind: z.enum(['bonafide', 'no_dues'], { message: 'Choose bonafide or no-dues' }),
  purpose: z.string().trim().min(3, 'Please say what the certificate is for').max(200),
});
export type TCertificateRequestCreate = z.infer<typeof ZCertificateRequestCreate>;

export const ZCertificateRequest = z.object({
  id: z.number(),
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  kind: z.enum(['bonafide', 'no_dues']),
  purpose: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  remarks: z.string(),
  documentCode: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TCertificateRequest = z.infer<typeof ZCertificateRequest>;

export const ZPortalListQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  q: z.string().trim().max(60).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TPortalListQuery = z.infer<typeof ZPortalListQuery>;

export const ZCertificateRequestPage = z.object({
  items: z.array(ZCertificateRequest),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TCertificateRequestPage = z.infer<typeof ZCertificateRequestPage>;

export const ZPortalDecision = z.object({ remarks: z.string().trim().max(300).default('') });
export const ZPortalRejection = z.object({ remarks: z.string().trim().min(3, 'Please give the reason').max(300) });

// ---- Parents ------------------------------------------------------------------------------------

export const ZParentLinkCreate = z.object({
  rollNo: z.string().trim().min(1, 'Enter the roll number').max(30),
  relation: z.enum(['father', 'mother', 'guardian'], { message: 'Choose father, mother or guardian' }),
});
export type TParentLinkCreate = z.infer<typeof ZParentLinkCreate>;

export const ZParentLink = z.object({
  id: z.number(),
  parentUserId: z.number(),
  parentName: z.string(),
  username: z.string(),
  relation: z.string(),
  studentId: z.number(),
  rollNo: z.string(),
  studentName: z.string(),
  /** office | self */
  via: z.string(),
  linkedAt: z.string(),
});
export type TParentLink = z.infer<typeof ZParentLink>;

export const ZParentLinkCreated = z.object({
  link: ZParentLink,
  /** shown once when the office made a new login; null when an existing parent login was linked */
  temporaryPassword: z.string().nullable(),
  message: z.string(),
});
export type TParentLinkCreated = z.infer<typeof ZParentLinkCreated>;

export const ZParentLinkPage = z.object({ items: z.array(ZParentLink), total: z.number(), page: z.number(), pageSize: z.number() });
export const ZParentLinkQuery = z.object({
  q: z.string().trim().max(60).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZParentRegister = z.object({
  rollNo: z.string().trim().min(1, 'Enter the roll number').max(30),
});
export type TParentRegister = z.infer<typeof ZParentRegister>;
export const ZParentRegisterStarted = z.object({
  requestId: z.string(),
  sentTo: z.string().describe('the masked contact the code went to'),
  expiresInMinutes: z.number(),
  message: z.string(),
});
export type TParentRegisterStarted = z.infer<typeof ZParentRegisterStarted>;

export const ZParentVerify = z.object({
  requestId: z.string().trim().min(10).max(64),
  code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
  fullName: z.string().trim().min(2, 'Enter your name').max(120),
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters')
    .max(64)
    .regex(/[A-Za-z]/, 'Password needs a letter')
    .regex(/\d/, 'Password needs a digit'),
});
export type TParentVerify = z.infer<typeof ZParentVerify>;
export const ZParentVerified = z.object({ username: z.string(), rollNo: z.string(), message: z.string() });

export const ZMyParents = z.object({ links: z.array(ZParentLink), privacy: ZPrivacy });
export type TMyParents = z.infer<typeof ZMyParents>;
export const ZPrivacyUpdate = z.object({ hideMarks, hideAttendance });
export type TPrivacyUpdate = z.infer<typeof ZPrivacyUpdate>;
export const ZPortalSettings = z.object({ lockPrivacy: z.boolean() });
export type TPortalSettings = z.infer<typeof ZPortalSettings>;

// ---- Profile and corrections -------------------------------------------------------------------

export const PROFILE_FIELDS = [
  { field: 'full_name', label: 'Name' },
  { field: 'gender', label: 'Gender' },
  { field: 'email', label: 'Email' },
  { field: 'mobile', label: 'Mobile' },
  { field: 'father_name', label: "Father's name" },
] as const;
export type TProfileField = (typeof PROFILE_FIELDS)[number]['field'];

export const ZCorrectionCreate = z
  .object({
    field: z.enum(['full_name', 'gender', 'email', 'mobile', 'father_name'], { message: 'Choose a field' }),
    value: z.string().trim().min(1, 'Enter the corrected value').max(120),
    reason: z.string().trim().min(3, 'Please give the reason').max(300),
  })
  .superRefine((v, ctx) => {
    if (v.field === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Please enter a valid email address' });
    if (v.field === 'mobile' && !/^[6-9]\d{9}$/.test(v.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a 10-digit mobile number' });
    if ((v.field === 'full_name' || v.field === 'father_name') && !/^[A-Za-z .]+$/.test(v.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Please Enter Text' });
  });
export type TCorrectionCreate = z.infer<typeof ZCorrectionCreate>;

export const ZCorrection = z.object({
  id: z.number(),
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  field: z.string(),
  currentValue: z.string(),
  requestedValue: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  remarks: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TCorrection = z.infer<typeof ZCorrection>;
export const ZCorrectionPage = z.object({ items: z.array(ZCorrection), total: z.number(), page: z.number(), pageSize: z.number() });

export const ZMyProfile = z.object({
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  course: z.string(),
  batch: z.string(),
  branch: z.string(),
  semester: z.string(),
  section: z.string(),
  gender: z.string(),
  email: z.string(),
  mobile: z.string(),
  fatherName: z.string(),
  corrections: z.array(ZCorrection),
});
export type TMyProfile = z.infer<typeof ZMyProfile>;
