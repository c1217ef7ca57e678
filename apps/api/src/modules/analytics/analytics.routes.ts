import type { FastifyInstance } from 'fastify';
import { ANALYTICS_ROLES, analyticsEndpoints as analytics } from '@erp/shared';
import { clock } from '../../lib/clock.js';
import { contentDisposition } from '../../lib/downloads.js';
import { publicBaseUrl } from '../../lib/documents.js';
import { route } from '../../lib/endpoint-route.js';
import { requireUser } from '../../plugins/auth.js';
import { moneyFigures } from '../accounts/index.js';
import { registerMailAttachment } from '../notifications/index.js';
import { admissions } from './admissions.js';
import { attendance } from './attendance.js';
import { offices } from './offices.js';
import { placements } from './placements.js';
import { results } from './results.js';
import * as service from './analytics.service.js';
import * as weekly from './weekly-summary.js';

const leadership = { access: ANALYTICS_ROLES };

/** What the principal, chairman, correspondent, dean and director decide from. */
export default async function analyticsRoutes(app: FastifyInstance) {
  route(app, analytics.overview, leadership, async (req) => service.overview(app.db, req.college.id));
  route(app, analytics.fees, leadership, async (req) => moneyFigures(app.db, req.college.id, req.query));
  route(app, analytics.admissions, leadership, async (req) => admissions(app.db, req.college.id, req.query.year));
  route(app, analytics.results, leadership, async (req) => results(app.db, req.college.id, req.query.year));
  route(app, analytics.attendance, leadership, async (req) => attendance(app.db, req.user!, req.query));
  route(app, analytics.placements, leadership, async (req) => placements(app.db, req.college.id, req.query.year));
  route(app, analytics.offices, leadership, async (req) => offices(app.db, requireUser(req.user), clock.now()));

  // The Monday PDF: each user's opt-in, a preview, and the weekly run on the job queue.
  route(app, analytics.weeklySummary, leadership, async (req) =>
    weekly.weeklySummarySetting(app.db, req.college.id, requireUser(req.user).id),
  );
  route(app, analytics.saveWeeklySummary, leadership, async (req) =>
    weekly.saveWeeklySummarySetting(app.db, req.college.id, requireUser(req.user).id, req.body.enabled),
  );
  route(app, analytics.weeklySummaryPdf, leadership, async (req, reply) => {
    const { pdf, name } = await weekly.previewPdf(app.db, req.college, publicBaseUrl(req), clock.now());
    return reply.type('application/pdf').header('content-disposition', contentDisposition('inline', name)).send(pdf);
  });
  app.jobHandlers[weekly.WEEKLY_SUMMARY_JOB] = weekly.weeklySummaryJob(app.db, app.config.PUBLIC_URL);
  registerMailAttachment(weekly.WEEKLY_SUMMARY_JOB, weekly.weeklySummaryAttachment(app.config.PUBLIC_URL));
  if (app.config.JOB_WORKER !== 'off') {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = weekly.startWeeklySummaryScheduler(app.db, app.config.SCHEDULE_POLL_MS, (e) => app.log.error({ err: e }, 'weekly summary scheduler failed'));
    });
    app.addHook('onClose', async () => stop?.());
  }
}
