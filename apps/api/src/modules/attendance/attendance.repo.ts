import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared, preparedIn, preparedRows } from '../../db/prepared.js';
import { chunks, IN_LIST_SIZE } from '../../lib/chunked.js';

// A sheet's reads and writes are prepared (db/prepared.ts): built and compiled once, run per sheet.
const policyOfSectionQuery = prepared((db, a: { collegeId: number; sectionId: number }) =>
  db
    .selectFrom('sections as s')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .leftJoin('regulations as r', 'r.id', 'b.regulation_id')
    .select([
      'r.short_below',
      'r.detain_below',
      'r.edit_window_hours',
      'r.late_counts_present',
      'r.od_counts_present',
      'r.medical_condonable',
    ])
    .where('s.college_id', '=', a.collegeId)
    .where('s.id', '=', a.sectionId),
);

export async function policyOfSection(db: Db, collegeId: number, sectionId: number) {
  return policyOfSectionQuery.first(db, { collegeId, sectionId });
}

const sessionBySlotQuery = prepared((db, a: { collegeId: number; sectionId: number; date: string; period: number }) =>
  db
    .selectFrom('attendance_sessions')
    .selectAll()
    .where('college_id', '=', a.collegeId)
    .where('section_id', '=', a.sectionId)
    .where('date', '=', a.date)
    .where('period', '=', a.period),
);

export async function sessionBySlot(db: Db, collegeId: number, sectionId: number, date: string, period: number) {
  return sessionBySlotQuery.first(db, { collegeId, sectionId, date, period });
}

export async function sessionById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('attendance_sessions')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

const submissionByClientIdQuery = prepared((db, a: { collegeId: number; clientId: string }) =>
  db
    .selectFrom('attendance_edits as e')
    .innerJoin('attendance_sessions as s', 's.id', 'e.session_id')
    .selectAll('s')
    .where('e.college_id', '=', a.collegeId)
    .where('e.client_id', '=', a.clientId),
);

export async function submissionByClientId(db: Db, collegeId: number, clientId: string) {
  return submissionByClientIdQuery.first(db, { collegeId, clientId });
}

export async function sessionsOfSectionsOn(db: Db, collegeId: number, sectionIds: number[], date: string) {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom('attendance_sessions')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('section_id', 'in', sectionIds)
    .where('date', '=', date)
    .execute();
}

// A sheet's own marks are read again for each edit, and the day's sheets once a day: prepared per count.
const marksOfSessionsQuery = preparedIn((db, _a: Record<string, never>, sessionIds: number[]) =>
  db
    .selectFrom('attendance_marks as m')
    .innerJoin('students as st', 'st.id', 'm.student_id')
    .select(['m.session_id', 'm.student_id', 'st.roll_no', 'm.status'])
    .where('m.session_id', 'in', sessionIds),
);

export async function marksOfSessions(db: Db, sessionIds: number[]) {
  return marksOfSessionsQuery.all(db, {}, sessionIds);
}

type SessionInsert = {
  college_id: number;
  section_id: number;
  subject_id: number;
  faculty_id: number;
  date: string;
  period: number;
  client_id: string;
  strength: number;
  absent_count: number;
  marked_by: number;
  created_at: string;
  updated_at: string;
};
const insertSessionQuery = prepared((db, a: SessionInsert) =>
  db
    .insertInto('attendance_sessions')
    .values({
      college_id: a.college_id,
      section_id: a.section_id,
      subject_id: a.subject_id,
      faculty_id: a.faculty_id,
      date: a.date,
      period: a.period,
      client_id: a.client_id,
      strength: a.strength,
      absent_count: a.absent_count,
      marked_by: a.marked_by,
      created_at: a.created_at,
      updated_at: a.updated_at,
    })
    .returning('id'),
);

export async function insertSession(db: Db, row: SessionInsert) {
  return (await insertSessionQuery.first(db, row))!.id;
}

type Mark = { student_id: number; status: string };
const insertMarksQuery = preparedRows((db, a: { collegeId: number; sessionId: number }, rows: Mark[]) =>
  db
    .insertInto('attendance_marks')
    .values(rows.map((m) => ({ college_id: a.collegeId, session_id: a.sessionId, student_id: m.student_id, status: m.status }))),
);

