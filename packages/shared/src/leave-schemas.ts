import { z } from 'zod';
import { capped, dateRange, MAX_DAY_SPAN, ZIsoDate, ZIsoMonth } from './common-schemas.js';
import { ROLES, type Role } from './roles.js';
export { LEAVE_PATHS } from './module-paths.js';

export const LEAVE_APPLY_ROLES: Role[] = [ROLES.FACULTY, ROLES.HOD];
export const LEAVE_DECIDE_ROLES: Role[] = [ROLES.HOD, ROLES.PRINCIPAL];
export const LEAVE_ADMIN_ROLES: Role[] = [ROLES.ADMIN];
export const LEAVE_VIEW_ROLES: Role[] = [ROLES.FACULTY, ROLES.HOD, ROLES.PRINCIPAL, ROLES.ADMIN];

export const LEAVE_MSG = {
  typeNotFound: 'Choose a leave type that exists',
  toBeforeFrom: 'The last day of leave cannot be before the first',
  halfDayOneDay: 'A half day is a single day: the first and last day must be the same',
  halfDayNotAllowed: (code: string) => `${code} cannot be taken as a half day`,
  noWorkingDays: 'Those dates have no working days: nothing to apply for',
  overlap: (from: string, to: string) => `You already have leave from ${from} to ${to} that overlaps these dates`,
  quota: (code: string, left: number, need: number) => `Only ${left} day(s) of ${code} left this year; this leave needs ${need}`,
  backupMissing: (what: string) => `Name a backup faculty for ${what}`,
  backupSelf: 'You cannot be your own backup',
  backupBusy: (name: string, what: string) => `${name} already teaches in that period (${what}); choose another backup`,
  blockOneBackup: (what: string) => `A class block has one backup: name the same faculty for all of ${what}`,
  backupOnLeave: (name: string) => `${name} is on leave that day; choose another backup`,
  notYourRequest: 'That backup request is not addressed to you',
  alreadyDecided: 'This request has already been decided',
  notPendingApproval: 'This leave is not waiting for approval',
  notYourApproval: 'Only the HoD of the department (the principal for a HoD) decides this leave',
  notFound: 'That leave application does not exist',
  notYours: 'That leave application is not yours',
  notFaculty: 'Your login is not linked to a faculty record; ask the admin to link it',
  applied: 'Leave applied; your backups have been asked',
  appliedNoBackup: 'Leave applied and sent for approval',
} as const;

const isoDate = (label: string) =>
  ZIsoDate(
    label.replace(/^./, (c) => c.toUpperCase()),
    {
      required: `Choose the ${label}`,
      invalid: `Enter the ${label} as a real date, yyyy-mm-dd`,
    },
  );
// A leave (and the classes it misses) is walked day by day: at most a year of days.
const leaveDays = dateRange({
  from: 'fromDate',
  to: 'toDate',
  fromLabel: 'first day',
  toLabel: 'last day',
  maxDays: MAX_DAY_SPAN,
  reversed: LEAVE_MSG.toBeforeFrom,
});

export const ZLeaveTypeInput = z.object({
  code: z
    .string({ message: 'Enter the code' })
    .trim()
    .toUpperCase()
    .min(1, 'Enter the code')
    .max(10, 'The code is at most 10 characters'),
  name: z.string({ message: 'Enter the name' }).trim().min(1, 'Enter the name').max(120),
  yearlyQuota: z.coerce
    .number({ message: 'Enter the yearly quota' })
    .min(0, 'The quota is 0 to 365 days')
    .max(365, 'The quota is 0 to 365 days'),
  carryForward: z.boolean().optional().default(false),
  maxCarry: z.coerce.number().min(0).max(365).optional().default(0),
  halfDayAllowed: z.boolean().optional().default(true),
});
export type TLeaveTypeInput = z.infer<typeof ZLeaveTypeInput>;
export const ZLeaveType = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  yearlyQuota: z.number(),
  carryForward: z.boolean(),
  maxCarry: z.number(),
  halfDayAllowed: z.boolean(),
  retired: z.boolean(),
});
export type TLeaveType = z.infer<typeof ZLeaveType>;
export const ZLeaveTypeList = z.array(ZLeaveType);

