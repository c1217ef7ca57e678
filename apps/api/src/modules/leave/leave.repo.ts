import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import { cappedRows } from '../../lib/capped.js';
import type { DB } from '../../db/tables.js';

const label = sql<string>`br.short_name || ' ' || b.name || ' ' || s.name`;
export const OPEN_STATUSES = ['pending_backup', 'pending_approval', 'approved'];

export async function types(db: Db, collegeId: number) {
  return db
    .selectFrom('leave_types')
    .select([
      'id',
      'code',
      'name',
      'yearly_quota as yearlyQuota',
      'carry_forward as carryForward',
      'max_carry as maxCarry',
      'half_day_allowed as halfDayAllowed',
      'retired',
    ])
    .where('college_id', '=', collegeId)
    .orderBy('code')
    .execute();
}
export async function typeById(db: Db, collegeId: number, id: number) {
  return db.selectFrom('leave_types').selectAll().where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}
export async function insertType(db: Db, row: Insertable<DB['leave_types']>) {
  const { id } = await db.insertInto('leave_types').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
export async function updateType(db: Db, collegeId: number, id: number, set: Record<string, unknown>) {
  const r = await db
    .updateTable('leave_types')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function balances(db: Db, collegeId: number, year: string, f: { facultyId?: number; department?: string }) {
  let q = db
    .selectFrom('leave_balances as lb')
    .innerJoin('faculty as f', 'f.id', 'lb.faculty_id')
    .innerJoin('leave_types as t', 't.id', 'lb.leave_type_id')
    .select([
      'lb.faculty_id as facultyId',
      'f.full_name as facultyName',
      'f.department',
      'lb.leave_type_id as leaveTypeId',
      't.code',
      'lb.academic_year as academicYear',
      'lb.opening',
      'lb.used',
    ])
    .where('lb.college_id', '=', collegeId)
    .where('lb.academic_year', '=', year);
  if (f.facultyId) q = q.where('lb.faculty_id', '=', f.facultyId);
  if (f.department) q = q.where('f.department', '=', f.department);
  return q.orderBy('f.full_name').orderBy('t.code').execute();
}
export async function balance(db: Db, collegeId: number, facultyId: number, typeId: number, year: string) {
  return db
    .selectFrom('leave_balances')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('faculty_id', '=', facultyId)
    .where('leave_type_id', '=', typeId)
    .where('academic_year', '=', year)
    .executeTakeFirst();
}
export async function insertBalance(db: Db, row: Insertable<DB['leave_balances']>) {
  await db.insertInto('leave_balances').values(row).execute();
}
/** Deducts only when enough is left: the database decides, so two approvals never overdraw. */
export async function deduct(db: Db, collegeId: number, facultyId: number, typeId: number, year: string, days: number) {
  const r = await db
    .updateTable('leave_balances')
    .set((eb) => ({ used: eb('used', '+', days) }))
    .where('college_id', '=', collegeId)
    .where('faculty_id', '=', facultyId)
    .where('leave_type_id', '=', typeId)
    .where('academic_year', '=', year)
    .where((eb) => eb(eb('opening', '-', eb.ref('used')), '>=', days))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
export async function pendingDays(db: Db, collegeId: number, facultyId: number, typeId?: number, year?: string) {
  let q = db
    .selectFrom('leave_applications')
    .select(['leave_type_id', 'academic_year', (eb) => eb.fn.sum<number>('days').as('days')])
    .where('college_id', '=', collegeId)
    .where('status', 'in', ['pending_backup', 'pending_approval']);
  if (facultyId) q = q.where('faculty_id', '=', facultyId);
  if (typeId) q = q.where('leave_type_id', '=', typeId);
  if (year) q = q.where('academic_year', '=', year);
  return q.groupBy(['leave_type_id', 'academic_year']).execute();
}
export async function pendingByFaculty(db: Db, collegeId: number, year: string) {
  return db
    .selectFrom('leave_applications')
    .select(['faculty_id', 'leave_type_id', (eb) => eb.fn.sum<number>('days').as('days')])
    .where('college_id', '=', collegeId)
    .where('academic_year', '=', year)
    .where('status', 'in', ['pending_backup', 'pending_approval'])
    .groupBy(['faculty_id', 'leave_type_id'])
    .execute();
}

export async function liveFaculty(db: Db, collegeId: number) {
  return db
    .selectFrom('faculty')
    .select(['id', 'full_name', 'department'])
    .where('college_id', '=', collegeId)
    .where('retired', '=', 0)
    .orderBy('full_name')
    .execute();
}
export async function facultyById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('faculty')
    .select(['id', 'full_name', 'department', 'retired'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}
export async function isHodFaculty(db: Db, collegeId: number, facultyId: number) {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select('users.id')
    .where('users.college_id', '=', collegeId)
    .where('users.faculty_id', '=', facultyId)
    .where('user_roles.role', '=', 'ROLE_HOD')
    .executeTakeFirst();
  return Boolean(row);
}

/** Open (pending or approved) leave that covers any day from `from` to `to`. */
function openLeaveBetween(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('leave_applications')
    .where('college_id', '=', collegeId)
    .where('status', 'in', OPEN_STATUSES)
    .where('from_date', '<=', to)
    .where('to_date', '>=', from);
}

export async function overlapping(db: Db, collegeId: number, facultyId: number, from: string, to: string) {
  return openLeaveBetween(db, collegeId, from, to)
    .select(['id', 'from_date', 'to_date'])
    .where('faculty_id', '=', facultyId)
    .executeTakeFirst();
}

/** Faculty on approved or pending leave on a date. */
export async function onLeave(db: Db, collegeId: number, facultyIds: number[], date: string) {
  if (facultyIds.length === 0) return [];
  return openLeaveBetween(db, collegeId, date, date).select('faculty_id').where('faculty_id', 'in', facultyIds).execute();
}

/** Periods a faculty member already covers as a backup (pending or accepted) on a date. */
export async function backupLoad(db: Db, collegeId: number, facultyIds: number[], date: string) {
  if (facultyIds.length === 0) return [];
  return db
    .selectFrom('leave_backups as lb')
    .innerJoin('leave_applications as a', 'a.id', 'lb.application_id')
    .select(['lb.backup_faculty_id', 'lb.period'])
    .where('lb.college_id', '=', collegeId)
    .where('lb.backup_faculty_id', 'in', facultyIds)
    .where('lb.date', '=', date)
    .where('lb.status', 'in', ['pending', 'accepted'])
    .where('a.status', 'in', ['pending_backup', 'pending_approval', 'approved'])
    .execute();
}

export async function insertApplication(db: Db, row: Insertable<DB['leave_applications']>) {
  const { id } = await db.insertInto('leave_applications').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
export async function insertBackups(db: Db, rows: Insertable<DB['leave_backups']>[]) {
  if (rows.length) await db.insertInto('leave_backups').values(rows).execute();
}

export async function application(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('leave_applications as a')
    .innerJoin('faculty as f', 'f.id', 'a.faculty_id')
    .selectAll('a')
    .select(['f.department', 'f.full_name'])
    .where('a.college_id', '=', collegeId)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** The applications lists are cut here for speed; the answer says how many match in all. */
export const LEAVE_LIST_CAP = 200;

export interface ApplicationFilter {
  facultyId?: number;
  /** everyone's but this faculty member's (a HOD does not approve their own) */
  notFacultyId?: number;
  backupFacultyId?: number;
  department?: string;
  statuses?: string[];
  approver?: string;
  ids?: number[];
}

/** The first LEAVE_LIST_CAP applications matching the filters, newest first, and how many match. */
export async function applications(db: Db, collegeId: number, f: ApplicationFilter) {
  return cappedRows(applicationsQuery(db, collegeId, f), LEAVE_LIST_CAP);
}

export async function applicationsByIds(db: Db, collegeId: number, ids: number[]) {
  return applicationsQuery(db, collegeId, { ids }).execute();
}
export type ApplicationRow = Awaited<ReturnType<typeof applicationsByIds>>[number];

function applicationsQuery(db: Db, collegeId: number, f: ApplicationFilter) {
  let q = db
    .selectFrom('leave_applications as a')
    .innerJoin('faculty as f', 'f.id', 'a.faculty_id')
    .innerJoin('leave_types as t', 't.id', 'a.leave_type_id')
    .select([
      'a.id',
      'a.faculty_id as facultyId',
      'f.full_name as facultyName',
      'f.department',
      't.code as leaveType',
      'a.from_date as fromDate',
      'a.to_date as toDate',
      'a.half_day as halfDay',
      'a.days',
      'a.reason',
      'a.status',
      'a.approver',
      'a.decision_note as decisionNote',
      'a.created_at as createdAt',
    ])
    .where('a.college_id', '=', collegeId);
  if (f.ids) q = q.where('a.id', 'in', f.ids);
  if (f.facultyId) q = q.where('a.faculty_id', '=', f.facultyId);
  if (f.notFacultyId) q = q.where('a.faculty_id', '!=', f.notFacultyId);
  if (f.department) q = q.where('f.department', '=', f.department);
  if (f.statuses) q = q.where('a.status', 'in', f.statuses);
  if (f.approver) q = q.where('a.approver', '=', f.approver);
  if (f.backupFacultyId) {
    const backup = f.backupFacultyId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('leave_backups as lb')
          .select('lb.id')
          .whereRef('lb.application_id', '=', 'a.id')
          .where('lb.backup_faculty_id', '=', backup),
      ),
    );
  }
  return q.orderBy('a.from_date', 'desc').orderBy('a.id', 'desc');
}

export async function backupsOf(db: Db, collegeId: number, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .selectFrom('leave_backups as lb')
    .innerJoin('sections as s', 's.id', 'lb.section_id')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('branches as br', 'br.id', 's.branch_id')
    .innerJoin('subjects as sub', 'sub.id', 'lb.subject_id')
    .innerJoin('faculty as f', 'f.id', 'lb.backup_faculty_id')
    .select([
      'lb.id',
      'lb.application_id',
      'lb.date',
      'lb.period',
      label.as('sectionLabel'),
      'sub.code as subjectCode',
      'sub.name as subjectName',
      'lb.backup_faculty_id as backupFacultyId',
      'f.full_name as backupName',
      'lb.status',
      'lb.section_id',
      'lb.subject_id',
    ])
    .where('lb.college_id', '=', collegeId)
    .where('lb.application_id', 'in', applicationIds)
    .orderBy('lb.date')
    .orderBy('lb.period')
    .execute();
}

export async function decideBackups(
  db: Db,
  collegeId: number,
  applicationId: number,
  backupFacultyId: number,
  status: string,
  now: string,
) {
  const r = await db
    .updateTable('leave_backups')
    .set({ status, decided_at: now })
    .where('college_id', '=', collegeId)
    .where('application_id', '=', applicationId)
    .where('backup_faculty_id', '=', backupFacultyId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
export async function setBackupStatus(db: Db, collegeId: number, id: number, from: string, to: string) {
  const r = await db
    .updateTable('leave_backups')
    .set({ status: to })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
export async function setStatus(
  db: Db,
  collegeId: number,
  id: number,
  from: string,
  set: { status: string; decided_by?: number; decision_note?: string; decided_at?: string },
) {
  const r = await db
    .updateTable('leave_applications')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// Asked on every attendance sheet (whose classes are covered, and by whom): prepared (db/prepared.ts).
const coveredByQuery = prepared((db, a: { collegeId: number; backupFacultyId: number; date: string }) =>
  db
    .selectFrom('leave_backups as lb')
    .innerJoin('leave_applications as a', 'a.id', 'lb.application_id')
    .innerJoin('sections as s', 's.id', 'lb.section_id')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('branches as br', 'br.id', 's.branch_id')
    .innerJoin('subjects as sub', 'sub.id', 'lb.subject_id')
    .select([
      'lb.section_id as sectionId',
      label.as('sectionLabel'),
      'lb.subject_id as subjectId',
      'sub.code as subjectCode',
      'sub.name as subjectName',
      'lb.period',
    ])
    .where('lb.college_id', '=', a.collegeId)
    .where('lb.backup_faculty_id', '=', a.backupFacultyId)
    .where('lb.date', '=', a.date)
    .where('lb.status', '=', 'accepted')
    .where('a.status', '=', 'approved'),
);

/** Classes a backup covers on a date (accepted, leave approved). */
export async function coveredBy(db: Db, collegeId: number, backupFacultyId: number, date: string) {
  return coveredByQuery.all(db, { collegeId, backupFacultyId, date });
}

const coveredForQuery = prepared((db, a: { collegeId: number; facultyId: number; date: string }) =>
  db
    .selectFrom('leave_backups as lb')
    .innerJoin('leave_applications as a', 'a.id', 'lb.application_id')
    .select(['lb.section_id', 'lb.period'])
    .where('lb.college_id', '=', a.collegeId)
    .where('a.faculty_id', '=', a.facultyId)
    .where('lb.date', '=', a.date)
    .where('lb.status', '=', 'accepted')
    .where('a.status', '=', 'approved'),
);

/** Classes of an applicant on approved leave that a backup covers on a date. */
export async function coveredFor(db: Db, collegeId: number, facultyId: number, date: string) {
  return coveredForQuery.all(db, { collegeId, facultyId, date });
}

// A sheet being saved asks about its one class (section, date, period), by the slot index.
const coverOfClassQuery = prepared(
  (db, a: { collegeId: number; sectionId: number; date: string; period: number; facultyId: number }) =>
    db
      .selectFrom('leave_backups as lb')
      .innerJoin('leave_applications as a', 'a.id', 'lb.application_id')
      .innerJoin('subjects as sub', 'sub.id', 'lb.subject_id')
      .select([
        'a.faculty_id as applicantId',
        'lb.backup_faculty_id as backupId',
        'lb.subject_id as subjectId',
        'sub.code as subjectCode',
      ])
      .where('lb.college_id', '=', a.collegeId)
      .where('lb.section_id', '=', a.sectionId)
      .where('lb.date', '=', a.date)
      .where('lb.period', '=', a.period)
      .where('lb.status', '=', 'accepted')
      .where('a.status', '=', 'approved')
      .where((eb) => eb.or([eb('a.faculty_id', '=', a.facultyId), eb('lb.backup_faculty_id', '=', a.facultyId)])),
);

/** Accepted backups (leave approved) for a class, where the faculty member is the applicant or the backup. */
export async function coverOfClass(
  db: Db,
  collegeId: number,
  sectionId: number,
  date: string,
  period: number,
  facultyId: number,
) {
  return coverOfClassQuery.all(db, { collegeId, sectionId, date, period, facultyId });
}

export async function calendar(db: Db, collegeId: number, from: string, to: string, department?: string) {
  let q = db
    .selectFrom('leave_applications as a')
    .innerJoin('faculty as f', 'f.id', 'a.faculty_id')
    .innerJoin('leave_types as t', 't.id', 'a.leave_type_id')
    .select([
      'f.full_name as facultyName',
      'f.department',
      't.code as leaveType',
      'a.from_date as fromDate',
      'a.to_date as toDate',
      'a.half_day as halfDay',
      'a.status',
    ])
    .where('a.college_id', '=', collegeId)
    .where('a.status', 'in', OPEN_STATUSES)
    .where('a.from_date', '<=', to)
    .where('a.to_date', '>=', from);
  if (department) q = q.where('f.department', '=', department);
  return q.orderBy('a.from_date').execute();
}

/** Open leave (approved or pending) of any faculty member overlapping a date range, by day range. */
export async function leaveBetween(db: Db, collegeId: number, from: string, to: string) {
  return openLeaveBetween(db, collegeId, from, to).select(['faculty_id', 'from_date', 'to_date']).execute();
}
