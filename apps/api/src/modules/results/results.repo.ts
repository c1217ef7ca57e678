import { CompiledQuery } from 'kysely';
import type { Database, Db } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import type { Insertable, Transaction, Updateable } from 'kysely';
import { inChunks, insertChunked } from '../../lib/chunked.js';
import { nextCounter, readCounter } from '../../lib/counters.js';

export interface LookupRow {
  title_id: number;
  title: string;
  exam_type: string;
  course_code: string;
  course: string;
  credits: number;
  grade: string;
  grade_points: number;
  status: string;
  full_name: string | null;
}

export interface ResultRow {
  exam_title_id: number;
  course_code: string;
  course: string;
  credits: number;
  grade: string;
  grade_points: number;
  status: string;
  student_name: string;
}

const lookupSql = new WeakMap<Database, Map<number, string>>();

/**
 * One student's results in the given titles, from exam_results alone through the
 * exam_results_lookup index. The SQL is compiled once per database and title count: results day
 * is the load peak and building the query each time costs more than running it.
 */
export async function resultsOf(db: Database, collegeId: number, rollNo: string, titleIds: number[]): Promise<ResultRow[]> {
  let byCount = lookupSql.get(db);
  if (!byCount) lookupSql.set(db, (byCount = new Map()));
  let text = byCount.get(titleIds.length);
  if (!text) {
    const compiled = db
      .selectFrom('exam_results')
      .select(['exam_title_id', 'course_code', 'course', 'credits', 'grade', 'grade_points', 'status', 'student_name'])
      .where('college_id', '=', -1)
      .where('roll_no', '=', '\u0000roll')
      .where(
        'exam_title_id',
        'in',
        titleIds.map((_, i) => -2 - i),
      )
      .compile();
    if (compiled.parameters.length !== 2 + titleIds.length || compiled.parameters[0] !== -1)
      throw new Error('unexpected lookup parameters');
    text = compiled.sql;
    byCount.set(titleIds.length, text);
  }
  const res = await db.executeQuery<ResultRow>(CompiledQuery.raw(text, [collegeId, rollNo, ...titleIds]));
  return res.rows;
}

/** One page of a title's results in (roll number, course code) order, after the given key. */
export async function titleResultsPage(
  db: Database,
  collegeId: number,
  titleId: number,
  after: { rollNo: string; courseCode: string } | null,
  limit: number,
): Promise<Array<ResultRow & { roll_no: string }>> {
  let query = db
    .selectFrom('exam_results')
    .select(['roll_no', 'exam_title_id', 'course_code', 'course', 'credits', 'grade', 'grade_points', 'status', 'student_name'])
    .where('exam_title_id', '=', titleId)
    .where('college_id', '=', collegeId);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple('roll_no', 'course_code'), '>', eb.tuple(after.rollNo, after.courseCode)));
  }
  return query.orderBy('roll_no').orderBy('course_code').limit(limit).execute();
}

export async function publishedTitles(db: Database, collegeId: number) {
  const rows = await db
    .selectFrom('exam_titles')
    .select('title')
    .where('college_id', '=', collegeId)
    .where('published', '=', 1)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.title);
}

export async function collegeForMemo(db: Database, collegeId: number) {
  return db
    .selectFrom('colleges')
    .select(['id', 'code', 'name', 'address', 'logo_base64'])
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow();
}

export async function titleByName(db: Database, collegeId: number, title: string) {
  return db
    .selectFrom('exam_titles')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('title', '=', title)
    .executeTakeFirst();
}

