import { z } from 'zod';
import { dateRange, ZIsoDate } from './common-schemas.js';
import { ROLES, type Role } from './roles.js';

/** UGC (Redressal of Grievances of Students) Regulations 2023: categories, statuses and limits. */
export const GRIEVANCE_CATEGORIES = [
  'academic',
  'examination',
  'admission',
  'fees',
  'hostel',
  'transport',
  'library',
  'infrastructure',
  'ragging_harassment',
  'other',
] as const;
export type TGrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

export const GRIEVANCE_CATEGORY_LABELS: Record<TGrievanceCategory, string> = {
  academic: 'Academic',
  examination: 'Examination',
  admission: 'Admission',
  fees: 'Fees',
  hostel: 'Hostel',
  transport: 'Transport',
  library: 'Library',
  infrastructure: 'Infrastructure',
  ragging_harassment: 'Ragging or harassment',
  other: 'Other',
};

/** Sensitive categories: the complainant may stay anonymous. */
export const ANONYMOUS_CATEGORIES: readonly TGrievanceCategory[] = ['ragging_harassment', 'hostel', 'other'];

export const GRIEVANCE_STATUSES = ['submitted', 'acknowledged', 'in_progress', 'resolved', 'rejected'] as const;
export type TGrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
export const GRIEVANCE_STATUS_LABELS: Record<TGrievanceStatus, string> = {
  submitted: 'Submitted',
  acknowledged: 'Acknowledged',
  in_progress: 'In progress',
  resolved: 'Resolved',
  rejected: 'Rejected',
};
/** The moves a committee may make; resolved and rejected are decisions. */
export const GRIEVANCE_TRANSITIONS: Record<TGrievanceStatus, readonly TGrievanceStatus[]> = {
  submitted: ['acknowledged', 'rejected'],
  acknowledged: ['in_progress', 'resolved', 'rejected'],
  in_progress: ['resolved', 'rejected'],
  resolved: [],
  rejected: [],
};

export const GRIEVANCE_DESCRIPTION_MAX = 3000;
export const GRIEVANCE_SUBJECT_MAX = 160;
export const GRIEVANCE_MAX_ATTACHMENTS = 3;
export const GRIEVANCE_MAX_FILE_MB = 5;

/** Who lodges: any signed-in student, parent, faculty or staff member (not a kiosk or alumni account). */
export const GRIEVANCE_HANDLER_ROLES: Role[] = [ROLES.GRIEVANCE_INCHARGE];
export const GRIEVANCE_SETTINGS_ROLES: Role[] = [ROLES.ADMIN, ROLES.GRIEVANCE_INCHARGE];
export const GRIEVANCE_REPORT_ROLES: Role[] = [
  ROLES.GRIEVANCE_INCHARGE,
  ROLES.PRINCIPAL,
  ROLES.IQAC_INCHARGE,
  ROLES.IQAC_COORDINATOR,
];
export const GRIEVANCE_NO_LODGE_ROLES: Role[] = [ROLES.OPAC_LIBRARY, ROLES.ALUMNI];

export const GRIEVANCE_MSG = {
  categoryRequired: 'Choose a category',
  subjectRequired: 'Write a short subject',
  subjectTooLong: `The subject can be at most ${GRIEVANCE_SUBJECT_MAX} characters`,
  descriptionRequired: 'Describe the grievance',
  descriptionTooShort: 'Describe the grievance in at least 20 characters',
  descriptionTooLong: `The description can be at most ${GRIEVANCE_DESCRIPTION_MAX} characters`,
  anonymousNotAllowed: 'A grievance of this category cannot be anonymous',
  cannotLodge: 'This account cannot lodge a grievance',
  chooseChild: 'Choose the child the grievance is about',
  notYourChild: 'You can lodge a grievance only about your own child',
  onlyParentsName: 'Only a parent names the student a grievance is about',
  notFound: 'Grievance not found',
  badTransition: (from: string, to: string) => `A grievance that is ${from} cannot be marked ${to}`,
  reasonRequired: 'Give the reason for the decision',
  commentRequired: 'Write a comment',
  commentTooLong: 'A comment can be at most 2000 characters',
  notYours: 'Only the complainant can do this',
  onlyChair: 'Only the chair of the committee can reveal who lodged an anonymous grievance',
  notAnonymous: 'This grievance is not anonymous',
  notDecided: 'Only a resolved or rejected grievance can be appealed',
  appealClosed: (days: number) => `The appeal period of ${days} days after the decision is over`,
  alreadyAppealed: 'This grievance has already been appealed',
  noAppeal: 'This grievance has no pending appeal',
  appealReasonRequired: 'Give the grounds of the appeal',
  fileType: 'Attach a PDF, JPG or PNG file',
  fileTooLarge: `Each attachment can be at most ${GRIEVANCE_MAX_FILE_MB} MB`,
  tooManyFiles: `At most ${GRIEVANCE_MAX_ATTACHMENTS} attachments per grievance`,
  attachLocked: 'Attachments can be added only while the grievance is submitted',
  categoryTaken: (category: string, committee: string) => `${category} is already routed to ${committee}`,
  userNotFound: 'No such user in this college',
} as const;

