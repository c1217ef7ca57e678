import { MSG, REGISTRATION_MSG, type TPendingRegistration } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { assertMayManage } from '../../lib/account-authority.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './registrations.repo.js';

export async function pending(db: Database, collegeId: number): Promise<TPendingRegistration[]> {
  return (await repo.pendingUsers(db, collegeId)).map((u) => ({
    id: u.id,
    username: u.username,
    fullName: u.full_name,
    email: u.email,
    roles: u.roles,
    department: u.program,
    instituteType: u.institute_type,
    eamcetCode: u.eamcet_code,
    collegeName: u.college_name,
    affiliatedTo: u.affiliated_to,
    modules: u.modules,
    createdAt: u.created_at,
  }));
}

/**
 * Approve or reject once: a decided (or unknown, or other college's) registration answers 404.
 * Approving makes a login with the roles asked for, so the caller must be allowed to manage them
 * (ROLE_RANK): nobody becomes an Admin, or outranks the one who let them in, by signing up.
 */
export async function decide(db: Database, caller: { user: RequestUser; ip: string }, id: number, approve: boolean, note = '') {
  const collegeId = caller.user.collegeId;
  await db.transaction().execute(async (trx) => {
    const user = await repo.pendingUser(trx, collegeId, id);
    if (!user) throw notFound(REGISTRATION_MSG.notPending);
    if (approve) assertMayManage(caller.user, user, 'approve the registration of');
    const status = approve ? 'active' : 'rejected';
    if (!(await repo.decide(trx, collegeId, id, status))) throw notFound(REGISTRATION_MSG.notPending);
    await audit(trx, {
      collegeId,
      actor: caller.user,
      ip: caller.ip,
      action: approve ? 'registration.approve' : 'registration.reject',
      entity: 'user',
      entityId: id,
      before: { status: 'pending' },
      after: { status, username: user.username, roles: user.roles, ...(note ? { note } : {}) },
    });
  });
  return { message: approve ? MSG.recordAuthorized : MSG.recordRejected };
}
