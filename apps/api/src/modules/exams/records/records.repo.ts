import { sql } from 'kysely';
import { isPostgres } from '../../../db/migrations/helpers.js';
import type { Db } from '../../../db/index.js';
import { inChunks } from '../../../lib/chunked.js';

/** The exam records' queries: the student as documents print them, the exam's rules, papers and outcomes, ABC ids. */

const studentColumns = [
  's.id',
  's.roll_no',
  's.full_name',
  's.father_name',
  's.course',
  's.branch',
  's.batch',
  's.semester',
  's.gender',
  's.status',
  's.abc_id',
  'a.admission_no',
  'a.photo_path',
  'a.data_json',
] as const;

function students(db: Db, collegeId: number) {
  return db
    .selectFrom('students as s')
    .leftJoin('admissions as a', (j) => j.onRef('a.id', '=', 's.admission_id').on('a.college_id', '=', collegeId))
    .select(studentColumns)
    .where('s.college_id', '=', collegeId);
}

export type StudentRow = NonNullable<Awaited<ReturnType<typeof studentByRoll>>>;

/** The student with the admission's number, photo and form (date of birth, mother's name). */
export function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return students(db, collegeId).where('s.roll_no', '=', rollNo).executeTakeFirst();
}

export function studentsByRolls(db: Db, collegeId: number, rollNos: readonly string[]) {
  return inChunks(rollNos, (part) => students(db, collegeId).where('s.roll_no', 'in', part).execute());
}

/** What the letterhead prints. */
export function letterhead(db: Db, collegeId: number) {
  return db
    .selectFrom('colleges')
    .select(['code', 'name', 'address', 'logo_base64'])
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow();
}

export function examRules(db: Db, collegeId: number, regulationId: number) {
  return db
    .selectFrom('regulation_exam_rules')
    .select(['cie_max', 'see_max', 'distinction_cgpa_x100', 'first_class_cgpa_x100', 'second_class_cgpa_x100'])
    .where('college_id', '=', collegeId)
    .where('regulation_id', '=', regulationId)
    .executeTakeFirst();
}

export function regulation(db: Db, collegeId: number, regulationId: number) {
  return db
    .selectFrom('regulations')
    .select(['id', 'code', 'name'])
    .where('college_id', '=', collegeId)
    .where('id', '=', regulationId)
    .executeTakeFirst();
}

/** The exams of the exam cell that published into these titles (names, dates, regulations). */
export function examsOfTitles(db: Db, collegeId: number, titleIds: readonly number[]) {
  return inChunks(titleIds, (part) =>
    db
      .selectFrom('exams')
      .select(['id', 'name', 'kind', 'regulation_id', 'starts_on', 'ends_on', 'published_at', 'exam_title_id'])
      .where('college_id', '=', collegeId)
      .where('exam_title_id', 'in', part)
      .execute(),
  );
}

/**
 * The live subjects of these regulations with their semester, and the semester's place in its
 * course (1 for the first semester): the regulation's list of courses, semester by semester.
 */
export function subjectsWithSemesters(db: Db, collegeId: number, regulationIds: readonly number[]) {
  if (regulationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('subjects as sub')
    .leftJoin('semesters as sem', (j) => j.onRef('sem.id', '=', 'sub.semester_id').on('sem.college_id', '=', collegeId))
    .leftJoin('branches as br', (j) => j.onRef('br.id', '=', 'sub.branch_id').on('br.college_id', '=', collegeId))
    .select((eb) => [
      'sub.regulation_id',
      'sub.code',
      'sub.name',
      'sub.credits',
      'sub.kind',
      'br.short_name as branch',
      'sem.name as semester',
      'sem.sort_order',
      eb
        .selectFrom('semesters as earlier')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('earlier.course_id', '=', 'sem.course_id')
        .where('earlier.college_id', '=', collegeId)
        .whereRef('earlier.sort_order', '<=', 'sem.sort_order')
        .as('semester_no'),
    ])
    .where('sub.college_id', '=', collegeId)
    .where('sub.regulation_id', 'in', regulationIds)
    .where('sub.retired', '=', 0)
    .execute();
}

/** The processed outcome of every paper of the exam, by roll number and subject code (marks for the NAD file). */
export function outcomesOfExam(db: Db, collegeId: number, examId: number) {
  return db
    .selectFrom('exam_outcomes as o')
    .innerJoin('exam_papers as p', 'p.id', 'o.paper_id')
    .innerJoin('subjects as sub', 'sub.id', 'p.subject_id')
    .innerJoin('students as s', 's.id', 'o.student_id')
    .select([
      's.roll_no',
      'sub.code',
      'sub.kind',
      'o.internal_marks',
      'o.external_marks',
      'o.grace_marks',
      'o.total_marks',
      'o.status',
    ])
    .where('o.college_id', '=', collegeId)
    .where('o.exam_id', '=', examId)
    .execute();
}

/** Branch short name → full name, for the NAD file's stream. */
export function branchNames(db: Db, collegeId: number) {
  return db.selectFrom('branches').select(['short_name', 'name']).where('college_id', '=', collegeId).execute();
}

/**
 * Serializes saves of one ABC id in the college to the end of the transaction: a PostgreSQL
 * advisory lock on the id; on SQLite a write takes the database's one write lock. Call first.
 */
export async function lockAbcId(trx: Db, collegeId: number, abcId: string) {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`abc|${collegeId}|${abcId}`}))`.execute(trx);
  else await sql`delete from counters where 0`.execute(trx);
}

/** Another student of the college holding this ABC id, if any. */
export function abcIdHolder(db: Db, collegeId: number, abcId: string, exceptStudentId: number) {
  return db
    .selectFrom('students')
    .select(['id', 'roll_no'])
    .where('college_id', '=', collegeId)
    .where('abc_id', '=', abcId)
    .where('id', '!=', exceptStudentId)
    .executeTakeFirst();
}

export function studentOfLogin(db: Db, collegeId: number, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('students as s', 's.id', 'u.student_id')
    .select(['s.id', 's.roll_no', 's.abc_id'])
    .where('u.college_id', '=', collegeId)
    .where('s.college_id', '=', collegeId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export function setAbcId(db: Db, collegeId: number, studentId: number, abcId: string) {
  return db
    .updateTable('students')
    .set({ abc_id: abcId })
    .where('college_id', '=', collegeId)
    .where('id', '=', studentId)
    .execute();
}
