import { z } from 'zod';
import { ROLES, type Role } from './roles.js';
import { ZIsoDate, capped } from './common-schemas.js';

/**
 * The exam cell before the exam: an exam (regular or supplementary) of one regulation's semesters,
 * students' registrations and their fee (a ledger charge), the gates a hall ticket must pass
 * (attendance, the exam fee, other dues) and the principal's condonation.
 */
export const EXAM_CELL_ROLES: Role[] = [ROLES.EXAMINATION, ROLES.ADMIN];
export const EXAM_CONDONE_ROLES: Role[] = [ROLES.PRINCIPAL];

export const EXAM_KINDS = ['regular', 'supplementary'] as const;
export const EXAM_SESSIONS = ['FN', 'AN'] as const;
export type TExamSession = (typeof EXAM_SESSIONS)[number];
/** An exam moves forward one state at a time. */
export const EXAM_STATUSES = ['draft', 'registration', 'hall_tickets', 'in_progress', 'marks_entry', 'published'] as const;
export type TExamStatus = (typeof EXAM_STATUSES)[number];
export const EXAM_STATUS_LABELS: Record<TExamStatus, string> = {
  draft: 'Draft',
  registration: 'Registration open',
  hall_tickets: 'Hall tickets issued',
  in_progress: 'In progress',
  marks_entry: 'Marks entry',
  published: 'Published',
};

export const EXAM_MSG = {
  name: "Enter the exam's name (3 to 160 characters)",
  semesters: 'Choose at least one semester',
  regulation: 'Choose the regulation',
  startsAfterEnd: 'The exam must start on or before its last day',
  closesAfterStart: 'Registration must close on or before the exam starts',
  notFound: 'That exam does not exist',
  step: (from: string, to: string) => `An exam that is "${from}" cannot move to "${to}"; it moves one step at a time`,
  editAfterDraft: 'Only a draft exam can change its regulation, semesters or fees',
  notOpen: 'Registration for this exam is not open',
  closed: 'Registration for this exam closed on its last day',
  notOfExam: (roll: string) => `${roll} is not in a semester this exam examines`,
  noStudent: (roll: string) => `No student has roll number ${roll}`,
  notBacklog: (code: string) => `${code} is not one of this student's backlogs in this exam`,
  nothingToWrite: 'This student has no paper to write in this exam',
  alreadyRegistered: (roll: string) => `${roll} is already registered for this exam`,
  feeUnpaid: (roll: string) => `${roll} has not paid the exam fee`,
  notYours: 'You can register only yourself',
  condoneBand: (roll: string) =>
    `${roll} is not in the condonable band of attendance: only a student short of attendance above the detention limit can be condoned`,
  condoneReason: 'Give the reason for the condonation (5 to 300 characters)',
  alreadyCondoned: (roll: string) => `${roll} is already condoned for this exam`,
  notRegistered: (roll: string) => `${roll} is not registered for this exam`,
  ticketsNotYet: 'Hall tickets are issued once registration closes',
  noTicket: 'No hall ticket has been issued to this student for this exam',
} as const;

const paise = z.number().int().min(0, 'An amount cannot be negative').max(10_000_000_00, 'An amount is too large');
const id = z.number().int().positive();

export const ZLateFeeSlab = z.object({ fromDate: ZIsoDate('late fee from date'), feePaise: paise });

const examFields = {
  name: z.string({ message: EXAM_MSG.name }).trim().min(3, EXAM_MSG.name).max(160, EXAM_MSG.name),
  kind: z.enum(EXAM_KINDS, { message: 'Choose regular or supplementary' }),
  regulationId: z.number({ message: EXAM_MSG.regulation }).int().positive(EXAM_MSG.regulation),
  semesterIds: z.array(id, { message: EXAM_MSG.semesters }).min(1, EXAM_MSG.semesters).max(12),
  registrationCloses: ZIsoDate('registration closing date'),
  startsOn: ZIsoDate('first day of the exam'),
  endsOn: ZIsoDate('last day of the exam'),
  feePerPaperPaise: paise,
  feeCapPaise: paise,
  lateFees: z.array(ZLateFeeSlab).max(6),
  duesLimitPaise: paise,
  condonationFeePaise: paise,
};

function datesInOrder(v: { startsOn?: string; endsOn?: string; registrationCloses?: string }, ctx: z.RefinementCtx) {
  if (v.startsOn && v.endsOn && v.startsOn > v.endsOn)
    ctx.addIssue({ code: 'custom', path: ['endsOn'], message: EXAM_MSG.startsAfterEnd });
  if (v.startsOn && v.registrationCloses && v.registrationCloses > v.startsOn)
    ctx.addIssue({ code: 'custom', path: ['registrationCloses'], message: EXAM_MSG.closesAfterStart });
}

