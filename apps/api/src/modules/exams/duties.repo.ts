import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import { anyColumnContains } from '../../lib/search.js';

/** Queries of the invigilation roster and the answer scripts. */

/** Students seated per room and session: the rooms that need invigilators. */
export function seatedRooms(db: Db, collegeId: number, examId: number) {
  return (
    db
      .selectFrom('exam_seats as s')
      .innerJoin('exam_rooms as r', 'r.id', 's.room_id')
      .select(['s.date', 's.session', 's.room_id', 'r.name as room', (eb) => eb.fn.countAll<number>().as('students')])
      .where('s.college_id', '=', collegeId)
      .where('s.exam_id', '=', examId)
      .groupBy(['s.date', 's.session', 's.room_id', 'r.name'])
      .orderBy('s.date')
      // FN before AN
      .orderBy('s.session', 'desc')
      .orderBy('r.name')
      .execute()
  );
}

/** The subjects written in each session of the exam. */
export function papersBySession(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_papers')
    .select(['subject_id', 'date', 'session'])
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('date', 'is not', null)
    .execute();
}

export async function replaceRoster(db: Db, collegeId: number, examId: number, rows: Array<Insertable<DB['exam_invigilation']>>) {
  await db.deleteFrom('exam_invigilation').where('college_id', '=', collegeId).where('exam_id', '=', examId).execute();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('exam_invigilation')
      .values(rows.slice(i, i + 500))
      .execute();
}

export function roster(db: Db, collegeId: number, examId: number | null, facultyId?: number) {
  let q = db
    .selectFrom('exam_invigilation as d')
    .innerJoin('exam_rooms as r', 'r.id', 'd.room_id')
    .innerJoin('faculty as f', 'f.id', 'd.faculty_id')
    .innerJoin('exams as e', 'e.id', 'd.exam_id')
    .leftJoin('faculty as to', 'to.id', 'd.swap_to_faculty_id')
    .select([
      'd.id',
      'd.exam_id',
      'e.name as exam',
      'd.date',
      'd.session',
      'd.room_id',
      'r.name as room',
      'd.faculty_id',
      'f.full_name as faculty',
      'f.department',
      'd.status',
      'to.full_name as swap_to',
      'd.swap_to_faculty_id',
      'd.swap_reason',
    ])
    .where('d.college_id', '=', collegeId);
  if (examId !== null) q = q.where('d.exam_id', '=', examId);
  if (facultyId !== undefined) q = q.where('d.faculty_id', '=', facultyId);
  return q.orderBy('d.date').orderBy('d.session', 'desc').orderBy('r.name').orderBy('f.full_name').execute();
}

export function duty(db: Db, collegeId: number, examId: number, dutyId: number) {
  return db
    .selectFrom('exam_invigilation')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('id', '=', dutyId)
    .executeTakeFirst();
}

export function setDuty(
  db: Db,
  collegeId: number,
  dutyId: number,
  set: { status: string; faculty_id?: number; swap_to_faculty_id: number | null; swap_reason: string },
) {
  return db.updateTable('exam_invigilation').set(set).where('college_id', '=', collegeId).where('id', '=', dutyId).execute();
}

/** Who is on duty in one session of the exam. */
export function onDutyInSession(db: Db, collegeId: number, examId: number, date: string, session: string) {
  return db
    .selectFrom('exam_invigilation')
    .select('faculty_id')
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('date', '=', date)
    .where('session', '=', session)
    .execute();
}

// ---- Answer scripts ----------------------------------------------------------------------------

/** The papers written by live registrations that have no script yet. */
export function unnumberedPapers(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_registration_papers as rp')
    .innerJoin('exam_registrations as r', 'r.id', 'rp.registration_id')
    .leftJoin('exam_scripts as s', (j) =>
      j.onRef('s.exam_id', '=', 'rp.exam_id').onRef('s.student_id', '=', 'rp.student_id').onRef('s.paper_id', '=', 'rp.paper_id'),
    )
    .select(['rp.student_id', 'rp.paper_id'])
    .where('rp.college_id', '=', collegeId)
    .where('rp.exam_id', '=', examId)
    .where('r.status', '!=', 'cancelled')
    .where('s.id', 'is', null)
    .execute();
}

export async function dummyNumbersTaken(db: Db, collegeId: number, candidates: string[]) {
  const taken = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const rows = await db
      .selectFrom('exam_scripts')
      .select('dummy_no')
      .where('college_id', '=', collegeId)
      .where('dummy_no', 'in', candidates.slice(i, i + 500))
      .execute();
    for (const r of rows) taken.add(r.dummy_no);
  }
  return taken;
}

export async function insertScripts(db: Db, rows: Array<Insertable<DB['exam_scripts']>>) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('exam_scripts')
      .values(rows.slice(i, i + 500))
      .execute();
}

export function scriptList(
  db: Db,
  collegeId: number,
  examId: number,
  q: { date?: string; session?: string; roomId?: number; q?: string },
) {
  let query = db
    .selectFrom('exam_scripts as s')
    .innerJoin('students as st', 'st.id', 's.student_id')
    .innerJoin('exam_papers as p', 'p.id', 's.paper_id')
    .innerJoin('subjects as sub', 'sub.id', 'p.subject_id')
    .leftJoin('exam_seats as seat', (j) =>
      j
        .onRef('seat.exam_id', '=', 's.exam_id')
        .onRef('seat.student_id', '=', 's.student_id')
        .onRef('seat.paper_id', '=', 's.paper_id'),
    )
    .leftJoin('exam_rooms as room', 'room.id', 'seat.room_id')
    .select([
      's.id',
      's.dummy_no',
      'st.roll_no',
      'st.full_name',
      'sub.code',
      'sub.name as subject',
      'p.date',
      'p.session',
      'room.name as room',
      'seat.seat_no',
      's.status',
      's.remark',
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.exam_id', '=', examId);
  if (q.date) query = query.where('p.date', '=', q.date);
  if (q.session) query = query.where('p.session', '=', q.session);
  if (q.roomId) query = query.where('seat.room_id', '=', q.roomId);
  if (q.q) query = query.where((eb) => anyColumnContains(eb, ['st.roll_no', 's.dummy_no', 'sub.code'], q.q!));
  return query.orderBy('p.date').orderBy('p.session', 'desc').orderBy('room.name').orderBy('seat.seat_no').orderBy('st.roll_no');
}

export function scriptCounts(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_scripts')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .groupBy('status')
    .execute();
}

/** Who sits in a room in one session, with the paper they write. */
export function seatedIn(db: Db, collegeId: number, examId: number, roomId: number, date: string, session: string) {
  return db
    .selectFrom('exam_seats as seat')
    .innerJoin('students as st', 'st.id', 'seat.student_id')
    .select(['seat.student_id', 'seat.paper_id', 'st.roll_no'])
    .where('seat.college_id', '=', collegeId)
    .where('seat.exam_id', '=', examId)
    .where('seat.room_id', '=', roomId)
    .where('seat.date', '=', date)
    .where('seat.session', '=', session)
    .execute();
}

export function markScript(
  db: Db,
  collegeId: number,
  examId: number,
  studentId: number,
  paperId: number,
  set: { status: string; remark: string; marked_by_name: string },
) {
  return db
    .updateTable('exam_scripts')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .where('paper_id', '=', paperId)
    .executeTakeFirst();
}
