import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { DB, LoginCredentialBatchesTable } from '../../db/tables.js';

/** Students with no account: none linked to them and none holding their roll number as username. */
export async function studentsWithoutLogin(db: Database, collegeId: number) {
  return db
    .selectFrom('students as s')
    .select(['s.id', 's.roll_no', 's.full_name', 's.email', 's.course', 's.batch', 's.branch'])
    .where('s.college_id', '=', collegeId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as u')
            .select('u.id')
            .whereRef('u.college_id', '=', 's.college_id')
            .where((eb) =>
              eb.or([
                eb('u.student_id', '=', eb.ref('s.id')),
                eb(eb.fn('lower', ['u.username']), '=', eb.fn('lower', ['s.roll_no'])),
              ]),
            ),
        ),
      ),
    )
    .orderBy('s.roll_no')
    .execute();
}

/** Faculty with no account: none linked, none with their email, none with the chosen username. */
export async function facultyWithoutLogin(db: Database, collegeId: number, by: 'email' | 'empcode') {
  const usernameColumn = by === 'email' ? 'f.email' : 'f.emp_code';
  return db
    .selectFrom('faculty as f')
    .select(['f.id', 'f.emp_code', 'f.full_name', 'f.email', 'f.department', 'f.designation'])
    .where('f.college_id', '=', collegeId)
    .where(usernameColumn, '<>', '')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as u')
            .select('u.id')
            .whereRef('u.college_id', '=', 'f.college_id')
            .where((eb) =>
              eb.or([
                eb('u.faculty_id', '=', eb.ref('f.id')),
                eb(eb.fn('lower', ['u.username']), '=', eb.fn('lower', [usernameColumn])),
                eb(eb.fn('lower', ['u.email']), '=', eb.fn('lower', ['f.email'])),
              ]),
            ),
        ),
      ),
    )
    .orderBy('f.emp_code')
    .execute();
}

export async function userById(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select(['institute_type', 'eamcet_code', 'college_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function insertBatch(trx: Transaction<DB>, batch: Insertable<LoginCredentialBatchesTable>) {
  await trx.insertInto('login_credential_batches').values(batch).execute();
}

export async function findBatch(db: Database, collegeId: number, id: string) {
  return db
    .selectFrom('login_credential_batches')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the batch downloaded and drops its plain text; false when someone else got there first. */
export async function claimBatch(db: Database, collegeId: number, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('login_credential_batches')
    .set({ downloaded_at: now, sheet_json: '' })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('downloaded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function pendingBatches(db: Database, collegeId: number, since: string) {
  return db
    .selectFrom('login_credential_batches')
    .select(['id', 'kind', 'count', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('downloaded_at', 'is', null)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Drops the plain text of sheets nobody downloaded in time. */
export async function wipeExpired(db: Database, before: string) {
  await db
    .updateTable('login_credential_batches')
    .set({ sheet_json: '' })
    .where('created_at', '<', before)
    .where('sheet_json', '<>', '')
    .execute();
}

/** A user of the college by username, ignoring case (roll numbers are typed either way). */
export async function userByUsername(db: Database, collegeId: number, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'status'])
    .where('college_id', '=', collegeId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

export async function rolesOf(db: Database, userId: number): Promise<string[]> {
  return (await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute()).map((r) => r.role);
}

export async function setOneTimePassword(db: Database, collegeId: number, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, must_change_password: 1, token_version: eb('token_version', '+', 1) }))
    .where('college_id', '=', collegeId)
    .where('id', '=', userId)
    .execute();
}
