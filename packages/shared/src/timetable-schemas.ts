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
export const ZTimetable = z.object({ sectionId: z.number().nullable(), title: z.string(), slots: z.array(ZSlot) });
export type TTimetable = z.infer<typeof ZTimetable>;
export const ZSectionParams = z.object({
  sectionId: z.coerce.number({ message: 'Not a section id' }).int().positive('Not a section id'),
});
