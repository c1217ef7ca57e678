import { z } from 'zod';
import { ZIsoDate } from './common-schemas.js';
import { EXAM_SESSIONS, EXAM_STATUSES, ZExamPaper } from './exam-schemas.js';

/**
 * The exam cell's halls: the exam timetable (a date and session per paper, proposed so no student
 * writes two papers in one session), the clash check, exam rooms (rows × columns) and the seating
 * plan of a session, where no two neighbours (left/right, front/back) write the same paper.
 */

/** Rows are lettered A..Z in seat numbers ("A101-B3"); columns numbered 1..MAX. */
export const EXAM_ROOM_MAX_ROWS = 26;
export const EXAM_ROOM_MAX_COLS = 20;
/** seat numbers are `<room>-<row letter><col>` and must fit 20 characters */
export const EXAM_ROOM_NAME_MAX = 16;
/** The timetable is fixed from this status on. */
export const TIMETABLE_LOCKED_STATUSES = ['in_progress', 'marks_entry', 'published'] as const;

const sessionLabel: Record<string, string> = { FN: 'forenoon', AN: 'afternoon' };
export const examSessionLabel = (s: string) => sessionLabel[s] ?? s;

export const EXAM_HALL_MSG = {
  session: 'Choose the session: FN (forenoon) or AN (afternoon)',
  dateAndSession: 'Give both the date and the session of a paper, or neither to clear it',
  outsideExam: (date: string, from: string, to: string) => `${date} is outside the exam's dates (${from} to ${to})`,
  sunday: (date: string) => `${date} is a Sunday: choose another day`,
  locked: 'The timetable cannot change once the exam is in progress',
  notAPaper: (id: number) => `Paper ${id} is not one of this exam's papers`,
  paperTwice: (id: number) => `Paper ${id} is given twice`,
  noPapers: 'This exam has no papers to schedule',
  noDays: "The exam's dates hold no day to hold papers on (every day is a Sunday or skipped)",
  tooFewSessions: (needed: number, have: number) =>
    `The papers need at least ${needed} sessions so that no student writes two at once, but the exam's days give only ${have}: add days or sessions`,
  roomName: `Enter the room's short name (1 to ${EXAM_ROOM_NAME_MAX} characters, e.g. A101)`,
  roomNameChars: 'A room name may hold letters, digits, spaces, dots, slashes and dashes',
  block: 'The block can be at most 60 characters',
  rows: `Rows must be a whole number from 1 to ${EXAM_ROOM_MAX_ROWS}`,
  cols: `Columns must be a whole number from 1 to ${EXAM_ROOM_MAX_COLS}`,
  roomTaken: (name: string) => `A room named ${name} already exists`,
  roomNotFound: 'That room does not exist',
  roomUnknown: (id: number) => `Room ${id} is not one of this college's rooms`,
  roomRetired: (name: string) => `${name} is retired: bring it back or leave it out`,
  roomTwice: (id: number) => `Room ${id} is given twice`,
  shrinkPlanned: (name: string) => `${name} has seats planned beyond the new rows and columns: plan those sessions again first`,
  noRooms: 'There is no exam room to seat students in: add rooms first',
  noStudents: (date: string, session: string) => `No student writes a paper on ${date} ${session}`,
  twoPapers: (n: number) =>
    `${n} student${n === 1 ? ' has' : 's have'} two papers in this session: clear the timetable's clashes first`,
  seatsShort: (students: number, seats: number) =>
    `${students} students write in this session but the rooms chosen have ${seats} seats: ${students - seats} seat${students - seats === 1 ? '' : 's'} short`,
  spacingShort: (left: number) =>
    `${left} student${left === 1 ? '' : 's'} could not be seated without two neighbours writing the same paper: add rooms (one paper has too large a share of the session)`,
  noPlan: 'There is no seating plan for that room in that session',
} as const;

export const ZExamSession = z.enum(EXAM_SESSIONS, { message: EXAM_HALL_MSG.session });

// ---- Timetable -------------------------------------------------------------------------------

export const ZExamTimetable = z.object({
  examId: z.number(),
  name: z.string(),
  status: z.enum(EXAM_STATUSES),
  startsOn: z.string(),
  endsOn: z.string(),
  /** true once the exam is in progress: no more changes */
  locked: z.boolean(),
  /** by date, session and code; unscheduled papers last */
  papers: z.array(ZExamPaper),
});
export type TExamTimetable = z.infer<typeof ZExamTimetable>;

export const ZExamTimetableEntry = z
  .object({
    paperId: z.number({ message: 'Choose the paper' }).int().positive('Choose the paper'),
    date: ZIsoDate('paper date').nullable(),
    session: ZExamSession.nullable(),
  })
  .superRefine((v, ctx) => {
    if ((v.date === null) !== (v.session === null))
      ctx.addIssue({ code: 'custom', path: ['session'], message: EXAM_HALL_MSG.dateAndSession });
  });
export const ZExamTimetableUpdate = z.object({
  papers: z.array(ZExamTimetableEntry, { message: 'Give the papers to schedule' }).min(1, 'Give at least one paper').max(2000),
});
export type TExamTimetableUpdate = z.input<typeof ZExamTimetableUpdate>;

export const ZExamTimetableProposeRequest = z.object({
  /** the sessions papers may take (both unless said) */
  sessions: z.array(ZExamSession).min(1, 'Choose at least one session').max(2).default(['FN', 'AN']),
  /** days inside the exam's dates to leave free (holidays) */
  skipDates: z.array(ZIsoDate('date to skip')).max(60).default([]),
});
export type TExamTimetableProposeRequest = z.input<typeof ZExamTimetableProposeRequest>;
export const ZExamTimetableProposal = z.object({
  message: z.string(),
  /** sessions (date × FN/AN) the proposal uses */
  sessionsUsed: z.number().int(),
  /** students left with two papers on one day (never in one session) */
  sameDayStudents: z.number().int(),
  timetable: ZExamTimetable,
});
export type TExamTimetableProposal = z.infer<typeof ZExamTimetableProposal>;

