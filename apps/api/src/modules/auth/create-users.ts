import type { Db } from '../../db/index.js';
import type { NewUser } from '../../db/tables.js';
import { chunks, rowsPerInsert } from '../../lib/chunked.js';

/**
 * Every login is made here, whoever makes it (self-registration, first-run setup, the office's
 * student and faculty logins, parent logins): the users rows and each one's roles. Runs on the
 * `db` given: pass the caller's transaction so a login never exists without its roles.
 */
export async function createUsersWithRoles(db: Db, users: NewUser[], roles: string[]) {
  const created: Array<{ id: number; username: string }> = [];
  for (const part of chunks(users, rowsPerInsert(Object.keys(users[0] ?? {}).length))) {
    const rows = await db.insertInto('users').values(part).returning(['id', 'username']).execute();
    if (roles.length)
      await db
        .insertInto('user_roles')
        .values(rows.flatMap(({ id }) => roles.map((role) => ({ user_id: id, role }))))
        .execute();
    created.push(...rows);
  }
  return created;
}

/** One login with its roles (see createUsersWithRoles); its id. */
export async function createUserWithRoles(db: Db, user: NewUser, roles: string[]): Promise<number> {
  const [created] = await createUsersWithRoles(db, [user], roles);
  return created!.id;
}
