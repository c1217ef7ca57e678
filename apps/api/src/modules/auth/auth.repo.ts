import type { Database } from '../../db/index.js';

export async function findUserByUsername(db: Database, collegeId: number, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('username', '=', username)
    .executeTakeFirst();
}

export async function rolesOf(db: Database, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((r) => r.role);
}

export async function usernameOrEmailTaken(db: Database, collegeId: number, username: string, email: string) {
  const rows = await db
    .selectFrom('users')
    .select(['username', 'email'])
    .where('college_id', '=', collegeId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', username.toLowerCase()),
        eb(eb.fn('lower', ['email']), '=', email.toLowerCase()),
      ]),
    )
    .execute();
  // Usernames are unique ignoring case: 'Admin' is taken when 'admin' exists.
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export async function updatePassword(db: Database, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, must_change_password: 0, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Records a signed-out token until it lapses, and prunes the records of tokens that have lapsed. */
export async function revokeToken(db: Database, jti: string, userId: number, expiresAtMs: number, now = Date.now()) {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, user_id: userId, expires_at: expiresAtMs })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  await db.deleteFrom('revoked_tokens').where('expires_at', '<=', now).execute();
}

/** Ends every session of the user (for a token without an id of its own). */
export async function bumpTokenVersion(db: Database, userId: number) {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

export async function departmentNames(db: Database, collegeId: number): Promise<string[]> {
  // A retired department takes no new registrations.
  const rows = await db
    .selectFrom('departments')
    .select('name')
    .where('college_id', '=', collegeId)
    .where('retired', '=', 0)
    .orderBy('name')
    .execute();
  return rows.map((r) => r.name);
}
