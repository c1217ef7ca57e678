import { sql, type Insertable, type Updateable, type ExpressionBuilder } from 'kysely';
import type { TGrievanceListQuery } from '@erp/shared';
import type { Db } from '../../db/index.js';
import type { DB, GrievancesTable } from '../../db/tables.js';
import { nextCounter } from '../../lib/counters.js';
import { anyColumnContains } from '../../lib/search.js';

const OPEN = ['submitted', 'acknowledged', 'in_progress'];

export async function settings(db: Db, collegeId: number) {
  return db.selectFrom('grievance_settings').selectAll().where('college_id', '=', collegeId).executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  collegeId: number,
  s: { decision_working_days: number; appeal_days: number; ombudsperson_days: number },
  now: string,
) {
  await db
    .insertInto('grievance_settings')
    .values({ college_id: collegeId, ...s, updated_at: now })
    .onConflict((oc) => oc.columns(['college_id']).doUpdateSet({ ...s, updated_at: now }))
    .execute();
}

export async function committees(db: Db, collegeId: number) {
  return db.selectFrom('grievance_committees').selectAll().where('college_id', '=', collegeId).orderBy('id').execute();
}

export async function committeeById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('grievance_committees')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function committeeMembers(db: Db, collegeId: number) {
  return db.selectFrom('grievance_committee_members').selectAll().where('college_id', '=', collegeId).orderBy('id').execute();
}

