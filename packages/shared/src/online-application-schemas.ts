import { z } from 'zod';
import { filePart, jsonTextPart, ZIsoDate } from './common-schemas.js';
import { ZAdmission, emptyAdmission, type AdmissionField, type TAdmission } from './admission-schemas.js';

/**
 * Online applications: a visitor applies from the home page; the admissions office accepts the
 * application into an admission (the same save as its own forms) or rejects it with a reason.
 * The applicant's fields are admission payload fields, checked by the admission schema itself.
 */

/** The admission fields an applicant fills, in the form's order; the office's own fields stay empty. */
export const APPLICANT_FIELDS = [
  'admissionType',
  'courseAppliedFor',
  'batch',
  'branch',
  'entranceType',
  'hallTicketNo',
  'rank',
  'name',
  'gender',
  'dateOfBirth',
  'aadharNo',
  'bloodGroup',
  'nationality',
  'religion',
  'category',
  'emailId',
  'studentContactNo',
  'fathersName',
  'mothersName',
  'fatherContactNo',
  'occupationOfFather',
  'annualIncome',
  'permanentAddress',
  'presentAddress',
  'previousInstitution',
  'sscPercentage',
  'percentageOfMarks',
  'isHostler',
  'physicallyChallanged',
] as const satisfies readonly AdmissionField[];
export type ApplicantField = (typeof APPLICANT_FIELDS)[number];

export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type TApplicationState = (typeof APPLICATION_STATUSES)[number];

/** Documents an application carries besides the photo. */
export const MAX_APPLICATION_DOCUMENTS = 3;
export const APPLICATION_DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png';

export const ONLINE_APPLICATION_MSG = {
  dobRequired: 'Please enter the date of birth',
  dobInPast: 'The date of birth must be before today',
  mobileRequired: 'Please enter the student mobile number',
  emailRequired: 'Please enter the email address',
  photoRequired: 'Please upload a passport-size photo (.jpg)',
  documentsRequired: 'Please upload at least one document: your marks memo or certificate',
  tooManyDocuments: `Upload at most ${MAX_APPLICATION_DOCUMENTS} documents`,
  documentType: 'Documents must be PDF, JPG or PNG files',
  pendingForAadhar: 'An application with this Aadhaar number is already waiting for review',
  submitted: (no: string) => `Your application has been submitted. Your application number is ${no}.`,
  /** one message for a wrong number, a wrong date of birth or both */
  notFound: 'No application matches that application number and date of birth',
  alreadyDecided: 'This application has already been decided',
  reasonRequired: 'Please give the reason for rejecting',
  accepted: (adminNo: string) => `Application accepted: admission number ${adminNo}`,
  rejected: 'Application rejected',
  tooManyTries: 'Too many tries from this address. Please wait a few minutes.',
} as const;

/**
 * The admission payload an application stands for: the applicant's fields, the application's date
 * as the date of admission, and every other field empty (the office's fields are never taken
 * from a visitor).
 */
export function applicantPayload(input: unknown, today: string): TAdmission {
  const src = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const out = emptyAdmission() as Record<string, unknown>;
  for (const f of APPLICANT_FIELDS) if (src[f] !== undefined) out[f] = src[f];
  out.dateOfAdmission = today;
  return out as TAdmission;
}

/**
 * An application: the admission schema (the office forms' rules and messages), and what the
 * application also needs: a date of birth in the past (the status lookup asks for it), a mobile
 * number and an email address to reach the applicant.
 */
export const ZOnlineApplication = ZAdmission.superRefine((d, ctx) => {
  const v = d as Record<string, string>;
  const need = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (!v.dateOfBirth) need('dateOfBirth', ONLINE_APPLICATION_MSG.dobRequired);
  else if (v.dateOfBirth >= v.dateOfAdmission) need('dateOfBirth', ONLINE_APPLICATION_MSG.dobInPast);
  if (!v.studentContactNo) need('studentContactNo', ONLINE_APPLICATION_MSG.mobileRequired);
  if (!v.emailId) need('emailId', ONLINE_APPLICATION_MSG.emailRequired);
});

