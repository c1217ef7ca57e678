import { z } from 'zod';
import { dateRange, ZIsoDate } from './common-schemas.js';
import { ROLES, type Role } from './roles.js';

/** Who may read the audit log; nobody can change it through the API. */
export const AUDIT_ROLES: Role[] = [ROLES.ADMIN, ROLES.PRINCIPAL];

export const ZAuditQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    entity: z.string().trim().max(60).optional(),
    entityId: z.string().trim().max(60).optional(),
    username: z.string().trim().max(120).optional(),
    from: ZIsoDate('from', { invalid: 'Please enter a valid from date (yyyy-mm-dd)' }).optional(),
    to: ZIsoDate('to', { invalid: 'Please enter a valid to date (yyyy-mm-dd)' }).optional(),
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
    pageSize: z.coerce.number().int().min(1).max(200, 'At most 200 rows a page').default(50),
  })
  .superRefine(dateRange({ from: 'from', to: 'to' }));
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  username: z.string(),
  ip: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export const ZAuditPage = z.object({ items: z.array(ZAuditEntry), total: z.number(), page: z.number(), pageSize: z.number() });
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
