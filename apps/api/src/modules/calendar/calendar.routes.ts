import type { FastifyInstance } from 'fastify';
import { CALENDAR_EDIT_ROLES, calendarEndpoints as cal } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './calendar.service.js';

/** The academic calendar: every signed-in user reads it; the academic office keeps it. */
export default async function calendarRoutes(app: FastifyInstance) {
  const edit = { access: CALENDAR_EDIT_ROLES };

  route(app, cal.list, { access: 'user' }, async (req) => service.list(app.db, req.college.id, req.query));
  route(app, cal.create, edit, async (req) => service.create(app.db, requireUser(req.user), req.body, req.ip));
  route(app, cal.update, edit, async (req) => service.update(app.db, requireUser(req.user), req.params.id, req.body, req.ip));
  route(app, cal.remove, edit, async (req) => service.retire(app.db, requireUser(req.user), req.params.id, req.ip));
}
