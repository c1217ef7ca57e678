import { z } from 'zod';
import { ZIsoDate } from './common-schemas.js';
import { ROLES, type Role } from './roles.js';

/** The placement cell: companies, drives with eligibility, applications, rounds, offers and statistics. */
export const PLACEMENT_ROLES: Role[] = [ROLES.PLACEMENT_DEAN];
/** Who reads the placement cell's lists and statistics (leadership's figures drill down to them); only the dean writes. */
export const PLACEMENT_VIEW_ROLES: Role[] = [
  ROLES.PLACEMENT_DEAN,
  ROLES.PRINCIPAL,
  ROLES.ADMIN,
  ROLES.IQAC_INCHARGE,
  ROLES.IQAC_COORDINATOR,
  ROLES.HOD,
  ROLES.CHAIRMAN,
  ROLES.CORRESPONDENCE,
  ROLES.DEAN,
  ROLES.DIRECTOR,
  ROLES.ADMINISTRATION,
];
export const PLACEMENT_MAX_FILE_MB = 5;

export const PLACEMENT_MSG = {
  companyExists: 'A company with this name already exists',
  companyNotFound: 'Company not found',
  driveNotFound: 'Drive not found',
  notEligible: 'You are not eligible for this drive',
  alreadyApplied: 'You have already applied to this drive',
  driveOver: 'Applications for this drive have closed',
  noStudent: 'This account is not linked to a student record',
  studentNotFound: 'No student with this roll number',
  resumePdf: 'Upload the resume as a PDF file',
  letterPdf: 'Upload the offer letter as a PDF file',
  fileTooLarge: `A file can be at most ${PLACEMENT_MAX_FILE_MB} MB`,
  notApplicant: (roll: string) => `${roll} has not applied to this drive`,
  notInPreviousRound: (roll: string) => `${roll} did not qualify in the previous round`,
  offerNeedsApplication: 'The student must have applied to the drive and cleared its rounds',
  onePolicy: 'The student already holds an offer: the college allows one offer per student',
  dreamTaken: 'The student already holds two offers',
  dreamBelow: (threshold: string) => `A second offer must be a dream offer of at least ${threshold} CTC`,
  firstIsDream: 'The student already holds a dream offer',
  offerExists: 'This student already has an offer from this drive',
  offerNotFound: 'Offer not found',
  higherStudiesPlaced: 'The student already holds an offer: a placed student is counted as placed, not in higher studies',
  higherStudiesNotFound: 'Higher-studies record not found',
  higherStudiesVerified: 'Your record is verified by the placement cell; ask the cell to change it',
  higherStudiesAlreadyVerified: 'This record is already verified',
  admissionYearEarly: (year: number) => `The admission year cannot be before ${year}, the year the batch graduates`,
  evidenceType: 'Upload the evidence as a PDF, JPG or PNG file',
  noEvidence: 'No evidence was uploaded for this record',
} as const;

export const HIGHER_STUDIES_STATUSES = ['declared', 'verified'] as const;
export const HIGHER_STUDIES_STATUS_LABELS: Record<(typeof HIGHER_STUDIES_STATUSES)[number], string> = {
  declared: 'Declared by the student',
  verified: 'Verified',
};

const str = (max: number, msg?: string) =>
  z
    .string()
    .trim()
    .max(max, msg ?? `At most ${max} characters`);
const required = (msg: string, max: number) =>
  z.string({ message: msg }).trim().min(1, msg).max(max, `At most ${max} characters`);
const isoDate = (label: string, msg: string) => ZIsoDate(label, { invalid: msg });

