import fp from 'fastify-plugin';

/**
 * Cross-origin API access for the origins in CORS_ORIGINS (comma-separated, or *), so a web app
 * served elsewhere (Developer Options' Server Address) can call this server. Off by default.
 */
export const corsPlugin = fp(async (app) => {
  const allowed = app.config.CORS_ORIGINS;
  if (allowed.length === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !request.url.startsWith('/api/') || (!allowed.includes('*') && !allowed.includes(origin))) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    // The web app's session cookie goes only to origins named one by one.
    if (allowed.includes(origin)) reply.header('access-control-allow-credentials', 'true');
    if (request.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      reply.header('access-control-allow-headers', 'authorization, content-type, x-csrf-token');
      reply.header('access-control-max-age', '600');
      return reply.status(204).send();
    }
  });
});
