import { DUTY_MSG, EXAM_CELL_ROLES, type TDuty, type TRoster } from '@erp/shared';
import type { Database, Db } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { facultyAway } from '../leave/index.js';
import { facultyInServiceRows, staffOf, teachersOfSubjects } from '../masters/index.js';
import * as duties from './duties.repo.js';
import { examOrThrow } from './exams.service.js';

/**
 * The invigilation roster: each seated room of each session gets one invigilator for every
 * `studentsPerInvigilator` students (at least one), chosen from the faculty in service who are
 * not away (leave approved or pending) that day and teach none of the papers written in that
 * session, fewest duties first, so the load stays even. Swaps go through the exam cell.
 */

const OPEN_FOR_ROSTER = ['registration', 'hall_tickets'];
const sessionKey = (date: string, session: string) => `${date} ${session}`;

interface Busy {
  /** faculty teaching a paper of the session, by session key */
  teaching: Map<string, Set<number>>;
  away: Array<{ facultyId: number; from: string; to: string }>;
}

async function busyness(db: Db, collegeId: number, examId: number, from: string, to: string): Promise<Busy> {
  const papers = await duties.papersBySession(db, collegeId, examId);
  const teachers = await teachersOfSubjects(db, collegeId, [...new Set(papers.map((p) => p.subject_id))]);
  const teachersOf = new Map<number, number[]>();
  for (const t of teachers) teachersOf.set(t.subject_id, [...(teachersOf.get(t.subject_id) ?? []), t.faculty_id]);
  const teaching = new Map<string, Set<number>>();
  for (const p of papers) {
    const key = sessionKey(p.date!, p.session!);
    const set = teaching.get(key) ?? new Set<number>();
    for (const f of teachersOf.get(p.subject_id) ?? []) set.add(f);
    teaching.set(key, set);
  }
  return { teaching, away: await facultyAway(db, collegeId, from, to) };
}

const isAway = (b: Busy, facultyId: number, date: string) =>
  b.away.some((a) => a.facultyId === facultyId && a.from <= date && a.to >= date);

export async function planInvigilation(db: Database, collegeId: number, examId: number, perInvigilator: number) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!OPEN_FOR_ROSTER.includes(exam.status)) throw conflict(DUTY_MSG.locked);
  const rooms = await duties.seatedRooms(db, collegeId, examId);
  if (rooms.length === 0) throw conflict(DUTY_MSG.noSeating);
  const [faculty, busy] = await Promise.all([
    facultyInServiceRows(db, collegeId),
    busyness(db, collegeId, examId, exam.starts_on, exam.ends_on),
  ]);
  const load = new Map(faculty.map((f) => [f.id, 0]));
  const rows: Array<{
    college_id: number;
    exam_id: number;
    date: string;
    session: string;
    room_id: number;
    faculty_id: number;
    status: string;
  }> = [];
  const bySession = new Map<string, typeof rooms>();
  for (const r of rooms)
    bySession.set(sessionKey(r.date, r.session), [...(bySession.get(sessionKey(r.date, r.session)) ?? []), r]);
  for (const [key, sessionRooms] of bySession) {
    const { date, session } = sessionRooms[0];
    const teaching = busy.teaching.get(key) ?? new Set<number>();
    const free = faculty.filter((f) => !teaching.has(f.id) && !isAway(busy, f.id, date));
    const need = sessionRooms.reduce((n, r) => n + Math.max(1, Math.ceil(Number(r.students) / perInvigilator)), 0);
    if (free.length < need) throw conflict(DUTY_MSG.tooFew(date, session, need - free.length));
    // fewest duties so far first; ties by id so the same roster comes out for the same input
    free.sort((a, b) => load.get(a.id)! - load.get(b.id)! || a.id - b.id);
    let next = 0;
    for (const room of sessionRooms) {
      const k = Math.max(1, Math.ceil(Number(room.students) / perInvigilator));
      for (let i = 0; i < k; i++) {
        const f = free[next++];
        load.set(f.id, load.get(f.id)! + 1);
        rows.push({
          college_id: collegeId,
          exam_id: examId,
          date,
          session,
          room_id: room.room_id,
          faculty_id: f.id,
          status: 'assigned',
        });
      }
    }
  }
  await db.transaction().execute((trx) => duties.replaceRoster(trx, collegeId, examId, rows));
  const used = new Set(rows.map((r) => r.faculty_id)).size;
  return { message: `${rows.length} duties given to ${used} faculty members`, duties: rows.length, faculty: used };
}

const toDuty = (d: Awaited<ReturnType<typeof duties.roster>>[number]): TDuty & { examId: number; exam: string } => ({
  id: d.id,
  examId: d.exam_id,
  exam: d.exam,
  date: d.date,
  session: d.session as TDuty['session'],
  room: d.room,
  facultyId: d.faculty_id,
  faculty: d.faculty,
  department: d.department,
  status: d.status as TDuty['status'],
  swapTo: d.swap_to ?? null,
  swapReason: d.swap_reason,
});

export async function roster(db: Database, collegeId: number, examId: number): Promise<TRoster> {
  await examOrThrow(db, collegeId, examId);
  const rows = (await duties.roster(db, collegeId, examId)).map(toDuty);
  const load = new Map<number, TRoster['load'][number]>();
  for (const d of rows) {
    const l = load.get(d.facultyId) ?? { facultyId: d.facultyId, faculty: d.faculty, department: d.department, duties: 0 };
    l.duties++;
    load.set(d.facultyId, l);
  }
  return {
    duties: rows.map(({ examId: _e, exam: _x, ...d }) => d),
    load: [...load.values()].sort((a, b) => b.duties - a.duties || a.faculty.localeCompare(b.faculty)),
  };
}