export const ZCompanyCreate = z.object({
  name: required('Give the company name', 160),
  sector: str(80).optional().default(''),
  website: z
    .string()
    .trim()
    .max(200)
    .refine((s) => s === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(s), 'Give the website as https://...')
    .optional()
    .default(''),
  hrName: str(120).optional().default(''),
  hrEmail: z
    .string()
    .trim()
    .max(160)
    .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'Give a valid HR email')
    .optional()
    .default(''),
  hrPhone: z
    .string()
    .trim()
    .refine((s) => s === '' || /^[6-9]\d{9}$|^\+?\d[\d -]{7,14}$/.test(s), 'Give a valid HR phone number')
    .optional()
    .default(''),
});
export type TCompanyCreate = z.infer<typeof ZCompanyCreate>;
export type TCompanyCreateInput = z.input<typeof ZCompanyCreate>;

export const ZCompany = z.object({
  id: z.number(),
  name: z.string(),
  sector: z.string(),
  website: z.string(),
  hrName: z.string(),
  hrEmail: z.string(),
  hrPhone: z.string(),
  drives: z.number(),
});
export type TCompany = z.infer<typeof ZCompany>;

const percentMinimum = (what: string) =>
  z
    .number({ message: `Give the ${what} percentage` })
    .min(0, `The ${what} percentage is between 0 and 100`)
    .max(100, `The ${what} percentage is between 0 and 100`)
    .multipleOf(0.01, `Give the ${what} percentage with at most two decimals`)
    .optional()
    .default(0);

export const ZDriveCreate = z.object({
  companyId: z.number({ message: 'Choose the company' }).int().positive('Choose the company'),
  driveDate: isoDate('Drive date', 'Give the drive date'),
  roles: required('Give the roles offered', 300),
  /** rupees per annum */
  ctcRupees: z
    .number({ message: 'Give the CTC in rupees per annum' })
    .int('Give the CTC in whole rupees')
    .min(10_000, 'The CTC looks too low')
    .max(100_000_000, 'The CTC looks too high'),
  location: str(120).optional().default(''),
  bondMonths: z.number().int().min(0, 'The bond cannot be negative').max(120, 'At most 120 months').optional().default(0),
  batch: z
    .string({ message: 'Choose the batch' })
    .trim()
    .regex(/^\d{4}-\d{4}$/, 'Choose the batch, e.g. 2022-2026'),
  branches: z.array(z.string().trim().min(1).max(20)).min(1, 'Choose at least one branch').max(20),
  minCgpa: z.number().min(0, 'CGPA is between 0 and 10').max(10, 'CGPA is between 0 and 10').optional().default(0),
  maxBacklogs: z.number().int().min(0, 'Backlogs cannot be negative').max(50).nullable().optional().default(null),
  gender: z.enum(['', 'MALE', 'FEMALE']).optional().default(''),
  noFeeDues: z.boolean().optional().default(false),
  minAttendance: z
    .number()
    .int()
    .min(0, 'Attendance is a percentage')
    .max(100, 'Attendance is a percentage')
    .nullable()
    .optional()
    .default(null),
  /** school marks the company asks for, percent; 0 for none */
  minTenthPct: percentMinimum('10th'),
  /** 12th (intermediate) or diploma, whichever the student took; 0 for none */
  minTwelfthPct: percentMinimum('12th / diploma'),
  /** the most years a student may have lost between school and now; null for no limit */
  maxGapYears: z
    .number({ message: 'Give the gap in whole years' })
    .int('Give the gap in whole years')
    .min(0, 'The gap cannot be negative')
    .max(10, 'At most 10 years')
    .nullable()
    .optional()
    .default(null),
});
export type TDriveCreate = z.infer<typeof ZDriveCreate>;
export type TDriveCreateInput = z.input<typeof ZDriveCreate>;

