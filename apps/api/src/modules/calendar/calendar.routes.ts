import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import {
  CALENDAR_EDIT_ROLES,
  ZCalendarEvent,
  ZCalendarEventInput,
  ZCalendarList,
  ZCalendarQuery,
  ZIdParam,
  ZOk,
} from '@erp/shared';
import { requireUser } from '../../plugins/auth.js';
import * as service from './calendar.service.js';

/** The academic calendar: every signed-in user reads it; the academic office keeps it. */
export default async function calendarRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const edit = { access: CALENDAR_EDIT_ROLES };

  app.get(
    '/api/calendar',
    { config: { access: 'user' }, schema: { querystring: ZCalendarQuery, response: { 200: ZCalendarList } } },
    async (req) => service.list(app.db, req.college.id, req.query),
  );

  app.post(
    '/api/calendar',
    { config: edit, schema: { body: ZCalendarEventInput, response: { 200: ZCalendarEvent } } },
    async (req) => service.create(app.db, requireUser(req.user), req.body, req.ip),
  );

  app.put(
    '/api/calendar/:id',
    { config: edit, schema: { params: ZIdParam, body: ZCalendarEventInput, response: { 200: ZCalendarEvent } } },
    async (req) => service.update(app.db, requireUser(req.user), req.params.id, req.body, req.ip),
  );

  app.delete('/api/calendar/:id', { config: edit, schema: { params: ZIdParam, response: { 200: ZOk } } }, async (req) =>
    service.retire(app.db, requireUser(req.user), req.params.id, req.ip),
  );
}
