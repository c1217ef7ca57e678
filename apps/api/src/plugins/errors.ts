import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, isDatabaseUnavailable } from '../lib/errors.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
}

/**
 * One error handler: validation → 400 with the first message (the spec's words) and all issues;
 * AppError → its status; other client errors keep their 4xx; anything else is logged, generic 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (typeof error.extra.retryAfter === 'number') reply.header('retry-after', error.extra.retryAfter);
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    if (error instanceof ZodError) {
      const errors = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid input', errors });
    }
    const fe = error as FastifyError;
    if (Array.isArray(fe.validation)) {
      const errors = (fe.validation as ValidationItem[]).map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid input', errors });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: fe.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', 2)
        .send({ message: 'The database is not reachable right now. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on the server' });
  });
}
