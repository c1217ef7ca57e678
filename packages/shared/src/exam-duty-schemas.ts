import { z } from 'zod';
import { ZIsoDate } from './common-schemas.js';
import { EXAM_SESSIONS } from './exam-schemas.js';

/**
 * The exam's invigilation roster (fair load, never a teacher on leave or of the paper written,
 * swaps with the exam cell's approval) and its answer scripts (a dummy number and barcode each,
 * absentees and malpractice marked per room).
 */
export const DUTY_MSG = {
  noSeating: 'Plan the seating first: duties are given to the rooms students sit in',
  tooFew: (date: string, session: string, short: number) =>
    `${short} more invigilators are needed on ${date} ${session}: too few faculty are free (on leave or teaching a paper of that session)`,
  locked: 'The roster is fixed once the exam has begun',
  notYourDuty: 'You can ask to swap only your own duty',
  swapSelf: 'Choose another faculty member to take the duty',
  swapBusy: (name: string) => `${name} cannot take this duty: on another duty, on leave or teaching a paper in that session`,
  noSwap: 'This duty has no swap waiting for a decision',
  dutyNotFound: 'That duty does not exist',
  noScripts: 'Number the answer scripts first',
  scriptsLocked: 'Answer scripts are numbered before the exam begins; numbers already given stay',
  noRoom: 'That room holds no one in this session',
  notInRoom: (roll: string) => `${roll} does not sit in this room in this session`,
} as const;

export const ZInvigilationRequest = z.object({
  /** students per invigilator in a room (at least one invigilator a room) */
  studentsPerInvigilator: z
    .number()
    .int()
    .min(10, 'At least 10 students an invigilator')
    .max(120, 'At most 120 students an invigilator')
    .default(30),
});
export const ZInvigilationResult = z.object({ message: z.string(), duties: z.number().int(), faculty: z.number().int() });

export const ZDuty = z.object({
  id: z.number(),
  date: z.string(),
  session: z.enum(EXAM_SESSIONS),
  room: z.string(),
  facultyId: z.number(),
  faculty: z.string(),
  department: z.string(),
  status: z.enum(['assigned', 'swap_requested']),
  swapTo: z.string().nullable(),
  swapReason: z.string(),
});
export type TDuty = z.infer<typeof ZDuty>;
export const ZRoster = z.object({
  duties: z.array(ZDuty),
  load: z.array(z.object({ facultyId: z.number(), faculty: z.string(), department: z.string(), duties: z.number().int() })),
});
export type TRoster = z.infer<typeof ZRoster>;

export const ZDutyParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int().min(1).max(2_000_000_000),
  dutyId: z.coerce.number({ message: 'dutyId must be a number' }).int().min(1).max(2_000_000_000),
});
export const ZSwapRequest = z.object({
  toFacultyId: z.number({ message: 'Choose who takes the duty' }).int().positive('Choose who takes the duty'),
  reason: z
    .string({ message: 'Give the reason (5 to 300 characters)' })
    .trim()
    .min(5, 'Give the reason (5 to 300 characters)')
    .max(300),
});
export const ZSwapDecision = z.object({ approve: z.boolean() });
/** Who could take a duty: in service, free in its session (no duty, no leave, no paper of theirs written then). */
export const ZFreeColleagues = z.array(z.object({ facultyId: z.number(), name: z.string(), department: z.string() }));
export type TFreeColleagues = z.infer<typeof ZFreeColleagues>;
export const ZFacultyPdfParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int().min(1).max(2_000_000_000),
  facultyId: z.coerce.number({ message: 'facultyId must be a number' }).int().min(1).max(2_000_000_000),
});
export const ZMyDuties = z.array(ZDuty.extend({ examId: z.number(), exam: z.string() }));

// ---- Answer scripts --------------------------------------------------------------------------

export const SCRIPT_STATUSES = ['written', 'absent', 'malpractice'] as const;
export const ZScriptsResult = z.object({ message: z.string(), numbered: z.number().int() });
export const ZScriptQuery = z.object({
  date: ZIsoDate('date').optional(),
  session: z.enum(EXAM_SESSIONS).optional(),
  roomId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZScript = z.object({
  id: z.number(),
  dummyNo: z.string(),
  rollNo: z.string(),
  name: z.string(),
  paper: z.string(),
  date: z.string().nullable(),
  session: z.string().nullable(),
  room: z.string().nullable(),
  seatNo: z.string().nullable(),
  status: z.enum(SCRIPT_STATUSES),
  remark: z.string(),
});
export const ZScripts = z.object({
  items: z.array(ZScript),
  total: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  counts: z.object({ written: z.number().int(), absent: z.number().int(), malpractice: z.number().int() }),
});
export type TScripts = z.infer<typeof ZScripts>;
export const ZMarkScripts = z
  .object({
    roomId: z.number().int().positive(),
    date: ZIsoDate('date'),
    session: z.enum(EXAM_SESSIONS, { message: 'Choose FN or AN' }),
    marks: z
      .array(
        z.object({
          rollNo: z.string().trim().toUpperCase().min(1).max(30),
          status: z.enum(SCRIPT_STATUSES, { message: 'Mark written, absent or malpractice' }),
          remark: z.string().trim().max(300).default(''),
        }),
      )
      .min(1, 'Mark at least one student')
      .max(500),
  })
  .superRefine((v, ctx) => {
    v.marks.forEach((m, i) => {
      if (m.status === 'malpractice' && m.remark.length < 5)
        ctx.addIssue({
          code: 'custom',
          path: ['marks', i, 'remark'],
          message: `Describe the malpractice of ${m.rollNo} (at least 5 characters)`,
        });
    });
  });
export const ZMarkScriptsResult = z.object({ message: z.string(), marked: z.number().int() });
