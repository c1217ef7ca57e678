import crypto from 'node:crypto';
import { ROLES, SETUP_MSG, ZSetup, type TSetup } from '@erp/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { takeFirstRunLock } from '../../db/first-run-lock.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { createUserWithRoles } from '../auth/index.js';
import * as repo from './setup.repo.js';

/**
 * First run for a real college: an empty database gets its college and first admin here, once.
 * Whoever reaches a new server first must not be able to claim it, so the call needs the setup
 * token: SETUP_TOKEN, or one derived from JWT_SECRET (the same on every replica) and printed in
 * the server log at start.
 */
export function setupToken(config: Config): string {
  return (
    config.SETUP_TOKEN ??
    crypto.createHmac('sha256', config.JWT_SECRET).update('first-run setup').digest('base64url').slice(0, 16)
  );
}

export async function status(db: Database) {
  return { required: !(await repo.anyCollege(db)) };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export async function complete(db: Database, config: Config, raw: TSetup) {
  const input = ZSetup.parse(raw);
  if (!sameToken(input.token, setupToken(config))) throw forbidden(SETUP_MSG.badToken);
  const passwordHash = await hashPassword(input.admin.password);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await takeFirstRunLock(trx);
    if (await repo.anyCollege(trx)) throw new AppError(409, SETUP_MSG.done);
    const collegeId = await repo.insertCollege(trx, { ...input.college, now });
    await createUserWithRoles(
      trx,
      {
        college_id: collegeId,
        username: input.admin.username,
        email: input.admin.email,
        password_hash: passwordHash,
        full_name: input.admin.fullName,
        program: '',
        institute_type: '',
        eamcet_code: '',
        college_name: input.college.name,
        affiliated_to: '',
        modules: 'erp',
        status: 'active',
        must_change_password: 0,
        created_at: now,
      },
      [ROLES.ADMIN],
    );
  });
  return { college: { code: input.college.code, name: input.college.name }, admin: input.admin.username };
}
