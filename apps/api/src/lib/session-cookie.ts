import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_TTL_SECONDS } from './tokens.js';

/**
 * The web app's session: the sign-in token in an HttpOnly cookie page scripts cannot read, and a
 * CSRF token in a readable cookie that the app echoes in the `x-csrf-token` header on every write.
 * The CSRF token is an HMAC of the session token, so a cookie planted by a sibling host cannot
 * forge it. Legacy clients keep sending `Authorization: Bearer <token>` and never need either.
 */
export const SESSION_COOKIE = 'erp_session';
export const CSRF_COOKIE = 'erp_csrf';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method.toUpperCase());

export function csrfFor(sessionToken: string, secret: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionToken}`).digest('base64url');
}

/** The value of one cookie of the request's Cookie header (no plugin needed for two names). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Whether a cookie-authenticated write carries the session's CSRF token. */
export function csrfValid(request: FastifyRequest, sessionToken: string, secret: string): boolean {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || sent.length === 0) return false;
  const want = Buffer.from(csrfFor(sessionToken, secret));
  const got = Buffer.from(sent);
  return got.length === want.length && timingSafeEqual(got, want);
}

function secureFor(request: FastifyRequest, production: boolean): boolean {
  return production || request.protocol === 'https';
}

function cookie(name: string, value: string, maxAge: number, httpOnly: boolean, secure: boolean): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'SameSite=Lax',
    ...(httpOnly ? ['HttpOnly'] : []),
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function appendCookies(reply: FastifyReply, cookies: string[]) {
  const prev = reply.getHeader('set-cookie');
  const list = prev === undefined ? [] : Array.isArray(prev) ? prev.map(String) : [String(prev)];
  reply.header('set-cookie', [...list, ...cookies]);
}

/** Sets the session (HttpOnly) and CSRF (readable) cookies for a token, for a day like the token. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, secret: string, production: boolean) {
  const secure = secureFor(request, production);
  appendCookies(reply, [
    cookie(SESSION_COOKIE, token, TOKEN_TTL_SECONDS, true, secure),
    cookie(CSRF_COOKIE, csrfFor(token, secret), TOKEN_TTL_SECONDS, false, secure),
  ]);
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, production: boolean) {
  const secure = secureFor(request, production);
  appendCookies(reply, [cookie(SESSION_COOKIE, '', 0, true, secure), cookie(CSRF_COOKIE, '', 0, false, secure)]);
}
