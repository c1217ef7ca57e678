import { ANALYTICS_ROLES } from '@erp/shared';
import type { Database } from '../../db/index.js';

/** Has this user asked for the Monday PDF? (No row: no.) */
export async function optedIn(db: Database, collegeId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('weekly_summary_optins')
    .select('enabled')
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.enabled === 1;
}

export async function setOptIn(db: Database, collegeId: number, userId: number, enabled: boolean, now: string) {
  await db
    .insertInto('weekly_summary_optins')
    .values({ college_id: collegeId, user_id: userId, enabled: enabled ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.columns(['college_id', 'user_id']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }))
    .execute();
}

/**
 * The college's users who opted in and may still read analytics, with a mail address: a user who
 * has since lost the role (or the login) gets nothing.
 */
export async function recipients(db: Database, collegeId: number) {
  return db
    .selectFrom('weekly_summary_optins as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.id', 'u.email', 'u.full_name'])
    .where('o.college_id', '=', collegeId)
    .where('u.college_id', '=', collegeId)
    .where('o.enabled', '=', 1)
    .where('u.status', '=', 'active')
    .where('u.email', '!=', '')
    .where((eb) =>
      eb.exists(
        eb.selectFrom('user_roles as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id').where('r.role', 'in', ANALYTICS_ROLES),
      ),
    )
    .orderBy('u.id')
    .execute();
}

/** Claims a college's run for an ISO week; true for the one process that got it. */
export async function claimRun(db: Database, collegeId: number, week: string, now: string): Promise<boolean> {
  const row = await db
    .insertInto('weekly_summary_runs')
    .values({ college_id: collegeId, week, created_at: now })
    .onConflict((oc) => oc.columns(['college_id', 'week']).doNothing())
    .returning('week')
    .executeTakeFirst();
  return row !== undefined;
}

export async function collegeIds(db: Database) {
  return (await db.selectFrom('colleges').select('id').orderBy('id').execute()).map((r) => r.id);
}
