import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@erp/shared';
import { forbidden, unauthorized } from '../lib/errors.js';
import { SESSION_COOKIE, csrfValid, isSafeMethod, readCookie } from '../lib/session-cookie.js';
import { knownTokenState, readTokenState, type TokenState } from '../lib/token-versions.js';
import { verifyToken, type VerifyResult } from '../lib/tokens.js';
import type { Access, RequestUser } from './types.js';

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** The tokens a request presents, as a bearer token or the session cookie (sign-out ends both). */
export function presentedTokens(request: FastifyRequest): string[] {
  const tokens = [bearer(request.headers.authorization), readCookie(request.headers.cookie, SESSION_COOKIE)];
  return [...new Set(tokens.filter((t): t is string => !!t))];
}

/** Whether a verified token is still a live session: the user's current version, not signed out. */
const live = (verified: VerifyResult & { ok: true }, state: TokenState | null | undefined) =>
  !!state &&
  (verified.claims.tokenVersion ?? 0) === state.version &&
  !(verified.claims.jti !== undefined && state.revoked.has(verified.claims.jti));

/**
 * Sets request.user when the token is valid, of this college and a live session (the user's
 * current token version, not signed out), and returns why the route refuses the caller, if it does.
 */
function accessDenied(
  request: FastifyRequest,
  verified: VerifyResult | null,
  state: TokenState | null | undefined,
): Error | null {
  const access: Access | undefined = request.routeOptions.config?.access;
  const open = access === undefined || access === 'public';
  if (verified) {
    const sameCollege = verified.ok && verified.claims.collegeId === request.college?.id;
    if (verified.ok && sameCollege && live(verified, state)) {
      request.user = {
        id: Number(verified.claims.sub),
        username: verified.claims.username,
        roles: verified.claims.roles,
        collegeId: verified.claims.collegeId,
        mustChangePassword: verified.claims.mustChangePassword === true,
      } satisfies RequestUser;
    } else if (!open) {
      if (!verified.ok) return unauthorized(verified.expired ? MSG.sessionExpired : MSG.signInRequired);
      // Another college's token, or one signed out, from before a password change or of a removed user.
      return unauthorized(sameCollege ? MSG.sessionExpired : MSG.otherCollege);
    }
  }
  if (open) return null;
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
const SCOPE_ACCESS = Symbol('scope access');

/**
 * Gives the routes a plugin adds in this scope (routes it declares without `config.access`, such
 * as the API reference's pages) the given access.
 */
export function setScopeAccess(scope: FastifyInstance, access: Access) {
  (scope as unknown as Record<symbol, Access>)[SCOPE_ACCESS] = access;
}

export const authPlugin = fp(async (app) => {
  app.decorate('routeAccess', []);
  app.decorateRequest('user', null);

  app.addHook('onRoute', function (route) {
    const inherited = (this as unknown as Record<symbol, Access | undefined>)[SCOPE_ACCESS];
    if (route.config?.access === undefined && inherited !== undefined) route.config = { ...route.config, access: inherited };
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

  // A callback hook: it waits only when the user's token state must be read (lib/token-versions.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    let token = bearer(request.headers.authorization);
    if (!token) {
      // The web app's HttpOnly session cookie: a write must carry the session's CSRF token too.
      const fromCookie = readCookie(request.headers.cookie, SESSION_COOKIE);
      if (fromCookie) {
        if (isSafeMethod(request.method) || csrfValid(request, fromCookie, app.config.JWT_SECRET)) token = fromCookie;
        else {
          const access = request.routeOptions.config?.access;
          // A public write goes on as an anonymous one; any other is refused before its body is read.
          if (access !== undefined && access !== 'public') return done(forbidden(MSG.csrfRequired));
        }
      }
    }
    const verified = token ? verifyToken(token, app.config.JWT_SECRET) : null;
    if (!verified?.ok || verified.claims.collegeId !== request.college?.id)
      return done(accessDenied(request, verified, undefined) ?? undefined);
    const userId = Number(verified.claims.sub);
    const known = knownTokenState(app.readDb, userId);
    if (known !== undefined) return done(accessDenied(request, verified, known) ?? undefined);
    readTokenState(app.readDb, userId).then((state) => done(accessDenied(request, verified, state) ?? undefined), done);
  });
});

/** Convenience for services: the signed-in user, which the guard guarantees on non-public routes. */
export function requireUser(user: RequestUser | null): RequestUser {
  if (!user) throw unauthorized(MSG.signInRequired);
  return user;
}