export const ZExamInput = z
  .object({
    ...examFields,
    feeCapPaise: paise.default(0),
    lateFees: examFields.lateFees.default([]),
    duesLimitPaise: paise.default(0),
    condonationFeePaise: paise.default(0),
  })
  .superRefine(datesInOrder);
export type TExamInput = z.input<typeof ZExamInput>;

/** PUT: the fields to change, and/or the next status (a field left out stays as it is: no defaults here). */
export const ZExamUpdate = z
  .object({ ...examFields, status: z.enum(EXAM_STATUSES, { message: 'Choose a status' }) })
  .partial()
  .superRefine(datesInOrder);
export type TExamUpdate = z.input<typeof ZExamUpdate>;

export const ZExamListQuery = z.object({
  q: z.string().trim().max(80).optional(),
  status: z.enum(EXAM_STATUSES).optional(),
});

export const ZExamPaper = z.object({
  id: z.number(),
  subjectId: z.number(),
  code: z.string(),
  name: z.string(),
  semester: z.string(),
  branch: z.string(),
  date: z.string().nullable(),
  session: z.string().nullable(),
  registered: z.number().int(),
});
export type TExamPaper = z.infer<typeof ZExamPaper>;

export const ZExamSummary = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(EXAM_KINDS),
  status: z.enum(EXAM_STATUSES),
  regulation: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  registrationCloses: z.string(),
  registrations: z.number().int(),
  hallTickets: z.number().int(),
});
export type TExamSummary = z.infer<typeof ZExamSummary>;

export const ZExam = ZExamSummary.extend({
  regulationId: z.number(),
  semesters: z.array(z.object({ id: z.number(), name: z.string() })),
  feePerPaperPaise: z.number(),
  feeCapPaise: z.number(),
  lateFees: z.array(z.object({ fromDate: z.string(), feePaise: z.number() })),
  duesLimitPaise: z.number(),
  condonationFeePaise: z.number(),
  papers: z.array(ZExamPaper),
  verified: z.number().int(),
  /** after the exam (106): the steps taken, and the window and fees of recounting and revaluation */
  decodedAt: z.string().nullable(),
  processedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  revaluation: z.object({
    closes: z.string().nullable(),
    recountFeePaise: z.number().int(),
    photocopyFeePaise: z.number().int(),
    revalFeePaise: z.number().int(),
    reducedCategories: z.array(z.string()),
    reducedPercent: z.number().int(),
  }),
});
export type TExam = z.infer<typeof ZExam>;
export const ZExamList = z.array(ZExamSummary);

// ---- Registrations ---------------------------------------------------------------------------

/**
 * The exam cell registers one student (rollNo, with the backlogs chosen) or every student of the
 * exam's semesters at once (everyone); a student registers themselves (no rollNo).
 */
