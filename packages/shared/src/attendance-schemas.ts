import { z } from 'zod';
import { dateRange, ZIsoDate, ZIsoMonth } from './common-schemas.js';
import { ROLES, type Role } from './roles.js';
export { ATTENDANCE_PATHS } from './module-paths.js';

export const ATTENDANCE_MARK_ROLES: Role[] = [ROLES.FACULTY, ROLES.HOD];
export const ATTENDANCE_VIEW_ROLES: Role[] = [
  ROLES.STUDENT,
  ROLES.FACULTY,
  ROLES.HOD,
  ROLES.ADMIN,
  ROLES.ACADEMICS,
  ROLES.PRINCIPAL,
  ROLES.EXAMINATION,
];
export const SHORTAGE_ROLES: Role[] = [ROLES.HOD, ROLES.ADMIN, ROLES.ACADEMICS, ROLES.PRINCIPAL, ROLES.EXAMINATION];
export const UNLOCK_ROLES: Role[] = [ROLES.HOD, ROLES.ADMIN];

/** A absent, L late, OD on duty, M medical; P present is the default and is not stored. */
export const MARK_STATUSES = ['A', 'L', 'OD', 'M'] as const;
export const MARK_LABELS: Record<string, string> = { P: 'Present', A: 'Absent', L: 'Late', OD: 'On duty', M: 'Medical' };

export const ATTENDANCE_MSG = {
  notYourClass: 'This class is not on your timetable for that day and period (nor one you cover as a backup)',
  future: 'Attendance cannot be marked for a future date',
  notInSection: (rolls: string[]) => `Not students of this section: ${rolls.join(', ')}`,
  twice: (roll: string) => `${roll} is marked twice`,
  locked: (hours: number) => `The ${hours}-hour edit window has closed; ask your HoD to unlock the sheet`,
  sessionNotFound: 'That attendance sheet does not exist',
  subjectNotInSection: 'That subject is not taught in this section',
  notYourStudent: 'You can only see your own attendance',
  notYourDepartment: 'That section is not in your department',
  unlocked: (until: string) => `Unlocked for editing until ${until}`,
  studentNotFound: 'No student has that roll number',
  noSection: 'The student is not in any section yet',
  notFaculty: 'Your login is not linked to a faculty record; ask the admin to link it',
} as const;

const isoDate = (label: string) => ZIsoDate(label, { required: 'Choose the date', invalid: 'Enter a real date as yyyy-mm-dd' });
export const ZSheetQuery = z.object({ date: isoDate('date').optional() });

export const ZSheetSubmit = z.object({
  sectionId: z.coerce.number({ message: 'Choose the section' }).int().positive('Choose the section'),
  subjectCode: z.string({ message: 'Choose the subject' }).trim().min(1, 'Choose the subject').max(20),
  date: isoDate('date'),
  period: z.coerce.number({ message: 'Choose the period' }).int().min(1, 'Periods are 1 to 8').max(8, 'Periods are 1 to 8'),
  absentRollNos: z.array(z.string().trim().toUpperCase().min(1).max(30)).max(300).optional().default([]),
  /** other marks: late, on duty, medical */
  marks: z
    .array(
      z.object({
        rollNo: z.string().trim().toUpperCase().min(1).max(30),
        status: z.enum(MARK_STATUSES, { message: 'A mark is A, L, OD or M' }),
      }),
    )
    .max(300)
    .optional()
    .default([]),
  clientId: z
    .string({ message: 'The sheet needs a client id' })
    .trim()
    .min(8, 'The client id is 8 to 64 characters')
    .max(64, 'The client id is 8 to 64 characters'),
});
export type TSheetSubmit = z.infer<typeof ZSheetSubmit>;
export type TSheetSubmitInput = z.input<typeof ZSheetSubmit>;

export const ZSheetStudent = z.object({ rollNo: z.string(), name: z.string(), status: z.string() });
export const ZSheetClass = z.object({
  sectionId: z.number(),
  sectionLabel: z.string(),
  subjectId: z.number(),
  subjectCode: z.string(),
  subjectName: z.string(),
  period: z.number(),
  asBackup: z.boolean(),
  students: z.array(ZSheetStudent),
  session: z
    .object({
      id: z.number(),
      clientId: z.string(),
      absent: z.number(),
      strength: z.number(),
      editableUntil: z.string(),
      editable: z.boolean(),
    })
    .nullable(),
});
export type TSheetClass = z.infer<typeof ZSheetClass>;
export const ZSheet = z.object({ date: z.string(), workingDay: z.boolean(), classes: z.array(ZSheetClass) });
export type TSheet = z.infer<typeof ZSheet>;

