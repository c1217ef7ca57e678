import type { Database } from '../db/index.js';
import { nowIso } from '../db/index.js';
import { prepared } from '../db/prepared.js';
import type { DB } from '../db/tables.js';
import { insertChunked } from './chunked.js';

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

const insertEntry = prepared((db, a: Omit<DB['audit_log'], 'id'>) =>
  db.insertInto('audit_log').values({
    college_id: a.college_id,
    user_id: a.user_id,
    username: a.username,
    ip: a.ip,
    action: a.action,
    entity: a.entity,
    entity_id: a.entity_id,
    before_json: a.before_json,
    after_json: a.after_json,
    created_at: a.created_at,
  }),
);

const row = (e: AuditEntry, createdAt: string): Omit<DB['audit_log'], 'id'> => ({
  college_id: e.collegeId,
  user_id: e.actor?.id ?? null,
  username: e.actor?.username ?? '',
  ip: e.ip ?? '',
  action: e.action,
  entity: e.entity,
  entity_id: String(e.entityId),
  before_json: json(e.before),
  after_json: json(e.after),
  created_at: createdAt,
});

/**
 * Records a staff write. Pass the transaction the write runs in, so the audit row and the change
 * commit (or roll back) together. The log is append-only: no route updates or deletes it.
 */
export async function audit(db: Database, e: AuditEntry): Promise<void> {
  await insertEntry.changes(db, row(e, nowIso()));
}

/** Records one write that touched many records (a row each), in as few statements as fit. */
export async function auditMany(db: Database, entries: readonly AuditEntry[]): Promise<void> {
  const now = nowIso();
  await insertChunked(db, 'audit_log', entries.map((e) => row(e, now)));
}
