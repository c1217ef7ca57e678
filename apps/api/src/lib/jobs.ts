import type { Database } from '../db/index.js';
import { nowIso } from '../db/index.js';
import { isPostgres } from '../db/migrations/helpers.js';

export interface JobToQueue {
  kind: string;
  payload: unknown;
  collegeId?: number | null;
  /** ISO time to run at; now when left out */
  runAt?: string;
  maxAttempts?: number;
}

export type JobHandler = (
  payload: unknown,
  job: {
    id: number;
    collegeId: number | null;
    attempts: number;
    maxAttempts: number;
    /**
     * Marks the job done inside the handler's own transaction, so its writes and its completion
     * commit together: a worker that dies between the two can't have the job run again. Throws
     * (rolling the transaction back) when another worker has taken the job over.
     */
    complete: (trx: Database) => Promise<void>;
  },
) => Promise<void>;

/** Queues work in the database (inside the caller's transaction when given one), so it survives a restart. */
export async function enqueue(db: Database, job: JobToQueue): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('jobs')
    .values({
      college_id: job.collegeId ?? null,
      kind: job.kind,
      payload_json: JSON.stringify(job.payload),
      run_at: job.runAt ?? now,
      max_attempts: job.maxAttempts ?? 5,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A claimed job is leased to its worker for this long (JOB_LEASE_MS); the worker renews the lease
 * every third of it while the job runs, so only a worker that died (or lost the database) lets it
 * run out, and then another worker takes the job.
 */
export const DEFAULT_LEASE_MS = 5 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A lane of the worker: the kinds of job it runs, one at a time, each within its time limit. Lanes
 * run side by side, so a mail server that never answers holds up mail, never the other work.
 */
export interface Lane {
  name: string;
  /** runs only these kinds; all kinds when left out */
  kinds?: readonly string[];
  /** runs every kind but these */
  exceptKinds?: readonly string[];
  /** a job still running after this is failed (retried later) and the lane moves on */
  timeLimitMs: number;
}

export const MAIL_KINDS = ['mail'] as const;
export const LANES: readonly Lane[] = [
  { name: 'mail', kinds: MAIL_KINDS, timeLimitMs: 90_000 },
  { name: 'work', exceptKinds: MAIL_KINDS, timeLimitMs: 4 * 60_000 },
];
const ANY_KIND: Lane = { name: 'all', timeLimitMs: 4 * 60_000 };

/**
 * Takes the next due job of the lane, atomically: of several workers (replicas) asking at once,
 * each job goes to exactly one. A running job whose lease ran out (its worker died) is due again
 * while it has attempts left.
 */
async function claim(db: Database, now: number, lane: Lane, leaseMs: number) {
  let due = db
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', iso(now))]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', iso(now)), eb('attempts', '<', eb.ref('max_attempts'))]),
      ]),
    )
    .orderBy('run_at')
    .limit(1);
  if (lane.kinds) due = due.where('kind', 'in', lane.kinds);
  if (lane.exceptKinds) due = due.where('kind', 'not in', lane.exceptKinds);
  // PostgreSQL: skip rows another worker is claiming; SQLite has one writer at a time anyway.
  const pick = isPostgres(db) ? due.forUpdate().skipLocked() : due;
  return db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', locked_until: iso(now + leaseMs), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) => eb.selectFrom(pick.as('due')).select('due.id'))
    .returning(['id', 'kind', 'payload_json', 'college_id', 'attempts', 'max_attempts'])
    .executeTakeFirst();
}

/**
 * A job whose worker died on its last attempt is failed for good (a dead letter the admin can
 * retry), so a job that kills its worker every time does not go round the replicas for ever.
 */
async function buryAbandoned(db: Database, now: number, lane: Lane) {
  let q = db
    .updateTable('jobs')
    .set({
      status: 'failed',
      last_error: 'Its worker stopped before the last attempt finished (the lease ran out)',
      locked_until: null,
      finished_at: nowIso(),
    })
    .where('status', '=', 'running')
    .where('locked_until', '<', iso(now))
    .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')));
  if (lane.kinds) q = q.where('kind', 'in', lane.kinds);
  if (lane.exceptKinds) q = q.where('kind', 'not in', lane.exceptKinds);
  await q.execute();
}

/** Retries wait 30 s, 2 min, 8 min, ... (×4 each time, at most an hour). */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 4 ** (attempts - 1));

/** The work's outcome, or a failure once `ms` have passed (the work is left to finish or fail unheard). */
async function withinLimit(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The job ran past its time limit of ${ms / 1000} s`)), ms);
  });
  work.catch(() => undefined);
  try {
    await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs due jobs of the lane (every kind unless given) until none is left (or `max` ran). Returns
 * how many ran. A handler that throws or passes the lane's time limit has its job retried later,
 * and failed for good after its last attempt. Every write after the claim holds only while this
 * worker still has the job (same attempt, still running): one whose lease was taken over by another
 * worker changes nothing.
 */
export async function runDueJobs(
  db: Database,
  handlers: Record<string, JobHandler>,
  max = 100,
  now = () => Date.now(),
  lane: Lane = ANY_KIND,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<number> {
  await buryAbandoned(db, now(), lane);
  let ran = 0;
  for (; ran < max; ran++) {
    const job = await claim(db, now(), lane, leaseMs);
    if (!job) break;
    const handler = handlers[job.kind];
    const mine = (on: Database = db) =>
      on.updateTable('jobs').where('id', '=', job.id).where('status', '=', 'running').where('attempts', '=', job.attempts);
    const complete = async (trx: Database) => {
      const r = await mine(trx).set({ status: 'done', finished_at: nowIso(), locked_until: null }).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new Error('Another worker has taken this job over');
    };
    const heartbeat = setInterval(
      () =>
        void mine()
          .set({ locked_until: iso(now() + leaseMs) })
          .execute()
          .catch(() => undefined),
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const work = handler(JSON.parse(job.payload_json), {
        id: job.id,
        collegeId: job.college_id,
        attempts: job.attempts,
        maxAttempts: job.max_attempts,
        complete,
      });
      await withinLimit(work, lane.timeLimitMs);
      clearInterval(heartbeat);
      await mine().set({ status: 'done', finished_at: nowIso(), locked_until: null }).execute();
    } catch (e) {
      clearInterval(heartbeat);
      const last = job.attempts >= job.max_attempts;
      await mine()
        .set({
          status: last ? 'failed' : 'pending',
          last_error: e instanceof Error ? e.message : String(e),
          run_at: iso(now() + retryDelayMs(job.attempts)),
          locked_until: null,
          finished_at: last ? nowIso() : null,
        })
        .execute();
    }
  }
  return ran;
}

/** Polls for due jobs every `intervalMs` until stopped: each lane on its own, one pass at a time. */
export function startWorker(
  db: Database,
  handlers: Record<string, JobHandler>,
  intervalMs: number,
  onError: (e: unknown) => void,
  lanes: readonly Lane[] = LANES,
  leaseMs = DEFAULT_LEASE_MS,
) {
  const stops = lanes.map((lane) => startLane(db, handlers, intervalMs, onError, lane, leaseMs));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

function startLane(
  db: Database,
  handlers: Record<string, JobHandler>,
  intervalMs: number,
  onError: (e: unknown) => void,
  lane: Lane,
  leaseMs: number,
) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runDueJobs(db, handlers, 100, () => Date.now(), lane, leaseMs)
      .catch(onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
