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
