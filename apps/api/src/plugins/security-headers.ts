import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

type Headers = Record<string, string>;

/**
 * API responses (JSON, and PDF or Excel files the web app fetches and shows through blob URLs)
 * are never documents: nothing may load or run from them, frame them or sniff their type. This is
 * OWASP's REST set; helmet's document policy (script, style and image sources) means nothing here
 * and would triple the size of a small JSON answer.
 */
export const API_SECURITY_HEADERS: Readonly<Headers> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Helmet's headers for the web app's pages and assets, as its middleware sets them. */
export function documentSecurityHeaders(): Readonly<Headers> {
  const headers: Headers = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet({
    contentSecurityPolicy: {
      directives: {
        // The web app needs inline styles (MUI) and data: images (logo and banner from the API).
        'img-src': ["'self'", 'data:', 'blob:'],
        // Developer Options may point the app at another server (which must allow it by CORS).
        'connect-src': ["'self'", 'http:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-src': ["'self'", 'blob:', 'data:'],
        'object-src': ["'self'", 'blob:', 'data:'],
        'form-action': ["'self'", 'https:'],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return Object.freeze(headers);
}

/**
 * Security headers on every response: the API set on /api/, helmet's set on the web app. Neither
 * varies by request, so both are built once; the hook is synchronous because it runs on every call.
 */
export const securityHeadersPlugin = fp(async (app) => {
  const documentHeaders = documentSecurityHeaders();
  // Most API answers are one person's: kept by no cache, shared or not, unless the route says
  // otherwise (the public result lookup, a college's logo).
  const apiHeaders = Object.freeze({ ...API_SECURITY_HEADERS, 'cache-control': 'private, no-store' });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : documentHeaders);
    done();
  });
});