export async function insertCommittee(db: Db, row: Insertable<DB['grievance_committees']>) {
  return (await db.insertInto('grievance_committees').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateCommittee(db: Db, collegeId: number, id: number, set: { name: string; categories_json: string }) {
  await db.updateTable('grievance_committees').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function replaceMembers(
  db: Db,
  collegeId: number,
  committeeId: number,
  rows: Array<Insertable<DB['grievance_committee_members']>>,
) {
  await db
    .deleteFrom('grievance_committee_members')
    .where('college_id', '=', collegeId)
    .where('committee_id', '=', committeeId)
    .execute();
  if (rows.length) await db.insertInto('grievance_committee_members').values(rows).execute();
}

export async function usersExist(db: Db, collegeId: number, ids: number[]) {
  if (!ids.length) return 0;
  const rows = await db.selectFrom('users').select('id').where('college_id', '=', collegeId).where('id', 'in', ids).execute();
  return rows.length;
}

/** The committees this user sits on, with the position held. */
export async function membershipsOf(db: Db, collegeId: number, userId: number) {
  return db
    .selectFrom('grievance_committee_members')
    .select(['committee_id', 'position'])
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .execute();
}

export function nextNumber(trx: Db, collegeId: number): Promise<number> {
  return nextCounter(trx, collegeId, 'grievance');
}

export async function insertGrievance(db: Db, row: Insertable<GrievancesTable>) {
  return (await db.insertInto('grievances').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** The grievance a complainant's earlier submission with this key made, if any. */
export async function byIdempotencyKey(db: Db, collegeId: number, userId: number, key: string) {
  const row = await db
    .selectFrom('grievances')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('lodged_by', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.id;
}

/** Marks the college's overdue undecided grievances escalated (to the principal), once each. */
export async function escalateOverdue(db: Db, collegeId: number, today: string, now: string) {
  await db
    .updateTable('grievances')
    .set({ escalated_at: now })
    .where('college_id', '=', collegeId)
    .where('status', 'in', OPEN)
    .where('due_on', '<', today)
    .where('escalated_at', 'is', null)
    .execute();
}

export interface Visibility {
  userId: number;
  all: boolean;
  committeeIds: number[];
  escalated: boolean;
  appealed: boolean;
}

function visible(v: Visibility) {
  return (eb: ExpressionBuilder<DB, 'grievances'>) => {
    if (v.all) return sql<boolean>`1 = 1`;
    const ors = [eb('grievances.lodged_by', '=', v.userId)];
    if (v.committeeIds.length) ors.push(eb('grievances.committee_id', 'in', v.committeeIds));
    if (v.escalated) ors.push(eb('grievances.escalated_at', 'is not', null));
    if (v.appealed) ors.push(eb('grievances.appeal_status', 'is not', null));
    return eb.or(ors);
  };
}

const SUMMARY = [
  'grievances.id',
  'grievances.number',
  'grievances.category',
  'grievances.subject',
  'grievances.status',
  'grievances.anonymous',
  'grievances.lodged_by',
  'grievances.committee_id',
  'grievances.lodged_on',
  'grievances.due_on',
  'grievances.escalated_at',
  'grievances.appeal_status',
  'grievances.identity_revealed_by',
  'users.full_name as complainant_name',
  'users.username as complainant_username',
  'grievance_committees.name as committee_name',
  'grievances.student_id',
  'students.roll_no as student_roll_no',
  'students.full_name as student_name',
] as const;

function base(db: Db, collegeId: number) {
  return db
    .selectFrom('grievances')
    .innerJoin('users', 'users.id', 'grievances.lodged_by')
    .leftJoin('grievance_committees', 'grievance_committees.id', 'grievances.committee_id')
    .leftJoin('students', 'students.id', 'grievances.student_id')
    .where('grievances.college_id', '=', collegeId);
}

export async function list(db: Db, collegeId: number, v: Visibility, q: TGrievanceListQuery, today: string) {
  let query = base(db, collegeId).where(visible(v));
  if (q.status) query = query.where('grievances.status', '=', q.status);
  if (q.category) query = query.where('grievances.category', '=', q.category);
  if (q.overdue === 'true') query = query.where('grievances.status', 'in', OPEN).where('grievances.due_on', '<', today);
  if (q.appealed === 'true') query = query.where('grievances.appeal_status', 'is not', null);
  if (q.mine === 'true') query = query.where('grievances.lodged_by', '=', v.userId);
  if (q.open === 'true') query = query.where('grievances.status', 'in', OPEN);
  if (q.q) {
    query = query.where((eb) =>
      anyColumnContains(eb, ['grievances.subject', 'grievances.number'], q.q!),
    );
  }
  const [items, count] = await Promise.all([
    query
      .select(SUMMARY)
      // Live cases first: open and past the deadline, then open, then closed; each newest first.
      .orderBy(
        sql`case when grievances.status in (${sql.join(OPEN)}) then (case when grievances.due_on < ${today} then 0 else 1 end) else 2 end`,
      )
      .orderBy('grievances.lodged_on', 'desc')
      .orderBy('grievances.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function byId(db: Db, collegeId: number, id: number) {
  return base(db, collegeId)
    .select([
      ...SUMMARY,
      'grievances.description',
      'grievances.decision',
      'grievances.decided_at',
      'grievances.appeal_reason',
      'grievances.appealed_at',
      'grievances.appeal_due_on',
      'grievances.appeal_decision',
      'grievances.appeal_decided_at',
      'grievances.identity_revealed_at',
    ])
    .where('grievances.id', '=', id)
    .executeTakeFirst();
}

/** The anonymous grievances whose complainant this user may know (service.seesIdentity): lodged or revealed by them. */
export async function anonymousIdentitiesKnownTo(db: Db, collegeId: number, userId: number) {
  const rows = await db
    .selectFrom('grievances')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('anonymous', '=', 1)
    .where((eb) => eb.or([eb('lodged_by', '=', userId), eb('identity_revealed_by', '=', userId)]))
    .execute();
  return rows.map((r) => r.id);
}

export async function userName(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('users')
    .select(['full_name', 'username'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Moves the status only if it is still `from`: two clerks acting at once, one wins. */
export async function moveStatus(db: Db, collegeId: number, id: number, from: string, set: Updateable<GrievancesTable>) {
  const res = await db
    .updateTable('grievances')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function update(
  db: Db,
  collegeId: number,
  id: number,
  set: Updateable<GrievancesTable>,
  onlyIf?: { appealStatus: string | null },
) {
  let q = db.updateTable('grievances').set(set).where('college_id', '=', collegeId).where('id', '=', id);
  if (onlyIf)
    q = onlyIf.appealStatus === null ? q.where('appeal_status', 'is', null) : q.where('appeal_status', '=', onlyIf.appealStatus);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function comments(db: Db, collegeId: number, grievanceId: number, withInternal: boolean) {
  let q = db
    .selectFrom('grievance_comments')
    .select(['id', 'author_name', 'internal', 'body', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('grievance_id', '=', grievanceId);
  if (!withInternal) q = q.where('internal', '=', 0);
  return q.orderBy('id').execute();
}

export async function insertComment(db: Db, row: Insertable<DB['grievance_comments']>) {
  return (await db.insertInto('grievance_comments').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function attachments(db: Db, collegeId: number, grievanceId: number) {
  return db
    .selectFrom('grievance_attachments')
    .select(['id', 'file_name', 'mime', 'size', 'path'])
    .where('college_id', '=', collegeId)
    .where('grievance_id', '=', grievanceId)
    .orderBy('id')
    .execute();
}

export async function insertAttachments(db: Db, rows: Array<Insertable<DB['grievance_attachments']>>) {
  await db.insertInto('grievance_attachments').values(rows).execute();
}

/** Rows for the reports: every grievance lodged in the period. */
export async function reportRows(db: Db, collegeId: number, from?: string, to?: string) {
  let q = base(db, collegeId).select([...SUMMARY, 'grievances.decided_at']);
  if (from) q = q.where('grievances.lodged_on', '>=', from);
  if (to) q = q.where('grievances.lodged_on', '<=', to);
  return q.orderBy('grievances.id').execute();
}

/** NAAC inputs: every grievance's number, category, status and dates (no complainant identity). */
export async function naacGrievances(db: Db, collegeId: number) {
  return db
    .selectFrom('grievances')
    .select(['id', 'number', 'category', 'status', 'lodged_on', 'due_on', 'decided_at', 'complainant_role'])
    .where('college_id', '=', collegeId)
    .orderBy('lodged_on')
    .execute();
}
