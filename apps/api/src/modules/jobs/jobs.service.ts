import type { TJob, TJobsPage, TJobsQuery } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './jobs.repo.js';

type Row = NonNullable<Awaited<ReturnType<typeof repo.jobById>>>;

const toJob = (r: Row): TJob => ({
  id: r.id,
  kind: r.kind,
  status: r.status as TJob['status'],
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  lastError: r.last_error,
  runAt: r.run_at,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

/** The college's jobs in one status; failed ones (the dead letters) unless asked otherwise. */
export async function jobs(db: Database, collegeId: number, f: TJobsQuery): Promise<TJobsPage> {
  const { total, rows } = await repo.jobsPage(db, collegeId, f);
  return { items: rows.map(toJob), total, page: f.page, pageSize: f.pageSize };
}

/** Runs a dead letter again: back in the queue now, with all its attempts. */
export async function retry(db: Database, collegeId: number, id: number): Promise<TJob> {
  const queued = await repo.requeueFailed(db, collegeId, id, nowIso());
  if (queued) return toJob(queued);
  const job = await repo.jobById(db, collegeId, id);
  if (!job) throw notFound('No such job in this college');
  throw badRequest(`Only a failed job can be run again; this one is ${job.status}`);
}
