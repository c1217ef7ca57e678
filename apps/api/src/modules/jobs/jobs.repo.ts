import type { Database } from '../../db/index.js';
import { anyColumnContains } from '../../lib/search.js';

const COLUMNS = [
  'id',
  'kind',
  'status',
  'attempts',
  'max_attempts',
  'last_error',
  'run_at',
  'created_at',
  'finished_at',
] as const;

/** A page of the college's jobs in one status, the latest first. */
export async function jobsPage(db: Database, collegeId: number, f: { status: string; q?: string; page: number; pageSize: number }) {
  let q = db.selectFrom('jobs').where('college_id', '=', collegeId).where('status', '=', f.status);
  if (f.q) q = q.where((eb) => anyColumnContains(eb, ['kind', 'last_error'], f.q!));
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select(COLUMNS)
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { total: Number(n), rows };
}

export const jobById = (db: Database, collegeId: number, id: number) =>
  db.selectFrom('jobs').select(COLUMNS).where('id', '=', id).where('college_id', '=', collegeId).executeTakeFirst();

/**
 * Puts a failed job back in the queue with a fresh set of attempts, only while it is still failed
 * (two admins pressing retry queue it once). Its last error stays until the next attempt. The row
 * as queued, or undefined when it was not failed (a worker may take it the moment after).
 */
export const requeueFailed = (db: Database, collegeId: number, id: number, now: string) =>
  db
    .updateTable('jobs')
    .set({ status: 'pending', attempts: 0, run_at: now, locked_until: null, finished_at: null })
    .where('id', '=', id)
    .where('college_id', '=', collegeId)
    .where('status', '=', 'failed')
    .returning(COLUMNS)
    .executeTakeFirst();
