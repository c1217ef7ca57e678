import type { FastifyInstance } from 'fastify';
import { INBOX_ROLES, approvalsEndpoints as approvals } from '@erp/shared';
import { publicBaseUrl } from '../../lib/documents.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './approvals.service.js';

const deciders = { access: INBOX_ROLES };

/** The decision inbox: everything waiting for the caller across the offices, decided in one place. */
export default async function approvalsRoutes(app: FastifyInstance) {
  route(app, approvals.inbox, deciders, async (req) => service.inbox(app.db, req.college, requireUser(req.user)));
  route(app, approvals.decide, deciders, async (req) =>
    service.decide(app.db, req.college, requireUser(req.user), req.params.kind, req.params.id, req.body, publicBaseUrl(req), req.ip),
  );
}
