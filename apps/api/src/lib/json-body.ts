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
};

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
 * read, and again on what arrived), a depth cap (400) before parsing, and prototype poisoning
 * refused as Fastify's own parser does.
 */
export function registerJsonParser(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
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
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new AppError(400, JSON_MSG.malformed), undefined);
    }
  });
}
