import fp from 'fastify-plugin';
import { startWorker, type JobHandler } from '../lib/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Job handlers by kind; modules add theirs when they register. */
    jobHandlers: Record<string, JobHandler>;
  }
}

/** Runs the database job queue's worker in this process unless JOB_WORKER=off. */
export const jobsPlugin = fp(async (app) => {
  app.decorate('jobHandlers', {} as Record<string, JobHandler>);
  if (app.config.JOB_WORKER === 'off') return;
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = startWorker(app.db, app.jobHandlers, app.config.JOB_POLL_MS, (e) =>
      app.log.error({ err: e }, 'job worker pass failed'),
    );
  });
  app.addHook('onClose', async () => stop?.());
});
