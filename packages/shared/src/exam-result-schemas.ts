import { z } from 'zod';
import { ROLES, type Role } from './roles.js';
import { ZIsoDate } from './common-schemas.js';
import { EXAM_CELL_ROLES } from './exam-schemas.js';

/**
 * The exam cell after the exam: internal marks (faculty, locked by the HoD, moderated with a
 * reason), external marks entered twice against dummy numbers, decoding, processing by the
 * regulation's rules with grace, publication into the results lookup, recounting/photocopy/
 * revaluation, transcripts and certificates, the NAD export and each student's ABC id.
 */

/** Faculty enter their section's internal marks and evaluate scripts; the HoD locks internals. */
export const INTERNAL_MARKS_ROLES: Role[] = [...EXAM_CELL_ROLES, ROLES.FACULTY, ROLES.HOD];
export const INTERNAL_LOCK_ROLES: Role[] = [...EXAM_CELL_ROLES, ROLES.HOD];
export const EVALUATOR_ROLES: Role[] = [...EXAM_CELL_ROLES, ROLES.FACULTY, ROLES.HOD];

export const GRACE_PURPOSES = ['pass', 'class'] as const;
export const REVAL_KINDS = ['recount', 'photocopy', 'revaluation'] as const;
export type TRevalKind = (typeof REVAL_KINDS)[number];
export const REVAL_RULES = ['second_if_diff', 'average'] as const;
export const OUTCOME_STATUSES = ['Pass', 'Fail', 'Absent', 'Malpractice', 'Withheld'] as const;
export type TOutcomeStatus = (typeof OUTCOME_STATUSES)[number];

export const RESULT_MSG = {
  noRules: 'Set the regulation’s exam rules (maximum and minimum marks) first',
  notYourSection: 'You do not teach this subject to this section',
  locked: 'These internal marks are locked by the HoD',
  notLocked: 'Internal marks are moderated after the HoD locks them',
  overMax: (roll: string, max: number) => `${roll}: marks must be between 0 and ${max}`,
  notInSection: (roll: string) => `${roll} is not a student of this section writing this paper`,
  noScript: (dummy: string) => `No answer script has dummy number ${dummy}`,
  notWritten: (dummy: string) => `Script ${dummy} is marked absent or malpractice and takes no marks`,
  thirdEntry: (dummy: string) => `Script ${dummy} already has both entries; only its two evaluators can correct them`,
  notDecodable: (n: number) => `${n} answer scripts still need two entries that agree`,
  notDecoded: 'Decode the dummy numbers first',
  notLockedAll: (n: number) => `${n} sections' internal marks are not locked yet`,
  notProcessed: 'Process the results first',
  stale: 'Marks changed after processing: process the results again',
  notMarksEntry: 'Marks are entered after the exam is written',
  windowClosed: 'The window for recounting and revaluation requests is closed',
  noWindow: 'This exam has not opened recounting and revaluation',
  notPublished: 'Results of this exam are not published yet',
  supplyNoReval: 'The regulation allows no revaluation of a supplementary exam',
  notWrote: 'You did not write this paper in this exam',
  already: 'This request was already made for this paper',
  unpaid: (rupees: string) => `The fee of ${rupees} is not paid yet`,
  decided: 'This request is already decided',
  marksNeeded: 'Enter the marks the second evaluation gave',
  abcId: 'Enter the 12-digit ABC (APAAR) id',
  abcTaken: 'This ABC id belongs to another student of this college',
} as const;

export const ZExamRules = z.object({
  regulationId: z.number().int(),
  cieMax: z.number().int().min(0).max(100),
  seeMax: z.number().int().min(1).max(200),
  cieMin: z.number().int().min(0),
  seeMin: z.number().int().min(0),
  totalMinPercent: z.number().int().min(0).max(100),
  supplyGradeCap: z.enum(['', 'S', 'A', 'B', 'C', 'D']),
  supplyRevaluation: z.boolean(),
  revalRule: z.enum(REVAL_RULES),
  revalThreshold: z.number().int().min(0).max(100),
  distinctionCgpa: z.number().min(0).max(10),
  firstClassCgpa: z.number().min(0).max(10),
  secondClassCgpa: z.number().min(0).max(10),
});
export type TExamRules = z.infer<typeof ZExamRules>;
export const ZExamRulesInput = ZExamRules.omit({ regulationId: true })
  .refine((r) => r.cieMin <= r.cieMax, { message: 'The internal minimum cannot exceed its maximum', path: ['cieMin'] })
  .refine((r) => r.seeMin <= r.seeMax, { message: 'The external minimum cannot exceed its maximum', path: ['seeMin'] })
  .refine((r) => r.distinctionCgpa >= r.firstClassCgpa && r.firstClassCgpa >= r.secondClassCgpa, {
    message: 'Class lines must fall: distinction ≥ first class ≥ second class',
    path: ['firstClassCgpa'],
  });

