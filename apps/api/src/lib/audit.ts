import type { Database } from '../db/index.js';
import { nowIso } from '../db/index.js';

export interface AuditEntry {
  collegeId: number;
  actor: { id: number; username: string } | null;
  ip?: string;
  /** what happened, e.g. 'receipt.cancel', 'attendance.edit' */
  action: string;
  /** the kind of record, e.g. 'receipt', 'attendance_session' */
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/**
 * Records a staff write. Pass the transaction the write runs in, so the audit row and the change
 * commit (or roll back) together. The log is append-only: no route updates or deletes it.
 */
export async function audit(db: Database, e: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      college_id: e.collegeId,
      user_id: e.actor?.id ?? null,
      username: e.actor?.username ?? '',
      ip: e.ip ?? '',
      action: e.action,
      entity: e.entity,
      entity_id: String(e.entityId),
      before_json: json(e.before),
      after_json: json(e.after),
      created_at: nowIso(),
    })
    .execute();
}
