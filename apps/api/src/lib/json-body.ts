import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** largest JSON body this route takes, in bytes (default: 64 KB public, 1 MB signed-in) */
    jsonLimit?: number;
  }
}

/** Deepest nesting of a JSON body: no form of the portal's comes near it. */
export const MAX_JSON_DEPTH = 32;
export const PUBLIC_JSON_LIMIT = 64 * 1024;
export const USER_JSON_LIMIT = 1024 * 1024;

export const JSON_MSG = {
  tooDeep: `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`,
  tooLarge: (limit: number) => `The request body is too large (at most ${Math.round(limit / 1024)} KB here)`,
  empty: 'The request body is empty: send JSON',
  malformed: 'The request body is not valid JSON',
  nul: 'Text may not contain the NUL character (\\u0000)',
};

/** Whether any string in a parsed JSON value holds a NUL, which PostgreSQL refuses in text. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\0') || holdsNul(v));
  return false;
}

/**
 * Whether the JSON text nests deeper than max, by one pass over its brackets outside strings that
 * stops at the first level too deep: a million-level body costs microseconds, not a full parse.
 */
export function tooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

export function jsonLimitFor(request: FastifyRequest): number {
  const config = request.routeOptions.config;
  if (config?.jsonLimit) return config.jsonLimit;
  return config?.access === 'public' ? PUBLIC_JSON_LIMIT : USER_JSON_LIMIT;
}

/**
 * The JSON body parser: a size cap per route (413, checked from Content-Length before the body is
 * read, and again on what arrived), a depth cap (400) before parsing, prototype poisoning
 * refused as Fastify's own parser does, and no NUL in any text (nor in the query string).
 */
export function registerJsonParser(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    // A NUL in a query string reaches the database as text, which PostgreSQL refuses with an error.
    if (request.url.includes('%00')) return done(new AppError(400, JSON_MSG.nul));
    const type = request.headers['content-type'] ?? '';
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > 0 && /^application\/json\b|\+json\b/i.test(type)) {
      const limit = jsonLimitFor(request);
      if (length > limit) return done(new AppError(413, JSON_MSG.tooLarge(limit)));
    }
    done();
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const limit = jsonLimitFor(request);
    if (Buffer.byteLength(text) > limit) return done(new AppError(413, JSON_MSG.tooLarge(limit)), undefined);
    if (text.trim() === '') return done(new AppError(400, JSON_MSG.empty), undefined);
    if (tooDeep(text)) return done(new AppError(400, JSON_MSG.tooDeep), undefined);
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return done(new AppError(400, JSON_MSG.malformed), undefined);
    }
    // JSON can only carry a NUL escaped, so the walk runs only when the text has one.
    if (/\\u0000/i.test(text) && holdsNul(parsed)) return done(new AppError(400, JSON_MSG.nul), undefined);
    done(null, parsed);
  });
}
