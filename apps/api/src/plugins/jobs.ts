import fp from 'fastify-plugin';
import { LANES, startWorker, type JobHandler } from '../lib/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job handlers by kind; modules add theirs when they register. */
    jobHandlers: Record<string, JobHandler>;
  }
}

/**
 * Runs the database job queue's worker in this process unless JOB_WORKER=off. Every replica may run
 * one: a job goes to one worker at a time, leased for JOB_LEASE_MS and renewed while it runs.
 */
export const jobsPlugin = fp(async (app) => {
  app.decorate('jobHandlers', {} as Record<string, JobHandler>);
  if (app.config.JOB_WORKER === 'off') return;
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startWorker(
      app.db,
      app.jobHandlers,
      app.config.JOB_POLL_MS,
      (e) => app.log.error({ err: e }, 'job worker pass failed'),
      LANES,
      app.config.JOB_LEASE_MS,
    );
  });
  app.addHook('onClose', async () => stop?.());
});