export const ZRegisterRequest = z.object({
  rollNo: z.string().trim().toUpperCase().min(1, 'Enter the roll number').max(30).optional(),
  backlogs: z.array(z.string().trim().min(1).max(30)).max(60).optional(),
  everyone: z.boolean().optional(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;
export const ZRegisterResult = z.object({
  message: z.string(),
  registered: z.number().int(),
  already: z.number().int(),
  skipped: z.array(z.object({ rollNo: z.string(), reason: z.string() })),
});
export type TRegisterResult = z.infer<typeof ZRegisterResult>;

export const REGISTRATION_STATUSES = ['registered', 'verified', 'cancelled'] as const;
export const ZRegistrationListQuery = z.object({
  q: z.string().trim().max(80).optional(),
  status: z.enum(REGISTRATION_STATUSES).optional(),
  branch: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZRegistrationRow = z.object({
  id: z.number(),
  rollNo: z.string(),
  name: z.string(),
  branch: z.string(),
  semester: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  regularPapers: z.number().int(),
  backlogPapers: z.number().int(),
  feePaise: z.number(),
  lateFeePaise: z.number(),
  /** what is still owed of this registration's fee (the ledger's line) */
  feeDuePaise: z.number(),
  registeredOn: z.string(),
});
export type TRegistrationRow = z.infer<typeof ZRegistrationRow>;
export const ZRegistrationList = capped(ZRegistrationRow).extend({ page: z.number().int() });
export type TRegistrationList = z.infer<typeof ZRegistrationList>;

export const ZVerifyRequest = z.object({
  ids: z.array(id).min(1, 'Choose at least one registration').max(10_000),
  status: z.enum(['verified', 'cancelled']),
});
export const ZVerifyResult = z.object({
  message: z.string(),
  changed: z.number().int(),
  skipped: z.array(z.object({ rollNo: z.string(), reason: z.string() })),
});

// ---- Eligibility -----------------------------------------------------------------------------

export const ELIGIBILITY_GATES = ['eligible', 'withheld'] as const;
export const ZEligibilityQuery = z.object({
  q: z.string().trim().max(80).optional(),
  gate: z.enum(ELIGIBILITY_GATES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZEligibilityRow = z.object({
  registrationId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  branch: z.string(),
  attendancePercent: z.number(),
  /** the attendance service's standing: eligible | condonable | detained */
  attendanceStanding: z.string(),
  condoned: z.boolean(),
  condonationDuePaise: z.number(),
  examFeeDuePaise: z.number(),
  /** what else the student owes now (the ledger), against the exam's limit */
  otherDuesPaise: z.number(),
  eligible: z.boolean(),
  reasons: z.array(z.string()),
  hallTicket: z.boolean(),
});
export type TEligibilityRow = z.infer<typeof ZEligibilityRow>;
export const ZEligibility = capped(ZEligibilityRow).extend({
  page: z.number().int(),
  counts: z.object({ registered: z.number().int(), eligible: z.number().int(), withheld: z.number().int() }),
  duesLimitPaise: z.number(),
});
export type TEligibility = z.infer<typeof ZEligibility>;

export const ZCondonationRequest = z.object({
  rollNo: z.string().trim().toUpperCase().min(1, 'Enter the roll number').max(30),
  reason: z.string({ message: EXAM_MSG.condoneReason }).trim().min(5, EXAM_MSG.condoneReason).max(300, EXAM_MSG.condoneReason),
});
export const ZCondonationResult = z.object({ message: z.string(), id: z.number(), feePaise: z.number() });

export const ZShortageNoticeResult = z.object({ message: z.string(), notices: z.number().int(), students: z.number().int() });
export const ZShortageNotice = z.object({
  rollNo: z.string(),
  name: z.string(),
  sentTo: z.enum(['student', 'parent']),
  address: z.string(),
  percent: z.number(),
  standing: z.string(),
  sentOn: z.string(),
  sentBy: z.string(),
});
export const ZShortageNotices = z.array(ZShortageNotice);

// ---- Hall tickets ----------------------------------------------------------------------------

export const ZHallTicketRequest = z.object({
  rollNos: z.array(z.string().trim().toUpperCase().min(1).max(30)).max(10_000).optional(),
  branch: z.string().trim().max(40).optional(),
});
export const ZHallTicketResult = z.object({
  message: z.string(),
  issued: z.number().int(),
  already: z.number().int(),
  withheld: z.array(z.object({ rollNo: z.string(), reasons: z.array(z.string()) })),
});
export const ZRollNoPdfParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int().min(1).max(2_000_000_000),
  rollNo: z.string().trim().toUpperCase().min(1).max(30),
});

/** One PDF of many hall tickets (a branch, or all issued), made off the request with its progress. */
export const ZTicketBatchRequest = z.object({ branch: z.string().trim().max(40).default('') });
export const ZTicketBatch = z.object({
  id: z.number(),
  branch: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  done: z.number().int(),
  total: z.number().int(),
  error: z.string(),
  createdAt: z.string(),
  finishedAt: z.string(),
});
export type TTicketBatch = z.infer<typeof ZTicketBatch>;
export const ZTicketBatchParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int().min(1).max(2_000_000_000),
  batchId: z.coerce.number({ message: 'batchId must be a number' }).int().min(1).max(2_000_000_000),
});

// ---- The student's own -----------------------------------------------------------------------

export const ZMyExamPaper = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['regular', 'backlog']),
  date: z.string().nullable(),
  session: z.string().nullable(),
  room: z.string().nullable(),
  seatNo: z.string().nullable(),
});
export const ZMyExam = z.object({
  examId: z.number(),
  name: z.string(),
  status: z.enum(EXAM_STATUSES),
  registration: z.enum(REGISTRATION_STATUSES),
  feePaise: z.number(),
  feeDuePaise: z.number(),
  eligible: z.boolean(),
  reasons: z.array(z.string()),
  hallTicket: z.boolean(),
  papers: z.array(ZMyExamPaper),
});
export type TMyExam = z.infer<typeof ZMyExam>;
export const ZMyExams = z.object({
  /** whom the answer is about (a parent's chosen child) */
  student: z.object({ id: z.number(), rollNo: z.string(), name: z.string() }),
  /** exams open for registration that this student may register for */
  open: z.array(
    z.object({ examId: z.number(), name: z.string(), registrationCloses: z.string(), backlogs: z.array(z.string()) }),
  ),
  registered: z.array(ZMyExam),
});
export type TMyExams = z.infer<typeof ZMyExams>;
