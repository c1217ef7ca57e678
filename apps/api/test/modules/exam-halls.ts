import crypto from 'node:crypto';
import { expect } from 'vitest';
import { nowIso, type Database } from '../../src/db/index.js';
import { insertChunked } from '../../src/lib/chunked.js';

/**
 * Row builders for the exam halls' tests (timetable, clashes, rooms, seating): an exam of its own
 * regulation, papers of subjects made for it, students and their registrations inserted directly,
 * so each test knows exactly who writes what.
 */

// A counter makes codes unique within the test file (360 random codes of six hex digits met once in
// a few hundred runs); the random part keeps them apart from rows other files' runs left.
let made = 0;
const unique = (prefix: string) => `${prefix}${String(++made).padStart(5, '0')}${crypto.randomBytes(2).toString('hex').toUpperCase()}`;

export const EXAM_DAYS = { startsOn: '2026-11-16', endsOn: '2026-11-28' } as const; // Mon .. Sat, Sunday 22nd between

export async function newExam(
  db: Database,
  college: number,
  over: Partial<{ status: string; starts_on: string; ends_on: string; name: string }> = {},
): Promise<{ id: number; regulationId: number }> {
  const { id: regulationId } = await db
    .insertInto('regulations')
    .values({
      college_id: college,
      code: unique('RX'),
      name: 'Exam hall test regulation',
      course_id: null,
      from_year: 2022,
      grading: '10-point CGPA, absolute grading',
      short_below: 75,
      detain_below: 65,
      edit_window_hours: 48,
      late_counts_present: 1,
      od_counts_present: 1,
      medical_condonable: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = nowIso();
  const { id } = await db
    .insertInto('exams')
    .values({
      college_id: college,
      name: over.name ?? unique('Test Exam '),
      kind: 'regular',
      regulation_id: regulationId,
      status: over.status ?? 'registration',
      registration_closes: '2026-11-10',
      starts_on: over.starts_on ?? EXAM_DAYS.startsOn,
      ends_on: over.ends_on ?? EXAM_DAYS.endsOn,
      fee_per_paper_paise: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, regulationId };
}

/** A paper of the exam (a subject made for it), with its slot when given. */
export async function newPaper(
  db: Database,
  college: number,
  exam: { id: number; regulationId: number },
  over: Partial<{ code: string; name: string; date: string; session: string; kind: string }> = {},
): Promise<{ id: number; code: string }> {
  const code = over.code ?? unique('P');
  const { id: subjectId } = await db
    .insertInto('subjects')
    .values({
      college_id: college,
      regulation_id: exam.regulationId,
      semester_id: null,
      branch_id: null,
      code,
      name: over.name ?? `Paper ${code}`,
      credits: 3,
      lecture: 3,
      tutorial: 0,
      practical: 0,
      kind: over.kind ?? 'theory',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('exam_papers')
    .values({
      college_id: college,
      exam_id: exam.id,
      subject_id: subjectId,
      date: over.date ?? null,
      session: over.session ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, code };
}

/** Students of the college, inserted in bulk: roll numbers `<prefix>0001`.. (name "Student <k>"), in roll order. */
export async function newWriters(db: Database, college: number, n: number, prefix = unique('W')) {
  const rows = Array.from({ length: n }, (_, i) => ({
    college_id: college,
    roll_no: `${prefix}${String(i + 1).padStart(4, '0')}`,
    full_name: `Student ${i + 1}`,
    course: 'B.Tech',
    batch: '2022-2026',
    branch: 'CSE',
    semester: 'IV-I',
    section: 'A',
    gender: 'Female',
    email: `${prefix}${i + 1}@example.org`.toLowerCase(),
    mobile: '9876543210',
    father_name: 'Test Parent',
    admission_id: null,
    created_at: nowIso(),
  }));
  await insertChunked(db, 'students', rows);
  const made = await db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name'])
    .where('college_id', '=', college)
    .where('roll_no', 'like', `${prefix}%`)
    .orderBy('roll_no')
    .execute();
  expect(made.length).toBe(n);
  return made.map((s) => ({ id: s.id, rollNo: s.roll_no, name: s.full_name }));
}

/** Registrations: each student with the papers given (registered, no fee), in bulk. */
export async function registerAll(
  db: Database,
  college: number,
  examId: number,
  entries: ReadonlyArray<{ studentId: number; paperIds: readonly number[]; status?: string }>,
) {
  const now = nowIso();
  await insertChunked(
    db,
    'exam_registrations',
    entries.map((e) => ({
      college_id: college,
      exam_id: examId,
      student_id: e.studentId,
      status: e.status ?? 'registered',
      fee_paise: 0,
      registered_on: now.slice(0, 10),
      created_at: now,
    })),
  );
  const regs = await db.selectFrom('exam_registrations').select(['id', 'student_id']).where('exam_id', '=', examId).execute();
  const regOf = new Map(regs.map((r) => [r.student_id, r.id]));
  await insertChunked(
    db,
    'exam_registration_papers',
    entries.flatMap((e) =>
      e.paperIds.map((paperId) => ({
        college_id: college,
        registration_id: regOf.get(e.studentId)!,
        exam_id: examId,
        student_id: e.studentId,
        paper_id: paperId,
        kind: 'regular',
      })),
    ),
  );
}

/** A room of the college (rows × cols), straight into the table. */
export async function newExamRoom(
  db: Database,
  college: number,
  rows: number,
  cols: number,
  over: Partial<{ name: string; retired: number }> = {},
) {
  const name = over.name ?? unique('R').slice(0, 8);
  const { id } = await db
    .insertInto('exam_rooms')
    .values({ college_id: college, name, block: 'Test block', rows, cols, retired: over.retired ?? 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name };
}

export interface SeatRow {
  room_id: number;
  row_no: number;
  col_no: number;
  seat_no: string;
  student_id: number;
  paper_id: number;
}

/** Every left/right and front/back pair of a plan that writes the same paper (should be none). */
export function neighboursSharingAPaper(seats: readonly SeatRow[]): string[] {
  const at = new Map(seats.map((s) => [`${s.room_id}|${s.row_no}|${s.col_no}`, s]));
  const bad: string[] = [];
  for (const s of seats)
    for (const [dr, dc] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const n = at.get(`${s.room_id}|${s.row_no + dr}|${s.col_no + dc}`);
      if (n && n.paper_id === s.paper_id) bad.push(`${s.seat_no} and ${n.seat_no}`);
    }
  return bad;
}
