import fp from 'fastify-plugin';
import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/errors.js';
import { hit } from '../lib/rate-limits.js';

export interface RouteLimit {
  /** names the counter in the database (each route keeps its own count) */
  name: string;
  /** calls allowed per window from one address */
  max: number;
  windowMs: number;
  message: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-address limit counted in the database, so every replica shares it. */
    limit?: RouteLimit;
  }
}

/**
 * Routes declaring `config.limit` get an onRequest check (before any body is read): past `max`
 * calls from one address in the window they answer 429 with Retry-After.
 */
export const limitsPlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.limit;
    if (!limit) return;
    const prefix = `${limit.name}:${String(route.method)}:${route.url}`;
    const check: onRequestAsyncHookHandler = async (req) => {
      const { count, retryAfterMs } = await hit(app.db, `${prefix}:${req.college.id}:${req.ip}`, limit.windowMs);
      if (count > limit.max) throw new AppError(429, limit.message, { retryAfter: Math.ceil(retryAfterMs / 1000) });
    };
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...existing, check];
  });
});
