import { z } from 'zod';
import { filePart, isSaneDate, jsonTextPart, textResponse, ZRejectedRow } from './common-schemas.js';
import { MSG } from './messages.js';
import { ZAcademicYearParam } from './academic-year.js';
import {
  ADMISSION_MSG,
  BLOOD_GROUPS,
  ENTRANCE_TYPES,
  FEE_FIELDS,
  GENDERS,
  KNOWING_ABOUT,
  YES_NO,
} from './admission-constants.js';

/** Letters and spaces only (spec section 5). */
export const TEXT_ONLY = /^[A-Za-z ]+$/;
/** A positive integer with no leading zero. */
export const POSITIVE_INT = /^[1-9]\d*$/;
/** Long-form mobile rule: 10 digits starting 6-9. */
export const MOBILE_STRICT = /^[6-9]\d{9}$/;
export const AADHAR = /^\d{12}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

type Kind = 'text' | 'free' | 'num' | 'pct' | 'amount' | 'mobile' | 'email' | 'date' | 'phone' | 'code' | readonly string[];

interface FieldDef<N extends string = string> {
  name: N;
  label: string;
  kind: Kind;
  /** message when empty; absent = optional */
  required?: string;
  max?: number;
}

/**
 * The save payload's fields, in the order the long form checks them (spec section 5): the first
 * failing field gives the message, so the server and both forms answer alike.
 */