export const ZBalanceQuery = z.object({
  academicYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/, 'Enter the academic year like 2025-2026')
    .optional(),
  facultyId: z.coerce.number().int().positive().optional(),
  /** mine: the caller's own balances only (a HoD's own, apart from the department's) */
  scope: z.enum(['mine', 'all'], { message: 'Choose mine or all' }).optional(),
});
export const ZBalance = z.object({
  facultyId: z.number(),
  facultyName: z.string(),
  department: z.string(),
  leaveTypeId: z.number(),
  code: z.string(),
  academicYear: z.string(),
  opening: z.number(),
  used: z.number(),
  pending: z.number(),
  available: z.number(),
});
export type TBalance = z.infer<typeof ZBalance>;
export const ZBalanceList = z.array(ZBalance);
export const ZAllocateBalances = z.object({
  academicYear: z.string().regex(/^\d{4}-\d{4}$/, 'Enter the academic year like 2025-2026'),
});
export const ZAllocateResult = z.object({ message: z.string(), created: z.number() });

export const ZBackupChoice = z.object({
  date: isoDate('date'),
  period: z.coerce.number().int().min(1).max(8),
  backupFacultyId: z.coerce.number({ message: 'Choose the backup faculty' }).int().positive('Choose the backup faculty'),
});
export const ZLeaveApply = z
  .object({
    leaveTypeId: z.coerce.number({ message: 'Choose the leave type' }).int().positive('Choose the leave type'),
    fromDate: isoDate('first day'),
    toDate: isoDate('last day'),
    halfDay: z.boolean().optional().default(false),
    reason: z
      .string({ message: 'Enter the reason' })
      .trim()
      .min(3, 'Enter the reason')
      .max(500, 'The reason is at most 500 characters'),
    backups: z.array(ZBackupChoice).max(60).optional().default([]),
  })
  .superRefine(leaveDays)
  .refine((b) => !b.halfDay || b.fromDate === b.toDate, { message: LEAVE_MSG.halfDayOneDay, path: ['halfDay'] });
export type TLeaveApply = z.infer<typeof ZLeaveApply>;
export type TLeaveApplyInput = z.input<typeof ZLeaveApply>;

export const ZMissedClassesQuery = z
  .object({ fromDate: isoDate('first day'), toDate: isoDate('last day') })
  .superRefine(leaveDays);
/**
 * A class the leave would miss: consecutive periods of one section and subject (a lab block) are
 * one class, named by its first period, with one backup free for all of them.
 */
export const ZMissedClass = z.object({
  date: z.string(),
  period: z.number(),
  /** every period of the block, in order; one for a single class */
  periods: z.array(z.number()),
  sectionId: z.number(),
  sectionLabel: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  candidates: z.array(z.object({ facultyId: z.number(), name: z.string() })),
});
export const ZMissedClasses = z.array(ZMissedClass);
export type TMissedClass = z.infer<typeof ZMissedClass>;

export const ZBackupDecision = z.object({ accept: z.boolean({ message: 'Accept or decline' }) });
export const ZReplaceBackup = z.object({
  backupId: z.coerce.number().int().positive(),
  backupFacultyId: z.coerce.number({ message: 'Choose the backup faculty' }).int().positive('Choose the backup faculty'),
});
export const ZLeaveDecision = z.object({
  approve: z.boolean({ message: 'Approve or reject' }),
  note: z.string().trim().max(500).optional().default(''),
});

export const ZLeaveBackup = z.object({
  id: z.number(),
  date: z.string(),
  period: z.number(),
  sectionLabel: z.string(),
  subjectCode: z.string(),
  subjectName: z.string(),
  backupFacultyId: z.number(),
  backupName: z.string(),
  status: z.string(),
});
export const ZLeaveApplication = z.object({
  id: z.number(),
  facultyId: z.number(),
  facultyName: z.string(),
  department: z.string(),
  leaveType: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  halfDay: z.boolean(),
  days: z.number(),
  reason: z.string(),
  status: z.string(),
  approver: z.string(),
  decisionNote: z.string(),
  createdAt: z.string(),
  backups: z.array(ZLeaveBackup),
});
export type TLeaveApplication = z.infer<typeof ZLeaveApplication>;
/** Newest first, cut at the server's cap (`total` says how many match the view). */
export const ZLeaveApplicationList = capped(ZLeaveApplication);
export const ZLeaveListQuery = z.object({
  view: z
    .enum(['mine', 'backup', 'approvals', 'department'], { message: 'Choose mine, backup, approvals or department' })
    .optional()
    .default('mine'),
});
export const ZLeaveCalendarQuery = z.object({
  month: ZIsoMonth('month', { invalid: 'Enter the month as yyyy-mm' }),
  department: z.string().trim().max(60).optional(),
});
export const ZLeaveCalendarRow = z.object({
  facultyName: z.string(),
  department: z.string(),
  leaveType: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  halfDay: z.boolean(),
  status: z.string(),
});
export const ZLeaveCalendar = z.array(ZLeaveCalendarRow);
export const ZBackupCandidates = z.array(z.object({ facultyId: z.number(), name: z.string(), department: z.string() }));
