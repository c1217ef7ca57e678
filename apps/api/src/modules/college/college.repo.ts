import type { Database } from '../../db/index.js';
import type { SummaryFigure, TDashboardSummary } from '@erp/shared';

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

/** The dashboard figures asked for, and only those: a student's summary never reads the payments. */
export async function summaryCounts(db: Database, collegeId: number, figures: readonly SummaryFigure[]) {
  const want = new Set(figures);
  const out: TDashboardSummary = {};
  const counts = (['students', 'departments', 'faculty', 'admissions'] as const).filter((f) => want.has(f));
  const values = await Promise.all(counts.map((f) => countOf(db, f, collegeId)));
  counts.forEach((f, i) => (out[f] = values[i]));
  if (want.has('examTitles')) {
    const examTitles = await db
      .selectFrom('exam_titles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('college_id', '=', collegeId)
      .where('published', '=', 1)
      .executeTakeFirst();
    out.examTitles = Number(examTitles?.n ?? 0);
  }
  if (want.has('payments') || want.has('paymentsTotal')) {
    const payments = await db
      .selectFrom('fee_payments')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('amount').as('total')])
      .where('college_id', '=', collegeId)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (want.has('payments')) out.payments = Number(payments?.n ?? 0);
    if (want.has('paymentsTotal')) out.paymentsTotal = Number(payments?.total ?? 0);
  }
  return out;
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
