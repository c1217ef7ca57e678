import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { collegeId } from '../../test/builders.js';
import { queueMail } from '../modules/notifications/index.js';
import { enqueue, runDueJobs, startWorker, type JobHandler } from './jobs.js';

/** An SMTP server that accepts connections and never answers (its greeting never comes). */
async function hungSmtp() {
  const sockets = new Set<Socket>();
  const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], onConnect: () => undefined });
  server.server.on('connection', (s: Socket) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.size,
    /** drops every connection, so a waiting client fails at once */
    close: async () => {
      for (const s of sockets) s.destroy();
      if (server.server.listening) await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof hungSmtp>>;
beforeAll(async () => {
  smtp = await hungSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  // This file's database starts with nothing queued: the jobs below are the only ones.
  await t.db.updateTable('jobs').set({ status: 'done' }).where('status', 'in', ['pending', 'running']).execute();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const jobRow = (id: number) =>
  t.db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the job worker', () => {
  it('keeps running other jobs while a mail server accepts the connection and never answers', async () => {
    const ran: number[] = [];
    const handlers: Record<string, JobHandler> = {
      ...t.app.jobHandlers,
      count: async (p) => void ran.push((p as { n: number }).n),
    };
    // The mail is queued first, so a worker taking jobs in turn would be stuck on it.
    const outboxId = await queueMail(t.db, {
      collegeId: await collegeId(t.db),
      kind: 'fee-due',
      to: 'parent@example.org',
      subject: 'Fee due',
      body: 'x',
    });
    const mailJob = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'mail')
      .where('payload_json', '=', JSON.stringify({ outboxId }))
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 1).toISOString();
    const counted = await Promise.all([1, 2, 3].map((n) => enqueue(t.db, { kind: 'count', payload: { n }, runAt: later })));

    const stop = startWorker(t.db, handlers, 20, () => undefined);
    try {
      await vi.waitFor(async () => expect(smtp.connections()).toBe(1), { timeout: 10_000, interval: 50 });
      await vi.waitFor(async () => expect(ran.sort()).toEqual([1, 2, 3]), { timeout: 10_000, interval: 50 });
      for (const id of counted) expect((await jobRow(id)).status).toBe('done');
      // The mail is still waiting on its server, in its own lane.
      expect((await jobRow(mailJob.id)).status).toBe('running');
    } finally {
      // The server goes away: the waiting mail fails now and the worker can stop.
      await smtp.close();
      await stop();
    }
    expect(await jobRow(mailJob.id)).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('fails a job past its time limit, to be retried, and goes on to the next', async () => {
    const ran: string[] = [];
    const handlers: Record<string, JobHandler> = {
      hang: () => new Promise<void>(() => undefined),
      count: async () => void ran.push('count'),
    };
    const hung = await enqueue(t.db, { kind: 'hang', payload: {} });
    const next = await enqueue(t.db, { kind: 'count', payload: {}, runAt: new Date(Date.now() + 1).toISOString() });
    const lane = { name: 'test', kinds: ['hang', 'count'], timeLimitMs: 100 };
    expect(await runDueJobs(t.db, handlers, 10, () => Date.now() + 5, lane)).toBe(2);
    expect(await jobRow(hung)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'The job ran past its time limit of 0.1 s',
    });
    expect((await jobRow(next)).status).toBe('done');
    expect(ran).toEqual(['count']);
  });
});

describe('leases', () => {
  const lane = (kinds: string[]) => ({ name: 'test', kinds, timeLimitMs: 10_000 });
  const fullRow = (id: number) =>
    t.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error', 'locked_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('are renewed while a job runs past them, so a second worker does not take the job', async () => {
    let runs = 0;
    const handlers: Record<string, JobHandler> = {
      slow: async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 900));
      },
    };
    const id = await enqueue(t.db, { kind: 'slow', payload: {} });
    const first = runDueJobs(t.db, handlers, 1, () => Date.now(), lane(['slow']), 300);
    // Past the first lease of 300 ms (and the second), another worker asks.
    await new Promise((r) => setTimeout(r, 650));
    expect(await runDueJobs(t.db, handlers, 1, () => Date.now(), lane(['slow']), 300)).toBe(0);
    expect(await first).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('once run out, give the job to another worker, and the first one then changes nothing of it', async () => {
    const id = await enqueue(t.db, { kind: 'overtaken', payload: {} });
    const handlers: Record<string, JobHandler> = {
      // While it runs, another worker claims the job as a lapsed lease lets it (the next attempt).
      overtaken: async () => {
        await t.db
          .updateTable('jobs')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), locked_until: new Date(Date.now() + 60_000).toISOString() }))
          .where('id', '=', id)
          .execute();
        throw new Error('too late to count');
      },
    };
    expect(await runDueJobs(t.db, handlers, 1, () => Date.now(), lane(['overtaken']))).toBe(1);
    // Still the second worker's: running, its attempt, no error of the first's.
    expect(await jobRow(id)).toEqual({ status: 'running', attempts: 2, last_error: null });
  });

  it('fail for good a job whose worker died on its last attempt, and run again one that has attempts left', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const [doomed, again] = [
      await enqueue(t.db, { kind: 'died', payload: {}, maxAttempts: 1 }),
      await enqueue(t.db, { kind: 'died', payload: {}, maxAttempts: 2 }),
    ];
    // What a worker killed mid-job leaves: running, its attempt counted, the lease lapsed.
    await t.db
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_until: past })
      .where('id', 'in', [doomed, again])
      .execute();
    const ran: string[] = [];
    const handlers: Record<string, JobHandler> = { died: async (_p, job) => void ran.push(`${job.id}/${job.attempts}`) };
    expect(await runDueJobs(t.db, handlers, 10, () => Date.now(), lane(['died']))).toBe(1);
    expect(ran).toEqual([`${again}/2`]);
    expect(await fullRow(again)).toMatchObject({ status: 'done', attempts: 2, locked_until: null });
    expect(await fullRow(doomed)).toEqual({
      status: 'failed',
      attempts: 1,
      last_error: 'Its worker stopped before the last attempt finished (the lease ran out)',
      locked_until: null,
    });
  });
});

