import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES, ROLES, type TGrievanceReport } from '@erp/shared';
import type { Database } from '../../db/index.js';
import type { RequestUser } from '../../plugins/types.js';
import { daysBetween, indianDate } from '../../lib/clock.js';
import * as repo from './grievances.repo.js';
import { studentOf } from './grievances.service.js';

const OPEN = ['submitted', 'acknowledged', 'in_progress'];

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Counts by category, status and month, median days to decide, and the overdue list (NAAC 5.1.5). */
export async function report(
  db: Database,
  user: RequestUser,
  from: string | undefined,
  to: string | undefined,
  now: Date,
): Promise<TGrievanceReport> {
  const today = indianDate(now);
  await repo.escalateOverdue(db, user.collegeId, today, now.toISOString());
  const rows = await repo.reportRows(db, user.collegeId, from, to);
  const count = <K extends string>(keys: readonly K[], of: (r: (typeof rows)[number]) => string) =>
    keys.map((k) => ({ key: k, count: rows.filter((r) => of(r) === k).length }));
  const months = [...new Set(rows.map((r) => r.lodged_on.slice(0, 7)))].sort();
  const decided = rows.filter((r) => r.decided_at);
  const days = decided.map((r) => daysBetween(r.lodged_on, indianDate(new Date(r.decided_at!))));
  const onTime = decided.filter((r) => indianDate(new Date(r.decided_at!)) <= r.due_on).length;
  // Names on the overdue list follow the same rule as everywhere: anonymous stays anonymous.
  const reader = user.roles.includes(ROLES.GRIEVANCE_INCHARGE) || user.roles.includes(ROLES.PRINCIPAL);
  return {
    total: rows.length,
    byCategory: count(GRIEVANCE_CATEGORIES, (r) => r.category).map((c) => ({ category: c.key, count: c.count })),
    byStatus: count(GRIEVANCE_STATUSES, (r) => r.status).map((c) => ({ status: c.key, count: c.count })),
    byMonth: months.map((m) => ({ month: m, count: rows.filter((r) => r.lodged_on.startsWith(m)).length })),
    medianDaysToResolve: median(days),
    resolvedWithinDeadline: onTime,
    decided: decided.length,
    pending: rows.filter((r) => OPEN.includes(r.status)).length,
    appeals: rows.filter((r) => r.appeal_status !== null).length,
    overdue: rows
      .filter((r) => OPEN.includes(r.status) && r.due_on < today)
      .map((r) => ({
        id: r.id,
        number: r.number,
        category: r.category,
        subject: r.subject,
        status: r.status,
        anonymous: r.anonymous === 1,
        complainant: r.anonymous || !reader ? null : r.complainant_name,
        committee: r.committee_name ?? null,
        lodgedOn: r.lodged_on,
        dueOn: r.due_on,
        overdue: true,
        escalated: r.escalated_at !== null,
        appealStatus: r.appeal_status,
        student: r.anonymous ? null : studentOf(r),
      })),
  };
}