/** A new session's marks (it has none yet). */
export async function insertMarks(db: Db, collegeId: number, sessionId: number, marks: Mark[]) {
  await insertMarksQuery.changes(db, { collegeId, sessionId }, marks);
}

const deleteMarksQuery = prepared((db, a: { sessionId: number }) =>
  db.deleteFrom('attendance_marks').where('session_id', '=', a.sessionId),
);

/** An edited session's marks, in place of those it had. */
export async function replaceMarks(db: Db, collegeId: number, sessionId: number, marks: Mark[]) {
  await deleteMarksQuery.changes(db, { sessionId });
  await insertMarks(db, collegeId, sessionId, marks);
}

const recountSessionQuery = prepared((db, a: { id: number; absent: number; strength: number; updatedAt: string }) =>
  db
    .updateTable('attendance_sessions')
    .set({ absent_count: a.absent, strength: a.strength, updated_at: a.updatedAt })
    .where('id', '=', a.id),
);

/** An edited sheet's counts. */
export async function recountSession(db: Db, id: number, absent: number, strength: number, updatedAt: string) {
  await recountSessionQuery.changes(db, { id, absent, strength, updatedAt });
}

export async function setUnlocked(db: Db, collegeId: number, id: number, until: string) {
  await db
    .updateTable('attendance_sessions')
    .set({ unlocked_until: until })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .execute();
}

type EditInsert = {
  college_id: number;
  session_id: number;
  action: string;
  client_id: string | null;
  user_id: number;
  username: string;
  before_json: string;
  after_json: string;
  created_at: string;
};
const insertEditQuery = prepared((db, a: EditInsert) =>
  db.insertInto('attendance_edits').values({
    college_id: a.college_id,
    session_id: a.session_id,
    action: a.action,
    client_id: a.client_id,
    user_id: a.user_id,
    username: a.username,
    before_json: a.before_json,
    after_json: a.after_json,
    created_at: a.created_at,
  }),
);

export async function insertEdit(db: Db, row: EditInsert) {
  await insertEditQuery.changes(db, row);
}

export async function edits(db: Db, collegeId: number, sessionId: number) {
  return db
    .selectFrom('attendance_edits')
    .select(['id', 'action', 'username', 'created_at as at', 'before_json as before', 'after_json as after'])
    .where('college_id', '=', collegeId)
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute();
}

export async function subjectOfSectionSlot(db: Db, collegeId: number, sectionId: number, day: number, period: number) {
  return db
    .selectFrom('timetable_slots as t')
    .innerJoin('subjects as sub', 'sub.id', 't.subject_id')
    .select(['t.subject_id', 't.faculty_id', 'sub.code'])
    .where('t.college_id', '=', collegeId)
    .where('t.section_id', '=', sectionId)
    .where('t.day', '=', day)
    .where('t.period', '=', period)
    .executeTakeFirst();
}

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name'])
    .where('college_id', '=', collegeId)
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
}

