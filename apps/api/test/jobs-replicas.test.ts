import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nowIso } from '../src/db/index.js';
import { enqueue } from '../src/lib/jobs.js';
import { newCollege, newUser } from './builders.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.js';

/**
 * The job queue across replicas: three real servers (src/server.ts through tsx) on one PostgreSQL
 * database, each with its worker and schedulers on. PostgreSQL whatever the suite runs on (it is
 * what replicas share): TEST_DATABASE_URL's server, else the local one; no server fails the test.
 */
const BASE = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '')
  ? process.env.TEST_DATABASE_URL!
  : 'postgres://postgres@127.0.0.1:5432/test';
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hooks = pathToFileURL(path.join(apiRoot, 'test/fixtures/job-replica-hooks.ts')).href;
const LEASE_MS = 1500;
/** Monday 30-11-2026, 08:00 India time: the weekly summary of 2026-W48 is due. */
const MONDAY_8_IST = '2026-11-30T02:30:00Z';

interface Replica {
  name: string;
  port: number;
  log: () => string;
  kill: () => Promise<void>;
}

function startReplica(name: string, env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', hooks, 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${out}`)), 150_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        name,
        port: Number(m[1]),
        log: () => out,
        kill: () =>
          new Promise((done) =>
            child.exitCode !== null || child.signalCode ? done() : (child.once('exit', () => done()), child.kill('SIGKILL')),
          ),
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${out}`));
    });
  });
}

let t: TestApp;
let college: { id: number };
let admin: { username: string };
let readers: Array<{ id: number; email: string }>;
let replicas: Replica[] = [];
let dir: string;

beforeAll(async () => {
  try {
    t = await createTestApp({ seed: false, postgresBase: BASE });
  } catch (e) {
    throw new Error(`This test needs PostgreSQL at ${BASE} (set TEST_DATABASE_URL to another server): ${String(e)}`);
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-replica-jobs-'));
  // One college: its principal and chairman asked for the Monday summary; the admin reads the queue.
  college = await newCollege(t.db);
  admin = await newUser(t.db, college.id, { roles: ['ROLE_ADMIN'] });
  readers = [];
  for (const role of ['ROLE_PRINCIPAL', 'ROLE_CHAIRMAN']) {
    const u = await newUser(t.db, college.id, { roles: [role] });
    const { id } = await t.db.selectFrom('users').select('id').where('username', '=', u.username).executeTakeFirstOrThrow();
    await t.db
      .insertInto('weekly_summary_optins')
      .values({ college_id: college.id, user_id: id, enabled: 1, updated_at: nowIso() })
      .execute();
    readers.push({ id, email: u.email });
  }
  const env = {
    DATABASE_URL: (t.config.database as { url: string }).url,
    UPLOAD_DIR: t.config.UPLOAD_DIR,
    WEB_DIST: t.config.webDist,
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    JWT_SECRET: 'replica-test-secret-shared-by-all-three',
    JOB_POLL_MS: '100',
    JOB_LEASE_MS: String(LEASE_MS),
    SCHEDULE_POLL_MS: '200',
    REPLICA_CLOCK: MONDAY_8_IST,
  };
  replicas = await Promise.all(['r1', 'r2', 'r3'].map((name) => startReplica(name, env)));
}, 180_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.kill()));
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Each time a replica said `what` of job `id`: which replica, and when (ms). */
const sayings = (id: number, what: 'start' | 'end' | 'fail') =>
  replicas
    .flatMap((r) =>
      r
        .log()
        .split('\n')
        .filter((l) => l.includes(`replica-job id=${id} `) && l.endsWith(` ${what}`))
        .map((l) => ({ name: r.name, at: Number(/ at=(\d+) /.exec(l)![1]) })),
    )
    .sort((a, b) => a.at - b.at);
/** The replicas that said `what` of job `id`, in order, one entry per time said. */
const said = (id: number, what: 'start' | 'end' | 'fail') => sayings(id, what).map((s) => s.name);
const job = (id: number) =>
  t.db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('id', '=', id).executeTakeFirstOrThrow();
const waitFor = (check: () => Promise<unknown> | unknown, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 100 });

describe('jobs on three replicas of one PostgreSQL database', () => {
  it('start the weekly summary once for the week, and run each due job once', async () => {
    await waitFor(async () => {
      const runs = await t.db.selectFrom('jobs').select(['status', 'attempts']).where('kind', '=', 'weekly-summary').execute();
      expect(runs).toEqual([{ status: 'done', attempts: 1 }]);
    });
    // Every replica asks every 200 ms: a second more of asking changes nothing.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await t.db.selectFrom('weekly_summary_runs').select(['college_id', 'week']).execute()).toEqual([
      { college_id: college.id, week: '2026-W48' },
    ]);
    expect(await t.db.selectFrom('jobs').select('id').where('kind', '=', 'weekly-summary').execute()).toHaveLength(1);
    await waitFor(async () => {
      const mails = await t.db
        .selectFrom('outbox')
        .select(['to_address', 'status'])
        .where('kind', '=', 'weekly-summary')
        .orderBy('to_address')
        .execute();
      expect(mails).toEqual(
        readers.map((r) => ({ to_address: r.email, status: 'kept' })).sort((a, b) => a.to_address.localeCompare(b.to_address)),
      );
    });

    // Thirty jobs due at once, 50 ms of work each: each starts and ends exactly once, shared out.
    const ids: number[] = [];
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 30; i++)
        ids.push(await enqueue(trx, { kind: 'replica-work', payload: { ms: 50, tag: 'batch' }, collegeId: college.id }));
    });
    await waitFor(async () => {
      const done = await t.db.selectFrom('jobs').select('id').where('id', 'in', ids).where('status', '=', 'done').execute();
      expect(done).toHaveLength(30);
    });
    for (const id of ids) {
      expect(said(id, 'start'), `job ${id}`).toHaveLength(1);
      expect(said(id, 'end'), `job ${id}`).toEqual(said(id, 'start'));
    }
    expect(new Set(ids.flatMap((id) => said(id, 'start'))).size).toBeGreaterThan(1);
  });

  it('never run a job whose transaction rolled back', async () => {
    let rolledBack = 0;
    await expect(
      t.db.transaction().execute(async (trx) => {
        rolledBack = await enqueue(trx, { kind: 'replica-work', payload: { ms: 0, tag: 'rolled-back' }, collegeId: college.id });
        // Held open across many polls of the three workers, then undone.
        await new Promise((r) => setTimeout(r, 1000));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const after = await enqueue(t.db, { kind: 'replica-work', payload: { ms: 0, tag: 'after' }, collegeId: college.id });
    await waitFor(async () => expect((await job(after)).status).toBe('done'));
    expect(rolledBack).toBeGreaterThan(0);
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', rolledBack).execute()).toEqual([]);
    expect(said(rolledBack, 'start')).toEqual([]);
    expect(replicas.some((r) => r.log().includes('tag=rolled-back'))).toBe(false);
  });

  it('keep a job that fails on every attempt as a dead letter the admin sees and runs again', async () => {
    const okFile = path.join(dir, 'service-is-back');
    const id = await enqueue(t.db, {
      kind: 'replica-fail',
      payload: { okFile, tag: 'dead' },
      collegeId: college.id,
      maxAttempts: 2,
    });
    await waitFor(async () => expect(await job(id)).toMatchObject({ status: 'pending', attempts: 1 }));
    // The second attempt is due 30 s later: bring it forward rather than wait.
    await t.db.updateTable('jobs').set({ run_at: nowIso() }).where('id', '=', id).execute();
    await waitFor(async () =>
      expect(await job(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'The test’s service is down' }),
    );
    expect(said(id, 'fail')).toHaveLength(2);

    const base = `http://127.0.0.1:${replicas[0]!.port}`;
    const signin = await fetch(`${base}/api/auth-service/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: admin.username, password: DEMO_PASSWORD, module: 'erp' }),
    });
    expect(signin.status).toBe(200);
    const auth = { authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };
    const dead = await fetch(`${base}/api/jobs`, { headers: auth });
    expect(dead.status).toBe(200);
    expect((await dead.json()) as unknown).toMatchObject({
      total: 1,
      items: [
        { id, kind: 'replica-fail', status: 'failed', attempts: 2, maxAttempts: 2, lastError: 'The test’s service is down' },
      ],
    });

    // The fault is mended; the retry, through another replica, runs it once more and it succeeds.
    fs.writeFileSync(okFile, '');
    const retry = await fetch(`http://127.0.0.1:${replicas[1]!.port}/api/jobs/${id}/retry`, { method: 'POST', headers: auth });
    expect(retry.status).toBe(200);
    expect((await retry.json()) as unknown).toMatchObject({ id, status: 'pending', attempts: 0, maxAttempts: 2 });
    await waitFor(async () => expect(await job(id)).toMatchObject({ status: 'done', attempts: 1 }));
    expect(said(id, 'end')).toHaveLength(1);
    const again = await fetch(`${base}/api/jobs/${id}/retry`, { method: 'POST', headers: auth });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe('Only a failed job can be run again; this one is done');
  });

  it('give the job of a replica killed mid-job to another after the lease, which finishes it once', async () => {
    // Four seconds of work, over twice the lease, which its worker renews while it runs.
    const id = await enqueue(t.db, { kind: 'replica-work', payload: { ms: 4000, tag: 'killed' }, collegeId: college.id });
    await waitFor(() => expect(said(id, 'start')).toHaveLength(1));
    const victim = replicas.find((r) => r.name === said(id, 'start')[0])!;
    // Alive past its first lease, the worker keeps the job: nobody else starts it.
    await new Promise((r) => setTimeout(r, LEASE_MS + 500));
    expect(said(id, 'start')).toEqual([victim.name]);
    await victim.kill();
    const killedAt = Date.now();
    expect(await job(id)).toMatchObject({ status: 'running', attempts: 1 });

    await waitFor(async () => expect((await job(id)).status).toBe('done'));
    const starts = sayings(id, 'start');
    expect(starts.map((s) => s.name)).toHaveLength(2);
    expect(starts[0]!.name).toBe(victim.name);
    expect(starts[1]!.name).not.toBe(victim.name);
    // Taken over once the lease ran out (renewed every LEASE_MS / 3, it had about a second left at
    // the kill), and soon after, not five minutes later.
    const takenAfter = starts[1]!.at - killedAt;
    expect(takenAfter).toBeGreaterThanOrEqual(LEASE_MS / 3);
    expect(takenAfter).toBeLessThan(LEASE_MS + 3000);
    // Its four seconds (over twice the lease) ran with no third worker joining in; it ended once.
    expect(sayings(id, 'end').map((s) => s.name)).toEqual([starts[1]!.name]);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2 });
  });
});
