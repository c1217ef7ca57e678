import type { Database } from '../../db/index.js';

export async function prefs(db: Database, userId: number) {
  return db.selectFrom('notification_prefs').select(['kind', 'email']).where('user_id', '=', userId).execute();
}

export async function setPref(db: Database, userId: number, kind: string, email: boolean) {
  await db
    .insertInto('notification_prefs')
    .values({ user_id: userId, kind, email: email ? 1 : 0 })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ email: email ? 1 : 0 }))
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

export async function outboxPage(db: Database, collegeId: number, f: { page: number; pageSize: number; to?: string }) {
  let q = db.selectFrom('outbox').where('college_id', '=', collegeId);
  if (f.to) q = q.where('to_address', 'like', `%${f.to}%`);
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .selectAll()
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { total: Number(n), rows };
}
