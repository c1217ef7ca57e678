import type { FastifyInstance } from 'fastify';
import { OUTBOX_ROLES, notificationEndpoints as notes } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import * as service from './notifications.service.js';
import { scanJob, startScheduler } from './scheduler.js';

/** Each user's notification choices and inbox, and the admin's outbox of every message sent or kept. */
export default async function notificationsRoutes(app: FastifyInstance) {
  const user = { access: 'user' as const };
  const outbox = { access: OUTBOX_ROLES };
  app.jobHandlers.mail = service.mailJob(app.db, app.config);
  app.jobHandlers.notify = service.notifyJob(app.db);
  app.jobHandlers['notify-scan'] = scanJob(app.db);
  if (app.config.JOB_WORKER !== 'off') {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startScheduler(app.db, app.config.SCHEDULE_POLL_MS, (e) =>
        app.log.error({ err: e }, 'notification scheduler failed'),
      );
    });
    app.addHook('onClose', async () => stop?.());
  }

  route(app, notes.prefs, user, async (req) => service.preferences(app.db, requireUser(req.user).id));
  route(app, notes.savePrefs, user, async (req) => service.savePreferences(app.db, requireUser(req.user).id, req.body));
  route(app, notes.inbox, user, async (req) => {
    const me = requireUser(req.user);
    return service.inbox(app.db, me.collegeId, me.id, req.query);
  });
  route(app, notes.markRead, user, async (req) => {
    const me = requireUser(req.user);
    return service.markRead(app.db, me.collegeId, me.id, req.body.ids);
  });

  route(app, notes.outbox, outbox, async (req) => service.outbox(app.db, requireUser(req.user), req.query));
  route(app, notes.resend, outbox, async (req) => service.resend(app.db, requireUser(req.user), req.params.id));
}