export const ZRevalSettings = z
  .object({
    revalCloses: ZIsoDate('the last day for requests'),
    recountFeePaise: z.number().int().min(0).max(10_000_000),
    photocopyFeePaise: z.number().int().min(0).max(10_000_000),
    revalFeePaise: z.number().int().min(0).max(10_000_000),
    reducedCategories: z.array(z.string().trim().min(1).max(20)).max(20).default([]),
    reducedPercent: z.number().int().min(0).max(100).default(0),
  })
  .strict();

const rollNo = z.string().trim().toUpperCase().min(1, 'Enter the roll number').max(30);
const wholeMarks = z
  .number({ message: 'Marks must be a whole number' })
  .int('Marks must be a whole number')
  .min(0, 'Marks cannot be negative');

export const ZInternalQuery = z.object({
  paperId: z.coerce.number().int().positive(),
  sectionId: z.coerce.number().int().positive(),
});
export const ZInternalSheet = z.object({
  paperId: z.number().int(),
  sectionId: z.number().int(),
  paper: z.string(),
  section: z.string(),
  cieMax: z.number().int(),
  locked: z.boolean(),
  lockedBy: z.string(),
  rows: z.array(
    z.object({
      rollNo: z.string(),
      name: z.string(),
      marks: z.number().nullable(),
      originalMarks: z.number().nullable(),
      /** from the OBE assessments of the subject and section, scaled to cieMax; null when none */
      fromAssessments: z.number().nullable(),
    }),
  ),
  moderationReason: z.string(),
});
export type TInternalSheet = z.infer<typeof ZInternalSheet>;
/** The papers and sections whose internal marks the caller enters or locks, with their progress. */
export const ZInternalSections = z.object({
  items: z.array(
    z.object({
      paperId: z.number().int(),
      sectionId: z.number().int(),
      paper: z.string(),
      section: z.string(),
      faculty: z.string(),
      students: z.number().int(),
      entered: z.number().int(),
      locked: z.boolean(),
      moderated: z.boolean(),
      /** the caller teaches it (or is the exam cell): may enter its marks */
      mayEnter: z.boolean(),
      /** the caller heads its department (or is the exam cell): may lock it */
      mayLock: z.boolean(),
    }),
  ),
});
export type TInternalSections = z.infer<typeof ZInternalSections>;
export const ZInternalSave = z.object({
  paperId: z.number().int().positive(),
  sectionId: z.number().int().positive(),
  marks: z
    .array(z.object({ rollNo, marks: wholeMarks }))
    .min(1, 'Enter at least one student’s marks')
    .max(500),
});
export const ZInternalLock = z.object({ paperId: z.number().int().positive(), sectionId: z.number().int().positive() });
export const ZModeration = z.object({
  paperId: z.number().int().positive(),
  sectionId: z.number().int().positive(),
  add: z
    .number()
    .int()
    .min(-20)
    .max(20)
    .refine((n) => n !== 0, 'Add or take away at least one mark'),
  reason: z.string().trim().min(5, 'Give the moderation board’s reason (5 characters or more)').max(300),
});

