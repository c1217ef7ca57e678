import { ROLES } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { indianDate } from '../../lib/clock.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './grievances.repo.js';
import { changeStatus, detail } from './grievances.service.js';

/** More escalate in a bad term than a principal clears in a sitting; the grievances list has the rest. */
const SHOWN = 100;

export interface EscalatedGrievance {
  id: number;
  number: string;
  category: string;
  subject: string;
  status: string;
  complainant: string | null;
  lodgedOn: string;
  dueOn: string;
  escalatedAt: string;
}

/**
 * Open grievances past their decision deadline, which this module escalates to the principal
 * (`escalateOverdue`): what waits for the principal's decision. Anyone else has none; the
 * principal's own grievance is never theirs to decide. An anonymous complainant stays unnamed.
 */
export async function escalatedWaiting(db: Database, user: RequestUser, now: Date): Promise<EscalatedGrievance[]> {
  if (!user.roles.includes(ROLES.PRINCIPAL)) return [];
  const today = indianDate(now);
  await repo.escalateOverdue(db, user.collegeId, today, now.toISOString());
  const visibility = { userId: user.id, all: false, committeeIds: [], escalated: true, appealed: false };
  const page = await repo.list(db, user.collegeId, visibility, { open: 'true', page: 1, pageSize: SHOWN }, today);
  return page.items
    .filter((r) => r.escalated_at !== null && r.lodged_by !== user.id)
    .map((r) => ({
      id: r.id,
      number: r.number,
      category: r.category,
      subject: r.subject,
      status: r.status,
      complainant: r.anonymous ? null : r.complainant_name,
      lodgedOn: r.lodged_on,
      dueOn: r.due_on,
      escalatedAt: r.escalated_at!,
    }));
}

/**
 * The principal decides an escalated grievance: approve resolves it (upholds the complaint),
 * reject rejects it, the note being the decision's reason. Through `changeStatus`, so who may act
 * and the workflow hold; one not yet acknowledged is acknowledged first, as the workflow requires.
 */
export async function decideEscalated(db: Database, user: RequestUser, id: number, approve: boolean, note: string, now: Date) {
  const g = await detail(db, user, id, now);
  if (approve && g.status === 'submitted') await changeStatus(db, user, id, { status: 'acknowledged', reason: '' }, now);
  return changeStatus(db, user, id, { status: approve ? 'resolved' : 'rejected', reason: note }, now);
}