// ---- Clashes ---------------------------------------------------------------------------------

export const ZClashStudent = z.object({
  rollNo: z.string(),
  name: z.string(),
  /** the codes of the papers that clash */
  papers: z.array(z.string()),
});
export const ZClashGroup = z.object({
  date: z.string(),
  /** FN | AN for a same-session clash; null for a same-day warning */
  session: z.string().nullable(),
  /** students who clash here (the list is cut at `listed`) */
  total: z.number().int(),
  students: z.array(ZClashStudent),
});
export type TClashGroup = z.infer<typeof ZClashGroup>;
export const ZClashes = z.object({
  /** two or more papers in one session: must be fixed */
  sessionClashes: z.array(ZClashGroup),
  /** a paper in each session of one day: a softer warning */
  dayClashes: z.array(ZClashGroup),
  /** students in any same-session clash / any same-day warning */
  sessionStudents: z.number().int(),
  dayStudents: z.number().int(),
  /** papers with no date yet (their students cannot clash yet) */
  unscheduledPapers: z.number().int(),
  /** at most this many students are listed per group */
  listed: z.number().int(),
});
export type TClashes = z.infer<typeof ZClashes>;

// ---- Rooms -----------------------------------------------------------------------------------

const roomFields = {
  name: z
    .string({ message: EXAM_HALL_MSG.roomName })
    .trim()
    .min(1, EXAM_HALL_MSG.roomName)
    .max(EXAM_ROOM_NAME_MAX, EXAM_HALL_MSG.roomName)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, EXAM_HALL_MSG.roomNameChars),
  block: z.string({ message: EXAM_HALL_MSG.block }).trim().max(60, EXAM_HALL_MSG.block).default(''),
  rows: z
    .number({ message: EXAM_HALL_MSG.rows })
    .int(EXAM_HALL_MSG.rows)
    .min(1, EXAM_HALL_MSG.rows)
    .max(EXAM_ROOM_MAX_ROWS, EXAM_HALL_MSG.rows),
  cols: z
    .number({ message: EXAM_HALL_MSG.cols })
    .int(EXAM_HALL_MSG.cols)
    .min(1, EXAM_HALL_MSG.cols)
    .max(EXAM_ROOM_MAX_COLS, EXAM_HALL_MSG.cols),
};
export const ZExamRoomInput = z.object(roomFields);
export type TExamRoomInput = z.input<typeof ZExamRoomInput>;
export const ZExamRoomUpdate = z.object({ ...roomFields, retired: z.boolean().default(false) });
export type TExamRoomUpdate = z.input<typeof ZExamRoomUpdate>;
export const ZExamRoomListQuery = z.object({
  includeRetired: z.enum(['true', 'false']).default('false'),
});
export const ZExamRoom = z.object({
  id: z.number(),
  name: z.string(),
  block: z.string(),
  rows: z.number().int(),
  cols: z.number().int(),
  capacity: z.number().int(),
  retired: z.boolean(),
});
export type TExamRoom = z.infer<typeof ZExamRoom>;
export const ZExamRooms = z.array(ZExamRoom);

// ---- Seating ---------------------------------------------------------------------------------

export const ZSeatingRequest = z.object({
  date: ZIsoDate('exam date'),
  session: ZExamSession,
  /** the rooms to fill, in this order (every room in use, by block and name, unless given) */
  roomIds: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one room')
    .max(500, 'Choose at most 500 rooms')
    .optional(),
});
export type TSeatingRequest = z.input<typeof ZSeatingRequest>;
export const ZSeatingQuery = z.object({ date: ZIsoDate('exam date'), session: ZExamSession });
export const ZSeatingPdfParams = z.object({
  id: z.coerce.number({ message: 'id must be a number' }).int().min(1).max(2_000_000_000),
  roomId: z.coerce.number({ message: 'The room must be a number' }).int().min(1).max(2_000_000_000),
});

export const ZSeatingRoomSummary = z.object({
  roomId: z.number(),
  name: z.string(),
  capacity: z.number().int(),
  seated: z.number().int(),
  papers: z.array(z.object({ code: z.string(), students: z.number().int() })),
});
export const ZSeatingResult = z.object({
  message: z.string(),
  students: z.number().int(),
  roomsUsed: z.number().int(),
  /** seats left empty in the rooms used, to keep neighbours apart or at a room's end */
  emptySeats: z.number().int(),
  rooms: z.array(ZSeatingRoomSummary),
});
export type TSeatingResult = z.infer<typeof ZSeatingResult>;

export const ZSeat = z.object({
  seatNo: z.string(),
  row: z.number().int(),
  col: z.number().int(),
  rollNo: z.string(),
  name: z.string(),
  paperCode: z.string(),
});
export type TSeat = z.infer<typeof ZSeat>;
export const ZSeatingRoom = z.object({
  roomId: z.number(),
  name: z.string(),
  block: z.string(),
  rows: z.number().int(),
  cols: z.number().int(),
  seats: z.array(ZSeat),
});
export type TSeatingRoom = z.infer<typeof ZSeatingRoom>;
export const ZSeating = z.object({
  date: z.string(),
  session: z.string(),
  /** students writing in the session, and of them those without a seat (registered after the plan) */
  students: z.number().int(),
  unseated: z.number().int(),
  rooms: z.array(ZSeatingRoom),
});
export type TSeating = z.infer<typeof ZSeating>;
