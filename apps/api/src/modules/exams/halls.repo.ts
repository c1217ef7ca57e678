import { sql } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import { insertChunked } from '../../lib/chunked.js';
import type { DB } from '../../db/tables.js';
import type { Insertable } from 'kysely';

/** Kysely queries of the exam halls (timetable, clashes, rooms, seating); no rules here. Every query filters by college. */

export async function examOf(db: Database, collegeId: number, examId: number) {
  return db
    .selectFrom('exams')
    .select(['id', 'name', 'status', 'starts_on', 'ends_on'])
    .where('college_id', '=', collegeId)
    .where('id', '=', examId)
    .executeTakeFirst();
}
export type ExamRow = NonNullable<Awaited<ReturnType<typeof examOf>>>;

/** The exam's papers with their subject (code, name, semester, branch) and live registrations. */
export async function papersOf(db: Database, collegeId: number, examId: number) {
  const registered = db
    .selectFrom('exam_registration_papers as rp')
    .innerJoin('exam_registrations as r', 'r.id', 'rp.registration_id')
    .select(['rp.paper_id', sql<number>`count(*)`.as('n')])
    .where('rp.college_id', '=', collegeId)
    .where('rp.exam_id', '=', examId)
    .where('r.status', '!=', 'cancelled')
    .groupBy('rp.paper_id')
    .as('reg');
  return db
    .selectFrom('exam_papers as p')
    .innerJoin('subjects as s', 's.id', 'p.subject_id')
    .leftJoin('semesters as sem', 'sem.id', 's.semester_id')
    .leftJoin('branches as b', 'b.id', 's.branch_id')
    .leftJoin(registered, 'reg.paper_id', 'p.id')
    .select([
      'p.id',
      'p.subject_id',
      'p.date',
      'p.session',
      's.code',
      's.name',
      'sem.name as semester',
      'b.short_name as branch',
      'reg.n as registered',
    ])
    .where('p.college_id', '=', collegeId)
    .where('p.exam_id', '=', examId)
    .orderBy('s.code')
    .execute();
}

/** The exam's papers' codes and slots only (the clash check's small query). */
export async function paperSlots(db: Database, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_papers as p')
    .innerJoin('subjects as s', 's.id', 'p.subject_id')
    .select(['p.id', 's.code', 'p.date', 'p.session'])
    .where('p.college_id', '=', collegeId)
    .where('p.exam_id', '=', examId)
    .execute();
}

export async function setPaperSlots(
  db: Db,
  collegeId: number,
  examId: number,
  slots: ReadonlyArray<{ paperId: number; date: string | null; session: string | null }>,
) {
  for (const s of slots)
    await db
      .updateTable('exam_papers')
      .set({ date: s.date, session: s.session })
      .where('college_id', '=', collegeId)
      .where('exam_id', '=', examId)
      .where('id', '=', s.paperId)
      .execute();
}

/**
 * Every paper every live registration writes, as bare ids: the one large query the clash check
 * and the proposal read (papers and names come from small queries; the rest is in memory).
 */
export async function registrationPapers(db: Database, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_registration_papers as rp')
    .innerJoin('exam_registrations as r', 'r.id', 'rp.registration_id')
    .select(['rp.student_id', 'rp.paper_id'])
    .where('rp.college_id', '=', collegeId)
    .where('rp.exam_id', '=', examId)
    .where('r.status', '!=', 'cancelled')
    .execute();
}

/** The roll number and name of every student registered for the exam (to name those who clash). */
export async function registeredStudents(db: Database, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_registrations as r')
    .innerJoin('students as st', 'st.id', 'r.student_id')
    .select(['st.id', 'st.roll_no', 'st.full_name'])
    .where('r.college_id', '=', collegeId)
    .where('r.exam_id', '=', examId)
    .execute();
}