const text = (required: string, max: number, tooLong: string) =>
  z.string({ message: required }).trim().min(1, required).max(max, tooLong);

export const ZGrievanceCreate = z.object({
  category: z.enum(GRIEVANCE_CATEGORIES, { message: GRIEVANCE_MSG.categoryRequired }),
  subject: text(GRIEVANCE_MSG.subjectRequired, GRIEVANCE_SUBJECT_MAX, GRIEVANCE_MSG.subjectTooLong),
  description: text(GRIEVANCE_MSG.descriptionRequired, GRIEVANCE_DESCRIPTION_MAX, GRIEVANCE_MSG.descriptionTooLong).refine(
    (s) => s.length >= 20,
    GRIEVANCE_MSG.descriptionTooShort,
  ),
  anonymous: z.boolean().optional().default(false),
  /** a parent names the linked child the grievance concerns */
  studentId: z.number().int().positive().nullable().optional().default(null),
});
export type TGrievanceCreate = z.infer<typeof ZGrievanceCreate>;
export type TGrievanceCreateInput = z.input<typeof ZGrievanceCreate>;

export const ZGrievanceListQuery = z.object({
  status: z.enum(GRIEVANCE_STATUSES).optional(),
  category: z.enum(GRIEVANCE_CATEGORIES).optional(),
  overdue: z.enum(['true', 'false']).optional(),
  appealed: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
  /** only the caller's own grievances (a student who also sits on a committee) */
  mine: z.enum(['true', 'false']).optional(),
  /** only those still open: submitted, acknowledged or in progress */
  open: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TGrievanceListQuery = z.infer<typeof ZGrievanceListQuery>;

export const ZGrievanceStatusChange = z
  .object({
    status: z.enum(['acknowledged', 'in_progress', 'resolved', 'rejected'], { message: 'Choose the new status' }),
    reason: z.string().trim().max(2000, 'The reason can be at most 2000 characters').optional().default(''),
  })
  .refine((v) => !(v.status === 'resolved' || v.status === 'rejected') || v.reason.length > 0, {
    message: GRIEVANCE_MSG.reasonRequired,
    path: ['reason'],
  });
export type TGrievanceStatusChange = z.infer<typeof ZGrievanceStatusChange>;

export const ZGrievanceComment = z.object({
  body: text(GRIEVANCE_MSG.commentRequired, 2000, GRIEVANCE_MSG.commentTooLong),
  internal: z.boolean().optional().default(false),
});
export type TGrievanceComment = z.infer<typeof ZGrievanceComment>;

export const ZGrievanceAppeal = z.object({
  reason: text(GRIEVANCE_MSG.appealReasonRequired, 2000, 'The grounds can be at most 2000 characters'),
});
export const ZGrievanceAppealDecision = z.object({
  outcome: z.enum(['upheld', 'dismissed'], { message: 'Choose upheld or dismissed' }),
  decision: text('Write the decision', 2000, 'The decision can be at most 2000 characters'),
});
export type TGrievanceAppealDecision = z.infer<typeof ZGrievanceAppealDecision>;

export const ZGrievanceId = z.object({
  id: z.coerce.number({ message: 'Not found' }).int().positive('Not found').max(2_000_000_000),
});

export const ZGrievanceSummary = z.object({
  id: z.number(),
  number: z.string(),
  category: z.string(),
  subject: z.string(),
  status: z.string(),
  anonymous: z.boolean(),
  /** null when anonymous and not revealed to this caller */
  complainant: z.string().nullable(),
  committee: z.string().nullable(),
  lodgedOn: z.string(),
  dueOn: z.string(),
  overdue: z.boolean(),
  escalated: z.boolean(),
  appealStatus: z.string().nullable(),
  /** the student it concerns, when a parent lodged it about their child */
  student: z.object({ id: z.number(), rollNo: z.string(), name: z.string() }).nullable(),
});
export type TGrievanceSummary = z.infer<typeof ZGrievanceSummary>;

export const ZGrievancePage = z.object({ items: z.array(ZGrievanceSummary), total: z.number() });
export type TGrievancePage = z.infer<typeof ZGrievancePage>;

export const ZGrievanceCommentView = z.object({
  id: z.number(),
  author: z.string(),
  internal: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export const ZGrievanceDetail = ZGrievanceSummary.extend({
  description: z.string(),
  decision: z.string(),
  decidedAt: z.string().nullable(),
  appealReason: z.string(),
  appealedAt: z.string().nullable(),
  appealDueOn: z.string().nullable(),
  appealDecision: z.string(),
  appealDecidedAt: z.string().nullable(),
  /** the last day the complainant may appeal, once decided */
  appealOpenUntil: z.string().nullable(),
  identityRevealedAt: z.string().nullable(),
  identityRevealedBy: z.string().nullable(),
  comments: z.array(ZGrievanceCommentView),
  attachments: z.array(z.object({ id: z.number(), fileName: z.string(), mime: z.string(), size: z.number() })),
  /** what this caller may do */
  can: z.object({
    act: z.boolean(),
    comment: z.boolean(),
    internalNotes: z.boolean(),
    appeal: z.boolean(),
    decideAppeal: z.boolean(),
    reveal: z.boolean(),
    attach: z.boolean(),
  }),
  nextStatuses: z.array(z.string()),
});
export type TGrievanceDetail = z.infer<typeof ZGrievanceDetail>;

export const ZGrievanceReveal = z.object({ complainant: z.string(), username: z.string(), revealedAt: z.string() });

export const ZCommitteeMember = z.object({
  userId: z.number().int().positive().nullable().optional().default(null),
  name: text('Name the member', 120, 'A name can be at most 120 characters'),
  position: z.enum(['chair', 'member', 'student_invitee'], { message: 'Choose chair, member or student invitee' }),
  designation: z.string().trim().max(60).optional().default(''),
  gender: z.enum(['MALE', 'FEMALE', 'OTHER'], { message: 'Choose the gender' }),
  socialCategory: z.enum(['GEN', 'OBC', 'SC', 'ST'], { message: 'Choose GEN, OBC, SC or ST' }),
});
export type TCommitteeMember = z.infer<typeof ZCommitteeMember>;
export const ZCommitteeSave = z.object({
  name: text('Name the committee', 160, 'A name can be at most 160 characters'),
  categories: z.array(z.enum(GRIEVANCE_CATEGORIES)).max(GRIEVANCE_CATEGORIES.length),
  members: z.array(ZCommitteeMember).max(30),
});
export type TCommitteeSave = z.infer<typeof ZCommitteeSave>;
export const ZCommittee = z.object({
  id: z.number(),
  name: z.string(),
  categories: z.array(z.string()),
  members: z.array(ZCommitteeMember.extend({ id: z.number(), userId: z.number().nullable() })),
  /** the regulations' composition check */
  compliant: z.boolean(),
  problems: z.array(z.string()),
});
export type TCommittee = z.infer<typeof ZCommittee>;

export const ZGrievanceSettings = z.object({
  decisionWorkingDays: z
    .number({ message: 'Give the number of working days' })
    .int()
    .min(1, 'At least 1 day')
    .max(60, 'At most 60 days'),
  appealDays: z.number({ message: 'Give the appeal period in days' }).int().min(1, 'At least 1 day').max(90, 'At most 90 days'),
  ombudspersonDays: z
    .number({ message: 'Give the ombudsperson period in days' })
    .int()
    .min(1, 'At least 1 day')
    .max(90, 'At most 90 days'),
});
export type TGrievanceSettings = z.infer<typeof ZGrievanceSettings>;

export const ZGrievanceReportQuery = z
  .object({
    from: ZIsoDate('from', { invalid: 'Give the from date as yyyy-mm-dd' }).optional(),
    to: ZIsoDate('to', { invalid: 'Give the to date as yyyy-mm-dd' }).optional(),
  })
  .superRefine(dateRange({ from: 'from', to: 'to' }));
export const ZGrievanceReport = z.object({
  total: z.number(),
  byCategory: z.array(z.object({ category: z.string(), count: z.number() })),
  byStatus: z.array(z.object({ status: z.string(), count: z.number() })),
  byMonth: z.array(z.object({ month: z.string(), count: z.number() })),
  /** calendar days from lodging to decision, median of the decided ones; null when none */
  medianDaysToResolve: z.number().nullable(),
  resolvedWithinDeadline: z.number(),
  decided: z.number(),
  pending: z.number(),
  appeals: z.number(),
  overdue: z.array(ZGrievanceSummary),
});
export type TGrievanceReport = z.infer<typeof ZGrievanceReport>;

export const ZGrievanceOk = z.object({ ok: z.literal(true) });