const FIELD_DEFS = [
  { name: 'dateOfAdmission', label: 'Date of Admission', kind: 'date', required: MSG.enterDateOfAdmission },
  { name: 'name', label: 'Full Name', kind: 'text', required: MSG.enterFullName, max: 120 },
  { name: 'admissionType', label: 'Admission Type', kind: 'free', required: MSG.selectAdmissionType, max: 80 },
  { name: 'courseAppliedFor', label: 'Course Applied for', kind: 'free', required: MSG.selectCourse, max: 60 },
  { name: 'branch', label: 'Branch', kind: 'free', required: MSG.selectBranch, max: 20 },
  { name: 'gender', label: 'Gender', kind: GENDERS, required: MSG.selectGender },
  { name: 'aadharNo', label: 'Aadhar Number', kind: 'free', required: MSG.enterAadhar },
  { name: 'batch', label: 'Batch', kind: 'free', max: 20 },
  { name: 'semester', label: 'Semester', kind: 'free', max: 20 },
  { name: 'adminNo', label: 'Admission Number', kind: 'code', max: 40 },
  { name: 'seatType', label: 'Seat Type', kind: 'free', max: 80 },
  { name: 'admissionEntryType', label: 'Admission Entry Type', kind: 'free', max: 80 },
  { name: 'level', label: 'Level', kind: 'free', max: 20 },
  { name: 'regulation', label: 'Regulation', kind: 'free', max: 20 },
  { name: 'hallTicketNo', label: 'Hall Ticket No', kind: 'code', max: 30 },
  { name: 'rank', label: 'Rank', kind: 'num' },
  { name: 'entranceType', label: 'Entrance Type', kind: ENTRANCE_TYPES },
  { name: 'dateOfBirth', label: 'Date of Birth', kind: 'date' },
  { name: 'nationality', label: 'Nationality', kind: 'free', max: 60 },
  { name: 'religion', label: 'Religion', kind: 'free', max: 60 },
  { name: 'category', label: 'Caste Category', kind: 'free', max: 60 },
  { name: 'subCaste', label: 'Sub Caste', kind: 'free', max: 80 },
  { name: 'motherTongue', label: 'Mother Tongue', kind: 'text', max: 40 },
  { name: 'bloodGroup', label: 'Blood Group', kind: BLOOD_GROUPS },
  { name: 'emailId', label: 'Email Id', kind: 'email', max: 160 },
  { name: 'studentContactNo', label: 'Student Mobile Number', kind: 'mobile' },
  { name: 'landLineNumber', label: 'Landline Number', kind: 'phone', max: 20 },
  { name: 'rationCardNo', label: 'Ration Card No', kind: 'num' },
  { name: 'fathersName', label: "Father's Name", kind: 'text', max: 120 },
  { name: 'mothersName', label: "Mother's Name", kind: 'text', max: 120 },
  { name: 'fatherContactNo', label: 'Father Contact No', kind: 'mobile' },
  { name: 'motherContactNo', label: 'Mother Contact No', kind: 'mobile' },
  { name: 'fatherEmailId', label: 'Father Email Id', kind: 'email', max: 160 },
  { name: 'occupationOfFather', label: 'Occupation of Father', kind: 'text', max: 80 },
  { name: 'occupationOfMother', label: 'Occupation of Mother', kind: 'text', max: 80 },
  { name: 'annualIncome', label: 'Annual Income', kind: 'num' },
  { name: 'permanentAddress', label: 'Permanent Address', kind: 'free', max: 500 },
  { name: 'presentAddress', label: 'Present Address', kind: 'free', max: 500 },
  { name: 'identificationMarksA', label: 'Identification Mark 1', kind: 'text', max: 200 },
  { name: 'identificationMarksB', label: 'Identification Mark 2', kind: 'text', max: 200 },
  { name: 'physicallyChallanged', label: 'Physically Handicapped', kind: YES_NO },
  { name: 'belongsToSportsNcc', label: 'Sports / NCC', kind: YES_NO },
  { name: 'lateralEntry', label: 'Lateral Entry', kind: YES_NO },
  { name: 'scholarShip', label: 'Scholarship', kind: YES_NO },
  { name: 'certificateSubmission', label: 'Certificate Submission', kind: YES_NO },
  { name: 'isHostler', label: 'Hostler', kind: YES_NO },
  { name: 'studentType', label: 'Student Type', kind: 'free', max: 40 },
  { name: 'sscMarks', label: 'SSC Marks', kind: 'num' },
  { name: 'sscPercentage', label: 'SSC Percentage', kind: 'pct' },
  { name: 'interMarks', label: 'Inter / Diploma Total Marks', kind: 'num' },
  { name: 'marksSecured', label: 'Marks Secured', kind: 'num' },
  { name: 'percentageOfMarks', label: 'Percentage of Marks', kind: 'pct' },
  { name: 'division', label: 'Division', kind: 'free', max: 40 },
  { name: 'previousInstitution', label: 'Last Attended Institution', kind: 'text', max: 200 },
  { name: 'knowingAboutInstitute', label: 'Knowing About Institute', kind: KNOWING_ABOUT },
  { name: 'otherIfAny', label: 'Other If Any', kind: 'free', max: 300 },
  { name: 'agent', label: 'Agent', kind: 'free', max: 120 },
  { name: 'agentAmount', label: 'Agent Amount', kind: 'amount' },
  { name: 'feeCommitment', label: 'Fee Commitment', kind: 'amount' },
  { name: 'studentPaidamount', label: 'Student Paid Amount', kind: 'amount' },
  { name: 'rollNumber', label: 'Roll Number', kind: 'code', max: 30 },
  ...FEE_FIELDS.map((name) => ({ name, label: name, kind: 'amount' as const })),
  // Set by the server from the stored photo; accepted so the legacy payload passes.
  { name: 'imageName', label: 'Image Name', kind: 'free', max: 200 },
  { name: 'imageType', label: 'Image Type', kind: 'free', max: 60 },
  { name: 'imagePath', label: 'Image Path', kind: 'free', max: 300 },
] as const satisfies readonly FieldDef[];

/** A field of the admission save payload, by its real key (both forms use these names). */
export type AdmissionField = (typeof FIELD_DEFS)[number]['name'];
/** One field's definition with its name typed, for the forms. */
export type AdmissionFieldDef = FieldDef<AdmissionField>;
/** The definitions with plain-string names (looked up by sheet header or error path). */
export const ADMISSION_FIELD_DEFS: readonly FieldDef[] = FIELD_DEFS;
/** The same definitions with their names typed as AdmissionField. */
export const ADMISSION_FORM_FIELD_DEFS: readonly AdmissionFieldDef[] = FIELD_DEFS;
/** The admission forms' values: every payload field as text, by its real key. */
export type TAdmissionForm = Record<AdmissionField, string>;