export const ZSessionResult = z.object({
  id: z.number(),
  clientId: z.string(),
  replayed: z.boolean(),
  strength: z.number(),
  absent: z.number(),
  editableUntil: z.string(),
  message: z.string(),
});
export type TSessionResult = z.infer<typeof ZSessionResult>;

export const ZSubjectAttendance = z.object({
  subjectId: z.number(),
  subjectCode: z.string(),
  subjectName: z.string(),
  held: z.number(),
  attended: z.number(),
  medical: z.number(),
  percent: z.number(),
  /** classes in a row to attend to reach the shortage threshold */
  needed: z.number(),
});
export const ZStudentAttendance = z.object({
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  sectionId: z.number().nullable(),
  sectionLabel: z.string(),
  shortBelow: z.number(),
  detainBelow: z.number(),
  held: z.number(),
  attended: z.number(),
  percent: z.number(),
  needed: z.number(),
  /** eligible | condonable | detained */
  standing: z.string(),
  subjects: z.array(ZSubjectAttendance),
});
export type TStudentAttendance = z.infer<typeof ZStudentAttendance>;
export const ZAttendanceRollParams = z.object({
  rollNo: z.string().trim().toUpperCase().min(1, 'Enter the roll number').max(30),
});

export const ZShortageQuery = z.object({
  sectionId: z.coerce.number().int().positive().optional(),
  department: z.string().trim().max(60).optional(),
  /** all: every student of the scope; otherwise only those below the threshold */
  all: z.enum(['true', 'false']).optional().default('false'),
});
export const ZShortageRow = z.object({
  studentId: z.number(),
  rollNo: z.string(),
  name: z.string(),
  sectionLabel: z.string(),
  held: z.number(),
  attended: z.number(),
  percent: z.number(),
  needed: z.number(),
  standing: z.string(),
});
export type TShortageRow = z.infer<typeof ZShortageRow>;
export const ZShortage = z.object({
  title: z.string(),
  shortBelow: z.number(),
  detainBelow: z.number(),
  rows: z.array(ZShortageRow),
});
export type TShortage = z.infer<typeof ZShortage>;

export const ZSessionEdit = z.object({
  id: z.number(),
  action: z.string(),
  username: z.string(),
  at: z.string(),
  before: z.string(),
  after: z.string(),
});
export const ZSessionHistory = z.array(ZSessionEdit);
export const ZUnlockResult = z.object({ message: z.string(), unlockedUntil: z.string() });

/** The monthly register (Excel, one sheet per section) of a section or the caller's scope. */
export const ZRegisterQuery = z.object({
  month: ZIsoMonth('month', { required: 'Choose the month', invalid: 'Choose the month as yyyy-mm' }),
  sectionId: z.coerce.number().int().positive().optional(),
});
/** The shortage list as a PDF with a verification QR. */
export const ZShortagePdfQuery = z.object({
  sectionId: z.coerce.number().int().positive().optional(),
  department: z.string().trim().max(60).optional(),
});

/** Sheets of a section on a date (or a range), for the HoD: locked or open, to unlock and see their history. */
export const ZSessionListQuery = z
  .object({
    sectionId: z.coerce.number({ message: 'Choose the section' }).int().positive('Choose the section'),
    from: isoDate('from'),
    to: isoDate('to').optional(),
  })
  .superRefine(dateRange({ from: 'from', to: 'to', reversed: 'The last date must not be before the first' }));
export const ZSessionSummary = z.object({
  id: z.number(),
  date: z.string(),
  period: z.number(),
  subjectCode: z.string(),
  subjectName: z.string(),
  facultyName: z.string(),
  strength: z.number(),
  absent: z.number(),
  editableUntil: z.string(),
  locked: z.boolean(),
  edits: z.number(),
});
export type TSessionSummary = z.infer<typeof ZSessionSummary>;
export const ZSessionList = z.array(ZSessionSummary);
export type TSessionEdit = z.infer<typeof ZSessionEdit>;
