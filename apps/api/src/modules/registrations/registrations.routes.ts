import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import { ADMIN_ROLES, ZMessage, ZPendingRegistration } from '@erp/shared';
import { API } from '../../lib/bases.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './registrations.service.js';

/** Self-registrations wait here until a college admin approves or rejects them. */
export default async function registrationsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const access = { access: ADMIN_ROLES };
  const params = z.object({ id: z.coerce.number().int().positive() });

  app.get(
    `${API}/registrations/pending`,
    { config: access, schema: { response: { 200: z.array(ZPendingRegistration) } } },
    async (req) => service.pending(app.db, req.college.id),
  );
  app.post(`${API}/registrations/:id/approve`, { config: access, schema: { params, response: { 200: ZMessage } } }, async (req) =>
    service.decide(app.db, { user: requireUser(req.user), ip: req.ip }, req.params.id, true),
  );
  app.post(`${API}/registrations/:id/reject`, { config: access, schema: { params, response: { 200: ZMessage } } }, async (req) =>
    service.decide(app.db, { user: requireUser(req.user), ip: req.ip }, req.params.id, false),
  );
}