export const ADMISSION_FIELDS = ADMISSION_FIELD_DEFS.map((f) => f.name);
const SERVER_SET = new Set(['imageName', 'imageType', 'imagePath', 'rollNumber', ...FEE_FIELDS]);
/** The Excel template's columns: the save payload without the photo and per-college fee fields. */
export const EXCEL_COLUMNS = ADMISSION_FIELDS.filter((n) => !SERVER_SET.has(n));
/** Excel columns with a fixed list of values (data validation in the template). */
export const EXCEL_ENUMS: Record<string, readonly string[]> = Object.fromEntries(
  ADMISSION_FIELD_DEFS.filter((f) => Array.isArray(f.kind) && EXCEL_COLUMNS.includes(f.name)).map((f) => [
    f.name,
    f.kind as readonly string[],
  ]),
);

/** Legacy payloads name a few fields two ways (spec section 3). */
const ALIAS_OF: Record<string, string> = { lateralEntry: 'lateral', interMarks: 'totalMarksInter', name: 'fullName' };

const toText = (v: unknown): unknown => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  return typeof v === 'string' ? v.trim() : v;
};

function fieldSchema(f: FieldDef) {
  const max = f.max ?? 40;
  let s = z.string({ message: `${f.label} must be text` });
  if (f.required) s = s.min(1, { message: f.required, abort: true });
  s = s.max(max, { message: `${f.label} must be at most ${max} characters`, abort: true });
  const when = (ok: (v: string) => boolean) => (v: string) => v === '' || ok(v);
  const k = f.kind;
  if (f.name === 'aadharNo')
    s = s.refine(
      when((v) => AADHAR.test(v)),
      MSG.aadharTwelveDigits,
    );
  else if (Array.isArray(k)) {
    const msg = f.name === 'gender' ? MSG.selectGender : ADMISSION_MSG.oneOf(f.label, k);
    s = s.refine(
      when((v) => k.includes(v)),
      msg,
    );
  } else if (k === 'text')
    s = s.refine(
      when((v) => TEXT_ONLY.test(v)),
      MSG.pleaseEnterText,
    );
  else if (k === 'num')
    s = s.refine(
      when((v) => POSITIVE_INT.test(v) && v.length <= 12),
      MSG.validNumber,
    );
  else if (k === 'pct')
    s = s.refine(
      when((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100),
      ADMISSION_MSG.validPercentage,
    );
  else if (k === 'amount')
    s = s.refine(
      when((v) => /^(0|[1-9]\d{0,9})$/.test(v)),
      ADMISSION_MSG.validAmount,
    );
  else if (k === 'mobile')
    s = s.refine(
      when((v) => MOBILE_STRICT.test(v)),
      MSG.validMobile,
    );
  else if (k === 'email')
    s = s.refine(
      when((v) => EMAIL.test(v)),
      MSG.validEmailAddress,
    );
  // One message for any bad date (a test and the forms show it): not real, or outside 1900..2199.
  else if (k === 'date') s = s.refine(when(isSaneDate), ADMISSION_MSG.validDate);
  else if (k === 'phone')
    s = s.refine(
      when((v) => /^[0-9-]+$/.test(v)),
      MSG.validNumber,
    );
  else if (k === 'code')
    s = s.refine(
      when((v) => /^[A-Za-z0-9/_.-]+$/.test(v)),
      `${f.label} may hold letters, digits, / - _ and . only`,
    );
  return s;
}

const shape = Object.fromEntries(ADMISSION_FIELD_DEFS.map((f) => [f.name, fieldSchema(f)])) as Record<
  string,
  ReturnType<typeof fieldSchema>
>;

/**
 * The admission save payload (spec section 3): one schema for the API, both forms and the Excel
 * rows. Every field comes out as trimmed text ('' when absent); numbers in JSON are accepted.
 */
export const ZAdmission = z.preprocess((input) => {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const src = input as Record<string, unknown>;
  // Every field as trimmed text in one pass (cheaper than a preprocess per field on big imports).
  const out: Record<string, unknown> = {};
  for (const name of ADMISSION_FIELDS) {
    const alias = ALIAS_OF[name];
    out[name] = toText(src[name] === undefined && alias !== undefined ? src[alias] : src[name]);
  }
  return out;
}, z.object(shape));

export type TAdmission = Record<(typeof ADMISSION_FIELDS)[number], string>;

/** The first message the payload fails with, in the spec's order; null when it passes. */
export function firstAdmissionError(payload: unknown): string | null {
  const r = ZAdmission.safeParse(payload);
  return r.success ? null : (r.error.issues[0]?.message ?? MSG.invalidData);
}

export const emptyAdmission = (): TAdmission => Object.fromEntries(ADMISSION_FIELDS.map((n) => [n, ''])) as TAdmission;

// ---- answers of the admission calls ----

/** saveApplicationFormData's multipart parts. */
export const ZAdmissionSaveParts = z.object({
  applicationFormData: jsonTextPart('the admission form (the fields of ZAdmission)'),
  imageUpload: filePart('the student photo (jpg or png)').optional(),
});

/** saveApplicationFormData: the saved admission and its form PDF (base64). */
export const ZAdmissionSaved = z.object({
  message: z.string(),
  adminNo: z.string(),
  id: z.number().int(),
  pdf: z.string().describe('base64 of the admission form PDF'),
});
export type TAdmissionSaved = z.infer<typeof ZAdmissionSaved>;

/** masterDataExcelsUploads' multipart part. */
export const ZAdmissionImportParts = z.object({
  excelFileUpload: filePart('the filled new-admissions template (.xlsx; legacy .xls is read too)'),
});

/** masterDataExcelsUploads: saved rows (or, on a dry run, how many would be) and the refused rows. */
export const ZAdmissionImportReport = z.object({
  message: z.string(),
  saved: z.number().int(),
  valid: z.number().int().optional(),
  dryRun: z.boolean().optional(),
  rejected: z.array(ZRejectedRow),
});
export type TAdmissionImportReport = z.infer<typeof ZAdmissionImportReport>;

/** getApplicationFormData: every saved form with its row id, Aadhaar and admission numbers. */
export const ZApplicationItem = z.object({
  applicationFormExcelM: z.looseObject({
    id: z.number().int(),
    aadharNo: z.string(),
    adminNo: z.string(),
    createdAt: z.string(),
  }),
});
export type TApplicationItem = z.infer<typeof ZApplicationItem>;

/** The applications list's search: what was typed (admission number, name, course, branch, batch) and the page. */
export const ZApplicationQuery = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  /** the figures' filters (leadership's drill-down): a branch, a quota (ADMISSION_QUOTAS or Other), the academic year admitted in */
  branch: z.string().trim().max(80).optional(),
  quota: z.string().trim().max(40).optional(),
  year: ZAcademicYearParam.optional(),
});
export type TApplicationQuery = z.infer<typeof ZApplicationQuery>;
/** One page of the applications list and how many saved admissions match in all. */
export const ZApplicationPage = z.object({ items: z.array(ZApplicationItem), total: z.number().int() });
export type TApplicationPage = z.infer<typeof ZApplicationPage>;