export const ZDrive = z.object({
  id: z.number(),
  companyId: z.number(),
  company: z.string(),
  driveDate: z.string(),
  roles: z.string(),
  ctcRupees: z.number(),
  location: z.string(),
  bondMonths: z.number(),
  batch: z.string(),
  branches: z.array(z.string()),
  minCgpa: z.number(),
  maxBacklogs: z.number().nullable(),
  gender: z.string(),
  noFeeDues: z.boolean(),
  minAttendance: z.number().nullable(),
  minTenthPct: z.number(),
  minTwelfthPct: z.number(),
  maxGapYears: z.number().nullable(),
  /** every eligibility rule of the drive, in words (driveRules) */
  rules: z.array(z.string()),
  applicants: z.number(),
  offers: z.number(),
  /** for a student: whether they may apply, why not, and whether they have applied */
  eligible: z.boolean().optional(),
  reasons: z.array(z.string()).optional(),
  applied: z.boolean().optional(),
  applicationStatus: z.string().nullable().optional(),
});
export type TDrive = z.infer<typeof ZDrive>;

/** The fields a drive's rules are read from. */
export type TDriveRuleFields = Pick<
  TDrive,
  | 'batch'
  | 'branches'
  | 'minCgpa'
  | 'maxBacklogs'
  | 'gender'
  | 'noFeeDues'
  | 'minAttendance'
  | 'minTenthPct'
  | 'minTwelfthPct'
  | 'maxGapYears'
>;

const years = (n: number) => `${n} year${n === 1 ? '' : 's'}`;

/** Every eligibility rule a drive sets, in words, in the order the check applies them. */
export function driveRules(d: TDriveRuleFields): string[] {
  const rules = [`Batch ${d.batch}`, `Branches ${d.branches.join(', ')}`];
  if (d.gender) rules.push(d.gender === 'FEMALE' ? 'Women only' : 'Men only');
  if (d.minCgpa > 0) rules.push(`CGPA at least ${d.minCgpa.toFixed(2)}`);
  if (d.maxBacklogs !== null)
    rules.push(
      d.maxBacklogs === 0 ? 'No active backlogs' : `At most ${d.maxBacklogs} active backlog${d.maxBacklogs === 1 ? '' : 's'}`,
    );
  if (d.minTenthPct > 0) rules.push(`10th at least ${d.minTenthPct}%`);
  if (d.minTwelfthPct > 0) rules.push(`12th / diploma at least ${d.minTwelfthPct}%`);
  if (d.maxGapYears !== null)
    rules.push(d.maxGapYears === 0 ? 'No gap in studies' : `Gap in studies at most ${years(d.maxGapYears)}`);
  if (d.minAttendance !== null) rules.push(`Attendance at least ${d.minAttendance}%`);
  if (d.noFeeDues) rules.push('No fee dues');
  return rules;
}

export const ZDriveListQuery = z.object({
  batch: z.string().trim().max(20).optional(),
  companyId: z.coerce.number().int().positive().optional(),
  upcoming: z.enum(['true', 'false']).optional(),
});

export const ZEligibleRow = z.object({
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  branch: z.string(),
  gender: z.string(),
  cgpa: z.number(),
  activeBacklogs: z.number(),
  feeDues: z.boolean(),
  /** school marks and gap on the student's record; null when not recorded */
  tenthPct: z.number().nullable(),
  twelfthPct: z.number().nullable(),
  gapYears: z.number().nullable(),
  eligible: z.boolean(),
  reasons: z.array(z.string()),
  applied: z.boolean(),
});
export type TEligibleRow = z.infer<typeof ZEligibleRow>;
export const ZEligibleList = z.object({
  driveId: z.number(),
  /** false when no attendance provider exists yet: the criterion was not evaluated */
  attendanceChecked: z.boolean(),
  eligible: z.number(),
  students: z.array(ZEligibleRow),
});
export type TEligibleList = z.infer<typeof ZEligibleList>;

/** JSON body; a multipart request (with a `resume` part) has none. */
export const ZApplyBody = z.object({ rollNo: z.string().trim().max(30).optional() }).nullish();

