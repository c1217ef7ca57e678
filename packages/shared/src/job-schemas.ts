import { z } from 'zod';
import { ROLES, type Role } from './roles.js';
export { JOB_PATHS } from './module-paths.js';

/** Who sees the college's job queue and runs a dead job again: the portal's administrator. */
export const JOB_ROLES: Role[] = [ROLES.ADMIN];

/** pending: waiting its turn; running: a worker holds it; done; failed: out of attempts (a dead letter). */
export const JOB_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const ZJobsQuery = z.object({
  status: z.enum(JOB_STATUSES, { message: 'Status must be pending, running, done or failed' }).default('failed'),
  /** part of the kind or of the last error */
  q: z.string().trim().max(100, 'Search for at most 100 characters').optional(),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'At most 200 rows a page').default(50),
});
export type TJobsQuery = z.infer<typeof ZJobsQuery>;

/** A job as the admin sees it: what it is and how it went, never its payload (it may name people). */
export const ZJob = z.object({
  id: z.number(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;
export const ZJobsPage = z.object({ items: z.array(ZJob), total: z.number(), page: z.number(), pageSize: z.number() });
export type TJobsPage = z.infer<typeof ZJobsPage>;
export const ZJobParams = z.object({
  id: z.coerce
    .number({ message: 'Give the number of a job' })
    .int('Give the number of a job')
    .positive('Give the number of a job'),
});