export async function titleById(db: Database, collegeId: number, id: number) {
  return db.selectFrom('exam_titles').selectAll().where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

export async function findVerification(db: Database, collegeId: number, titleId: number, rollNo: string, digest: string) {
  return db
    .selectFrom('result_verifications')
    .select('code')
    .where('college_id', '=', collegeId)
    .where('exam_title_id', '=', titleId)
    .where('roll_no', '=', rollNo)
    .where('digest', '=', digest)
    .executeTakeFirst();
}

export async function insertVerification(db: Database, row: Insertable<DB['result_verifications']>) {
  await db.insertInto('result_verifications').values(row).execute();
}

export async function verificationByCode(db: Database, collegeId: number, code: string) {
  return db
    .selectFrom('result_verifications as v')
    .innerJoin('exam_titles as t', 't.id', 'v.exam_title_id')
    .select(['v.code', 'v.roll_no', 'v.snapshot_json', 'v.digest', 'v.created_at', 't.title', 't.id as title_id'])
    .where('v.college_id', '=', collegeId)
    .where('v.code', '=', code)
    .executeTakeFirst();
}

/** Exam cell's list: every title with its counts, newest first. */
export async function titleSummaries(db: Database, collegeId: number) {
  return db
    .selectFrom('exam_titles as t')
    .leftJoin('exam_results as r', 'r.exam_title_id', 't.id')
    .select((eb) => [
      't.id',
      't.title',
      't.exam_type',
      't.published',
      't.created_at',
      eb.fn.count<number>('r.id').as('results'),
      eb.fn.count<number>('r.roll_no').distinct().as('students'),
      eb.fn.sum<number>(eb.case().when('r.status', '=', 'Fail').then(1).else(0).end()).as('failed'),
      eb.fn.sum<number>(eb.case().when('r.status', '=', 'Absent').then(1).else(0).end()).as('absent'),
    ])
    .where('t.college_id', '=', collegeId)
    .groupBy(['t.id', 't.title', 't.exam_type', 't.published', 't.created_at'])
    .orderBy('t.id', 'desc')
    .execute();
}

/** Marks the college's results as changed (see results.lookup.ts); call inside the write. */
export async function bumpResultsVersion(db: Db, collegeId: number) {
  await nextCounter(db, collegeId, 'results');
}

export async function setPublished(db: Database, collegeId: number, id: number, published: boolean) {
  const res = await db
    .updateTable('exam_titles')
    .set({ published: published ? 1 : 0 })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** roll number → name, for the students among rollNos. */
export async function studentNames(db: Database, collegeId: number, rollNos: string[]) {
  const rows = await inChunks(rollNos, (slice) =>
    db
      .selectFrom('students')
      .select(['roll_no', 'full_name'])
      .where('college_id', '=', collegeId)
      .where('roll_no', 'in', slice)
      .execute(),
  );
  return new Map(rows.map((r) => [r.roll_no, r.full_name]));
}

export async function titlesByName(db: Database, collegeId: number, titles: string[]) {
  if (titles.length === 0) return [];
  return db.selectFrom('exam_titles').selectAll().where('college_id', '=', collegeId).where('title', 'in', titles).execute();
}

/** Existing results of these students (all titles), for duplicate and supplementary checks. */
export async function resultsOfStudents(db: Database, collegeId: number, rollNos: string[]) {
  return inChunks(rollNos, (slice) =>
    db
      .selectFrom('exam_results as r')
      .innerJoin('exam_titles as t', 't.id', 'r.exam_title_id')
      .select(['r.id', 'r.exam_title_id', 't.exam_type', 'r.roll_no', 'r.course_code', 'r.status'])
      .where('r.college_id', '=', collegeId)
      .where('r.roll_no', 'in', slice)
      .execute(),
  );
}

/** The college's results version (see results.lookup.ts): 0 before the first import. */
export const readResultsVersion = (db: Database, collegeId: number) => readCounter(db, collegeId, 'results');

/** Every exam title of the college, published or not. */
export async function allTitles(db: Database, collegeId: number) {
  return db
    .selectFrom('exam_titles')
    .select(['id', 'title', 'exam_type', 'published'])
    .where('college_id', '=', collegeId)
    .execute();
}

type Trx = Transaction<DB>;

export async function insertTitle(trx: Trx, row: Insertable<DB['exam_titles']>): Promise<number> {
  const { id } = await trx.insertInto('exam_titles').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A correction: the same title, student and course imported again. */
export async function updateResult(trx: Trx, collegeId: number, id: number, values: Updateable<DB['exam_results']>) {
  await trx.updateTable('exam_results').set(values).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function insertResults(trx: Trx, rows: Array<Insertable<DB['exam_results']>>) {
  await insertChunked(trx, 'exam_results', rows);
}

/** A student's results in published titles, in title order (course standing reads them). */
export async function publishedResultsOfStudent(db: Database, collegeId: number, rollNo: string) {
  return db
    .selectFrom('exam_results as r')
    .innerJoin('exam_titles as t', 't.id', 'r.exam_title_id')
    .select(['r.exam_title_id as title_id', 't.exam_type', 'r.course_code', 'r.course', 'r.status', 'r.superseded'])
    .where('r.college_id', '=', collegeId)
    .where('t.college_id', '=', collegeId)
    .where('r.roll_no', '=', rollNo)
    .where('t.published', '=', 1)
    .orderBy('r.exam_title_id')
    .execute();
}

/** publishedResultsOfStudent for many students at once, with their roll numbers. */
export async function publishedResultsOfStudents(db: Database, collegeId: number, rollNos: readonly string[]) {
  return inChunks(rollNos, (part) =>
    db
      .selectFrom('exam_results as r')
      .innerJoin('exam_titles as t', 't.id', 'r.exam_title_id')
      .select(['r.roll_no', 'r.exam_title_id as title_id', 't.exam_type', 'r.course_code', 'r.course', 'r.status', 'r.superseded', 'r.credits', 'r.grade_points'])
      .where('r.college_id', '=', collegeId)
      .where('t.college_id', '=', collegeId)
      .where('r.roll_no', 'in', part)
      .where('t.published', '=', 1)
      .orderBy('r.exam_title_id')
      .execute(),
  );
}

/**
 * For the students and courses of these titles: a failure is superseded exactly when a published
 * supplementary title after it holds a result of the same course (see results.standing.ts).
 */
export async function syncSuperseded(trx: Transaction<DB>, collegeId: number, titleIds: number[]) {
  await trx
    .updateTable('exam_results')
    .set((eb) => ({
      superseded: eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('exam_results as s')
              .innerJoin('exam_titles as st', 'st.id', 's.exam_title_id')
              .select('s.id')
              .where('s.college_id', '=', collegeId)
              .whereRef('s.roll_no', '=', 'exam_results.roll_no')
              .whereRef('s.course_code', '=', 'exam_results.course_code')
              .whereRef('s.exam_title_id', '>', 'exam_results.exam_title_id')
              .where('st.exam_type', '=', 'supply')
              .where('st.published', '=', 1),
          ),
        )
        .then(1)
        .else(0)
        .end(),
    }))
    .where('college_id', '=', collegeId)
    .where('status', '!=', 'Pass')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('exam_results as x')
          .select('x.id')
          .where('x.college_id', '=', collegeId)
          .where('x.exam_title_id', 'in', titleIds)
          .whereRef('x.roll_no', '=', 'exam_results.roll_no')
          .whereRef('x.course_code', '=', 'exam_results.course_code'),
      ),
    )
    .execute();
}

/** Every published, not superseded result of these students: what their standing is computed from. */

/** NAAC / NIRF inputs: per roll number, how many results it has and how many still failed (not superseded). */
export async function naacResultSummary(db: Database, collegeId: number) {
  return db
    .selectFrom('exam_results as r')
    .innerJoin('exam_titles as t', 't.id', 'r.exam_title_id')
    .select((eb) => [
      'r.roll_no',
      eb.fn.countAll<number>().as('results'),
      eb.fn.sum<number>(eb.case().when('r.status', '!=', 'Pass').then(1).else(0).end()).as('failed'),
      eb.fn.max('t.created_at').as('last_exam_at'),
    ])
    .where('r.college_id', '=', collegeId)
    .where('r.superseded', '=', 0)
    .where('t.published', '=', 1)
    .groupBy('r.roll_no')
    .execute();
}