export const EXTERNAL_STATES = ['pending', 'first', 'agreed', 'mismatch'] as const;
export const ZExternalQuery = z.object({
  paperId: z.coerce.number().int().positive().optional(),
  state: z.enum(EXTERNAL_STATES).optional(),
  q: z.string().trim().max(20).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZExternalSheet = z.object({
  seeMax: z.number().int(),
  items: z.array(
    z.object({
      dummyNo: z.string(),
      paper: z.string(),
      state: z.enum(EXTERNAL_STATES),
      /** the caller's own entry; the exam cell sees both */
      yourMarks: z.number().nullable(),
      firstMarks: z.number().nullable(),
      secondMarks: z.number().nullable(),
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  counts: z.object({ pending: z.number(), first: z.number(), agreed: z.number(), mismatch: z.number() }),
});
export type TExternalSheet = z.infer<typeof ZExternalSheet>;
export const ZExternalSave = z.object({
  entries: z
    .array(z.object({ dummyNo: z.string().trim().min(1, 'Enter the dummy number').max(20), marks: wholeMarks }))
    .min(1, 'Enter at least one script’s marks')
    .max(500),
});
export const ZExternalSaved = z.object({
  message: z.string(),
  saved: z.number().int(),
  agreed: z.number().int(),
  mismatched: z.array(z.string()),
});

export const ZStepResult = z.object({ message: z.string(), count: z.number().int() });
export const ZProcessResult = z.object({
  message: z.string(),
  processed: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  graceAwards: z.number().int(),
});

export const ZExamResultsQuery = z.object({
  q: z.string().trim().max(80).optional(),
  status: z.enum(OUTCOME_STATUSES).optional(),
  grace: z.enum(['yes']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZExamResultRow = z.object({
  rollNo: z.string(),
  name: z.string(),
  paperId: z.number().int(),
  courseCode: z.string(),
  course: z.string(),
  credits: z.number(),
  internal: z.number().nullable(),
  external: z.number().nullable(),
  grace: z.number(),
  graceRule: z.string(),
  total: z.number(),
  grade: z.string(),
  gradePoints: z.number(),
  status: z.string(),
  withheldReason: z.string(),
});
export const ZExamResults = z.object({
  processedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  title: z.string(),
  items: z.array(ZExamResultRow),
  total: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
});
export type TExamResults = z.infer<typeof ZExamResults>;
export const ZPublishResult = z.object({ message: z.string(), title: z.string(), results: z.number().int() });

export const ZGraceRule = z.object({
  id: z.number().int(),
  name: z.string(),
  purpose: z.enum(GRACE_PURPOSES),
  maxMarks: z.number().int(),
  maxSubjects: z.number().int(),
  active: z.boolean(),
});
export type TGraceRule = z.infer<typeof ZGraceRule>;
export const ZGraceRuleInput = z.object({
  name: z.string().trim().min(3, 'Name the rule (3 characters or more)').max(120),
  purpose: z.enum(GRACE_PURPOSES, { message: 'Choose what the grace is for: to pass, or to reach a class' }),
  maxMarks: z.number().int().min(1, 'Grace is at least one mark').max(20, 'Grace is at most 20 marks'),
  maxSubjects: z.number().int().min(1, 'Grace covers at least one subject').max(10),
  active: z.boolean().default(true),
});
export const ZGraceRules = z.object({ items: z.array(ZGraceRule) });

export const ZRevalRequestInput = z.object({
  examId: z.number().int().positive(),
  paperId: z.number().int().positive(),
  kind: z.enum(REVAL_KINDS, { message: 'Choose recounting, a photocopy or revaluation' }),
  /** the exam cell files for a student; a student files for themself */
  rollNo: rollNo.optional(),
});
export const ZRevalRequestSaved = z.object({ message: z.string(), id: z.number().int(), feePaise: z.number().int() });
export const ZRevalListQuery = z.object({
  examId: z.coerce.number().int().positive().optional(),
  status: z.enum(['requested', 'decided']).optional(),
  kind: z.enum(REVAL_KINDS).optional(),
  q: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZRevalRequest = z.object({
  id: z.number().int(),
  examId: z.number().int(),
  exam: z.string(),
  /** '' for an evaluator, who works from the dummy number */
  rollNo: z.string(),
  name: z.string(),
  dummyNo: z.string(),
  paperId: z.number().int(),
  courseCode: z.string(),
  course: z.string(),
  kind: z.enum(REVAL_KINDS),
  feePaise: z.number().int(),
  feeDuePaise: z.number().int(),
  status: z.enum(['requested', 'decided']),
  oldMarks: z.number(),
  secondMarks: z.number().nullable(),
  newMarks: z.number().nullable(),
  oldGrade: z.string(),
  newGrade: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string(),
  decidedBy: z.string(),
});
export type TRevalRequest = z.infer<typeof ZRevalRequest>;
export const ZRevalList = z.object({
  items: z.array(ZRevalRequest),
  total: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
});
export const ZRevalOutcomeInput = z.object({ marks: wholeMarks.optional() });
export const ZRevalOutcome = z.object({
  message: z.string(),
  oldMarks: z.number(),
  newMarks: z.number(),
  oldGrade: z.string(),
  newGrade: z.string(),
  changed: z.boolean(),
});

export const ZAbcIdInput = z.object({
  abcId: z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12}$/, RESULT_MSG.abcId)
        .refine((s) => !/^(\d)\1{11}$/.test(s), RESULT_MSG.abcId),
    ),
});
export const ZAbcId = z.object({ message: z.string(), abcId: z.string() });