/** getNormalData: the saved form fields for the form's modify mode. */
export const ZAdmissionFormData = z.record(z.string(), z.string().nullable());
export type TAdmissionFormData = z.infer<typeof ZAdmissionFormData>;

/** GET /api/admissions/:id/pdf */
export const ZAdmissionPdf = z.object({ pdf: z.string().describe('base64 of the admission form PDF') });

/** GET /api/admissions/summary */
export const ZAdmissionsSummary = z.object({ total: z.number().int(), lastWeek: z.number().int() });
export type TAdmissionsSummary = z.infer<typeof ZAdmissionsSummary>;

/** GET /api/admissions/settings: per-college switches of the admission forms. */
export const ZAdmissionSettings = z.object({
  collegeCode: z.string(),
  feePackage: z.boolean(),
  admissionTypesFromSeatTypes: z.boolean(),
});
export type TAdmissionSettings = z.infer<typeof ZAdmissionSettings>;

/** getSeatTypes */
export const ZSeatType = z.object({ seatTypeId: z.number().int(), seatType: z.string() });
/** courses/view */
export const ZCourseItem = z.object({ courseId: z.number().int(), courseName: z.string(), level: z.string() });
/** getKeyValuePair */
export const ZKeyValue = z.object({ key: z.string(), value: z.string() });
export const ZSeatTypeList = z.array(ZSeatType);
export const ZCourseList = z.array(ZCourseItem);
export const ZKeyValueList = z.array(ZKeyValue);

