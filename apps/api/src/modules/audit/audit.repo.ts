import type { TAuditQuery } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { anyColumnContains } from '../../lib/search.js';

export async function search(db: Database, collegeId: number, f: TAuditQuery) {
  let q = db.selectFrom('audit_log').where('college_id', '=', collegeId);
  if (f.entity) q = q.where('entity', '=', f.entity);
  if (f.entityId) q = q.where('entity_id', '=', f.entityId);
  if (f.username) q = q.where('username', '=', f.username);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<', `${f.to}T99`);
  if (f.q) q = q.where((eb) => anyColumnContains(eb, ['action', 'entity_id', 'username'], f.q!));
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .selectAll()
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { total: Number(n), rows };
}
