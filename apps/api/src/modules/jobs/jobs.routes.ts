import type { FastifyInstance } from 'fastify';
import { JOB_ROLES, jobEndpoints as jobs } from '@erp/shared';
import { route } from '../../lib/endpoint-route.js';
import * as service from './jobs.service.js';

/** The college's job queue for its administrator: dead letters to see and run again. */
export default async function jobsRoutes(app: FastifyInstance) {
  const admin = { access: JOB_ROLES };
  route(app, jobs.list, admin, async (req) => service.jobs(app.db, req.college.id, req.query));
  route(app, jobs.retry, admin, async (req) => service.retry(app.db, req.college.id, req.params.id));
}
