import type { FastifyInstance } from 'fastify';
import { ADMIN_ROLES, registrationEndpoints as registrations } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './registrations.service.js';

/** Self-registrations wait here until a college admin approves or rejects them. */
export default async function registrationsRoutes(app: FastifyInstance) {
  const access = { access: ADMIN_ROLES };

  route(app, registrations.pending, access, async (req) => service.pending(app.db, req.college.id));
  route(app, registrations.approve, access, async (req) =>
    service.decide(app.db, { user: requireUser(req.user), ip: req.ip }, req.params.id, true),
  );
  route(app, registrations.reject, access, async (req) =>
    service.decide(app.db, { user: requireUser(req.user), ip: req.ip }, req.params.id, false),
  );
}
