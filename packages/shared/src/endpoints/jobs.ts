import { ZJob, ZJobParams, ZJobsPage, ZJobsQuery } from '../job-schemas.js';
import { defineEndpoint as e } from './define.js';

/** The college's job queue for its administrator: the dead letters (failed jobs) by default, and a retry. */
export const jobEndpoints = {
  list: e({ method: 'GET', path: '/api/jobs', query: ZJobsQuery, response: ZJobsPage }),
  /** a failed job runs again with a fresh set of attempts */
  retry: e({ method: 'POST', path: '/api/jobs/:id/retry', params: ZJobParams, response: ZJob }),
};
