import { z } from 'zod';
import { ROLES, type Role } from './roles.js';

export const ALLOCATION_ROLES: Role[] = [ROLES.ADMIN, ROLES.ACADEMICS, ROLES.HOD];
export const TIMETABLE_READ_ROLES: Role[] = [
  ROLES.ADMIN,
  ROLES.ACADEMICS,
  ROLES.HOD,
  ROLES.PRINCIPAL,
  ROLES.FACULTY,
  ROLES.STUDENT,
];
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const PERIODS_PER_DAY = 8;

/**
 * The college day's bell schedule: period n runs PERIOD_TIMES[n - 1] (a break after period 2 and
 * lunch after period 4). One schedule for every college until a college keeps its own.
 */
export const PERIOD_TIMES: ReadonlyArray<{ start: string; end: string }> = [
  { start: '09:00', end: '09:50' },
  { start: '09:50', end: '10:40' },
  { start: '10:50', end: '11:40' },
  { start: '11:40', end: '12:30' },
  { start: '13:20', end: '14:10' },
  { start: '14:10', end: '15:00' },
  { start: '15:00', end: '15:50' },
  { start: '15:50', end: '16:40' },
];

/** "09:00–09:50" for a period, "13:20–15:50" for a block of periods from `from` to `to`. */
export function periodTime(from: number, to = from): string {
  const a = PERIOD_TIMES[from - 1];
  const b = PERIOD_TIMES[to - 1];
  return a && b ? `${a.start}–${b.end}` : '';
}

/** "P3" for one period, "P5–7" for a block. */
export const periodLabel = (from: number, to = from) => (to > from ? `P${from}–${to}` : `P${from}`);

/**
 * Consecutive periods of one class (same day or date, section and subject) taken as one block, as a
 * lab spans periods: each block is its first row with the periods it covers, listed in the order
 * of their first rows.
 */
export function classBlocks<T extends { period: number }>(rows: readonly T[], classKey: (row: T) => string) {
  const sorted = rows
    .map((row, at) => ({ row, at, key: classKey(row) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.row.period - b.row.period));
  const blocks: Array<{ first: T; periods: number[]; rows: T[]; at: number }> = [];
  for (const { row, at, key } of sorted) {
    const last = blocks[blocks.length - 1];
    if (last && classKey(last.first) === key && last.periods[last.periods.length - 1] === row.period - 1) {
      last.periods.push(row.period);
      last.rows.push(row);
      last.at = Math.min(last.at, at);
    } else blocks.push({ first: row, periods: [row.period], rows: [row], at });
  }
  return blocks.sort((a, b) => a.at - b.at).map(({ first, periods, rows: inBlock }) => ({ first, periods, rows: inBlock }));
}

export const TIMETABLE_MSG = {
  sectionNotFound: 'That section does not exist',
  subjectNotFound: 'That subject does not exist',
  facultyNotFound: 'Choose faculty members who exist and are not retired',
  notYourDepartment: 'You can only plan the sections of your own department',
  notYourSection: 'You can only see the timetable of your own section',
  notAllocated: (faculty: string, subject: string) =>
    `${faculty} is not allocated to ${subject} for this section; allocate the subject first`,
  sectionTwice: (day: string, period: number) => `The section has two classes on ${day} period ${period}`,
  facultyBusy: (faculty: string, section: string, day: string, period: number) =>
    `${faculty} already teaches ${section} on ${day} period ${period}`,
  beyondDay: `A lab block must end by period ${PERIODS_PER_DAY}`,
} as const;

export const ZAllocationInput = z.object({
  subjectId: z.coerce.number({ message: 'Choose the subject' }).int().positive('Choose the subject'),
  sectionId: z.coerce.number({ message: 'Choose the section' }).int().positive('Choose the section'),
  academicYear: z.string({ message: 'Enter the academic year' }).regex(/^\d{4}-\d{4}$/, 'Enter the academic year like 2025-2026'),
  facultyIds: z
    .array(z.coerce.number().int().positive())
    .min(1, 'Choose at least one faculty member')
    .max(4, 'At most 4 faculty for a subject'),
});
export type TAllocationInput = z.infer<typeof ZAllocationInput>;
export const ZAllocation = z.object({
  id: z.number(),
  subjectId: z.number(),
  subjectCode: z.string(),
  subjectName: z.string(),
  sectionId: z.number(),
  sectionLabel: z.string(),
  academicYear: z.string(),
  facultyId: z.number(),
  facultyName: z.string(),
});
export type TAllocation = z.infer<typeof ZAllocation>;
export const ZAllocationList = z.array(ZAllocation);
export const ZAllocationQuery = z.object({
  sectionId: z.coerce.number().int().positive().optional(),
  academicYear: z
    .string()
    .regex(/^\d{4}-\d{4}$/, 'Enter the academic year like 2025-2026')
    .optional(),
  mine: z.enum(['true', 'false']).optional(),
});

export const ZSlotInput = z.object({
  day: z.coerce
    .number({ message: 'Choose the day' })
    .int()
    .min(1, 'Days are Monday (1) to Saturday (6)')
    .max(6, 'Days are Monday (1) to Saturday (6)'),
  period: z.coerce
    .number({ message: 'Choose the period' })
    .int()
    .min(1, `Periods are 1 to ${PERIODS_PER_DAY}`)
    .max(PERIODS_PER_DAY, `Periods are 1 to ${PERIODS_PER_DAY}`),
  /** a lab block spans this many periods from `period` */
  span: z.coerce.number().int().min(1).max(4, 'A block spans at most 4 periods').optional().default(1),
  subjectId: z.coerce.number({ message: 'Choose the subject' }).int().positive('Choose the subject'),
  facultyId: z.coerce.number({ message: 'Choose the faculty' }).int().positive('Choose the faculty'),
});
export const ZTimetableInput = z.object({ slots: z.array(ZSlotInput).max(60, 'At most 60 classes a week') });
export type TTimetableInput = z.infer<typeof ZTimetableInput>;
export const ZSlot = z.object({
  day: z.number(),
  period: z.number(),
  sectionId: z.number(),
  sectionLabel: z.string(),
  subjectId: z.number(),
  subjectCode: z.string(),
  subjectName: z.string(),
  kind: z.string(),
  facultyId: z.number(),
  facultyName: z.string(),
});
export type TSlot = z.infer<typeof ZSlot>;
export const ZPeriodTime = z.object({ period: z.number(), start: z.string(), end: z.string() });
export type TPeriodTime = z.infer<typeof ZPeriodTime>;
export const ZTimetable = z.object({
  sectionId: z.number().nullable(),
  title: z.string(),
  /** the bell schedule the week is read against */
  periods: z.array(ZPeriodTime),
  slots: z.array(ZSlot),
});
export type TTimetable = z.infer<typeof ZTimetable>;
export const ZSectionParams = z.object({
  sectionId: z.coerce.number({ message: 'Not a section id' }).int().positive('Not a section id'),
});
