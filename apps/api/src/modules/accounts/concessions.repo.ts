import { sql } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { Db } from '../../db/index.js';
import { cappedRows } from '../../lib/capped.js';

export async function types(db: Db, collegeId: number) {
  return db.selectFrom('acc_concession_types').selectAll().where('college_id', '=', collegeId).orderBy('name').execute();
}

export async function typeById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('acc_concession_types')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertType(db: Db, row: Omit<DB['acc_concession_types'], 'id'>) {
  return db.insertInto('acc_concession_types').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The student's own demand line for a head and year (the one with the most still due). */
export async function demandLineFor(db: Db, collegeId: number, studentId: number, fy: string, headId: number) {
  return db
    .selectFrom('acc_demand_lines')
    .select(['id', 'amount_paise', 'head_id', sql<number>`amount_paise - paid_paise - waived_paise`.as('balance')])
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .where('fy', '=', fy)
    .where('head_id', '=', headId)
    .where('payer', '=', 'student')
    .orderBy(sql`amount_paise - paid_paise - waived_paise`, 'desc')
    .executeTakeFirst();
}

/** The student's own line a concession was proposed on, with what it still owes. */
export async function studentLine(db: Db, collegeId: number, studentId: number, lineId: number) {
  return db
    .selectFrom('acc_demand_lines')
    .select(['id', 'amount_paise', 'head_id', sql<number>`amount_paise - paid_paise - waived_paise`.as('balance')])
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .where('id', '=', lineId)
    .where('payer', '=', 'student')
    .executeTakeFirst();
}

/** The concession type with this code, made (an institution waiver) when the college lacks it. */
export async function waiverType(db: Db, collegeId: number, code: string, name: string) {
  await db
    .insertInto('acc_concession_types')
    .values({ college_id: collegeId, code, name, payer: 'institution', category: '' })
    .onConflict((oc) => oc.columns(['college_id', 'code']).doNothing())
    .execute();
  return db
    .selectFrom('acc_concession_types')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
}

export async function insertConcession(db: Db, row: Omit<DB['acc_concessions'], 'id'>) {
  return db.insertInto('acc_concessions').values(row).returning('id').executeTakeFirstOrThrow();
}

export function listQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('acc_concessions as c')
    .innerJoin('students as s', 's.id', 'c.student_id')
    .innerJoin('acc_concession_types as t', 't.id', 'c.type_id')
    .innerJoin('acc_fee_heads as h', 'h.id', 'c.head_id')
    .selectAll('c')
    .select(['s.roll_no', 's.full_name', 't.name as type_name', 't.payer', 'h.name as head_name'])
    .where('c.college_id', '=', collegeId);
}

/** The concessions and receivables lists are cut here for speed; each answer says how many match. */
export const CONCESSION_LIST_CAP = 500;
export const RECEIVABLE_LIST_CAP = 1000;

/** The newest CONCESSION_LIST_CAP concessions matching the filters, and how many match. */
export async function list(db: Db, collegeId: number, q: { status?: string; rollNo?: string }) {
  let query = listQuery(db, collegeId);
  if (q.status) query = query.where('c.status', '=', q.status);
  if (q.rollNo) query = query.where('s.roll_no', '=', q.rollNo.toUpperCase());
  return cappedRows(query.orderBy('c.id', 'desc'), CONCESSION_LIST_CAP);
}

export async function byId(db: Db, collegeId: number, id: number) {
  return listQuery(db, collegeId).where('c.id', '=', id).executeTakeFirst();
}

