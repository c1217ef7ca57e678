import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { smtp } from '../../../test/smtp.js';
import { collegeId, newStudent, newUser } from '../../../test/builders.js';
import { createDb } from '../../db/index.js';
import { enqueue, runDueJobs } from '../../lib/jobs.js';
import { notify, notifyLater, queueMail } from './notifications.service.js';

let t: TestApp;
let svec: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = await collegeId(t.db);
});
afterAll(async () => t.close());

/** A staff login of the test's own. */
const login = (role: string = ROLES.FACULTY, db = t.db, college = svec) => newUser(db, college, { roles: [role], program: 'CSE' });
const outboxRow = (id: number) => t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('without a mail server', () => {
  it('keeps each message in the outbox, which only the admin reads', async () => {
    const id = await queueMail(t.db, {
      collegeId: svec,
      kind: 'fee-due',
      to: 'parent@example.org',
      subject: 'Fee due on 30-11-2026',
      body: 'Tuition ₹45,000',
    });
    expect((await outboxRow(id)).status).toBe('queued');
    expect(await runDueJobs(t.db, t.app.jobHandlers)).toBeGreaterThanOrEqual(1);
    expect((await outboxRow(id)).status).toBe('kept');
    const page = await t.as('admin', { method: 'GET', url: '/api/outbox?to=parent@example.org' });
    expect(page.statusCode).toBe(200);
    expect(page.json().items[0]).toMatchObject({
      id,
      to: 'parent@example.org',
      subject: 'Fee due on 30-11-2026',
      status: 'kept',
    });
    const student = await newStudent(t.db, svec, { login: true });
    expect((await t.as(student.username!, { method: 'GET', url: '/api/outbox' })).statusCode).toBe(403);
  });
});