/** The first message an application fails with (the admission rules first); null when it passes. */
export function firstApplicationError(payload: unknown): string | null {
  const r = ZOnlineApplication.safeParse(payload);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid data');
}

// ---- requests ----

/** POST /api/public/applications: multipart parts. */
export const ZOnlineApplicationParts = z.object({
  application: jsonTextPart('the applicant fields (APPLICANT_FIELDS of the admission payload)'),
  photo: filePart('the passport-size photo (.jpg)'),
  documents: z
    .array(filePart('a document: pdf, jpg or png'))
    .max(MAX_APPLICATION_DOCUMENTS)
    .describe(`1 to ${MAX_APPLICATION_DOCUMENTS} parts named documents`),
});

/** GET /api/public/applications/status */
export const ZApplicationStatusQuery = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'Please enter the application number')
    .max(30)
    .transform((s) => s.toUpperCase()),
  dob: ZIsoDate('Date of birth', { invalid: ONLINE_APPLICATION_MSG.dobRequired }),
});
export type TApplicationStatusQuery = z.input<typeof ZApplicationStatusQuery>;

/** GET /api/admissions/online-applications */
export const ZOnlineApplicationQuery = z.object({
  status: z.enum([...APPLICATION_STATUSES, 'all']).default('pending'),
  q: z.string().trim().max(60).default(''),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TOnlineApplicationQuery = z.input<typeof ZOnlineApplicationQuery>;

/** POST /api/admissions/online-applications/:id/reject */
export const ZApplicationRejection = z.object({
  reason: z.string().trim().min(3, ONLINE_APPLICATION_MSG.reasonRequired).max(300),
});
export type TApplicationRejection = z.infer<typeof ZApplicationRejection>;

// ---- answers ----

/** POST /api/public/applications */
export const ZApplicationReceipt = z.object({ message: z.string(), number: z.string() });
export type TApplicationReceipt = z.infer<typeof ZApplicationReceipt>;

/** GET /api/public/applications/options: what the form's selects need beyond the public course lists. */
export const ZApplicationOptions = z.object({ admissionTypes: z.array(z.string()) });
export type TApplicationOptions = z.infer<typeof ZApplicationOptions>;

/** GET /api/public/applications/status: what the applicant may see of their application. */
export const ZApplicationStatus = z.object({
  number: z.string(),
  name: z.string(),
  course: z.string(),
  branch: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** the office's reason, when rejected */
  reason: z.string(),
  /** the admission number, when accepted */
  admissionNo: z.string().nullable(),
});
export type TApplicationStatus = z.infer<typeof ZApplicationStatus>;

export const ZApplicationFile = z.object({
  id: z.number().int(),
  kind: z.enum(['photo', 'document']),
  fileName: z.string(),
  type: z.enum(['pdf', 'jpg', 'png']),
  size: z.number().int(),
});
export type TApplicationFile = z.infer<typeof ZApplicationFile>;

/** One application in the office's queue, with the fields to review and its files. */
export const ZOnlineApplicationItem = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  course: z.string(),
  batch: z.string(),
  branch: z.string(),
  dateOfBirth: z.string(),
  mobile: z.string(),
  email: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  reason: z.string(),
  admissionId: z.number().int().nullable(),
  admissionNo: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  data: z.record(z.string(), z.string()),
  files: z.array(ZApplicationFile),
});
export type TOnlineApplicationItem = z.infer<typeof ZOnlineApplicationItem>;

export const ZOnlineApplicationPage = z.object({
  items: z.array(ZOnlineApplicationItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TOnlineApplicationPage = z.infer<typeof ZOnlineApplicationPage>;

/** POST /api/admissions/online-applications/:id/accept */
export const ZApplicationAccepted = z.object({
  message: z.string(),
  adminNo: z.string(),
  admissionId: z.number().int(),
  pdf: z.string().describe('base64 of the admission form PDF'),
  application: ZOnlineApplicationItem,
});
export type TApplicationAccepted = z.infer<typeof ZApplicationAccepted>;

/** POST /api/admissions/online-applications/:id/reject */
export const ZApplicationRejected = z.object({ message: z.string(), application: ZOnlineApplicationItem });
export type TApplicationRejected = z.infer<typeof ZApplicationRejected>;
