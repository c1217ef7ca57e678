import type { Db } from '../../db/index.js';

/** Admissions saved with a date of admission in [from, to]: what the admitted figures count. */
export async function admittedBetween(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('admissions')
    .select(['course', 'branch', 'date_of_admission', 'data_json'])
    .where('college_id', '=', collegeId)
    .where('date_of_admission', '>=', from)
    .where('date_of_admission', '<=', to)
    .execute();
}

/** Online applications received in [from, to] (instants), by course and branch, whatever became of them. */
export async function applicationsBetween(db: Db, collegeId: number, fromIso: string, toIso: string) {
  return db
    .selectFrom('online_applications')
    .select(['course', 'branch', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .groupBy(['course', 'branch'])
    .execute();
}

export async function intakesOf(db: Db, collegeId: number, years: number[]) {
  return db
    .selectFrom('admission_intakes')
    .select(['year', 'course', 'branch', 'intake'])
    .where('college_id', '=', collegeId)
    .where('year', 'in', years)
    .orderBy('course')
    .orderBy('branch')
    .execute();
}

export async function saveIntakes(
  db: Db,
  collegeId: number,
  year: number,
  rows: Array<{ course: string; branch: string; intake: number }>,
  now: string,
) {
  await db.deleteFrom('admission_intakes').where('college_id', '=', collegeId).where('year', '=', year).execute();
  if (rows.length)
    await db
      .insertInto('admission_intakes')
      .values(
        rows.map((r) => ({ college_id: collegeId, year, course: r.course, branch: r.branch, intake: r.intake, updated_at: now })),
      )
      .execute();
}
