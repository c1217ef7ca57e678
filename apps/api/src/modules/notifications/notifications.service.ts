import {
  NOTIFICATION_KINDS,
  type TInboxPage,
  type TNotificationKind,
  type TNotificationPrefs,
  type TNotificationPrefsUpdate,
  type TOutboxPage,
  type TOutboxQuery,
} from '@erp/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { enqueue, type JobHandler } from '../../lib/jobs.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { randomUUID } from 'node:crypto';
import { transportFor } from './mailer.js';
import { resolve, type Contact, type Recipient } from './recipients.js';
import * as repo from './notifications.repo.js';

export interface Mail {
  collegeId: number;
  userId?: number | null;
  kind: string;
  to: string;
  subject: string;
  body: string;
  /** what decides who may read the mail in the outbox, e.g. 'grievance:12' (see guardConfidentialMail) */
  confidential?: string | null;
  /** a file made when the mail is sent, by the renderer registered for `kind` (registerMailAttachment) */
  attachment?: { kind: string; args: unknown; filename: string };
}

/** Makes an attachment's file from its arguments when the mail goes out. */
export type AttachmentRenderer = (db: Database, collegeId: number, args: unknown) => Promise<{ content: Buffer; contentType: string }>;
const renderers = new Map<string, AttachmentRenderer>();

/** A module names how its attachments are made (the analytics module: the weekly summary's PDF). */
export function registerMailAttachment(kind: string, render: AttachmentRenderer) {
  renderers.set(kind, render);
}

async function attachmentsOf(db: Database, mail: { college_id: number; attachment_json: string | null }) {
  if (!mail.attachment_json) return [];
  const a = JSON.parse(mail.attachment_json) as { kind: string; args: unknown; filename: string };
  const render = renderers.get(a.kind);
  if (!render) throw new Error(`No renderer for attachments of kind ${a.kind}`);
  const { content, contentType } = await render(db, mail.college_id, a.args);
  return [{ filename: a.filename, content, contentType }];
}

/**
 * Queues a mail: an outbox row and a job in the caller's transaction, so the mail goes out only
 * if the change that caused it commits, and is sent from the queue, never inside the request.
 */
export async function queueMail(db: Database, m: Mail): Promise<number> {
  const id = await repo.insertMail(db, { ...m, userId: m.userId ?? null, confidential: m.confidential ?? null, now: nowIso() });
  await enqueue(db, { kind: 'mail', payload: { outboxId: id }, collegeId: m.collegeId, maxAttempts: 6 });
  return id;
}

/** Something to tell people about, raised where it happens and delivered by the queue. */
export interface NotifyEvent {
  collegeId: number;
  kind: TNotificationKind;
  /** what it is about, e.g. grievance:12:resolved; each recipient gets an event with one ref once */
  ref: string;
  subject: string;
  body: string;
  /** a path in the web app, e.g. /grievances/12 */
  link?: string;
  to: Recipient[];
  /** the mails go to the outbox readable only as this thing's rule allows, e.g. 'grievance:12' */
  confidential?: string;
}

/**
 * The one call other modules make: queues the event in the caller's transaction (so nothing is
 * sent if the change rolls back) for the worker to deliver, never inside the request.
 */