describe('completing a job in the handler’s own transaction', () => {
  const lane = { name: 'test', kinds: ['in-trx', 'in-trx-lost'], timeLimitMs: 10_000 };
  const calendarRows = (title: string) => t.db.selectFrom('calendar_events').select('id').where('title', '=', title).execute();
  // Built before the handler's transaction: on SQLite a read outside it would wait for it to end.
  const event = async (title: string) => ({
    college_id: await collegeId(t.db),
    title,
    kind: 'event',
    start_date: '2031-01-01',
    end_date: '2031-01-01',
    description: '',
    created_at: new Date().toISOString(),
  });

  it('leaves it done when the worker fails after the commit, so its writes are never made twice', async () => {
    const id = await enqueue(t.db, { kind: 'in-trx', payload: {} });
    const handlers: Record<string, JobHandler> = {
      'in-trx': async (_p, job) => {
        const row = await event(`job ${id}`);
        await t.db.transaction().execute(async (trx) => {
          await job.complete(trx);
          await trx.insertInto('calendar_events').values(row).execute();
        });
        throw new Error('the worker dies before it can say the job is done');
      },
    };
    expect(await runDueJobs(t.db, handlers, 5, () => Date.now(), lane)).toBe(1);
    expect(await jobRow(id)).toEqual({ status: 'done', attempts: 1, last_error: null });
    expect(await calendarRows(`job ${id}`)).toHaveLength(1);
  });

  it('rolls the writes back when another worker has taken the job over', async () => {
    const id = await enqueue(t.db, { kind: 'in-trx-lost', payload: {} });
    const handlers: Record<string, JobHandler> = {
      'in-trx-lost': async (_p, job) => {
        await t.db
          .updateTable('jobs')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .execute();
        const row = await event(`job ${id}`);
        await t.db.transaction().execute(async (trx) => {
          await trx.insertInto('calendar_events').values(row).execute();
          await job.complete(trx);
        });
      },
    };
    expect(await runDueJobs(t.db, handlers, 5, () => Date.now(), lane)).toBe(1);
    expect(await calendarRows(`job ${id}`)).toEqual([]);
    expect(await jobRow(id)).toEqual({ status: 'running', attempts: 2, last_error: null });
  });
});