describe('with SMTP_URL', () => {
  it('sends through the server, and retries a refused message later', async () => {
    const mail = await smtp();
    const withSmtp = await createTestApp({ seed: true, env: { SMTP_URL: mail.url, MAIL_FROM: 'SVEC ERP <erp@svec.edu.in>' } });
    const app = { db: withSmtp.db, jobHandlers: withSmtp.app.jobHandlers };
    try {
      const collegeId = (await app.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow())
        .id;
      const principal = await login(ROLES.PRINCIPAL, app.db, collegeId);
      const admin = (await login(ROLES.ADMIN, app.db, collegeId)).username;
      // Whatever the database had queued goes out first: this test counts only what it sends.
      await runDueJobs(app.db, app.jobHandlers);
      mail.received.length = 0;
      const id = await notify(app.db, {
        collegeId,
        userId: principal.id,
        kind: 'results-published',
        subject: 'B.Tech III-I results are out',
        body: 'See the portal.',
      });
      expect(id).not.toBeNull();
      await runDueJobs(app.db, app.jobHandlers);
      expect(mail.received).toHaveLength(1);
      expect(mail.received[0].to).toEqual([principal.email]);
      expect(mail.received[0].raw).toContain('Subject: B.Tech III-I results are out');
      expect(mail.received[0].raw).toContain('From: SVEC ERP <erp@svec.edu.in>');
      expect((await app.db.selectFrom('outbox').select('status').where('id', '=', id!).executeTakeFirstOrThrow()).status).toBe(
        'sent',
      );

      mail.state.fail = true;
      const second = await queueMail(app.db, { collegeId, kind: 'fee-due', to: 'a@example.org', subject: 'Second', body: 'x' });
      let clock = Date.now();
      await runDueJobs(app.db, app.jobHandlers, 100, () => clock);
      const failed = await app.db
        .selectFrom('outbox')
        .select(['status', 'error'])
        .where('id', '=', second)
        .executeTakeFirstOrThrow();
      expect(failed.status).toBe('queued');
      expect(failed.error).toContain('mailbox unavailable');
      // Not due again until the retry delay (30 s) has passed.
      expect(await runDueJobs(app.db, app.jobHandlers, 100, () => clock + 1000)).toBe(0);
      mail.state.fail = false;
      clock += 31_000;
      expect(await runDueJobs(app.db, app.jobHandlers, 100, () => clock)).toBe(1);
      expect(mail.received.map((m) => m.to[0])).toEqual([principal.email, 'a@example.org']);

      // An event raised by a module reaches the server through the queue: notify job, then mail job.
      await notifyLater(app.db, {
        collegeId,
        kind: 'leave-decision',
        ref: 'leave:smtp-test',
        subject: 'Leave approved: CL 01-12-2026 to 02-12-2026',
        body: 'Your Casual leave application for 2 day(s) is approved.',
        to: [{ userId: principal.id }],
      });
      await runDueJobs(app.db, app.jobHandlers, 100, () => clock);
      expect(mail.received).toHaveLength(3);
      expect(mail.received[2].to).toEqual([principal.email]);
      expect(mail.received[2].raw).toContain('Subject: Leave approved: CL 01-12-2026 to 02-12-2026');
      expect(mail.received[2].raw).toContain('Your Casual leave application for 2 day(s) is approved.');

      // Refused every time: retried with growing waits (30 s, 2, 8, 32 min, 1 h), then dead after the 6th attempt.
      mail.state.fail = true;
      const dead = await queueMail(app.db, { collegeId, kind: 'fee-due', to: 'b@example.org', subject: 'Third', body: 'x' });
      const job = () =>
        app.db
          .selectFrom('jobs')
          .select(['status', 'attempts', 'run_at', 'last_error'])
          .where('kind', '=', 'mail')
          .where('payload_json', '=', JSON.stringify({ outboxId: dead }))
          .executeTakeFirstOrThrow();
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt++) {
        expect(await runDueJobs(app.db, app.jobHandlers, 100, () => clock)).toBe(1);
        const j = await job();
        expect(j.attempts).toBe(attempt);
        if (attempt < 6) {
          expect(j.status).toBe('pending');
          waits.push((Date.parse(j.run_at) - clock) / 1000);
          clock = Date.parse(j.run_at);
        } else expect(j).toMatchObject({ status: 'failed', last_error: expect.stringContaining('mailbox unavailable') });
      }
      expect(waits).toEqual([30, 120, 480, 1920, 3600]);
      expect(await runDueJobs(app.db, app.jobHandlers, 100, () => clock + 86_400_000)).toBe(0);
      const row = await app.db.selectFrom('outbox').select(['status', 'error']).where('id', '=', dead).executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      expect(row.error).toContain('mailbox unavailable');
      const failedPage = await withSmtp.as(admin, { method: 'GET', url: '/api/outbox?status=failed&q=THIRD' });
      expect(failedPage.json()).toMatchObject({ total: 1, items: [{ id: dead, to: 'b@example.org', status: 'failed' }] });

      // The admin sends a dead message again once the server takes mail.
      mail.state.fail = false;
      const notDead = await withSmtp.as(admin, { method: 'POST', url: `/api/outbox/${second}/resend` });
      expect(notDead.statusCode).toBe(400);
      expect(notDead.json().message).toBe('Only a failed message can be sent again');
      const faculty = (await login(ROLES.FACULTY, app.db, collegeId)).username;
      expect((await withSmtp.as(faculty, { method: 'POST', url: `/api/outbox/${dead}/resend` })).statusCode).toBe(403);
      const again = await withSmtp.as(admin, { method: 'POST', url: `/api/outbox/${dead}/resend` });
      expect(again.json()).toEqual({ message: 'Queued to send again' });
      await runDueJobs(app.db, app.jobHandlers);
      expect(mail.received.at(-1)?.to).toEqual(['b@example.org']);
      expect((await app.db.selectFrom('outbox').select('status').where('id', '=', dead).executeTakeFirstOrThrow()).status).toBe(
        'sent',
      );
    } finally {
      await withSmtp.close();
      await mail.close();
    }
  });
});