export const ZApplication = z.object({
  id: z.number(),
  driveId: z.number(),
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  branch: z.string(),
  status: z.string(),
  hasResume: z.boolean(),
  appliedAt: z.string(),
  rounds: z.array(z.object({ seq: z.number(), name: z.string(), result: z.string() })),
  offerCtcRupees: z.number().nullable(),
  offerId: z.number().nullable(),
  hasLetter: z.boolean(),
});
export type TApplication = z.infer<typeof ZApplication>;

export const ROUND_RESULTS = ['qualified', 'not_qualified', 'absent'] as const;
export const ZRoundCreate = z.object({
  name: required('Name the round, e.g. Aptitude', 80),
  heldOn: isoDate('Round date', 'Give the date of the round'),
  results: z
    .array(
      z.object({
        rollNo: required('Give the roll number', 30),
        result: z.enum(ROUND_RESULTS, { message: 'Result is qualified, not_qualified or absent' }),
      }),
    )
    .min(1, 'Give at least one result')
    .max(2000),
});
export type TRoundCreate = z.infer<typeof ZRoundCreate>;
export const ZRound = z.object({
  id: z.number(),
  seq: z.number(),
  name: z.string(),
  heldOn: z.string(),
  qualified: z.number(),
  notQualified: z.number(),
  absent: z.number(),
});
export type TRound = z.infer<typeof ZRound>;

export const ZDriveDetail = z.object({ drive: ZDrive, rounds: z.array(ZRound), applications: z.array(ZApplication) });
export type TDriveDetail = z.infer<typeof ZDriveDetail>;

export const ZOfferCreate = z.object({
  driveId: z.number({ message: 'Choose the drive' }).int().positive('Choose the drive'),
  rollNo: required('Give the roll number', 30),
  role: required('Give the role offered', 120),
  ctcRupees: z.number().int().min(10_000, 'The CTC looks too low').max(100_000_000, 'The CTC looks too high').optional(),
  joiningDate: z.literal('').or(isoDate('Joining date', 'Give the joining date as a date')).optional().default(''),
});
export type TOfferCreate = z.infer<typeof ZOfferCreate>;
export const ZOffer = z.object({
  id: z.number(),
  driveId: z.number(),
  company: z.string(),
  rollNo: z.string(),
  name: z.string(),
  branch: z.string(),
  ctcRupees: z.number(),
  joiningDate: z.string(),
  role: z.string(),
  dream: z.boolean(),
  hasLetter: z.boolean(),
  createdAt: z.string(),
  /** who recorded the offer ('' for offers from before it was kept) */
  decidedBy: z.string(),
});
export type TOffer = z.infer<typeof ZOffer>;

export const ZPlacementSettings = z.object({
  noShowBarDrives: z.number({ message: 'Give the number of drives' }).int().min(0, 'At least 0').max(20, 'At most 20'),
  offerPolicy: z.enum(['one', 'dream'], { message: 'Choose one offer or dream offer' }),
  dreamCtcRupees: z
    .number({ message: 'Give the dream CTC' })
    .int('Give the dream CTC in whole rupees')
    .min(10_000, 'The dream CTC looks too low')
    .max(100_000_000, 'The dream CTC looks too high'),
});
export type TPlacementSettings = z.infer<typeof ZPlacementSettings>;

/** The policy as the dean's screen shows it: the settings, who changed them last, and the change history. */
export const ZPlacementPolicy = ZPlacementSettings.extend({
  updatedAt: z.string().nullable(),
  /** students who already hold two offers (kept when the policy turns to one offer) */
  studentsWithTwoOffers: z.number(),
  history: z.array(
    z.object({
      at: z.string(),
      by: z.string(),
      before: ZPlacementSettings.nullable(),
      after: ZPlacementSettings,
    }),
  ),
});
export type TPlacementPolicy = z.infer<typeof ZPlacementPolicy>;

const admissionYear = z
  .number({ message: 'Give the admission year' })
  .int('Give the admission year, e.g. 2026')
  .min(1990, 'Give the admission year, e.g. 2026')
  .max(2100, 'Give the admission year, e.g. 2026');