export async function notifyLater(db: Database, e: NotifyEvent): Promise<number> {
  return enqueue(db, { kind: 'notify', payload: e, collegeId: e.collegeId, maxAttempts: 5 });
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

/**
 * Delivers an event to one contact per their choices: a row in their inbox (in-app) and a mail
 * (email). Returns the outbox id, or null when no mail was queued. A contact who already had this
 * event (a retried job, a second run) gets nothing more.
 */
async function deliverOne(db: Database, e: Omit<NotifyEvent, 'to'>, c: Contact): Promise<number | null> {
  let email = true;
  let inApp = c.userId != null;
  if (c.userId != null) {
    const p = (await repo.prefs(db, c.userId)).find((x) => x.kind === e.kind);
    if (p) {
      email = p.email === 1;
      inApp = p.in_app === 1;
    }
  }
  email = email && c.email !== '';
  if (!email && !inApp) return null;
  const once = async (trx: Database) => {
    const id = await repo.insertNotification(trx, {
      college_id: e.collegeId,
      user_id: c.userId,
      recipient: c.userId != null ? `u:${c.userId}` : `e:${c.email.toLowerCase()}`,
      kind: e.kind,
      ref: e.ref,
      subject: e.subject.slice(0, 300),
      body: e.body,
      link: e.link ?? '',
      in_app: inApp ? 1 : 0,
      outbox_id: null,
      read_at: null,
      created_at: nowIso(),
    });
    if (id === undefined || !email) return null;
    const outboxId = await queueMail(trx, {
      collegeId: e.collegeId,
      userId: c.userId,
      kind: e.kind,
      to: c.email,
      subject: e.subject,
      body: e.body,
      confidential: e.confidential ?? null,
    });
    await repo.setOutboxId(trx, id, outboxId);
    return outboxId;
  };
  return db.isTransaction ? once(db) : db.transaction().execute(once);
}

/** The notify job: finds each recipient's contacts and delivers to each once. */
export function notifyJob(db: Database): JobHandler {
  return async (payload) => {
    const e = payload as NotifyEvent;
    const seen = new Set<string>();
    for (const r of e.to) {
      const { contacts, vars } = await resolve(db, e.collegeId, r, e.kind);
      const message = { ...e, subject: fill(e.subject, vars), body: fill(e.body, vars) };
      for (const c of contacts) {
        const key = c.userId != null ? `u:${c.userId}` : `e:${c.email.toLowerCase()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        await deliverOne(db, message, c);
      }
    }
  };
}

/**
 * Tells a user about something now, per their choices (inbox and email). Returns the outbox id, or
 * null when no mail was queued (email turned off, no address, no active login).
 */
export async function notify(
  db: Database,
  n: { collegeId: number; userId: number; kind: TNotificationKind; subject: string; body: string; ref?: string; link?: string },
) {
  const { contacts } = await resolve(db, n.collegeId, { userId: n.userId }, n.kind);
  if (contacts.length === 0) return null;
  return deliverOne(db, { ...n, ref: n.ref ?? `direct:${randomUUID()}` }, contacts[0]);
}

/** The mail job: sends through SMTP_URL, or keeps the message in the outbox when there is no mail server. */
export function mailJob(db: Database, config: Config): JobHandler {
  return async (payload, job) => {
    const { outboxId } = payload as { outboxId: number };
    const mail = await repo.mailById(db, outboxId);
    if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
    const transport = await transportFor(config);
    if (!transport) return repo.markMail(db, outboxId, 'kept');
    try {
      const attachments = await attachmentsOf(db, mail);
      await transport.sendMail({ from: config.MAIL_FROM, to: mail.to_address, subject: mail.subject, text: mail.body, attachments });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await repo.markMail(db, outboxId, job.attempts >= job.maxAttempts ? 'failed' : 'queued', message);
      throw e;
    }
    await repo.markMail(db, outboxId, 'sent', '', nowIso());
  };
}

export async function preferences(db: Database, userId: number): Promise<TNotificationPrefs> {
  const saved = new Map((await repo.prefs(db, userId)).map((p) => [p.kind, p]));
  return {
    items: NOTIFICATION_KINDS.map((k) => ({
      kind: k.kind,
      label: k.label,
      email: (saved.get(k.kind)?.email ?? 1) === 1,
      inApp: (saved.get(k.kind)?.in_app ?? 1) === 1,
    })),
  };
}

export async function savePreferences(db: Database, userId: number, choices: TNotificationPrefsUpdate) {
  const current = new Map((await preferences(db, userId)).items.map((i) => [i.kind as string, i]));
  await db.transaction().execute(async (trx) => {
    for (const [kind, choice] of Object.entries(choices)) {
      const was = current.get(kind)!;
      const next =
        typeof choice === 'boolean'
          ? { email: choice, inApp: was.inApp }
          : { email: choice?.email ?? was.email, inApp: choice?.inApp ?? was.inApp };
      await repo.setPref(trx, userId, kind, next);
    }
  });
  return preferences(db, userId);
}

/** The signed-in user's inbox page and unread count. */
export async function inbox(
  db: Database,
  collegeId: number,
  userId: number,
  q: { page: number; pageSize: number; unread?: 'true' | 'false' },
): Promise<TInboxPage> {
  const [{ total, rows }, unread] = await Promise.all([
    repo.inboxPage(db, collegeId, userId, { page: q.page, pageSize: q.pageSize, unreadOnly: q.unread === 'true' }),
    repo.unreadCount(db, collegeId, userId),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      subject: r.subject,
      body: r.body,
      link: r.link,
      read: r.read_at !== null,
      createdAt: r.created_at,
    })),
    total,
    unread,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function markRead(db: Database, collegeId: number, userId: number, ids?: number[]) {
  await repo.markRead(db, collegeId, userId, ids, nowIso());
  return { unread: await repo.unreadCount(db, collegeId, userId) };
}

/**
 * Which confidential mails a user may read: the refs ('grievance:12') their owner's rule lets them
 * see. Registered by the owning module at start-up, one per kind ('grievance'); a mail whose kind
 * has no guard is read by nobody.
 */
export type ConfidentialGuard = (db: Database, user: RequestUser) => Promise<string[]>;
const guards = new Map<string, ConfidentialGuard>();

export function guardConfidentialMail(kind: string, guard: ConfidentialGuard) {
  guards.set(kind, guard);
}

async function readableConfidential(db: Database, user: RequestUser): Promise<string[]> {
  const lists = await Promise.all([...guards.values()].map((g) => g(db, user)));
  return lists.flat();
}

/** Each confidential mail shown is a reveal of whom it went to: audited, one row a mail. */
async function auditReveals(
  db: Database,
  user: RequestUser,
  rows: ReadonlyArray<{ id: number; confidential_ref: string | null }>,
) {
  for (const r of rows) {
    if (!r.confidential_ref) continue;
    await audit(db, {
      collegeId: user.collegeId,
      actor: { id: user.id, username: user.username },
      action: 'outbox.confidential_read',
      entity: 'outbox',
      entityId: r.id,
      after: { about: r.confidential_ref },
    });
  }
}

export async function outbox(db: Database, user: RequestUser, f: TOutboxQuery): Promise<TOutboxPage> {
  const { total, rows } = await repo.outboxPage(db, user.collegeId, f, await readableConfidential(db, user));
  await auditReveals(db, user, rows);
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

/** Sends a failed (dead) message again: a new mail job with a fresh set of attempts. */
export async function resend(db: Database, user: RequestUser, id: number) {
  const collegeId = user.collegeId;
  const mail = await repo.mailById(db, id);
  if (!mail || mail.college_id !== collegeId) throw notFound('No such message in the outbox');
  if (mail.confidential_ref && !(await readableConfidential(db, user)).includes(mail.confidential_ref))
    throw notFound('No such message in the outbox');
  if (mail.status !== 'failed') throw badRequest('Only a failed message can be sent again');
  await db.transaction().execute(async (trx) => {
    await repo.markMail(trx, id, 'queued');
    await enqueue(trx, { kind: 'mail', payload: { outboxId: id }, collegeId, maxAttempts: 6 });
  });
  return { message: 'Queued to send again' };
}
