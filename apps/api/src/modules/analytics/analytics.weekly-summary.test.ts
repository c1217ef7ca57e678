import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { smtp } from '../../../test/smtp.js';
import { newCollege, newStudent, newUser } from '../../../test/builders.js';
import { runDueJobs } from '../../lib/jobs.js';
import { nowIso } from '../../db/index.js';
import { postCharge } from '../accounts/index.js';
import { isoWeekOf } from './iso-week.js';
import { scheduleWeeklySummaries } from './weekly-summary.js';

/**
 * The Monday PDF: leadership opt in on the Analytics page; the run is claimed once per college and
 * ISO week, and mails each user who opted in once, however often the scheduler asks.
 */
let t: TestApp;
let c: { id: number; code: string; host: string };
let principal: { username: string; email: string };
let chairman: { username: string; email: string };
let dean: { username: string; email: string };
let faculty: { id: number; username: string; email: string };

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  principal = await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] });
  chairman = await newUser(t.db, c.id, { roles: ['ROLE_CHAIRMAN'] });
  dean = await newUser(t.db, c.id, { roles: ['ROLE_DEAN'] });
  faculty = await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], faculty: true });
  const s = await newStudent(t.db, c.id, { login: true, batch: '2025-2029' });
  student = s.username!;
  await t.db.transaction().execute((trx) =>
    postCharge(trx, { collegeId: c.id, studentId: s.id, head: 'TUITION', amountPaise: 1_234_500, source: 'weekly-test', sourceRef: 'w1', dueDate: '2026-11-25' }),
  );
});
let student: string;
afterAll(async () => t.close());

const call = (who: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) => t.as(who, { method, url, payload }, c.host);
const mailsTo = (to: string) =>
  t.db.selectFrom('outbox').select(['kind', 'subject', 'body']).where('to_address', '=', to).where('kind', '=', 'weekly-summary').execute();
async function drain() {
  for (let ran = -1; ran !== 0; ) ran = await runDueJobs(t.db, t.app.jobHandlers, 1_000);
}

