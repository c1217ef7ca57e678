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

const countOf = async (db: Database, table: 'students' | 'departments' | 'faculty' | 'admissions', collegeId: number) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('college_id', '=', collegeId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

export async function summaryCounts(db: Database, collegeId: number) {
  const [students, departments, faculty, admissions] = await Promise.all([
    countOf(db, 'students', collegeId),
    countOf(db, 'departments', collegeId),
    countOf(db, 'faculty', collegeId),
    countOf(db, 'admissions', collegeId),
  ]);
  const examTitles = await db
    .selectFrom('exam_titles')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('college_id', '=', collegeId)
    .where('published', '=', 1)
    .executeTakeFirst();
  const payments = await db
    .selectFrom('fee_payments')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('amount').as('total')])
    .where('college_id', '=', collegeId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return {
    students,
    departments,
    faculty,
    admissions,
    examTitles: Number(examTitles?.n ?? 0),
    payments: Number(payments?.n ?? 0),
    paymentsTotal: Number(payments?.total ?? 0),
  };
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