describe('/api/me/notifications', () => {
  it('has every kind on by default; a kind turned off is not sent', async () => {
    const me = await login();
    const hod = await login(ROLES.HOD);
    const res = await t.as(me.username, { method: 'GET', url: '/api/me/notifications' });
    expect(res.json().items).toHaveLength(8);
    expect(res.json().items.every((i: { email: boolean; inApp: boolean }) => i.email && i.inApp)).toBe(true);
    const saved = await t.as(me.username, { method: 'PUT', url: '/api/me/notifications', payload: { 'leave-decision': false } });
    // A plain true/false is the email channel (as before); the inbox stays on.
    expect(saved.json().items.find((i: { kind: string }) => i.kind === 'leave-decision')).toMatchObject({
      email: false,
      inApp: true,
    });
    const both = await t.as(me.username, {
      method: 'PUT',
      url: '/api/me/notifications',
      payload: { 'fee-due': { inApp: false }, 'hold-ready': { email: false, inApp: false } },
    });
    expect(both.json().items.filter((i: { email: boolean; inApp: boolean }) => !i.email || !i.inApp)).toEqual([
      { kind: 'hold-ready', label: 'A book I reserved is ready for pickup', email: false, inApp: false },
      { kind: 'fee-due', label: 'A fee is falling due', email: true, inApp: false },
      { kind: 'leave-decision', label: 'My leave application is decided', email: false, inApp: true },
    ]);
    const faculty = me.id;
    expect(
      await notify(t.db, { collegeId: svec, userId: faculty, kind: 'leave-decision', subject: 'Leave approved', body: '' }),
    ).toBeNull();
    expect(
      await notify(t.db, { collegeId: svec, userId: faculty, kind: 'grievance-status', subject: 'Grievance resolved', body: '' }),
    ).not.toBeNull();
    // Another user's choices are their own.
    expect(
      (await t.as(hod.username, { method: 'GET', url: '/api/me/notifications' })).json().items.every((i: { email: boolean }) => i.email),
    ).toBe(true);
  });

  it('refuses an unknown kind', async () => {
    const me = await login();
    const res = await t.as(me.username, { method: 'PUT', url: '/api/me/notifications', payload: { spam: true } });
    expect(res.statusCode).toBe(400);
    expect((await t.as(me.username, { method: 'GET', url: '/api/me/notifications' })).json().items.every((i: { email: boolean }) => i.email)).toBe(true);
  });
});

describe('the job queue', () => {
  it('gives each job to exactly one of two workers on one database', async () => {
    const db2 = await createDb(t.config.database);
    try {
      const seen: number[] = [];
      const handlers = { count: async (p: unknown) => void seen.push((p as { n: number }).n) };
      for (let n = 0; n < 30; n++) await enqueue(t.db, { kind: 'count', payload: { n } });
      await Promise.all([runDueJobs(t.db, handlers), runDueJobs(db2, handlers), runDueJobs(t.db, handlers)]);
      expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    } finally {
      await db2.destroy();
    }
  });

  it('delivers an event queued before a restart, in a server whose worker is on', async () => {
    const me = await login();
    const faculty = me.id;
    await notifyLater(t.db, {
      collegeId: svec,
      kind: 'grievance-status',
      ref: 'grievance:restart-test',
      subject: 'Grievance GRV-2026-00042: Resolved',
      body: 'Your grievance is now resolved.',
      to: [{ userId: faculty }],
    });
    // The first process stops here; a new one starts on the same database.
    const db2 = await createDb(t.config.database);
    const { buildApp } = await import('../../app.js');
    const app2 = await buildApp({ config: { ...t.config, JOB_WORKER: 'on', JOB_POLL_MS: 50 }, db: db2, logger: false });
    await app2.ready();
    try {
      let mail: { status: string; subject: string } | undefined;
      for (let i = 0; i < 100 && mail?.status !== 'kept'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        mail = await t.db
          .selectFrom('outbox')
          .select(['status', 'subject'])
          .where('user_id', '=', faculty)
          .where('kind', '=', 'grievance-status')
          .where('subject', '=', 'Grievance GRV-2026-00042: Resolved')
          .executeTakeFirst();
      }
      expect(mail?.status).toBe('kept');
      const inbox = (await t.as(me.username, { method: 'GET', url: '/api/me/notifications/inbox' })).json();
      expect(inbox.items).toHaveLength(1);
      expect(inbox.items[0]).toMatchObject({ subject: 'Grievance GRV-2026-00042: Resolved', read: false });
    } finally {
      await app2.close();
      await db2.destroy();
    }
  });

  it('runs queued work after a restart, in a server whose worker is on', async () => {
    const id = await queueMail(t.db, {
      collegeId: svec,
      kind: 'hold-ready',
      to: 'reader@example.org',
      subject: 'Your book is ready',
      body: '',
    });
    const db2 = await createDb(t.config.database);
    const { buildApp } = await import('../../app.js');
    const app2 = await buildApp({ config: { ...t.config, JOB_WORKER: 'on', JOB_POLL_MS: 50 }, db: db2, logger: false });
    await app2.ready();
    try {
      let status = '';
      for (let i = 0; i < 100 && status !== 'kept'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await outboxRow(id)).status;
      }
      expect(status).toBe('kept');
    } finally {
      await app2.close();
      await db2.destroy();
    }
  });
});