/** The placement dean enters (and so verifies) a student's progression to higher studies. */
export const ZHigherStudies = z.object({
  rollNo: required('Give the roll number', 30),
  programme: required('Give the programme, e.g. M.Tech', 120),
  institution: str(200).optional().default(''),
  admissionYear: admissionYear.nullable().optional().default(null),
});
export type THigherStudiesInput = z.input<typeof ZHigherStudies>;

/** A student declares their own; the dean verifies it before it is counted. */
export const ZHigherStudiesDeclare = z.object({
  programme: required('Give the programme, e.g. M.Tech', 120),
  institution: required('Give the institution', 200),
  admissionYear,
});
export type THigherStudiesDeclare = z.infer<typeof ZHigherStudiesDeclare>;
export type THigherStudiesDeclareInput = z.input<typeof ZHigherStudiesDeclare>;

export const ZHigherStudiesRecord = z.object({
  id: z.number(),
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  branch: z.string(),
  batch: z.string(),
  programme: z.string(),
  institution: z.string(),
  admissionYear: z.number().nullable(),
  status: z.enum(HIGHER_STUDIES_STATUSES),
  hasEvidence: z.boolean(),
  evidenceName: z.string(),
  declaredByStudent: z.boolean(),
  verifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type THigherStudiesRecord = z.infer<typeof ZHigherStudiesRecord>;

export const ZHigherStudiesQuery = z.object({
  batch: z.string().trim().max(20).optional(),
  status: z.enum(HIGHER_STUDIES_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type THigherStudiesQuery = z.infer<typeof ZHigherStudiesQuery>;
export const ZHigherStudiesPage = z.object({ items: z.array(ZHigherStudiesRecord), total: z.number() });
export type THigherStudiesPage = z.infer<typeof ZHigherStudiesPage>;
export const ZMyHigherStudies = z.object({ record: ZHigherStudiesRecord.nullable() });
export type TMyHigherStudies = z.infer<typeof ZMyHigherStudies>;

export const ZStatsQuery = z.object({
  batch: z
    .string({ message: 'Choose the batch' })
    .trim()
    .regex(/^\d{4}-\d{4}$/, 'Choose the batch, e.g. 2022-2026'),
});
const ZStatLine = z.object({
  branch: z.string(),
  students: z.number(),
  eligible: z.number(),
  placed: z.number(),
  placementPercent: z.number(),
  offers: z.number(),
  highestCtcRupees: z.number().nullable(),
  medianCtcRupees: z.number().nullable(),
  averageCtcRupees: z.number().nullable(),
  higherStudies: z.number(),
});
export const ZPlacementStats = z.object({ batch: z.string(), branches: z.array(ZStatLine), total: ZStatLine });
export type TPlacementStats = z.infer<typeof ZPlacementStats>;

export const ZMyPlacements = z.object({
  rollNo: z.string(),
  name: z.string(),
  cgpa: z.number(),
  activeBacklogs: z.number(),
  offers: z.array(ZOffer),
  applications: z.array(ZApplication.extend({ company: z.string(), driveDate: z.string() })),
});
export type TMyPlacements = z.infer<typeof ZMyPlacements>;

export const ZPlacementId = z.object({
  id: z.coerce.number({ message: 'Not found' }).int().positive('Not found').max(2_000_000_000),
});

/** ₹ with Indian (lakh) grouping, whole rupees: 1250000 → ₹12,50,000. */
export function formatWholeRupees(rupees: number): string {
  const negative = rupees < 0;
  const digits = String(Math.round(Math.abs(rupees)));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}₹${rest ? `${rest},${last3}` : last3}`;
}

/** CTC in lakhs per annum, e.g. 650000 → "6.5 LPA". */
export function formatLpa(rupees: number): string {
  return `${Math.round((rupees / 100_000) * 100) / 100} LPA`;
}
