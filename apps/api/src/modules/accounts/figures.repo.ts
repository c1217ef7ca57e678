import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/** Queries of leadership's money figures (analytics); the rules of what counts live in figures.ts. */

const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;
const open = sql<number>`sum(l.amount_paise - l.paid_paise - l.waived_paise)`;

/** The students' share raised, after concessions, by month of falling due and by head. */
export async function demandByMonthAndHead(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_demand_lines as l')
    .innerJoin('acc_fee_heads as h', 'h.id', 'l.head_id')
    .select([
      month('l.due_date').as('month'),
      'h.code',
      'h.name',
      'h.sort_order',
      sql<number>`sum(l.amount_paise - l.waived_paise)`.as('amount'),
    ])
    .where('l.college_id', '=', collegeId)
    .where('l.payer', '=', 'student')
    .where('l.due_date', '>=', from)
    .where('l.due_date', '<=', to)
    .groupBy([month('l.due_date'), 'h.code', 'h.name', 'h.sort_order'])
    .execute();
}

/** Receipts less reversals by month of entry (the collection's own rule: every ledger receipt). */
export async function collectedByMonth(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_receipts')
    .select([month('entry_date').as('month'), (eb) => eb.fn.sum<number>('amount_paise').as('amount')])
    .where('college_id', '=', collegeId)
    .where('entry_date', '>=', from)
    .where('entry_date', '<=', to)
    .groupBy(month('entry_date'))
    .execute();
}

/**
 * Students' open lines by how long past due, as of a day: the bounds are the dates 30, 90 and 180
 * days before it (ISO dates compare as text on both databases).
 */
export async function duesByAge(db: Db, collegeId: number, asOf: string, d30: string, d90: string, d180: string) {
  const age = sql<string>`case
    when l.due_date > ${asOf} then 'not yet due'
    when l.due_date >= ${d30} then '0–30 days'
    when l.due_date >= ${d90} then '31–90 days'
    when l.due_date >= ${d180} then '91–180 days'
    else 'over 180 days' end`;
  // Aged per line in a subquery: PostgreSQL cannot match a GROUP BY expression holding parameters to its SELECT twin.
  const lines = db
    .selectFrom('acc_demand_lines as l')
    .select([age.as('age'), 'l.student_id', sql<number>`l.amount_paise - l.paid_paise - l.waived_paise`.as('balance')])
    .where('l.college_id', '=', collegeId)
    .where('l.payer', '=', 'student')
    .where(sql<number>`l.amount_paise - l.paid_paise - l.waived_paise`, '>', 0);
  return db
    .selectFrom(lines.as('x'))
    .select(['x.age', (eb) => eb.fn.sum<number>('x.balance').as('due'), (eb) => eb.fn.count<number>('x.student_id').distinct().as('students')])
    .groupBy('x.age')
    .execute();
}

/** Students' open lines by branch and batch. */
export async function duesByBranch(db: Db, collegeId: number) {
  return db
    .selectFrom('acc_demand_lines as l')
    .innerJoin('students as s', 's.id', 'l.student_id')
    .select(['s.branch', 's.batch', open.as('due'), (eb) => eb.fn.count<number>('l.student_id').distinct().as('students')])
    .where('l.college_id', '=', collegeId)
    .where('l.payer', '=', 'student')
    .where(sql<number>`l.amount_paise - l.paid_paise - l.waived_paise`, '>', 0)
    .groupBy(['s.branch', 's.batch'])
    .orderBy('s.branch')
    .orderBy('s.batch')
    .execute();
}

/** Concessions and scholarships approved in the range, by type. */
export async function concessionsGiven(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('acc_concessions as c')
    .innerJoin('acc_concession_types as t', 't.id', 'c.type_id')
    .select([
      't.category',
      't.name',
      (eb) => eb.fn.sum<number>('c.amount_paise').as('amount'),
      (eb) => eb.fn.count<number>('c.student_id').distinct().as('students'),
    ])
    .where('c.college_id', '=', collegeId)
    .where('c.status', '=', 'approved')
    .where(sql<string>`substr(c.decided_at, 1, 10)`, '>=', from)
    .where(sql<string>`substr(c.decided_at, 1, 10)`, '<=', to)
    .groupBy(['t.category', 't.name'])
    .orderBy('t.category')
    .orderBy('t.name')
    .execute();
}
