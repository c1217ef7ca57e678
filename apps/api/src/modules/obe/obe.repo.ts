import { sql, type Insertable, type Kysely } from 'kysely';
import { isPostgres } from '../../db/migrations/helpers.js';
import type { DB } from '../../db/tables.js';
import type { Db } from '../../db/index.js';

// ---- Settings ---------------------------------------------------------------------------------

export const settings = (db: Db, collegeId: number, year: string) =>
  db.selectFrom('obe_settings').selectAll().where('college_id', '=', collegeId).where('academic_year', '=', year).executeTakeFirst();

export const settingsFor = (db: Db, collegeId: number, years: string[]) =>
  years.length
    ? db.selectFrom('obe_settings').selectAll().where('college_id', '=', collegeId).where('academic_year', 'in', years).execute()
    : Promise.resolve([]);

export const latestSettingsBefore = (db: Db, collegeId: number, year: string) =>
  db
    .selectFrom('obe_settings')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('academic_year', '<', year)
    .orderBy('academic_year', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function saveSettings(db: Db, row: Omit<Insertable<DB['obe_settings']>, 'id'> & { id?: never }) {
  const found = await settings(db, row.college_id, row.academic_year);
  if (found) await db.updateTable('obe_settings').set(row).where('id', '=', found.id).execute();
  else await db.insertInto('obe_settings').values(row).execute();
}

export const setLock = (db: Db, collegeId: number, year: string, lockedAt: string | null, lockedBy: number | null) =>
  db
    .updateTable('obe_settings')
    .set({ locked_at: lockedAt, locked_by: lockedBy })
    .where('college_id', '=', collegeId)
    .where('academic_year', '=', year)
    .execute();

// ---- Program outcomes -------------------------------------------------------------------------

export function outcomes(db: Db, collegeId: number, branchIds: Array<number | null>) {
  const ids = branchIds.filter((b): b is number => b !== null);
  let q = db.selectFrom('obe_program_outcomes').selectAll().where('college_id', '=', collegeId);
  q = q.where((eb) => {
    const ors = [];
    if (branchIds.includes(null)) ors.push(eb('branch_id', 'is', null));
    if (ids.length) ors.push(eb('branch_id', 'in', ids));
    return ors.length ? eb.or(ors) : eb.val(false);
  });
  return q.orderBy('kind').orderBy('sort_order').execute();
}

export const insertOutcomes = (db: Db, rows: Array<Insertable<DB['obe_program_outcomes']>>) =>
  rows.length ? db.insertInto('obe_program_outcomes').values(rows as never).execute() : Promise.resolve();

export const updateOutcome = (db: Db, id: number, set: { title: string; statement: string; sort_order: number }) =>
  db.updateTable('obe_program_outcomes').set(set).where('id', '=', id).execute();

export const deleteOutcomes = (db: Db, collegeId: number, ids: number[]) =>
  ids.length
    ? db.deleteFrom('obe_program_outcomes').where('college_id', '=', collegeId).where('id', 'in', ids).execute()
    : Promise.resolve();

// ---- Course outcomes and mapping --------------------------------------------------------------

export const cos = (db: Db, collegeId: number, subjectIds: number[]) =>
  subjectIds.length
    ? db
        .selectFrom('obe_course_outcomes')
        .select(['id', 'subject_id', 'code', 'statement', 'sort_order'])
        .where('college_id', '=', collegeId)
        .where('subject_id', 'in', subjectIds)
        .orderBy('subject_id')
        .orderBy('sort_order')
        .execute()
    : Promise.resolve([]);

export const mapping = (db: Db, collegeId: number, subjectIds: number[]) =>
  subjectIds.length
    ? db
        .selectFrom('obe_co_mappings')
        .select(['subject_id', 'co_id', 'outcome_id', 'strength'])
        .where('college_id', '=', collegeId)
        .where('subject_id', 'in', subjectIds)
        .execute()
    : Promise.resolve([]);

export async function coCounts(db: Db, collegeId: number, subjectIds: number[]) {
  if (!subjectIds.length) return new Map<number, { cos: number; assessments: number }>();
  const [c, a] = await Promise.all([
    db
      .selectFrom('obe_course_outcomes')
      .select(['subject_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('college_id', '=', collegeId)
      .where('subject_id', 'in', subjectIds)
      .groupBy('subject_id')
      .execute(),
    db
      .selectFrom('obe_assessments')
      .select(['subject_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('college_id', '=', collegeId)
      .where('subject_id', 'in', subjectIds)
      .groupBy('subject_id')
      .execute(),
  ]);
  const out = new Map<number, { cos: number; assessments: number }>();
  for (const id of subjectIds) out.set(id, { cos: 0, assessments: 0 });
  for (const r of c) out.get(r.subject_id)!.cos = Number(r.n);
  for (const r of a) out.get(r.subject_id)!.assessments = Number(r.n);
  return out;
}

export const questionCountsByCo = (db: Db, coIds: number[]) =>
  coIds.length
    ? db
        .selectFrom('obe_questions')
        .select(['co_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('co_id', 'in', coIds)
        .groupBy('co_id')
        .execute()
    : Promise.resolve([]);

export const insertCo = (db: Db, row: Omit<DB['obe_course_outcomes'], 'id'>) =>
  db.insertInto('obe_course_outcomes').values(row).returning('id').executeTakeFirstOrThrow();
export const updateCo = (db: Db, id: number, statement: string, sortOrder: number) =>
  db.updateTable('obe_course_outcomes').set({ statement, sort_order: sortOrder }).where('id', '=', id).execute();
export const deleteCos = (db: Db, ids: number[]) =>
  ids.length ? db.deleteFrom('obe_course_outcomes').where('id', 'in', ids).execute() : Promise.resolve();

export async function replaceMapping(db: Db, collegeId: number, subjectId: number, rows: Array<{ co_id: number; outcome_id: number; strength: number }>) {
  await db.deleteFrom('obe_co_mappings').where('college_id', '=', collegeId).where('subject_id', '=', subjectId).execute();
  if (rows.length)
    await db
      .insertInto('obe_co_mappings')
      .values(rows.map((r) => ({ ...r, college_id: collegeId, subject_id: subjectId })))
      .execute();
}

// ---- Assessments, questions, marks ------------------------------------------------------------

export function assessments(db: Db, collegeId: number, f: { subjectIds?: number[]; sectionIds?: number[]; year?: string; id?: number }) {
  let q = db
    .selectFrom('obe_assessments as a')
    .innerJoin('subjects as sub', 'sub.id', 'a.subject_id')
    .select([
      'a.id',
      'a.subject_id',
      'sub.code as subject_code',
      'a.section_id',
      'a.academic_year',
      'a.kind',
      'a.name',
      'a.created_at',
    ])
    .where('a.college_id', '=', collegeId);
  if (f.id) q = q.where('a.id', '=', f.id);
  if (f.subjectIds) q = f.subjectIds.length ? q.where('a.subject_id', 'in', f.subjectIds) : q.where((eb) => eb.val(false));
  if (f.sectionIds) q = f.sectionIds.length ? q.where('a.section_id', 'in', f.sectionIds) : q.where((eb) => eb.val(false));
  if (f.year) q = q.where('a.academic_year', '=', f.year);
  return q.orderBy('a.academic_year', 'desc').orderBy('a.id').execute();
}

export const questions = (db: Db, assessmentIds: number[]) =>
  assessmentIds.length
    ? db
        .selectFrom('obe_questions as q')
        .innerJoin('obe_course_outcomes as co', 'co.id', 'q.co_id')
        .select(['q.id', 'q.assessment_id', 'q.co_id', 'co.code as co', 'q.label', 'q.max_marks', 'q.sort_order'])
        .where('q.assessment_id', 'in', assessmentIds)
        .orderBy('q.assessment_id')
        .orderBy('q.sort_order')
        .execute()
    : Promise.resolve([]);

export async function markedCounts(db: Db, assessmentIds: number[]) {
  if (!assessmentIds.length) return new Map<number, number>();
  const rows = await db
    .selectFrom('obe_marks')
    .select(['assessment_id', (eb) => eb.fn.count<number>('student_id').distinct().as('n')])
    .where('assessment_id', 'in', assessmentIds)
    .groupBy('assessment_id')
    .execute();
  return new Map(rows.map((r) => [r.assessment_id, Number(r.n)]));
}

export const insertAssessment = (db: Db, row: Omit<DB['obe_assessments'], 'id'>) =>
  db.insertInto('obe_assessments').values(row).returning('id').executeTakeFirstOrThrow();

export const insertQuestions = (db: Db, rows: Array<Omit<DB['obe_questions'], 'id'>>) =>
  db.insertInto('obe_questions').values(rows).execute();

export const updateAssessment = (db: Db, collegeId: number, id: number, set: { kind: string; name: string }) =>
  db.updateTable('obe_assessments').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();

export const updateQuestion = (db: Db, id: number, set: { label: string; co_id: number; max_marks: number; sort_order: number }) =>
  db.updateTable('obe_questions').set(set).where('id', '=', id).execute();

export const deleteQuestions = (db: Db, assessmentId: number, ids: number[]) =>
  ids.length
    ? db.deleteFrom('obe_questions').where('assessment_id', '=', assessmentId).where('id', 'in', ids).execute()
    : Promise.resolve();

/** A paper with its questions and marks. */
export async function deleteAssessment(db: Db, collegeId: number, id: number) {
  await db.deleteFrom('obe_marks').where('college_id', '=', collegeId).where('assessment_id', '=', id).execute();
  await db.deleteFrom('obe_questions').where('college_id', '=', collegeId).where('assessment_id', '=', id).execute();
  await db.deleteFrom('obe_assessments').where('college_id', '=', collegeId).where('id', '=', id).execute();
}

/** Marks of many assessments, in chunks so a large program stays within the drivers' parameter limits. */
export async function marks(db: Db, assessmentIds: number[]) {
  const out: Array<{ assessment_id: number; question_id: number; student_id: number; marks: number }> = [];
  for (let i = 0; i < assessmentIds.length; i += 500) {
    const ids = assessmentIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('obe_marks')
      .select(['assessment_id', 'question_id', 'student_id', 'marks'])
      .where('assessment_id', 'in', ids)
      .execute();
    for (const r of rows) out.push(r);
  }
  return out;
}

export async function replaceMarks(
  db: Db,
  collegeId: number,
  assessmentId: number,
  studentIds: number[],
  rows: Array<{ question_id: number; student_id: number; marks: number }>,
) {
  for (let i = 0; i < studentIds.length; i += 500)
    await db
      .deleteFrom('obe_marks')
      .where('assessment_id', '=', assessmentId)
      .where('student_id', 'in', studentIds.slice(i, i + 500))
      .execute();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('obe_marks')
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, college_id: collegeId, assessment_id: assessmentId })))
      .execute();
}

// ---- Survey -----------------------------------------------------------------------------------

export async function ratings(db: Db, collegeId: number, pairs: Array<{ subjectId: number; year: string }>) {
  if (!pairs.length) return [];
  const wanted = new Set(pairs.map((p) => `${p.subjectId}|${p.year}`));
  const rows = await db
    .selectFrom('obe_survey_responses')
    .select(['subject_id', 'academic_year', 'student_id', 'co_id', 'rating'])
    .where('college_id', '=', collegeId)
    .where('subject_id', 'in', [...new Set(pairs.map((p) => p.subjectId))])
    .execute();
  return rows.filter((r) => wanted.has(`${r.subject_id}|${r.academic_year}`));
}

export const myRatings = (db: Db, collegeId: number, studentId: number) =>
  db
    .selectFrom('obe_survey_responses')
    .select(['subject_id', 'academic_year', 'co_id', 'rating'])
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .execute();

export async function replaceRatings(
  db: Db,
  collegeId: number,
  subjectId: number,
  year: string,
  studentId: number,
  rows: Array<{ co_id: number; rating: number }>,
  now: string,
) {
  await db
    .deleteFrom('obe_survey_responses')
    .where('college_id', '=', collegeId)
    .where('subject_id', '=', subjectId)
    .where('academic_year', '=', year)
    .where('student_id', '=', studentId)
    .execute();
  await db
    .insertInto('obe_survey_responses')
    .values(rows.map((r) => ({ ...r, college_id: collegeId, subject_id: subjectId, academic_year: year, student_id: studentId, created_at: now })))
    .execute();
}

/** Sections whose assessments name a subject in a year (the survey is open to their students). */
export const assessedSectionsOf = (db: Db, collegeId: number, sectionId: number) =>
  db
    .selectFrom('obe_assessments')
    .select(['subject_id', 'academic_year'])
    .distinct()
    .where('college_id', '=', collegeId)
    .where('section_id', '=', sectionId)
    .execute();

export async function summary(db: Db, collegeId: number, year: string) {
  const [withCos, assessed, marked, survey] = await Promise.all([
    db
      .selectFrom('obe_course_outcomes')
      .select((eb) => eb.fn.count<number>('subject_id').distinct().as('n'))
      .where('college_id', '=', collegeId)
      .executeTakeFirst(),
    db
      .selectFrom('obe_assessments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('college_id', '=', collegeId)
      .where('academic_year', '=', year)
      .executeTakeFirst(),
    db
      .selectFrom('obe_marks as m')
      .innerJoin('obe_assessments as a', 'a.id', 'm.assessment_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.college_id', '=', collegeId)
      .where('a.academic_year', '=', year)
      .executeTakeFirst(),
    db
      .selectFrom('obe_survey_responses')
      .select((eb) => eb.fn.count<number>('student_id').distinct().as('n'))
      .where('college_id', '=', collegeId)
      .where('academic_year', '=', year)
      .executeTakeFirst(),
  ]);
  return {
    subjectsWithCos: Number(withCos?.n ?? 0),
    assessments: Number(assessed?.n ?? 0),
    marksEntered: Number(marked?.n ?? 0),
    surveyResponses: Number(survey?.n ?? 0),
  };
}

/**
 * Every mark of many papers as one "student:marks,…" list per question, read straight from the
 * covering index: a program's hundreds of thousands of marks arrive as a few thousand rows.
 */
export async function markLists(db: Db, assessmentIds: number[]) {
  const out: Array<{ question_id: number; list: string }> = [];
  const agg = isPostgres(db as Kysely<any>)
    ? sql`string_agg(student_id::text || ':' || marks::text, ',')`
    : sql`group_concat(student_id || ':' || marks, ',')`;
  for (let i = 0; i < assessmentIds.length; i += 2000) {
    const ids = assessmentIds.slice(i, i + 2000);
    const { rows } = await sql<{ question_id: number; list: string }>`
      SELECT question_id, ${agg} AS list FROM obe_marks
      WHERE assessment_id IN (${sql.join(ids)})
      GROUP BY assessment_id, question_id`.execute(db);
    for (const r of rows) out.push({ question_id: Number(r.question_id), list: r.list ?? '' });
  }
  return out;
}

/** Survey answers summed per subject, year and CO, counting only the given sections' students. */
export async function ratingSums(db: Db, collegeId: number, subjectIds: number[], sectionIds: number[]) {
  if (!subjectIds.length || !sectionIds.length) return [];
  const rows = await db
    .selectFrom('obe_survey_responses as r')
    .select(['r.subject_id', 'r.academic_year', 'r.co_id', (eb) => eb.fn.sum<number>('r.rating').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('r.college_id', '=', collegeId)
    .where('r.subject_id', 'in', subjectIds)
    .where('r.student_id', 'in', (eb) => eb.selectFrom('section_students').select('student_id').where('section_id', 'in', sectionIds))
    .groupBy(['r.subject_id', 'r.academic_year', 'r.co_id'])
    .execute();
  return rows.map((r) => ({ subject_id: r.subject_id, academic_year: r.academic_year, co_id: r.co_id, total: Number(r.total), n: Number(r.n) }));
}