/** The (student, paper) pairs of one session, students in roll number order. */
export async function sessionWriters(db: Database, collegeId: number, examId: number, date: string, session: string) {
  return db
    .selectFrom('exam_registration_papers as rp')
    .innerJoin('exam_registrations as r', 'r.id', 'rp.registration_id')
    .innerJoin('exam_papers as p', 'p.id', 'rp.paper_id')
    .innerJoin('subjects as s', 's.id', 'p.subject_id')
    .innerJoin('students as st', 'st.id', 'rp.student_id')
    .select(['rp.student_id', 'rp.paper_id', 'st.roll_no', 's.code'])
    .where('rp.college_id', '=', collegeId)
    .where('rp.exam_id', '=', examId)
    .where('r.status', '!=', 'cancelled')
    .where('p.date', '=', date)
    .where('p.session', '=', session)
    .orderBy('st.roll_no')
    .execute();
}

// ---- Rooms -----------------------------------------------------------------------------------

export async function rooms(db: Database, collegeId: number, includeRetired: boolean) {
  let q = db
    .selectFrom('exam_rooms')
    .select(['id', 'name', 'block', 'rows', 'cols', 'retired'])
    .where('college_id', '=', collegeId);
  if (!includeRetired) q = q.where('retired', '=', 0);
  return q.orderBy('block').orderBy('name').execute();
}
export type RoomRow = Awaited<ReturnType<typeof rooms>>[number];

export async function roomOf(db: Database, collegeId: number, id: number) {
  return db
    .selectFrom('exam_rooms')
    .select(['id', 'name', 'block', 'rows', 'cols', 'retired'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function roomByName(db: Database, collegeId: number, name: string) {
  return db
    .selectFrom('exam_rooms')
    .select('id')
    .where('college_id', '=', collegeId)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function insertRoom(db: Database, row: Insertable<DB['exam_rooms']>) {
  return (await db.insertInto('exam_rooms').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateRoom(
  db: Database,
  collegeId: number,
  id: number,
  set: { name: string; block: string; rows: number; cols: number; retired: number },
) {
  await db.updateTable('exam_rooms').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

/** Whether any plan seats someone in the room outside rows × cols. */
export async function seatsBeyond(db: Database, collegeId: number, roomId: number, rows: number, cols: number) {
  const row = await db
    .selectFrom('exam_seats')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('room_id', '=', roomId)
    .where((eb) => eb.or([eb('row_no', '>', rows), eb('col_no', '>', cols)]))
    .executeTakeFirst();
  return Boolean(row);
}

// ---- Seats -----------------------------------------------------------------------------------

export async function replaceSeats(
  db: Db,
  collegeId: number,
  examId: number,
  date: string,
  session: string,
  seats: ReadonlyArray<Insertable<DB['exam_seats']>>,
) {
  await db
    .deleteFrom('exam_seats')
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('date', '=', date)
    .where('session', '=', session)
    .execute();
  await insertChunked(db, 'exam_seats', seats);
}

/** The session's seats with the student and paper, room by room in seat order. */
export async function seatsOf(db: Database, collegeId: number, examId: number, date: string, session: string) {
  return db
    .selectFrom('exam_seats as x')
    .innerJoin('students as st', 'st.id', 'x.student_id')
    .innerJoin('exam_papers as p', 'p.id', 'x.paper_id')
    .innerJoin('subjects as s', 's.id', 'p.subject_id')
    .select([
      'x.room_id',
      'x.row_no',
      'x.col_no',
      'x.seat_no',
      'x.student_id',
      'st.roll_no',
      'st.full_name',
      's.code',
      's.name as paper_name',
    ])
    .where('x.college_id', '=', collegeId)
    .where('x.exam_id', '=', examId)
    .where('x.date', '=', date)
    .where('x.session', '=', session)
    .orderBy('x.room_id')
    .orderBy('x.row_no')
    .orderBy('x.col_no')
    .execute();
}

export async function roomsByIds(db: Database, collegeId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('exam_rooms')
    .select(['id', 'name', 'block', 'rows', 'cols', 'retired'])
    .where('college_id', '=', collegeId)
    .where('id', 'in', ids)
    .execute();
}