describe('opting in', () => {
  it('is off until the user turns it on, and each user’s own', async () => {
    expect((await call(principal.username, 'GET', '/api/analytics/weekly-summary')).json()).toEqual({ enabled: false });
    const on = await call(principal.username, 'PUT', '/api/analytics/weekly-summary', { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ enabled: true });
    expect((await call(principal.username, 'GET', '/api/analytics/weekly-summary')).json()).toEqual({ enabled: true });
    expect((await call(chairman.username, 'GET', '/api/analytics/weekly-summary')).json()).toEqual({ enabled: false });
    expect((await call(chairman.username, 'PUT', '/api/analytics/weekly-summary', { enabled: true })).statusCode).toBe(200);
    // the dean turns it on, then off again
    await call(dean.username, 'PUT', '/api/analytics/weekly-summary', { enabled: true });
    expect((await call(dean.username, 'PUT', '/api/analytics/weekly-summary', { enabled: false })).json()).toEqual({ enabled: false });
  });

  it('refuses a body without the choice, and students, faculty and clerks', async () => {
    const bad = await call(principal.username, 'PUT', '/api/analytics/weekly-summary', { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Say whether to send the weekly summary');
    const clerk = (await newUser(t.db, c.id, { roles: ['ROLE_ACCOUNTANT'] })).username;
    for (const who of [student, faculty.username, clerk]) {
      expect((await call(who, 'PUT', '/api/analytics/weekly-summary', { enabled: true })).statusCode, who).toBe(403);
      expect((await call(who, 'GET', '/api/analytics/weekly-summary.pdf')).statusCode, who).toBe(403);
    }
  });
});

describe('the Monday run', () => {
  // Monday 30-11-2026 08:00 IST reports the week of 23 to 29 November (2026-W48).
  const monday8 = new Date('2026-11-30T02:30:00Z');

  it('waits for 07:00 India time on Monday', async () => {
    expect(await scheduleWeeklySummaries(t.db, new Date('2026-11-30T01:00:00Z'))).toBe(0); // 06:30 IST
  });

  it('mails each user who opted in once, even when asked twice and run twice', async () => {
    // a faculty member who (somehow) has an opt-in row is no leadership: no mail
    await t.db.insertInto('weekly_summary_optins').values({ college_id: c.id, user_id: faculty.id, enabled: 1, updated_at: nowIso() }).execute();
    expect(await scheduleWeeklySummaries(t.db, monday8)).toBeGreaterThanOrEqual(1);
    await drain();
    expect(await scheduleWeeklySummaries(t.db, monday8)).toBe(0);
    expect(await scheduleWeeklySummaries(t.db, new Date('2026-12-01T05:00:00Z'))).toBe(0); // Tuesday, same week
    await drain();
    const toPrincipal = await mailsTo(principal.email);
    expect(toPrincipal).toHaveLength(1);
    expect(toPrincipal[0].subject).toBe(`Weekly summary 2026-W48: Test College ${c.code}`);
    expect(toPrincipal[0].body).toContain('the week 23-11-2026 to 29-11-2026 (2026-W48)');
    // the week's figures, as the Analytics page has them: one student, one faculty, ₹12,345 falling due on 25-11-2026
    expect(toPrincipal[0].body).toContain('Students on the rolls: 1\n  Faculty in service: 1');
    expect(toPrincipal[0].body).toContain('Demand falling due: ₹12,345.00');
    expect(toPrincipal[0].body).toContain('Students owe now: ₹12,345.00');
    expect(await mailsTo(chairman.email)).toHaveLength(1);
    expect(await mailsTo(dean.email)).toHaveLength(0);
    expect(await mailsTo(faculty.email)).toHaveLength(0);
    const runs = await t.db.selectFrom('weekly_summary_runs').selectAll().where('college_id', '=', c.id).execute();
    expect(runs.map((r) => r.week)).toEqual(['2026-W48']);
  });

  it('runs again the next week', async () => {
    expect(await scheduleWeeklySummaries(t.db, new Date('2026-12-07T02:30:00Z'))).toBeGreaterThanOrEqual(1);
    await drain();
    expect(await mailsTo(principal.email)).toHaveLength(2);
  });
});

describe('the mail as sent', () => {
  it('carries the week’s PDF as an attachment through the mail server', async () => {
    const mail = await smtp();
    const sending = await createTestApp({ env: { SMTP_URL: mail.url, MAIL_FROM: 'ERP <erp@example.org>' } });
    try {
      const college = await newCollege(sending.db);
      const leader = await newUser(sending.db, college.id, { roles: ['ROLE_PRINCIPAL'] });
      await sending.db.insertInto('weekly_summary_optins').values({ college_id: college.id, user_id: leader.id, enabled: 1, updated_at: nowIso() }).execute();
      // whatever the database had queued goes out first: this test counts only the summary
      await runDueJobs(sending.db, sending.app.jobHandlers, 1_000);
      mail.received.length = 0;
      expect(await scheduleWeeklySummaries(sending.db, new Date('2026-11-30T02:30:00Z'))).toBeGreaterThanOrEqual(1);
      for (let ran = -1; ran !== 0; ) ran = await runDueJobs(sending.db, sending.app.jobHandlers, 1_000);
      const mine = mail.received.filter((m) => m.to.includes(leader.email));
      expect(mine).toHaveLength(1);
      const raw = mine[0].raw;
      expect(raw).toContain('Subject: Weekly summary 2026-W48');
      expect(raw).toMatch(/Content-Type: application\/pdf; name=weekly-summary-2026-W48\.pdf/);
      expect(raw).toContain('Content-Disposition: attachment; filename=weekly-summary-2026-W48.pdf');
      // the attachment's first bytes, base64: %PDF-
      expect(raw).toContain('JVBERi0');
      const row = await sending.db.selectFrom('outbox').select(['status', 'attachment_json']).where('to_address', '=', leader.email).executeTakeFirstOrThrow();
      expect(row.status).toBe('sent');
      expect(JSON.parse(row.attachment_json!)).toEqual({ kind: 'weekly-summary', args: { monday: '2026-11-30' }, filename: 'weekly-summary-2026-W48.pdf' });
    } finally {
      await sending.close();
      await mail.close();
    }
  });
});

describe('the PDF preview', () => {
  it('is a PDF of the last full week for leadership', async () => {
    const res = await call(principal.username, 'GET', '/api/analytics/weekly-summary.pdf');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await t.db.selectFrom('issued_documents').select(['kind', 'title']).where('college_id', '=', c.id).executeTakeFirstOrThrow();
    expect(doc.kind).toBe('weekly-summary');
    expect(doc.title).toMatch(/^Weekly summary \d{4}-W\d{2}$/);
  });
});

describe('isoWeekOf', () => {
  it('names weeks as ISO 8601 does', () => {
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-29')).toBe('2026-W48');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53'); // a Friday: its week's Thursday is in 2026
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
  });
});
