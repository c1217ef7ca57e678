import { sql } from 'kysely';
import { isPostgres } from '../../db/migrations/helpers.js';
import type { Db } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import type { Insertable, Updateable } from 'kysely';
import { inChunks } from '../../lib/chunked.js';
import { anyColumnContains } from '../../lib/search.js';

/** The exam cell's queries: exams, papers, registrations, condonations, notices, hall tickets. */

export function examById(db: Db, collegeId: number, id: number) {
  return db.selectFrom('exams').selectAll().where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

/** The exam, its row locked on PostgreSQL for the rest of the transaction (SQLite writes one at a time anyway). */
export function examForUpdate(db: Db, collegeId: number, id: number) {
  const q = db.selectFrom('exams').selectAll().where('college_id', '=', collegeId).where('id', '=', id);
  return (isPostgres(db) ? q.forUpdate() : q).executeTakeFirst();
}

export function exams(db: Db, collegeId: number, q: { q?: string; status?: string; statuses?: string[] }) {
  let query = db
    .selectFrom('exams as e')
    .select([
      'e.id',
      'e.name',
      'e.kind',
      'e.status',
      'e.regulation_id',
      'e.starts_on',
      'e.ends_on',
      'e.registration_closes',
      (eb) =>
        eb
          .selectFrom('exam_registrations as r')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('r.exam_id', '=', 'e.id')
          .where('r.status', '!=', 'cancelled')
          .as('registrations'),
      (eb) =>
        eb
          .selectFrom('exam_hall_tickets as h')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('h.exam_id', '=', 'e.id')
          .as('hall_tickets'),
    ])
    .where('e.college_id', '=', collegeId);
  if (q.status) query = query.where('e.status', '=', q.status);
  if (q.statuses) query = query.where('e.status', 'in', q.statuses);
  if (q.q) query = query.where((eb) => anyColumnContains(eb, ['e.name'], q.q!));
  return query.orderBy('e.starts_on', 'desc').orderBy('e.id', 'desc').limit(500).execute();
}

export async function insertExam(db: Db, row: Insertable<DB['exams']>) {
  const { id } = await db.insertInto('exams').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function updateExam(db: Db, collegeId: number, id: number, set: Updateable<DB['exams']>) {
  return db.updateTable('exams').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export function semestersOf(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_semesters')
    .select('semester_id')
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .execute();
}

export async function replaceSemesters(db: Db, collegeId: number, examId: number, semesterIds: number[]) {
  await db.deleteFrom('exam_semesters').where('college_id', '=', collegeId).where('exam_id', '=', examId).execute();
  await db
    .insertInto('exam_semesters')
    .values(semesterIds.map((semester_id) => ({ college_id: collegeId, exam_id: examId, semester_id })))
    .execute();
}

export function lateFeesOf(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_late_fees')
    .select(['from_date', 'fee_paise'])
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .orderBy('from_date')
    .execute();
}

export async function replaceLateFees(
  db: Db,
  collegeId: number,
  examId: number,
  slabs: Array<{ fromDate: string; feePaise: number }>,
) {
  await db.deleteFrom('exam_late_fees').where('college_id', '=', collegeId).where('exam_id', '=', examId).execute();
  if (slabs.length)
    await db
      .insertInto('exam_late_fees')
      .values(slabs.map((s) => ({ college_id: collegeId, exam_id: examId, from_date: s.fromDate, fee_paise: s.feePaise })))
      .execute();
}

export function papersOf(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_papers as p')
    .select([
      'p.id',
      'p.subject_id',
      'p.date',
      'p.session',
      (eb) =>
        eb
          .selectFrom('exam_registration_papers as rp')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('rp.paper_id', '=', 'p.id')
          .as('registered'),
    ])
    .where('p.college_id', '=', collegeId)
    .where('p.exam_id', '=', examId)
    .orderBy('p.id')
    .execute();
}

/** Adds the papers for these subjects that the exam lacks (a unique pair keeps a subject once). */
export async function addPapers(db: Db, collegeId: number, examId: number, subjectIds: number[]) {
  const have = new Set((await papersOf(db, collegeId, examId)).map((p) => p.subject_id));
  const missing = [...new Set(subjectIds)].filter((s) => !have.has(s));
  if (missing.length)
    await db
      .insertInto('exam_papers')
      .values(missing.map((subject_id) => ({ college_id: collegeId, exam_id: examId, subject_id })))
      .execute();
}

/** Drops the papers nobody registered for whose subject is no longer examined (a draft changing its semesters). */
export function dropPapersExcept(db: Db, collegeId: number, examId: number, keepSubjectIds: number[]) {
  let q = db.deleteFrom('exam_papers').where('college_id', '=', collegeId).where('exam_id', '=', examId);
  if (keepSubjectIds.length) q = q.where('subject_id', 'not in', keepSubjectIds);
  return q.execute();
}

export function registrationsOfExam(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_registrations')
    .select(['id', 'student_id', 'status'])
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .execute();
}

export async function insertRegistration(db: Db, row: Insertable<DB['exam_registrations']>) {
  const { id } = await db.insertInto('exam_registrations').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function insertRegistrationPapers(db: Db, rows: Array<Insertable<DB['exam_registration_papers']>>) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('exam_registration_papers')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** The page of an exam's registrations the office's list shows, with the papers counted. */
export function registrationList(
  db: Db,
  collegeId: number,
  examId: number,
  q: { q?: string; status?: string; branch?: string; studentIds?: number[] | null },
) {
  let query = db
    .selectFrom('exam_registrations as r')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select([
      'r.id',
      'r.student_id',
      's.roll_no',
      's.full_name',
      's.branch',
      's.semester',
      'r.status',
      'r.fee_paise',
      'r.late_fee_paise',
      'r.registered_on',
      (eb) =>
        eb
          .selectFrom('exam_registration_papers as rp')
          .select(sql<number>`sum(case when rp.kind = 'regular' then 1 else 0 end)`.as('n'))
          .whereRef('rp.registration_id', '=', 'r.id')
          .as('regular_papers'),
      (eb) =>
        eb
          .selectFrom('exam_registration_papers as rp')
          .select(sql<number>`sum(case when rp.kind = 'backlog' then 1 else 0 end)`.as('n'))
          .whereRef('rp.registration_id', '=', 'r.id')
          .as('backlog_papers'),
    ])
    .where('r.college_id', '=', collegeId)
    .where('r.exam_id', '=', examId);
  if (q.status) query = query.where('r.status', '=', q.status);
  if (q.branch) query = query.where('s.branch', '=', q.branch);
  if (q.q) query = query.where((eb) => anyColumnContains(eb, ['s.roll_no', 's.full_name'], q.q!));
  if (q.studentIds) query = query.where('r.student_id', 'in', q.studentIds.length ? q.studentIds : [0]);
  return query.orderBy('s.roll_no');
}

/** A cancelled registration, replaced by a new one (its papers go with it). */
export function deleteRegistration(db: Db, collegeId: number, id: number) {
  return db.deleteFrom('exam_registrations').where('college_id', '=', collegeId).where('id', '=', id).execute();
}

/** The papers of cancelled registrations: they are no longer written, seated or numbered. */
export function deleteRegistrationPapers(db: Db, collegeId: number, registrationIds: number[]) {
  return db
    .deleteFrom('exam_registration_papers')
    .where('college_id', '=', collegeId)
    .where('registration_id', 'in', registrationIds)
    .execute();
}

export function registrationsByIds(db: Db, collegeId: number, examId: number, ids: number[]) {
  return inChunks(ids, (part) =>
    db
      .selectFrom('exam_registrations as r')
      .innerJoin('students as s', 's.id', 'r.student_id')
      .select(['r.id', 'r.student_id', 'r.status', 's.roll_no'])
      .where('r.college_id', '=', collegeId)
      .where('r.exam_id', '=', examId)
      .where('r.id', 'in', part)
      .execute(),
  );
}

export function setRegistrationStatus(db: Db, collegeId: number, ids: number[], set: Updateable<DB['exam_registrations']>) {
  return db.updateTable('exam_registrations').set(set).where('college_id', '=', collegeId).where('id', 'in', ids).execute();
}

export function registrationOf(db: Db, collegeId: number, examId: number, studentId: number) {
  return db
    .selectFrom('exam_registrations')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

/** A student's papers in an exam with subject, date, session and seat. */
export function papersOfStudent(db: Db, collegeId: number, examId: number, studentId: number) {
  return db
    .selectFrom('exam_registration_papers as rp')
    .innerJoin('exam_papers as p', 'p.id', 'rp.paper_id')
    .innerJoin('subjects as sub', 'sub.id', 'p.subject_id')
    .leftJoin('exam_seats as seat', (j) =>
      j
        .onRef('seat.exam_id', '=', 'rp.exam_id')
        .onRef('seat.student_id', '=', 'rp.student_id')
        .onRef('seat.paper_id', '=', 'rp.paper_id'),
    )
    .leftJoin('exam_rooms as room', 'room.id', 'seat.room_id')
    .select(['sub.code', 'sub.name', 'rp.kind', 'p.date', 'p.session', 'room.name as room', 'seat.seat_no'])
    .where('rp.college_id', '=', collegeId)
    .where('rp.exam_id', '=', examId)
    .where('rp.student_id', '=', studentId)
    .orderBy('p.date')
    .orderBy('p.session', 'desc')
    .orderBy('sub.code')
    .execute();
}

export function registrationsOfStudent(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('exam_registrations as r')
    .innerJoin('exams as e', 'e.id', 'r.exam_id')
    .select(['r.id', 'r.exam_id', 'r.status', 'r.fee_paise', 'r.late_fee_paise', 'e.name', 'e.status as exam_status'])
    .where('r.college_id', '=', collegeId)
    .where('r.student_id', '=', studentId)
    .orderBy('e.starts_on', 'desc')
    .execute();
}

export function condonationsOf(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_condonations')
    .select(['id', 'student_id', 'fee_paise'])
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .execute();
}

export async function insertCondonation(db: Db, row: Insertable<DB['exam_condonations']>) {
  const { id } = await db.insertInto('exam_condonations').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function hallTicketsOf(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_hall_tickets')
    .select(['student_id', 'doc_code', 'issued_at'])
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .execute();
}

export async function insertHallTickets(db: Db, rows: Array<Insertable<DB['exam_hall_tickets']>>) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('exam_hall_tickets')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function insertNotices(db: Db, rows: Array<Insertable<DB['exam_shortage_notices']>>) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('exam_shortage_notices')
      .values(rows.slice(i, i + 500))
      .execute();
}

export function noticesOf(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_shortage_notices as n')
    .innerJoin('students as s', 's.id', 'n.student_id')
    .select(['s.roll_no', 's.full_name', 'n.sent_to', 'n.address', 'n.percent_x100', 'n.standing', 'n.sent_on', 'n.sent_by_name'])
    .where('n.college_id', '=', collegeId)
    .where('n.exam_id', '=', examId)
    .orderBy('n.sent_at', 'desc')
    .orderBy('s.roll_no')
    .limit(5000)
    .execute();
}

/** Students of the college by roll number (id, name, branch, e-mail, photo-free). */
export function studentsByRoll(db: Db, collegeId: number, rollNos: string[]) {
  return inChunks(rollNos, (part) =>
    db
      .selectFrom('students')
      .select(['id', 'roll_no', 'full_name', 'branch', 'email', 'status'])
      .where('college_id', '=', collegeId)
      .where('roll_no', 'in', part)
      .execute(),
  );
}

export function studentOfUser(db: Db, collegeId: number, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('students as s', 's.id', 'u.student_id')
    .select(['s.id', 's.roll_no', 's.full_name'])
    .where('u.college_id', '=', collegeId)
    .where('s.college_id', '=', collegeId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** What a hall ticket prints of the student: name, branch, semester and the admission photo's path. */
export function ticketHolder(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('students as s')
    .leftJoin('admissions as a', 'a.id', 's.admission_id')
    .select(['s.id', 's.roll_no', 's.full_name', 's.branch', 's.semester', 's.batch', 'a.photo_path'])
    .where('s.college_id', '=', collegeId)
    .where('s.id', '=', studentId)
    .executeTakeFirst();
}

export function hallTicketOf(db: Db, collegeId: number, examId: number, studentId: number) {
  return db
    .selectFrom('exam_hall_tickets')
    .select(['doc_code', 'issued_at'])
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

/** The issued hall tickets of an exam (one branch, or all), in roll order. */
export function issuedTickets(db: Db, collegeId: number, examId: number, branch: string) {
  let q = db
    .selectFrom('exam_hall_tickets as h')
    .innerJoin('students as s', 's.id', 'h.student_id')
    .select(['h.student_id', 'h.doc_code', 's.roll_no'])
    .where('h.college_id', '=', collegeId)
    .where('h.exam_id', '=', examId);
  if (branch) q = q.where('s.branch', '=', branch);
  return q.orderBy('s.roll_no').execute();
}

export async function insertBatch(db: Db, row: Insertable<DB['exam_ticket_batches']>) {
  const { id } = await db.insertInto('exam_ticket_batches').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function batchById(db: Db, collegeId: number | null, id: number) {
  let q = db.selectFrom('exam_ticket_batches').selectAll().where('id', '=', id);
  if (collegeId !== null) q = q.where('college_id', '=', collegeId);
  return q.executeTakeFirst();
}

export function setBatch(db: Db, id: number, set: Updateable<DB['exam_ticket_batches']>) {
  return db.updateTable('exam_ticket_batches').set(set).where('id', '=', id).execute();
}

export function collegeOf(db: Db, collegeId: number) {
  return db.selectFrom('colleges').select(['id', 'code', 'name', 'address']).where('id', '=', collegeId).executeTakeFirst();
}
