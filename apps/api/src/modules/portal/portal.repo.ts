import type { Insertable, SelectQueryBuilder, Updateable } from 'kysely';
import { ROLES } from '@erp/shared';
import type { DB } from '../../db/tables.js';
import { anyColumnContains } from '../../lib/search.js';
import type { Db } from '../../db/index.js';

/** One page of an office list, newest first, with the total the filters match. */
async function pageOf<O>(q: SelectQueryBuilder<DB, any, O>, newestFirst: string, page: number, pageSize: number) {
  const { n } = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await q.orderBy(newestFirst as any, 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { total: Number(n), rows };
}

const STUDENT_COLUMNS = [
  'students.id',
  'students.roll_no',
  'students.full_name',
  'students.course',
  'students.batch',
  'students.branch',
  'students.semester',
  'students.section',
  'students.gender',
  'students.email',
  'students.mobile',
  'students.father_name',
  'students.admission_id',
] as const;

export type StudentRow = Awaited<ReturnType<typeof studentById>> & object;

export async function studentOfUser(db: Db, collegeId: number, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('students', 'students.id', 'users.student_id')
    .select(STUDENT_COLUMNS)
    .where('users.id', '=', userId)
    .where('users.college_id', '=', collegeId)
    .where('students.college_id', '=', collegeId)
    .executeTakeFirst();
}

export async function studentById(db: Db, collegeId: number, id: number) {
  return db.selectFrom('students').select(STUDENT_COLUMNS).where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return db
    .selectFrom('students')
    .select(STUDENT_COLUMNS)
    .where('college_id', '=', collegeId)
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
}

/** The parent's children, in the order they were linked. */
export async function childrenOf(db: Db, collegeId: number, parentUserId: number) {
  return db
    .selectFrom('parent_links')
    .innerJoin('students', 'students.id', 'parent_links.student_id')
    .select(STUDENT_COLUMNS)
    .where('parent_links.college_id', '=', collegeId)
    .where('students.college_id', '=', collegeId)
    .where('parent_links.parent_user_id', '=', parentUserId)
    .orderBy('parent_links.id')
    .execute();
}

/** The student's own login (the one the other modules' "my" calls know them by). */
export async function studentLogin(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.username'])
    .where('users.college_id', '=', collegeId)
    .where('users.student_id', '=', studentId)
    .where('user_roles.role', '=', ROLES.STUDENT)
    .orderBy('users.id')
    .executeTakeFirst();
}

// ---- Links ---------------------------------------------------------------------------------------

function linkQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('parent_links')
    .innerJoin('users', 'users.id', 'parent_links.parent_user_id')
    .innerJoin('students', 'students.id', 'parent_links.student_id')
    .select([
      'parent_links.id',
      'parent_links.parent_user_id',
      'users.full_name as parent_name',
      'users.username',
      'parent_links.relation',
      'parent_links.student_id',
      'students.roll_no',
      'students.full_name as student_name',
      'parent_links.via',
      'parent_links.created_at',
    ])
    .where('parent_links.college_id', '=', collegeId);
}
export type LinkRow = Awaited<ReturnType<ReturnType<typeof linkQuery>['execute']>>[number];

export async function linkById(db: Db, collegeId: number, id: number) {
  return linkQuery(db, collegeId).where('parent_links.id', '=', id).executeTakeFirst();
}

export async function linksOfStudent(db: Db, collegeId: number, studentId: number) {
  return linkQuery(db, collegeId).where('parent_links.student_id', '=', studentId).orderBy('parent_links.id').execute();
}

export async function linkPage(db: Db, collegeId: number, f: { q: string; page: number; pageSize: number }) {
  let q = linkQuery(db, collegeId);
  if (f.q) {
    q = q.where((eb) =>
      anyColumnContains(eb, ['students.roll_no', 'students.full_name', 'users.full_name', 'users.username'], f.q),
    );
  }
  return pageOf(q, 'parent_links.id', f.page, f.pageSize);
}

export async function linkExists(db: Db, collegeId: number, parentUserId: number, studentId: number) {
  return !!(await db
    .selectFrom('parent_links')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('parent_user_id', '=', parentUserId)
    .where('student_id', '=', studentId)
    .executeTakeFirst());
}

