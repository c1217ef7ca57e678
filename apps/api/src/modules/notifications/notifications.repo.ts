import type { Insertable } from 'kysely';
import type { Database } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import { inChunks } from '../../lib/chunked.js';

export async function prefs(db: Database, userId: number) {
  return db.selectFrom('notification_prefs').select(['kind', 'email', 'in_app']).where('user_id', '=', userId).execute();
}

export async function setPref(db: Database, userId: number, kind: string, p: { email: boolean; inApp: boolean }) {
  const set = { email: p.email ? 1 : 0, in_app: p.inApp ? 1 : 0 };
  await db
    .insertInto('notification_prefs')
    .values({ user_id: userId, kind, ...set })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(set))
    .execute();
}

export async function userContact(db: Database, collegeId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['email', 'status'])
    .where('college_id', '=', collegeId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export interface NewMail {
  collegeId: number;
  userId: number | null;
  kind: string;
  to: string;
  subject: string;
  body: string;
  confidential: string | null;
  attachment?: { kind: string; args: unknown; filename: string };
  now: string;
}

export async function insertMail(db: Database, m: NewMail): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      college_id: m.collegeId,
      user_id: m.userId,
      kind: m.kind,
      to_address: m.to,
      subject: m.subject,
      body: m.body,
      confidential_ref: m.confidential,
      attachment_json: m.attachment ? JSON.stringify(m.attachment) : null,
      created_at: m.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const mailById = (db: Database, id: number) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();

export async function markMail(db: Database, id: number, status: string, error = '', sentAt: string | null = null) {
  await db.updateTable('outbox').set({ status, error, sent_at: sentAt }).where('id', '=', id).execute();
}

/** A page of the outbox: ordinary mail, and of the confidential mail only what `readable` names. */
export async function outboxPage(
  db: Database,
  collegeId: number,
  f: { page: number; pageSize: number; to?: string; q?: string; status?: string },
  readable: readonly string[],
) {
  let q = db
    .selectFrom('outbox')
    .where('college_id', '=', collegeId)
    .where((eb) =>
      readable.length
        ? eb.or([eb('confidential_ref', 'is', null), eb('confidential_ref', 'in', readable)])
        : eb('confidential_ref', 'is', null),
    );
  if (f.to) q = q.where('to_address', 'like', `%${f.to}%`);
  if (f.q) {
    const pattern = `%${f.q.toLowerCase()}%`;
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['to_address']), 'like', eb.val(pattern)),
        eb(eb.fn('lower', ['subject']), 'like', eb.val(pattern)),
      ]),
    );
  }
  if (f.status) q = q.where('status', '=', f.status);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .selectAll()
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { total: Number(n), rows };
}

// ---- In-app notifications -------------------------------------------------------------------

/** Records one delivery; undefined when this recipient already had it (a retried job, a second run). */
export async function insertNotification(db: Database, row: Insertable<DB['notifications']>) {
  const res = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.columns(['college_id', 'kind', 'ref', 'recipient']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res?.id;
}

export async function setOutboxId(db: Database, id: number, outboxId: number) {
  await db.updateTable('notifications').set({ outbox_id: outboxId }).where('id', '=', id).execute();
}

const inbox = (db: Database, collegeId: number, userId: number) =>
  db.selectFrom('notifications').where('college_id', '=', collegeId).where('user_id', '=', userId).where('in_app', '=', 1);

export async function unreadCount(db: Database, collegeId: number, userId: number) {
  const { n } = await inbox(db, collegeId, userId)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function inboxPage(
  db: Database,
  collegeId: number,
  userId: number,
  f: { page: number; pageSize: number; unreadOnly: boolean },
) {
  let q = inbox(db, collegeId, userId);
  if (f.unreadOnly) q = q.where('read_at', 'is', null);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['id', 'kind', 'subject', 'body', 'link', 'read_at', 'created_at'])
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { total: Number(n), rows };
}

export async function markRead(db: Database, collegeId: number, userId: number, ids: number[] | undefined, at: string) {
  let q = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return;
    q = q.where('id', 'in', ids);
  }
  await q.execute();
}

// ---- Scheduled runs -------------------------------------------------------------------------

/** Claims a college's run of a task for a period; false when another process already has it. */
export async function claimRun(db: Database, collegeId: number, task: string, period: string, now: string) {
  const row = await db
    .insertInto('notification_runs')
    .values({ college_id: collegeId, task, period, created_at: now })
    .onConflict((oc) => oc.columns(['college_id', 'task', 'period']).doNothing())
    .returning('task')
    .executeTakeFirst();
  return row !== undefined;
}

export async function collegeIds(db: Database) {
  return (await db.selectFrom('colleges').select('id').orderBy('id').execute()).map((r) => r.id);
}

// ---- Contacts (the core identity tables: users, students, faculty) ---------------------------

export async function activeUser(db: Database, collegeId: number, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('college_id', '=', collegeId)
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function studentWithLogin(db: Database, collegeId: number, studentId: number) {
  const student = await db
    .selectFrom('students')
    .select(['id', 'email', 'full_name', 'roll_no'])
    .where('college_id', '=', collegeId)
    .where('id', '=', studentId)
    .executeTakeFirst();
  if (!student) return null;
  const login = await db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  return { student, login };
}

export async function studentIdsByRoll(db: Database, collegeId: number, rollNos: string[]) {
  const rows = await inChunks(rollNos, (slice) =>
    db.selectFrom('students').select('id').where('college_id', '=', collegeId).where('roll_no', 'in', slice).execute(),
  );
  return rows.map((r) => r.id);
}

export async function userIdOfFaculty(db: Database, collegeId: number, facultyId: number) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('faculty_id', '=', facultyId)
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The login of a staff member by employee code (their own or their faculty record's). */
export async function userIdOfEmpCode(db: Database, collegeId: number, empCode: string) {
  const own = await db
    .selectFrom('users')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('emp_code', '=', empCode)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (own) return own.id;
  const f = await db
    .selectFrom('faculty')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('emp_code', '=', empCode)
    .executeTakeFirst();
  return f ? userIdOfFaculty(db, collegeId, f.id) : null;
}