// ---- requests of the legacy lookups and form calls (lookups.routes.ts, admissions.routes.ts) ----

/** A lookup's required text parameter; the message names it. */
export const lookupParam = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80);
/** A lookup's optional text parameter. */
export const ZOptionalLookupParam = z.string().trim().max(80).optional();

/** getBatchesByDegrees, getBatches */
export const ZBatchesQuery = z.object({ degree: lookupParam('degree') });
/** getBranchesShortForms (the batch is accepted, the branches are the course's) */
export const ZBranchesQuery = z.object({ course: lookupParam('course'), batch: ZOptionalLookupParam });
/** getDistinct/SemesterMaintenanceSemesters */
export const ZSemestersQuery = z.object({ course: lookupParam('course') });
/** getKeyValuePair */
export const ZKeyValueQuery = z.object({ key: lookupParam('key') });
/** getAllSubCastesByCaste/:caste */
export const ZSubCasteParams = z.object({ caste: lookupParam('caste') });

/** generateAdmistionNumber answers text. */
export const ZNextAdmissionNumber = textResponse('the next admission number of the college');
/** getNormalData */
export const ZNormalDataQuery = z.object({ rollNumber: z.string().trim().min(1, 'rollNumber is required').max(40) });
/** saveApplicationFormData: editedAadharNumber when a modify changes the Aadhaar */
export const ZAdmissionSaveQuery = z.object({ editedAadharNumber: z.string().trim().max(12).optional() });

/** A branch's sanctioned intake in an academic year (`GET`/`PUT /api/admissions/intakes?year=`). */
export const ZAdmissionIntake = z.object({
  course: z.string().trim().min(1, 'Choose the course').max(80),
  branch: z.string().trim().min(1, 'Choose the branch').max(80),
  intake: z.number({ message: 'Intake must be a whole number' }).int('Intake must be a whole number').min(0, 'Intake cannot be negative').max(10_000, 'Intake must be at most 10,000'),
});
export const ZAdmissionIntakes = z.object({ year: z.number().int(), intakes: z.array(ZAdmissionIntake) });
export type TAdmissionIntakes = z.infer<typeof ZAdmissionIntakes>;
export const ZAdmissionIntakesQuery = z.object({ year: ZAcademicYearParam.optional() });
export const ZAdmissionIntakesSave = z.object({
  year: z.number({ message: 'year must be the first year of an academic year, four digits (e.g. 2026 for 2026-27)' }).int().min(2000, 'year must be between 2000 and 2100').max(2100, 'year must be between 2000 and 2100'),
  intakes: z
    .array(ZAdmissionIntake)
    .max(500)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        const key = `${r.course}|${r.branch}`;
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'branch'], message: `${r.branch} of ${r.course} is listed twice` });
        seen.add(key);
      });
    }),
});
export type TAdmissionIntakesSave = z.infer<typeof ZAdmissionIntakesSave>;
