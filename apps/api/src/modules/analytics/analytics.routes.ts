import type { FastifyInstance } from 'fastify';
import { ANALYTICS_ROLES, analyticsEndpoints as analytics } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import { moneyFigures } from '../accounts/index.js';
import { admissions } from './admissions.js';
import { attendance } from './attendance.js';
import { results } from './results.js';
import * as service from './analytics.service.js';

const leadership = { access: ANALYTICS_ROLES };

/** What the principal, chairman, correspondent, dean and director decide from. */
export default async function analyticsRoutes(app: FastifyInstance) {
  route(app, analytics.overview, leadership, async (req) => service.overview(app.db, req.college.id));
  route(app, analytics.fees, leadership, async (req) => moneyFigures(app.db, req.college.id, req.query));
  route(app, analytics.admissions, leadership, async (req) => admissions(app.db, req.college.id, req.query.year));
  route(app, analytics.results, leadership, async (req) => results(app.db, req.college.id, req.query.year));
  route(app, analytics.attendance, leadership, async (req) => attendance(app.db, req.user!, req.query));
}