const isCell = (user: RequestUser) => user.roles.some((r) => EXAM_CELL_ROLES.includes(r as never));

/** Who may ask about a duty: the exam cell, or the faculty member who holds it. */
async function dutyFor(db: Database, user: RequestUser, examId: number, dutyId: number) {
  const d = await duties.duty(db, user.collegeId, examId, dutyId);
  if (!d) throw notFound(DUTY_MSG.dutyNotFound);
  if (!isCell(user)) {
    const staff = await staffOf(db, user);
    if (staff.facultyId !== d.faculty_id) throw forbidden(DUTY_MSG.notYourDuty);
  }
  return d;
}

/** The colleagues free to take a duty, by name: the swap dialog's choices (the same rule a swap is checked by). */
export async function freeColleagues(db: Database, user: RequestUser, examId: number, dutyId: number) {
  const collegeId = user.collegeId;
  const exam = await examOrThrow(db, collegeId, examId);
  const d = await dutyFor(db, user, examId, dutyId);
  const [faculty, busy, onDuty] = await Promise.all([
    facultyInServiceRows(db, collegeId),
    busyness(db, collegeId, examId, exam.starts_on, exam.ends_on),
    duties.onDutyInSession(db, collegeId, examId, d.date, d.session),
  ]);
  const taken = new Set(onDuty.map((o) => o.faculty_id));
  const teaching = busy.teaching.get(sessionKey(d.date, d.session)) ?? new Set<number>();
  return faculty
    .filter((f) => !taken.has(f.id) && !teaching.has(f.id) && !isAway(busy, f.id, d.date))
    .map((f) => ({ facultyId: f.id, name: f.full_name, department: f.department }))
    .sort((a, b) => a.department.localeCompare(b.department) || a.name.localeCompare(b.name));
}

/** Whether a faculty member may take a duty: in service, not away that day, not teaching a paper of the session, not on another duty then. */
async function checkFree(
  db: Db,
  collegeId: number,
  examId: number,
  exam: { starts_on: string; ends_on: string },
  d: { date: string; session: string },
  facultyId: number,
) {
  const [faculty, busy, onDuty] = await Promise.all([
    facultyInServiceRows(db, collegeId),
    busyness(db, collegeId, examId, exam.starts_on, exam.ends_on),
    duties.onDutyInSession(db, collegeId, examId, d.date, d.session),
  ]);
  const f = faculty.find((x) => x.id === facultyId);
  if (!f) throw badRequest('Choose a faculty member in service');
  const busyThen =
    onDuty.some((o) => o.faculty_id === facultyId) ||
    isAway(busy, facultyId, d.date) ||
    (busy.teaching.get(sessionKey(d.date, d.session))?.has(facultyId) ?? false);
  if (busyThen) throw conflict(DUTY_MSG.swapBusy(f.full_name));
}

/** A faculty member asks to hand a duty to a colleague (or the exam cell moves it); it waits for the exam cell. */
export async function askSwap(
  db: Database,
  user: RequestUser,
  examId: number,
  dutyId: number,
  input: { toFacultyId: number; reason: string },
) {
  const collegeId = user.collegeId;
  const exam = await examOrThrow(db, collegeId, examId);
  if (!OPEN_FOR_ROSTER.includes(exam.status) && exam.status !== 'in_progress') throw conflict(DUTY_MSG.locked);
  const d = await dutyFor(db, user, examId, dutyId);
  if (input.toFacultyId === d.faculty_id) throw badRequest(DUTY_MSG.swapSelf);
  await checkFree(db, collegeId, examId, exam, d, input.toFacultyId);
  await duties.setDuty(db, collegeId, dutyId, {
    status: 'swap_requested',
    swap_to_faculty_id: input.toFacultyId,
    swap_reason: input.reason,
  });
  return roster(db, collegeId, examId);
}

export async function decideSwap(db: Database, collegeId: number, examId: number, dutyId: number, approve: boolean) {
  const exam = await examOrThrow(db, collegeId, examId);
  await db.transaction().execute(async (trx) => {
    const d = await duties.duty(trx, collegeId, examId, dutyId);
    if (!d) throw notFound(DUTY_MSG.dutyNotFound);
    if (d.status !== 'swap_requested' || d.swap_to_faculty_id == null) throw conflict(DUTY_MSG.noSwap);
    if (approve) {
      await checkFree(trx, collegeId, examId, exam, d, d.swap_to_faculty_id);
      await duties.setDuty(trx, collegeId, dutyId, {
        status: 'assigned',
        faculty_id: d.swap_to_faculty_id,
        swap_to_faculty_id: null,
        swap_reason: '',
      });
    } else {
      await duties.setDuty(trx, collegeId, dutyId, { status: 'assigned', swap_to_faculty_id: null, swap_reason: '' });
    }
  });
  return roster(db, collegeId, examId);
}

/** The signed-in faculty member's duties across exams. */
export async function myDuties(db: Database, user: RequestUser) {
  const staff = await staffOf(db, user);
  if (staff.facultyId == null) throw forbidden('This login is not linked to a faculty record');
  return (await duties.roster(db, user.collegeId, null, staff.facultyId)).map(toDuty);
}

/** One faculty member's duties in an exam, for the letter. */
export async function dutiesOf(db: Database, collegeId: number, examId: number, facultyId: number) {
  const rows = (await duties.roster(db, collegeId, examId, facultyId)).map(toDuty);
  if (rows.length === 0) throw notFound('This faculty member has no duty in this exam');
  return rows;
}
