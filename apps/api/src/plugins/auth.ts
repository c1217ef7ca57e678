import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@erp/shared';
import { forbidden, unauthorized } from '../lib/errors.js';
import { verifyToken } from '../lib/tokens.js';
import type { Access, RequestUser } from './types.js';

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** Sets request.user from a valid bearer token and returns why the route refuses the caller, if it does. */
function accessDenied(request: FastifyRequest, secret: string): Error | null {
  const access: Access | undefined = request.routeOptions.config?.access;
  const token = bearer(request.headers.authorization);
  if (token) {
    const result = verifyToken(token, secret);
    if (result.ok && result.claims.collegeId === request.college?.id) {
      request.user = {
        id: Number(result.claims.sub),
        username: result.claims.username,
        roles: result.claims.roles,
        collegeId: result.claims.collegeId,
        mustChangePassword: result.claims.mustChangePassword === true,
      } satisfies RequestUser;
    } else if (access !== undefined && access !== 'public') {
      if (result.ok) return unauthorized(MSG.otherCollege);
      return unauthorized(result.expired ? MSG.sessionExpired : MSG.signInRequired);
    }
  }
  if (access === undefined || access === 'public') return null;
  if (!request.user) return unauthorized(MSG.signInRequired);
  if (request.user.mustChangePassword && !request.routeOptions.config?.allowBeforePasswordChange) {
    return forbidden(MSG.changePasswordFirst);
  }
  if (access !== 'user' && !request.user.roles.some((r) => access.includes(r))) return forbidden(MSG.noPermission);
  return null;
}

/**
 * Every route must declare `config.access`; a route without one stops start-up, so nothing is
 * left open by accident. The guard runs on onRequest, before the body is read.
 */
export const authPlugin = fp(async (app) => {
  app.decorate('routeAccess', []);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (access === undefined) {
      if (route.url.startsWith('/api/')) throw new Error(`Route ${methods.join(',')} ${route.url} declares no access`);
      return;
    }
    for (const method of methods) {
      if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access });
    }
  });

  // A callback hook: it never waits, so it costs no promise on every call.
  app.addHook('onRequest', (request, _reply, done) => {
    const denied = accessDenied(request, app.config.JWT_SECRET);
    done(denied ?? undefined);
  });
});

/** Convenience for services: the signed-in user, which the guard guarantees on non-public routes. */
export function requireUser(user: RequestUser | null): RequestUser {
  if (!user) throw unauthorized(MSG.signInRequired);
  return user;
}
