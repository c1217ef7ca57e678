import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { OUTBOX_ROLES, ZNotificationPrefs, ZNotificationPrefsUpdate, ZOutboxPage, ZOutboxQuery } from '@erp/shared';
import { requireUser } from '../../plugins/auth.js';
import * as service from './notifications.service.js';

/** Each user's notification choices, and the admin's outbox of every message sent or kept. */
export default async function notificationsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.jobHandlers.mail = service.mailJob(app.db, app.config);

  app.get(
    '/api/me/notifications',
    { config: { access: 'user' }, schema: { response: { 200: ZNotificationPrefs } } },
    async (req) => service.preferences(app.db, requireUser(req.user).id),
  );

  app.put(
    '/api/me/notifications',
    { config: { access: 'user' }, schema: { body: ZNotificationPrefsUpdate, response: { 200: ZNotificationPrefs } } },
    async (req) => service.savePreferences(app.db, requireUser(req.user).id, req.body),
  );

  app.get(
    '/api/outbox',
    { config: { access: OUTBOX_ROLES }, schema: { querystring: ZOutboxQuery, response: { 200: ZOutboxPage } } },
    async (req) => service.outbox(app.db, req.college.id, req.query),
  );
}
