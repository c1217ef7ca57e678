import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCollege, newUser } from '../../../test/builders.js';
import { enqueue, runDueJobs, type JobHandler } from '../../lib/jobs.js';

/** The admin's view of the college's job queue: dead letters (failed jobs) and a retry. */
let t: TestApp;
let c: { id: number; host: string };
let other: { id: number; host: string };
let admin: string;
let principal: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  other = await newCollege(t.db);
  admin = (await newUser(t.db, c.id, { roles: ['ROLE_ADMIN'] })).username;
  principal = (await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] })).username;
});
afterAll(async () => t.close());

const call = (who: string, method: 'GET' | 'POST', url: string) => t.as(who, { method, url }, c.host);

/** A job of `kind` that already ran out of attempts, as the worker leaves it. */
async function deadJob(collegeId: number, kind: string) {
  const id = await enqueue(t.db, { kind, payload: { secret: 'not for the list' }, collegeId, maxAttempts: 3 });
  await t.db
    .updateTable('jobs')
    .set({ status: 'failed', attempts: 3, last_error: 'Connection refused', finished_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('dead letters', () => {
  it('lists the college’s failed jobs for its admin, latest first, without their payloads', async () => {
    const older = await deadJob(c.id, 'dead-a');
    const newer = await deadJob(c.id, 'dead-b');
    await deadJob(other.id, 'dead-elsewhere');
    const waiting = await enqueue(t.db, { kind: 'dead-a', payload: {}, collegeId: c.id, runAt: '2099-01-01T00:00:00.000Z' });

    const res = await call(admin, 'GET', '/api/jobs');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(page.items.map((j: { id: number }) => j.id)).toEqual([newer, older]);
    expect(page.items[0]).toMatchObject({
      kind: 'dead-b',
      status: 'failed',
      attempts: 3,
      maxAttempts: 3,
      lastError: 'Connection refused',
    });
    expect(res.body).not.toContain('not for the list');

    const pending = (await call(admin, 'GET', '/api/jobs?status=pending')).json();
    expect(pending.items.map((j: { id: number }) => j.id)).toEqual([waiting]);
  });

  it('finds jobs by part of their kind or last error', async () => {
    const timeout = await deadJob(c.id, 'hall-ticket-batch');
    await t.db.updateTable('jobs').set({ last_error: 'Timed out after 240 s' }).where('id', '=', timeout).execute();
    const byKind = (await call(admin, 'GET', '/api/jobs?q=TICKET')).json();
    expect(byKind.items.map((j: { id: number }) => j.id)).toEqual([timeout]);
    const byError = (await call(admin, 'GET', '/api/jobs?q=timed%20out')).json();
    expect(byError.items.map((j: { id: number }) => j.id)).toEqual([timeout]);
    expect((await call(admin, 'GET', '/api/jobs?q=nothing-like-this')).json()).toMatchObject({ total: 0, items: [] });
    const long = await call(admin, 'GET', `/api/jobs?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Search for at most 100 characters');
  });

  it('refuses an unknown status, and everyone but the admin', async () => {
    const bad = await call(admin, 'GET', '/api/jobs?status=dead');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be pending, running, done or failed');
    expect((await call(principal, 'GET', '/api/jobs')).statusCode).toBe(403);
  });

  it('runs a failed job again with all its attempts, once, and only a failed job of the college', async () => {
    const id = await deadJob(c.id, 'mended');
    const res = await call(admin, 'POST', `/api/jobs/${id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'pending',
      attempts: 0,
      maxAttempts: 3,
      lastError: 'Connection refused',
      finishedAt: null,
    });

    const second = await call(admin, 'POST', `/api/jobs/${id}/retry`);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('Only a failed job can be run again; this one is pending');

    const ran: number[] = [];
    const handlers: Record<string, JobHandler> = { mended: async (_p, job) => void ran.push(job.attempts) };
    expect(await runDueJobs(t.db, handlers, 10, () => Date.now(), { name: 'test', kinds: ['mended'], timeLimitMs: 5000 })).toBe(
      1,
    );
    expect(ran).toEqual([1]);
    const row = await t.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', attempts: 1 });

    const elsewhere = await deadJob(other.id, 'mended');
    const foreign = await call(admin, 'POST', `/api/jobs/${elsewhere}/retry`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No such job in this college');
    const notANumber = await call(admin, 'POST', '/api/jobs/abc/retry');
    expect(notANumber.statusCode).toBe(400);
    expect(notANumber.json().message).toBe('Give the number of a job');
  });
});
