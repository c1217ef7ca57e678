import type { Database } from '../../db/index.js';

export async function pendingUsers(db: Database, collegeId: number) {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'email', 'program', 'institute_type', 'eamcet_code', 'college_name', 'affiliated_to', 'modules', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (users.length === 0) return [];
  const roles = await db.selectFrom('user_roles').select(['user_id', 'role']).where('user_id', 'in', users.map((u) => u.id)).execute();
  return users.map((u) => ({ ...u, roles: roles.filter((r) => r.user_id === u.id).map((r) => r.role) }));
}

/** A pending user of this college with their roles, or undefined. */
export async function pendingUser(db: Database, collegeId: number, id: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', id).execute();
  return { ...user, roles: roles.map((r) => r.role) };
}

/** Moves a pending user of this college to the new status; false when there was no such pending user. */
export async function decide(db: Database, collegeId: number, id: number, status: 'active' | 'rejected'): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ status })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