/** Moves a concession from one status to the next only if it is still in the expected one. */
export async function transition(
  db: Db,
  id: number,
  from: string,
  set: { status: string; decided_by_name: string; decision_note: string; decided_at: string; line_id?: number },
) {
  const res = await db.updateTable('acc_concessions').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Waives part of a line while it still owes that much. */
export async function addWaived(db: Db, lineId: number, amount: number) {
  const res = await db
    .updateTable('acc_demand_lines')
    .set({ waived_paise: sql`waived_paise + ${amount}` })
    .where('id', '=', lineId)
    .where(sql<number>`amount_paise - paid_paise - waived_paise`, '>=', amount)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Moves part of a student's line to another payer: the student's line shrinks while it still owes that much. */
export async function shrinkLine(db: Db, lineId: number, amount: number) {
  const res = await db
    .updateTable('acc_demand_lines')
    .set({ amount_paise: sql`amount_paise - ${amount}` })
    .where('id', '=', lineId)
    .where(sql<number>`amount_paise - paid_paise - waived_paise`, '>=', amount)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function settings(db: Db, collegeId: number) {
  return db.selectFrom('acc_settings').selectAll().where('college_id', '=', collegeId).executeTakeFirst();
}

/** A field left undefined keeps the saved one (a form that does not show it leaves it be). */
export async function saveSettings(
  db: Db,
  collegeId: number,
  v: { concession: number; bill: number; gstStateCode?: string; leavingBasis?: string; cautionDepositPaise?: number },
) {
  const set = {
    concession_principal_limit_paise: v.concession,
    bill_principal_limit_paise: v.bill,
    ...(v.gstStateCode === undefined ? {} : { gst_state_code: v.gstStateCode }),
    ...(v.leavingBasis === undefined ? {} : { leaving_basis: v.leavingBasis }),
    ...(v.cautionDepositPaise === undefined ? {} : { hostel_caution_deposit_paise: v.cautionDepositPaise }),
  };
  await db
    .insertInto('acc_settings')
    .values({ college_id: collegeId, ...set })
    .onConflict((oc) => oc.columns(['college_id']).doUpdateSet(set))
    .execute();
}

export async function receivables(db: Db, collegeId: number, q: { payer?: string; status?: string }) {
  let query = db
    .selectFrom('acc_demand_lines as d')
    .innerJoin('students as s', 's.id', 'd.student_id')
    .innerJoin('acc_fee_heads as h', 'h.id', 'd.head_id')
    .select([
      'd.id',
      'd.fy',
      'd.payer',
      'd.sanction_status',
      'd.amount_paise',
      'd.paid_paise',
      's.roll_no',
      's.full_name',
      'h.name as head_name',
    ])
    .where('d.college_id', '=', collegeId)
    .where('d.payer', 'not in', ['student', 'institution']);
  if (q.payer) query = query.where('d.payer', '=', q.payer);
  if (q.status) query = query.where('d.sanction_status', '=', q.status);
  return cappedRows(query.orderBy('d.fy', 'desc').orderBy('s.roll_no'), RECEIVABLE_LIST_CAP);
}

export async function pendingCounts(db: Db, collegeId: number) {
  const [c, b] = await Promise.all([
    db
      .selectFrom('acc_concessions')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('college_id', '=', collegeId)
      .where('status', 'in', ['proposed', 'awaiting_principal'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('acc_bills')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('college_id', '=', collegeId)
      .where('status', 'in', ['submitted', 'awaiting_principal'])
      .groupBy('status')
      .execute(),
  ]);
  return {
    concessions: c.map((r) => ({ status: r.status, n: Number(r.n) })),
    bills: b.map((r) => ({ status: r.status, n: Number(r.n) })),
  };
}

/** NAAC / NIRF inputs: approved concessions and government-paid demand (scholarships, reimbursement). */
export async function naacScholarships(db: Db, collegeId: number) {
  const concessions = await db
    .selectFrom('acc_concessions as c')
    .innerJoin('acc_concession_types as t', 't.id', 'c.type_id')
    .select(['c.student_id', 'c.fy', 't.name as scheme', 't.payer', 't.category', 'c.amount_paise'])
    .where('c.college_id', '=', collegeId)
    .where('c.status', '=', 'approved')
    .execute();
  const government = await db
    .selectFrom('acc_demand_lines')
    .select(['student_id', 'fy', 'payer', sql<number>`sum(amount_paise)`.as('amount_paise')])
    .where('college_id', '=', collegeId)
    .where('payer', 'in', ['state_reimbursement', 'nsp'])
    .groupBy(['student_id', 'fy', 'payer'])
    .execute();
  return { concessions, government };
}