export async function studentById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Classes held per subject of the section's current semester. */
export async function heldBySubject(db: Db, collegeId: number, sectionId: number, semesterId: number | null) {
  let q = db
    .selectFrom('attendance_sessions as s')
    .innerJoin('subjects as sub', 'sub.id', 's.subject_id')
    .select([
      'sub.id as subjectId',
      'sub.code as subjectCode',
      'sub.name as subjectName',
      (eb) => eb.fn.countAll<number>().as('held'),
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.section_id', '=', sectionId);
  if (semesterId) q = q.where('sub.semester_id', '=', semesterId);
  return q.groupBy(['sub.id', 'sub.code', 'sub.name']).orderBy('sub.code').execute();
}

export async function sectionsInScope(db: Db, collegeId: number, f: { sectionId?: number; department?: string }) {
  let q = db
    .selectFrom('sections as s')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('branches as br', 'br.id', 's.branch_id')
    .leftJoin('departments as d', 'd.id', 'br.department_id')
    .leftJoin('regulations as r', 'r.id', 'b.regulation_id')
    .select([
      's.id',
      's.semester_id',
      sql<string>`br.short_name || ' ' || b.name || ' ' || s.name`.as('label'),
      'd.name as department',
      'r.short_below',
      'r.detain_below',
      'r.late_counts_present',
      'r.od_counts_present',
      'r.medical_condonable',
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.retired', '=', 0);
  if (f.sectionId) q = q.where('s.id', '=', f.sectionId);
  if (f.department) q = q.where('d.name', '=', f.department);
  return q.execute();
}

/** Held classes per section (current-semester subjects), for the sections given or the whole college. */
export async function heldBySection(db: Db, collegeId: number, sectionIds: number[] | null) {
  let q = db
    .selectFrom('attendance_sessions as s')
    .innerJoin('sections as sec', 'sec.id', 's.section_id')
    .innerJoin('subjects as sub', 'sub.id', 's.subject_id')
    .select(['s.section_id', (eb) => eb.fn.countAll<number>().as('held')])
    .where('s.college_id', '=', collegeId)
    .where((eb) => eb.or([eb('sec.semester_id', 'is', null), eb('sub.semester_id', '=', eb.ref('sec.semester_id'))]));
  if (sectionIds) q = q.where('s.section_id', 'in', sectionIds);
  return q.groupBy('s.section_id').execute();
}

export async function studentsOfSections(db: Db, collegeId: number, sectionIds: number[] | null) {
  let q = db
    .selectFrom('section_students as ss')
    .innerJoin('students as st', 'st.id', 'ss.student_id')
    .select(['st.id', 'st.roll_no', 'st.full_name', 'ss.section_id'])
    .where('ss.college_id', '=', collegeId);
  if (sectionIds) q = q.where('ss.section_id', 'in', sectionIds);
  return q.orderBy('st.roll_no').execute();
}

export async function teachesSection(db: Db, collegeId: number, facultyId: number, sectionId: number) {
  const slot = await db
    .selectFrom('subject_allocations')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('faculty_id', '=', facultyId)
    .where('section_id', '=', sectionId)
    .executeTakeFirst();
  return Boolean(slot);
}

const COLUMN: Record<string, 'absent' | 'late' | 'on_duty' | 'medical'> = { A: 'absent', L: 'late', OD: 'on_duty', M: 'medical' };

/** Adds (+1) or removes (-1) marks from the running totals, in the caller's transaction. */
export async function applyTotals(
  db: Db,
  collegeId: number,
  sectionId: number,
  subjectId: number,
  marks: Array<{ student_id: number; status: string }>,
  sign: 1 | -1,
) {
  const rows = new Map<number, { absent: number; late: number; on_duty: number; medical: number }>();
  for (const m of marks) {
    const r = rows.get(m.student_id) ?? { absent: 0, late: 0, on_duty: 0, medical: 0 };
    r[COLUMN[m.status]] += sign;
    rows.set(m.student_id, r);
  }
  await addTotalsQuery.changes(
    db,
    { collegeId, sectionId, subjectId },
    [...rows].map(([student_id, r]) => ({ student_id, ...r })),
  );
}

type TotalsRow = { student_id: number; absent: number; late: number; on_duty: number; medical: number };
const addTotalsQuery = preparedRows((db, a: { collegeId: number; sectionId: number; subjectId: number }, rows: TotalsRow[]) =>
  db
    .insertInto('attendance_totals')
    .values(
      rows.map((r) => ({
        college_id: a.collegeId,
        student_id: r.student_id,
        section_id: a.sectionId,
        subject_id: a.subjectId,
        absent: r.absent,
        late: r.late,
        on_duty: r.on_duty,
        medical: r.medical,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['student_id', 'section_id', 'subject_id']).doUpdateSet((eb) => ({
        absent: eb('attendance_totals.absent', '+', eb.ref('excluded.absent')),
        late: eb('attendance_totals.late', '+', eb.ref('excluded.late')),
        on_duty: eb('attendance_totals.on_duty', '+', eb.ref('excluded.on_duty')),
        medical: eb('attendance_totals.medical', '+', eb.ref('excluded.medical')),
      })),
    ),
);

/**
 * Non-present counts per student from the running totals, only in the student's own section and
 * its current semester (a section with no semester set counts every subject).
 */
function currentTotals(db: Db, collegeId: number) {
  return db
    .selectFrom('attendance_totals as t')
    .innerJoin('section_students as ss', (j) =>
      j.onRef('ss.student_id', '=', 't.student_id').onRef('ss.section_id', '=', 't.section_id'),
    )
    .innerJoin('sections as sec', 'sec.id', 't.section_id')
    .innerJoin('subjects as sub', 'sub.id', 't.subject_id')
    .select((eb) => [
      't.student_id',
      eb.fn.sum<number>('t.absent').as('absent'),
      eb.fn.sum<number>('t.late').as('late'),
      eb.fn.sum<number>('t.on_duty').as('on_duty'),
      eb.fn.sum<number>('t.medical').as('medical'),
    ])
    .where('t.college_id', '=', collegeId)
    .where((eb) => eb.or([eb('sec.semester_id', 'is', null), eb('sub.semester_id', '=', eb.ref('sec.semester_id'))]))
    .groupBy('t.student_id');
}

/** Non-present counts per student from the running totals, only their own section's current semester. */
export async function totalsByStudent(db: Db, collegeId: number, sectionIds: number[] | null) {
  let q = currentTotals(db, collegeId);
  if (sectionIds) q = q.where('t.section_id', 'in', sectionIds);
  return q.execute();
}

/** The section of each student (of those given) with its semester and attendance policy. */
export async function sectionsOfStudents(db: Db, collegeId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return db
    .selectFrom('section_students as ss')
    .innerJoin('sections as s', 's.id', 'ss.section_id')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .leftJoin('regulations as r', 'r.id', 'b.regulation_id')
    .select([
      'ss.student_id',
      'ss.section_id',
      'r.short_below',
      'r.detain_below',
      'r.late_counts_present',
      'r.od_counts_present',
      'r.medical_condonable',
    ])
    .where('ss.college_id', '=', collegeId)
    .where('ss.student_id', 'in', studentIds)
    .execute();
}

/** Non-present counts of the given students, in their own section's current semester, from the running totals. */
export async function totalsOfStudents(db: Db, collegeId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return currentTotals(db, collegeId).where('t.student_id', 'in', studentIds).execute();
}

/** Which of these ids are students of the college. */
export async function studentIdsIn(db: Db, collegeId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('students').select('id').where('college_id', '=', collegeId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** The classes held in these sections between two dates, in order, with their subject codes. */
export async function sessionsOfSectionsBetween(db: Db, collegeId: number, sectionIds: number[], from: string, to: string) {
  if (sectionIds.length === 0) return [];
  const out = [];
  for (const part of chunks(sectionIds, IN_LIST_SIZE))
    out.push(
      ...(await db
        .selectFrom('attendance_sessions as s')
        .innerJoin('subjects as sub', 'sub.id', 's.subject_id')
        .select(['s.id', 's.section_id', 's.date', 's.period', 'sub.code as subject_code'])
        .where('s.college_id', '=', collegeId)
        .where('s.section_id', 'in', part)
        .where('s.date', '>=', from)
        .where('s.date', '<=', to)
        .orderBy('s.date')
        .orderBy('s.period')
        .execute()),
    );
  return out;
}

/** The stored (non-present) marks of many sessions. */
export async function marksOfSessionsChunked(db: Db, sessionIds: number[]) {
  const out: Array<{ session_id: number; student_id: number; status: string }> = [];
  for (const part of chunks(sessionIds, IN_LIST_SIZE))
    out.push(
      ...(await db
        .selectFrom('attendance_marks')
        .select(['session_id', 'student_id', 'status'])
        .where('session_id', 'in', part)
        .execute()),
    );
  return out;
}

/** The sheets of a section between two dates with subject, faculty and how many times each was changed. */
export async function sessionsOfSection(db: Db, collegeId: number, sectionId: number, from: string, to: string) {
  return db
    .selectFrom('attendance_sessions as s')
    .innerJoin('subjects as sub', 'sub.id', 's.subject_id')
    .leftJoin('faculty as f', 'f.id', 's.faculty_id')
    .select((eb) => [
      's.id',
      's.date',
      's.period',
      's.strength',
      's.absent_count',
      's.created_at',
      's.unlocked_until',
      'sub.code as subject_code',
      'sub.name as subject_name',
      'f.full_name as faculty_name',
      eb
        .selectFrom('attendance_edits as e')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('e.session_id', '=', 's.id')
        .as('edits'),
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.section_id', '=', sectionId)
    .where('s.date', '>=', from)
    .where('s.date', '<=', to)
    .orderBy('s.date')
    .orderBy('s.period')
    .execute();
}

/** A student with their section, its label, department and attendance policy, in one query. */
const studentCardQuery = (db: Db, collegeId: number) =>
  db
    .selectFrom('students as st')
    .leftJoin('section_students as ss', (j) => j.onRef('ss.student_id', '=', 'st.id').on('ss.college_id', '=', collegeId))
    .leftJoin('sections as s', 's.id', 'ss.section_id')
    .leftJoin('batches as b', 'b.id', 's.batch_id')
    .leftJoin('branches as br', 'br.id', 's.branch_id')
    .leftJoin('departments as d', 'd.id', 'br.department_id')
    .leftJoin('regulations as r', 'r.id', 'b.regulation_id')
    .select([
      'st.id',
      'st.roll_no',
      'st.full_name',
      'ss.section_id',
      's.semester_id',
      's.name as section_name',
      'b.name as batch',
      'br.short_name as branch',
      'd.name as department',
      'r.short_below',
      'r.detain_below',
      'r.edit_window_hours',
      'r.late_counts_present',
      'r.od_counts_present',
      'r.medical_condonable',
    ])
    .where('st.college_id', '=', collegeId);

// Every summary reads a card, its section's classes held and the student's totals: all prepared.
const cardByRollNoQuery = prepared((db, a: { collegeId: number; rollNo: string }) =>
  studentCardQuery(db, a.collegeId).where('st.roll_no', '=', a.rollNo),
);
const cardByIdQuery = prepared((db, a: { collegeId: number; id: number }) =>
  studentCardQuery(db, a.collegeId).where('st.id', '=', a.id),
);

export async function studentCard(db: Db, collegeId: number, by: { rollNo: string } | { id: number }) {
  return 'rollNo' in by
    ? cardByRollNoQuery.first(db, { collegeId, rollNo: by.rollNo })
    : cardByIdQuery.first(db, { collegeId, id: by.id });
}

/** Classes held per subject of a section, counted from the index; `semesterId` keeps the semester's subjects. */
const heldBySubjectOf = (db: Db, collegeId: number, sectionId: number) =>
  db
    .selectFrom(
      db
        .selectFrom('attendance_sessions')
        .select(['subject_id', (eb) => eb.fn.countAll<number>().as('held')])
        .where('section_id', '=', sectionId)
        .where('college_id', '=', collegeId)
        .groupBy('subject_id')
        .as('c'),
    )
    .innerJoin('subjects as sub', 'sub.id', 'c.subject_id')
    .select(['sub.id as subjectId', 'sub.code as subjectCode', 'sub.name as subjectName', 'c.held'])
    .orderBy('sub.code');
const heldBySubjectQuery = prepared((db, a: { collegeId: number; sectionId: number }) =>
  heldBySubjectOf(db, a.collegeId, a.sectionId),
);
const heldInSemesterQuery = prepared((db, a: { collegeId: number; sectionId: number; semesterId: number }) =>
  heldBySubjectOf(db, a.collegeId, a.sectionId).where('sub.semester_id', '=', a.semesterId),
);

export async function heldBySubjectFast(db: Db, collegeId: number, sectionId: number, semesterId: number | null) {
  return semesterId
    ? heldInSemesterQuery.all(db, { collegeId, sectionId, semesterId })
    : heldBySubjectQuery.all(db, { collegeId, sectionId });
}

/** A student's running totals per subject in a section (one row per subject with any non-present mark). */
const totalsOfStudentQuery = prepared((db, a: { collegeId: number; studentId: number; sectionId: number }) =>
  db
    .selectFrom('attendance_totals')
    .select(['subject_id', 'absent', 'late', 'on_duty', 'medical'])
    .where('student_id', '=', a.studentId)
    .where('section_id', '=', a.sectionId)
    // Unary plus (valid on both databases) keeps SQLite on the (student, section, subject) key
    // instead of the (college, section) index, which would visit every student of the section.
    .where(sql<number>`+college_id`, '=', a.collegeId),
);

export async function totalsOfStudent(db: Db, collegeId: number, studentId: number, sectionId: number) {
  return totalsOfStudentQuery.all(db, { collegeId, studentId, sectionId });
}