export async function insertLink(db: Db, row: Insertable<DB['parent_links']>) {
  return (await db.insertInto('parent_links').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function deleteLink(db: Db, collegeId: number, id: number) {
  const r = await db.deleteFrom('parent_links').where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function userByUsername(db: Db, collegeId: number, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'status'])
    .where('college_id', '=', collegeId)
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function rolesOf(db: Db, userId: number) {
  return (await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute()).map((r) => r.role);
}

// ---- Privacy and settings -----------------------------------------------------------------------

export async function privacyOf(db: Db, collegeId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return db
    .selectFrom('portal_privacy')
    .select(['student_id', 'hide_marks', 'hide_attendance'])
    .where('college_id', '=', collegeId)
    .where('student_id', 'in', studentIds)
    .execute();
}

export async function savePrivacy(db: Db, collegeId: number, studentId: number, hideMarks: boolean, hideAttendance: boolean, now: string) {
  await db
    .insertInto('portal_privacy')
    .values({ college_id: collegeId, student_id: studentId, hide_marks: hideMarks ? 1 : 0, hide_attendance: hideAttendance ? 1 : 0, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['college_id', 'student_id']).doUpdateSet({ hide_marks: hideMarks ? 1 : 0, hide_attendance: hideAttendance ? 1 : 0, updated_at: now }),
    )
    .execute();
}

export async function settingsOf(db: Db, collegeId: number) {
  return db.selectFrom('portal_settings').select(['lock_privacy']).where('college_id', '=', collegeId).executeTakeFirst();
}

export async function saveSettings(db: Db, collegeId: number, lock: boolean, now: string) {
  await db
    .insertInto('portal_settings')
    .values({ college_id: collegeId, lock_privacy: lock ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column('college_id').doUpdateSet({ lock_privacy: lock ? 1 : 0, updated_at: now }))
    .execute();
}

// ---- Parent codes ------------------------------------------------------------------------------

export async function codesSince(db: Db, collegeId: number, studentId: number, since: string) {
  const { n } = await db
    .selectFrom('parent_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertCode(db: Db, row: Insertable<DB['parent_codes']>) {
  await db.insertInto('parent_codes').values(row).execute();
}

export async function codeByRequest(db: Db, collegeId: number, requestId: string) {
  return db.selectFrom('parent_codes').selectAll().where('college_id', '=', collegeId).where('request_id', '=', requestId).executeTakeFirst();
}

/** Counts a try; only a code still open (unused, under the limit) is counted. Returns whether it was. */
export async function countAttempt(db: Db, collegeId: number, id: number, maxAttempts: number) {
  const r = await db
    .updateTable('parent_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function useCode(db: Db, collegeId: number, id: number, now: string) {
  const r = await db
    .updateTable('parent_codes')
    .set({ used_at: now })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- Student requests (certificates, profile corrections) ------------------------------------------

/** The two kinds of request a student lodges and the office answers: one shape of list, page and answer. */
type RequestTable = 'certificate_requests' | 'profile_corrections';
type RequestFilter = { status: string; q: string; page: number; pageSize: number };

/** A student's own requests of one kind, newest first. */
function requestsOfStudent<O>(q: SelectQueryBuilder<DB, any, O>, table: RequestTable, studentId: number) {
  return q
    .where(`${table}.student_id` as any, '=', studentId)
    .orderBy(`${table}.id` as any, 'desc')
    .execute();
}

/** The office's page of requests of one kind: by status ('all' for any), searched by roll number or name. */
function requestPage<O>(q: SelectQueryBuilder<DB, any, O>, table: RequestTable, f: RequestFilter) {
  if (f.status !== 'all') q = q.where(`${table}.status` as any, '=', f.status);
  if (f.q) q = q.where((eb) => anyColumnContains(eb, ['students.roll_no', 'students.full_name'], f.q));
  return pageOf(q, `${table}.id`, f.page, f.pageSize);
}

/** Answers a pending request; false when someone answered it first. */
async function decidePending(db: Db, table: RequestTable, collegeId: number, id: number, set: Updateable<DB[RequestTable]>) {
  const r = await db
    .updateTable(table)
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- Certificates -------------------------------------------------------------------------------

function certificateQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('certificate_requests')
    .innerJoin('students', 'students.id', 'certificate_requests.student_id')
    .select([
      'certificate_requests.id',
      'certificate_requests.student_id',
      'students.roll_no',
      'students.full_name',
      'certificate_requests.kind',
      'certificate_requests.purpose',
      'certificate_requests.status',
      'certificate_requests.remarks',
      'certificate_requests.document_code',
      'certificate_requests.fields_json',
      'certificate_requests.created_at',
      'certificate_requests.decided_at',
    ])
    .where('certificate_requests.college_id', '=', collegeId);
}
export type CertificateRow = Awaited<ReturnType<ReturnType<typeof certificateQuery>['execute']>>[number];

export async function certificateById(db: Db, collegeId: number, id: number) {
  return certificateQuery(db, collegeId).where('certificate_requests.id', '=', id).executeTakeFirst();
}

export async function certificatesOfStudent(db: Db, collegeId: number, studentId: number) {
  return requestsOfStudent(certificateQuery(db, collegeId), 'certificate_requests', studentId);
}

export async function certificateCounts(db: Db, collegeId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return db
    .selectFrom('certificate_requests')
    .select(['student_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('student_id', 'in', studentIds)
    .groupBy(['student_id', 'status'])
    .execute();
}

export async function certificatePage(db: Db, collegeId: number, f: RequestFilter) {
  return requestPage(certificateQuery(db, collegeId), 'certificate_requests', f);
}

export async function insertCertificate(db: Db, row: Insertable<DB['certificate_requests']>) {
  return (await db.insertInto('certificate_requests').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Answers a pending request; false when someone answered it first. */
export async function decideCertificate(
  db: Db,
  collegeId: number,
  id: number,
  set: { status: string; remarks: string; decided_by: number; decided_at: string; document_code?: string | null; fields_json?: string },
) {
  return decidePending(db, 'certificate_requests', collegeId, id, set);
}

// ---- Profile corrections ------------------------------------------------------------------------

function correctionQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('profile_corrections')
    .innerJoin('students', 'students.id', 'profile_corrections.student_id')
    .select([
      'profile_corrections.id',
      'profile_corrections.student_id',
      'students.roll_no',
      'students.full_name',
      'profile_corrections.field',
      'profile_corrections.current_value',
      'profile_corrections.requested_value',
      'profile_corrections.reason',
      'profile_corrections.status',
      'profile_corrections.remarks',
      'profile_corrections.created_at',
      'profile_corrections.decided_at',
    ])
    .where('profile_corrections.college_id', '=', collegeId);
}
export type CorrectionRow = Awaited<ReturnType<ReturnType<typeof correctionQuery>['execute']>>[number];

export async function correctionById(db: Db, collegeId: number, id: number) {
  return correctionQuery(db, collegeId).where('profile_corrections.id', '=', id).executeTakeFirst();
}

export async function correctionsOfStudent(db: Db, collegeId: number, studentId: number) {
  return requestsOfStudent(correctionQuery(db, collegeId), 'profile_corrections', studentId);
}

export async function correctionPage(db: Db, collegeId: number, f: RequestFilter) {
  return requestPage(correctionQuery(db, collegeId), 'profile_corrections', f);
}

export async function insertCorrection(db: Db, row: Insertable<DB['profile_corrections']>) {
  return (await db.insertInto('profile_corrections').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function decideCorrection(
  db: Db,
  collegeId: number,
  id: number,
  set: { status: string; remarks: string; decided_by: number; decided_at: string },
) {
  return decidePending(db, 'profile_corrections', collegeId, id, set);
}

/** The approved correction, applied to the student record. */
export async function applyCorrection(
  db: Db,
  collegeId: number,
  studentId: number,
  field: 'full_name' | 'gender' | 'email' | 'mobile' | 'father_name',
  value: string,
) {
  await db.updateTable('students').set({ [field]: value }).where('college_id', '=', collegeId).where('id', '=', studentId).execute();
}

/** The active parent logins linked to a student, with their addresses (for notifications). */
export async function parentLoginsOf(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('parent_links')
    .innerJoin('users', 'users.id', 'parent_links.parent_user_id')
    .select(['users.id', 'users.email', 'users.full_name'])
    .where('parent_links.college_id', '=', collegeId)
    .where('parent_links.student_id', '=', studentId)
    .where('users.college_id', '=', collegeId)
    .orderBy('users.id')
    .execute();
}
