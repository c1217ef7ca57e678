import type { Database } from '../../db/index.js';

export async function collegeById(db: Database, collegeId: number) {
  return db.selectFrom('colleges').selectAll().where('id', '=', collegeId).executeTakeFirstOrThrow();
}

export async function phones(db: Database, collegeId: number) {
  return db.selectFrom('college_phones').select('number').where('college_id', '=', collegeId).orderBy('sort_order').execute();
}

export async function contacts(db: Database, collegeId: number) {
  return db
    .selectFrom('college_contacts')
    .select(['designation', 'name', 'mail_id as mailId'])
    .where('college_id', '=', collegeId)
    .orderBy('sort_order')
    .execute();
}

const countOf = async (db: Database, table: 'departments' | 'admissions', collegeId: number) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('college_id', '=', collegeId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

export const departmentCount = (db: Database, collegeId: number) => countOf(db, 'departments', collegeId);
export const admissionCount = (db: Database, collegeId: number) => countOf(db, 'admissions', collegeId);

export async function publishedExamCount(db: Database, collegeId: number) {
  const row = await db
    .selectFrom('exam_titles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('college_id', '=', collegeId)
    .where('published', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The college a host name is mapped to, if any. */
export async function collegeByDomain(db: Database, domain: string) {
  return db
    .selectFrom('college_domains')
    .innerJoin('colleges', 'colleges.id', 'college_domains.college_id')
    .select(['colleges.id', 'colleges.code', 'colleges.name'])
    .where('college_domains.domain', '=', domain)
    .executeTakeFirst();
}

/** The college with this code, or the first college when no code is given. */
export async function defaultCollege(db: Database, code: string | undefined) {
  let query = db.selectFrom('colleges').select(['id', 'code', 'name']).orderBy('id').limit(1);
  if (code) query = query.where('code', '=', code);
  return query.executeTakeFirst();
}
