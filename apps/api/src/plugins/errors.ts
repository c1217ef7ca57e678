import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError, z } from 'zod';
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
      return answer(reply, error.statusCode, { message: error.message, ...error.extra });
    }
    if (error instanceof ZodError) {
      const errors = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return answer(reply, 400, { message: errors[0]?.message ?? 'Invalid input', errors });
    }
    const fe = error as FastifyError;
    if (Array.isArray(fe.validation)) {
      const errors = (fe.validation as ValidationItem[]).map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return answer(reply, 400, { message: errors[0]?.message ?? 'Invalid input', errors });
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return answer(reply, status, { message: fe.message });
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

/**
 * A legacy call whose contract answers errors in text declares a text schema for the status
 * (textResponse): its errors go out as that text, the message. As JSON they failed the route's
 * response schema, and a bad query string or a malformed body became a 500.
 */
function answer(reply: FastifyReply, status: number, body: { message: string } & Record<string, unknown>) {
  const declared = (reply.routeOptions.schema?.response as Record<number, unknown> | undefined)?.[status];
  if (declared instanceof z.ZodString) return reply.status(status).type('text/plain').send(body.message);
  return reply.status(status).send(body);
}
