import type { TAuditEntry, TAuditQuery } from '@erp/shared';
import type { Database } from '../../db/index.js';
import * as repo from './audit.repo.js';

const parse = (v: string | null) => (v === null ? null : (JSON.parse(v) as unknown));

export async function search(db: Database, collegeId: number, f: TAuditQuery) {
  const { total, rows } = await repo.search(db, collegeId, f);
  const items: TAuditEntry[] = rows.map((r) => ({
    id: r.id,
    at: r.created_at,
    username: r.username,
    ip: r.ip,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    before: parse(r.before_json),
    after: parse(r.after_json),
  }));
  return { items, total, page: f.page, pageSize: f.pageSize };
}
