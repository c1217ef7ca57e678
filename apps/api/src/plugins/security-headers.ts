import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

type HeaderValue = string | number | string[];

/**
 * Helmet's security headers on every response. @fastify/helmet builds its whole middleware (CSP
 * parsing included) again on every request, which costs a cheap lookup as much as its query; the
 * headers never vary here, so they are recorded from helmet once and replayed after that.
 */
export const securityHeadersPlugin = fp(async (app) => {
  // The web app needs inline styles (MUI) and data: images (logo and banner from the API).
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: {
      directives: {
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
  });

  let recorded: Array<[string, HeaderValue]> | null = null;
  app.addHook('onRequest', async (_request, reply) => {
    if (recorded) {
      for (const [name, value] of recorded) reply.raw.setHeader(name, value);
      return;
    }
    const before = new Set(reply.raw.getHeaderNames());
    await reply.helmet();
    recorded = Object.entries(reply.raw.getHeaders())
      .filter(([name, value]) => !before.has(name) && value !== undefined)
      .map(([name, value]) => [name, value as HeaderValue]);
  });
});
