import { MSG, REGISTRATION_MSG, type TPendingRegistration } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';
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

/** Approve or reject once: a decided (or unknown, or other college's) registration answers 404. */
export async function decide(db: Database, collegeId: number, id: number, approve: boolean) {
  if (!(await repo.decide(db, collegeId, id, approve ? 'active' : 'rejected'))) throw notFound(REGISTRATION_MSG.notPending);
  return { message: approve ? MSG.recordAuthorized : MSG.recordRejected };
}
