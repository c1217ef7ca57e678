import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { AUDIT_ROLES, ZAuditPage, ZAuditQuery } from '@erp/shared';
import * as service from './audit.service.js';

/** The audit log, read-only: there is deliberately no call that edits or deletes it. */
export default async function auditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/audit',
    { config: { access: AUDIT_ROLES }, schema: { querystring: ZAuditQuery, response: { 200: ZAuditPage } } },
    async (req) => service.search(app.db, req.college.id, req.query),
  );
}
