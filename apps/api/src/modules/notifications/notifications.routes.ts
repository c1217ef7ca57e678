import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  OUTBOX_ROLES,
  ZInboxPage,
  ZInboxQuery,
  ZInboxRead,
  ZInboxReadResult,
  ZNotificationPrefs,
  ZNotificationPrefsUpdate,
  ZOutboxPage,
  ZMessage,
  ZOutboxQuery,
} from '@erp/shared';
import { requireUser } from '../../plugins/auth.js';
import * as service from './notifications.service.js';
import { scanJob, startScheduler } from './scheduler.js';

/** Each user's notification choices and inbox, and the admin's outbox of every message sent or kept. */
export default async function notificationsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.jobHandlers.mail = service.mailJob(app.db, app.config);
  app.jobHandlers.notify = service.notifyJob(app.db);
  app.jobHandlers['notify-scan'] = scanJob(app.db);
  if (app.config.JOB_WORKER !== 'off') {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startScheduler(app.db, 60_000, (e) => app.log.error({ err: e }, 'notification scheduler failed'));
    });
    app.addHook('onClose', async () => stop?.());
  }

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
    '/api/me/notifications/inbox',
    { config: { access: 'user' }, schema: { querystring: ZInboxQuery, response: { 200: ZInboxPage } } },
    async (req) => {
      const user = requireUser(req.user);
      return service.inbox(app.db, user.collegeId, user.id, req.query);
    },
  );

  app.post(
    '/api/me/notifications/inbox/read',
    { config: { access: 'user' }, schema: { body: ZInboxRead, response: { 200: ZInboxReadResult } } },
    async (req) => {
      const user = requireUser(req.user);
      return service.markRead(app.db, user.collegeId, user.id, req.body.ids);
    },
  );

  app.get(
    '/api/outbox',
    { config: { access: OUTBOX_ROLES }, schema: { querystring: ZOutboxQuery, response: { 200: ZOutboxPage } } },
    async (req) => service.outbox(app.db, requireUser(req.user), req.query),
  );

  app.post(
    '/api/outbox/:id/resend',
    {
      config: { access: OUTBOX_ROLES },
      schema: { params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: ZMessage } },
    },
    async (req) => service.resend(app.db, requireUser(req.user), req.params.id),
  );
}
