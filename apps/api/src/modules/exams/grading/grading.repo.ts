import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/index.js';
import type { DB } from '../../../db/tables.js';
import { insertChunked } from '../../../lib/chunked.js';
import { anyColumnContains } from '../../../lib/search.js';

/** Queries of the exam cell after the exam: rules, marks, outcomes, grace rules, revaluation. */

export function rulesOf(db: Db, collegeId: number, regulationId: number) {
  return db
    .selectFrom('regulation_exam_rules')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('regulation_id', '=', regulationId)
    .executeTakeFirst();
}

export async function saveRules(db: Db, row: Insertable<DB['regulation_exam_rules']>) {
  const { college_id, regulation_id, ...set } = row;
  const done = await db
    .updateTable('regulation_exam_rules')
    .set(set)
    .where('college_id', '=', college_id)
    .where('regulation_id', '=', regulation_id)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) await db.insertInto('regulation_exam_rules').values(row).execute();
}

export function regulationOf(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('regulations')
    .select(['id', 'code'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Every script of the exam with its student, section, paper and marks: the one row set that
 * internal progress, decoding and processing read. A student in no section is section 0.
 * The internal marks come by a lookup per script on their unique key, not a join: joined, PostgreSQL's
 * plan for a table filling faster than its statistics (marks being entered) scanned the exam's marks
 * once for every script.
 */
export function scriptRows(db: Db, collegeId: number, examId: number, only?: { paperId: number; sectionId: number }) {
  let q = db
    .selectFrom('exam_scripts as s')
    .innerJoin('students as st', 'st.id', 's.student_id')
    .innerJoin('exam_papers as p', 'p.id', 's.paper_id')
    .innerJoin('subjects as sub', 'sub.id', 'p.subject_id')
    .leftJoin('section_students as ss', (j) =>
      j.onRef('ss.student_id', '=', 's.student_id').onRef('ss.college_id', '=', 's.college_id'),
    )
    .leftJoin('exam_external_marks as em', 'em.script_id', 's.id')
    .select((eb) => [
      's.id as script_id',
      's.student_id',
      's.paper_id',
      's.dummy_no',
      's.status as script_status',
      'st.roll_no',
      'st.full_name',
      'st.admission_id',
      'sub.code',
      'sub.name as subject',
      'sub.credits',
      'sub.id as subject_id',
      sql<number>`coalesce(ss.section_id, 0)`.as('section_id'),
      eb
        .selectFrom('exam_internal_marks as im')
        .select('im.marks')
        .whereRef('im.exam_id', '=', 's.exam_id')
        .whereRef('im.paper_id', '=', 's.paper_id')
        .whereRef('im.student_id', '=', 's.student_id')
        .as('internal'),
      'em.first_marks',
      'em.second_marks',
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.exam_id', '=', examId);
  // one section's sheet reads its own scripts, not the exam's
  if (only) q = q.where('s.paper_id', '=', only.paperId).where(sql<number>`coalesce(ss.section_id, 0)`, '=', only.sectionId);
  return q.orderBy('st.roll_no').orderBy('sub.code').execute();
}
export type ScriptRow = Awaited<ReturnType<typeof scriptRows>>[number];

/** A section's name ('' for none). */
export async function sectionName(db: Db, collegeId: number, sectionId: number) {
  const row = await db
    .selectFrom('sections')
    .select('name')
    .where('college_id', '=', collegeId)
    .where('id', '=', sectionId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** Each paper and section of the exam with its subject's allocated teacher and department. */
export function paperSections(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_scripts as s')
    .innerJoin('exam_papers as p', 'p.id', 's.paper_id')
    .innerJoin('subjects as sub', 'sub.id', 'p.subject_id')
    .leftJoin('section_students as ss', (j) =>
      j.onRef('ss.student_id', '=', 's.student_id').onRef('ss.college_id', '=', 's.college_id'),
    )
    .leftJoin('sections as sec', 'sec.id', 'ss.section_id')
    .leftJoin('exam_internal_marks as im', (j) =>
      j.onRef('im.exam_id', '=', 's.exam_id').onRef('im.paper_id', '=', 's.paper_id').onRef('im.student_id', '=', 's.student_id'),
    )
    .select((eb) => [
      's.paper_id',
      'sub.id as subject_id',
      'sub.code',
      'sub.name as subject',
      sql<number>`coalesce(ss.section_id, 0)`.as('section_id'),
      sql<string>`coalesce(max(sec.name), '')`.as('section'),
      'sub.branch_id',
      eb.fn.countAll<number>().as('students'),
      eb.fn.count<number>('im.id').as('entered'),
      eb.fn.count<number>('im.original_marks').as('moderated'),
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.exam_id', '=', examId)
    .groupBy(['s.paper_id', 'sub.id', 'sub.code', 'sub.name', 'sub.branch_id', sql`coalesce(ss.section_id, 0)`])
    .orderBy('sub.code')
    .execute();
}

/** The teacher of each subject and section (the latest allocation). */
export function teachers(db: Db, collegeId: number, subjectIds: number[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subject_allocations as a')
    .innerJoin('faculty as f', 'f.id', 'a.faculty_id')
    .select(['a.subject_id', 'a.section_id', 'a.faculty_id', 'f.full_name', 'a.id'])
    .where('a.college_id', '=', collegeId)
    .where('a.subject_id', 'in', subjectIds)
    .orderBy('a.id')
    .execute();
}

export function locksOf(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_internal_locks')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .execute();
}

export async function insertLock(db: Db, row: Insertable<DB['exam_internal_locks']>) {
  await db.insertInto('exam_internal_locks').values(row).execute();
}

export function internalOf(db: Db, collegeId: number, examId: number, paperId: number, studentIds: number[]) {
  if (studentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exam_internal_marks')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('paper_id', '=', paperId)
    .where('student_id', 'in', studentIds)
    .execute();
}

export async function upsertInternal(db: Db, row: Insertable<DB['exam_internal_marks']>) {
  const done = await db
    .updateTable('exam_internal_marks')
    .set({ marks: row.marks, entered_by_name: row.entered_by_name, updated_at: row.updated_at, section_id: row.section_id })
    .where('college_id', '=', row.college_id)
    .where('exam_id', '=', row.exam_id)
    .where('paper_id', '=', row.paper_id)
    .where('student_id', '=', row.student_id)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) await db.insertInto('exam_internal_marks').values(row).execute();
}

export function updateInternal(db: Db, collegeId: number, id: number, set: Updateable<DB['exam_internal_marks']>) {
  return db.updateTable('exam_internal_marks').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

/** Each student's marks in the subject's assessments for the section (end exam left out), and the maxima. */
export function assessmentTotals(db: Db, collegeId: number, subjectId: number, sectionId: number) {
  return db
    .selectFrom('obe_assessments as a')
    .innerJoin('obe_questions as q', 'q.assessment_id', 'a.id')
    .leftJoin('obe_marks as m', 'm.question_id', 'q.id')
    .select(['m.student_id', (eb) => eb.fn.sum<number>('m.marks').as('obtained')])
    .where('a.college_id', '=', collegeId)
    .where('a.subject_id', '=', subjectId)
    .where('a.section_id', '=', sectionId)
    .where('a.kind', '!=', 'end_exam')
    .where('m.student_id', 'is not', null)
    .groupBy('m.student_id')
    .execute();
}

export async function assessmentMaximum(db: Db, collegeId: number, subjectId: number, sectionId: number) {
  const row = await db
    .selectFrom('obe_assessments as a')
    .innerJoin('obe_questions as q', 'q.assessment_id', 'a.id')
    .select((eb) => eb.fn.sum<number>('q.max_marks').as('max'))
    .where('a.college_id', '=', collegeId)
    .where('a.subject_id', '=', subjectId)
    .where('a.section_id', '=', sectionId)
    .where('a.kind', '!=', 'end_exam')
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

// ---- external marks ---------------------------------------------------------------------------

export function scriptsByDummy(db: Db, collegeId: number, examId: number, dummies: string[]) {
  if (dummies.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('exam_scripts as s')
    .leftJoin('exam_external_marks as em', 'em.script_id', 's.id')
    .select([
      's.id',
      's.dummy_no',
      's.status',
      'em.id as mark_id',
      'em.first_marks',
      'em.first_by_id',
      'em.second_marks',
      'em.second_by_id',
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.exam_id', '=', examId)
    .where('s.dummy_no', 'in', dummies)
    .execute();
}

export async function insertExternal(db: Db, row: Insertable<DB['exam_external_marks']>) {
  await db.insertInto('exam_external_marks').values(row).execute();
}
export function updateExternal(db: Db, collegeId: number, id: number, set: Updateable<DB['exam_external_marks']>) {
  return db.updateTable('exam_external_marks').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

const stateSql = sql<string>`case when em.first_marks is null then 'pending' when em.second_marks is null then 'first' when em.first_marks = em.second_marks then 'agreed' else 'mismatch' end`;

/** Written scripts for evaluation: dummy number, paper, both entries and their state; never the student. */
export function externalList(db: Db, collegeId: number, examId: number, q: { paperId?: number; state?: string; q?: string }) {
  let query = db
    .selectFrom('exam_scripts as s')
    .innerJoin('exam_papers as p', 'p.id', 's.paper_id')
    .innerJoin('subjects as sub', 'sub.id', 'p.subject_id')
    .leftJoin('exam_external_marks as em', 'em.script_id', 's.id')
    .select([
      's.dummy_no',
      'sub.code',
      'sub.name as subject',
      'em.first_marks',
      'em.first_by_id',
      'em.second_marks',
      'em.second_by_id',
      stateSql.as('state'),
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.exam_id', '=', examId)
    .where('s.status', '=', 'written');
  if (q.paperId) query = query.where('s.paper_id', '=', q.paperId);
  if (q.state) query = query.where(stateSql, '=', q.state);
  if (q.q) query = query.where((eb) => anyColumnContains(eb, ['s.dummy_no'], q.q!));
  return query.orderBy('sub.code').orderBy('s.dummy_no');
}

export function externalCounts(db: Db, collegeId: number, examId: number, paperId?: number) {
  let query = db
    .selectFrom('exam_scripts as s')
    .leftJoin('exam_external_marks as em', 'em.script_id', 's.id')
    .select([stateSql.as('state'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('s.college_id', '=', collegeId)
    .where('s.exam_id', '=', examId)
    .where('s.status', '=', 'written');
  if (paperId) query = query.where('s.paper_id', '=', paperId);
  return query.groupBy(stateSql).execute();
}

// ---- outcomes ---------------------------------------------------------------------------------

export async function replaceOutcomes(db: Db, collegeId: number, examId: number, rows: Array<Insertable<DB['exam_outcomes']>>) {
  await db.deleteFrom('exam_outcomes').where('college_id', '=', collegeId).where('exam_id', '=', examId).execute();
  await insertChunked(db, 'exam_outcomes', rows);
}

export function outcomeList(
  db: Db,
  collegeId: number,
  examId: number,
  q: { q?: string; status?: string; grace?: string; studentId?: number },
) {
  let query = db
    .selectFrom('exam_outcomes as o')
    .innerJoin('students as st', 'st.id', 'o.student_id')
    .innerJoin('exam_papers as p', 'p.id', 'o.paper_id')
    .innerJoin('subjects as sub', 'sub.id', 'p.subject_id')
    .leftJoin('grace_rules as g', 'g.id', 'o.grace_rule_id')
    .select([
      'o.id',
      'o.student_id',
      'o.paper_id',
      'st.roll_no',
      'st.full_name',
      'sub.code',
      'sub.name as subject',
      'o.credits',
      'o.internal_marks',
      'o.external_marks',
      'o.grace_marks',
      'g.name as grace_rule',
      'o.total_marks',
      'o.percent',
      'o.grade',
      'o.grade_points',
      'o.status',
      'o.withheld_reason',
    ])
    .where('o.college_id', '=', collegeId)
    .where('o.exam_id', '=', examId);
  if (q.status) query = query.where('o.status', '=', q.status);
  if (q.grace) query = query.where('o.grace_marks', '>', 0);
  if (q.studentId) query = query.where('o.student_id', '=', q.studentId);
  if (q.q) query = query.where((eb) => anyColumnContains(eb, ['st.roll_no', 'st.full_name', 'sub.code', 'sub.name'], q.q!));
  return query.orderBy('st.roll_no').orderBy('sub.code');
}

export function outcomeCounts(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_outcomes')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .groupBy('status')
    .execute();
}

export function outcomeOf(db: Db, collegeId: number, examId: number, studentId: number, paperId: number) {
  return db
    .selectFrom('exam_outcomes')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .where('paper_id', '=', paperId)
    .executeTakeFirst();
}

export function updateOutcome(db: Db, collegeId: number, id: number, set: Updateable<DB['exam_outcomes']>) {
  return db.updateTable('exam_outcomes').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function insertChange(db: Db, row: Insertable<DB['exam_result_changes']>) {
  await db.insertInto('exam_result_changes').values(row).execute();
}

// ---- grace rules -------------------------------------------------------------------------------

export function graceRules(db: Db, collegeId: number) {
  return db.selectFrom('grace_rules').selectAll().where('college_id', '=', collegeId).orderBy('id').execute();
}

export async function insertGraceRule(db: Db, row: Insertable<DB['grace_rules']>) {
  const r = await db.insertInto('grace_rules').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

// ---- revaluation -------------------------------------------------------------------------------

export async function insertRequest(db: Db, row: Insertable<DB['revaluation_requests']>) {
  const r = await db.insertInto('revaluation_requests').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function requestExists(db: Db, collegeId: number, examId: number, studentId: number, paperId: number, kind: string) {
  return db
    .selectFrom('revaluation_requests')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .where('paper_id', '=', paperId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export function requestList(
  db: Db,
  collegeId: number,
  q: { examId?: number; status?: string; kind?: string; q?: string; studentIds?: number[]; id?: number },
) {
  let query = db
    .selectFrom('revaluation_requests as r')
    .innerJoin('exams as e', 'e.id', 'r.exam_id')
    .innerJoin('students as st', 'st.id', 'r.student_id')
    .innerJoin('exam_papers as p', 'p.id', 'r.paper_id')
    .innerJoin('subjects as sub', 'sub.id', 'p.subject_id')
    .leftJoin('exam_scripts as s', (j) =>
      j.onRef('s.exam_id', '=', 'r.exam_id').onRef('s.student_id', '=', 'r.student_id').onRef('s.paper_id', '=', 'r.paper_id'),
    )
    .leftJoin('exam_external_marks as em', 'em.script_id', 's.id')
    .select([
      'r.id',
      'r.exam_id',
      'em.first_by_id',
      'em.second_by_id',
      'e.name as exam',
      'e.kind as exam_kind',
      'e.regulation_id',
      'e.exam_title_id',
      'r.student_id',
      'st.roll_no',
      'st.full_name',
      's.dummy_no',
      'r.paper_id',
      'sub.code',
      'sub.name as subject',
      'r.kind',
      'r.fee_paise',
      'r.status',
      'r.old_marks',
      'r.second_marks',
      'r.new_marks',
      'r.old_grade',
      'r.new_grade',
      'r.created_at',
      'r.decided_at',
      'r.decided_by_name',
    ])
    .where('r.college_id', '=', collegeId);
  if (q.id) query = query.where('r.id', '=', q.id);
  if (q.examId) query = query.where('r.exam_id', '=', q.examId);
  if (q.status) query = query.where('r.status', '=', q.status);
  if (q.kind) query = query.where('r.kind', '=', q.kind);
  if (q.studentIds) query = query.where('r.student_id', 'in', q.studentIds.length ? q.studentIds : [0]);
  if (q.q) query = query.where((eb) => anyColumnContains(eb, ['st.roll_no', 'st.full_name', 'sub.code', 's.dummy_no'], q.q!));
  return query.orderBy('r.status').orderBy('r.id', 'desc');
}

export function decideRequest(db: Db, collegeId: number, id: number, set: Updateable<DB['revaluation_requests']>) {
  return db
    .updateTable('revaluation_requests')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
}

export function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name', 'admission_id'])
    .where('college_id', '=', collegeId)
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
}

export function admissionData(db: Db, collegeId: number, admissionId: number | null) {
  if (admissionId == null) return Promise.resolve(undefined);
  return db
    .selectFrom('admissions')
    .select('data_json')
    .where('college_id', '=', collegeId)
    .where('id', '=', admissionId)
    .executeTakeFirst();
}
