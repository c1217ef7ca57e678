import { NOTIFICATION_KINDS, type TNotificationKind, type TNotificationPrefs } from '@erp/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { enqueue, type JobHandler } from '../../lib/jobs.js';
import { transportFor } from './mailer.js';
import * as repo from './notifications.repo.js';

export interface Mail {
  collegeId: number;
  userId?: number | null;
  kind: string;
  to: string;
  subject: string;
  body: string;
}

/**
 * Queues a mail: an outbox row and a job in the caller's transaction, so the mail goes out only
 * if the change that caused it commits, and is sent from the queue, never inside the request.
 */
export async function queueMail(db: Database, m: Mail): Promise<number> {
  const id = await repo.insertMail(db, { ...m, userId: m.userId ?? null, now: nowIso() });
  await enqueue(db, { kind: 'mail', payload: { outboxId: id }, collegeId: m.collegeId, maxAttempts: 6 });
  return id;
}

/** Tells a user about something, unless they turned that kind off or have no email. Returns the outbox id. */
export async function notify(
  db: Database,
  n: { collegeId: number; userId: number; kind: TNotificationKind; subject: string; body: string },
) {
  const wanted = (await repo.prefs(db, n.userId)).find((p) => p.kind === n.kind);
  if (wanted && !wanted.email) return null;
  const user = await repo.userContact(db, n.collegeId, n.userId);
  if (!user?.email || user.status !== 'active') return null;
  return queueMail(db, {
    collegeId: n.collegeId,
    userId: n.userId,
    kind: n.kind,
    to: user.email,
    subject: n.subject,
    body: n.body,
  });
}

/** The mail job: sends through SMTP_URL, or keeps the message in the outbox when there is no mail server. */
export function mailJob(db: Database, config: Config): JobHandler {
  return async (payload, job) => {
    const { outboxId } = payload as { outboxId: number };
    const mail = await repo.mailById(db, outboxId);
    if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
    const transport = transportFor(config);
    if (!transport) return repo.markMail(db, outboxId, 'kept');
    try {
      await transport.sendMail({ from: config.MAIL_FROM, to: mail.to_address, subject: mail.subject, text: mail.body });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await repo.markMail(db, outboxId, job.attempts >= job.maxAttempts ? 'failed' : 'queued', message);
      throw e;
    }
    await repo.markMail(db, outboxId, 'sent', '', nowIso());
  };
}

export async function preferences(db: Database, userId: number): Promise<TNotificationPrefs> {
  const saved = new Map((await repo.prefs(db, userId)).map((p) => [p.kind, p.email === 1]));
  return { items: NOTIFICATION_KINDS.map((k) => ({ kind: k.kind, label: k.label, email: saved.get(k.kind) ?? true })) };
}

export async function savePreferences(db: Database, userId: number, choices: Partial<Record<TNotificationKind, boolean>>) {
  await db.transaction().execute(async (trx) => {
    for (const [kind, email] of Object.entries(choices)) await repo.setPref(trx, userId, kind, email === true);
  });
  return preferences(db, userId);
}

export async function outbox(db: Database, collegeId: number, f: { page: number; pageSize: number; to?: string }) {
  const { total, rows } = await repo.outboxPage(db, collegeId, f);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to_address,
      subject: r.subject,
      body: r.body,
      status: r.status as 'queued' | 'sent' | 'kept' | 'failed',
      error: r.error,
      createdAt: r.created_at,
      sentAt: r.sent_at,
    })),
    total,
    page: f.page,
    pageSize: f.pageSize,
  };
}
