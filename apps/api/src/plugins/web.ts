import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Serves the built web app; unknown non-API GETs get index.html so the router can take them. */
export const webPlugin = fp(async (app) => {
  const dist = app.config.webDist;
  const indexFile = path.join(dist, 'index.html');
  const apiNotFound = (method: string, url: string) => ({ message: `Route ${method} ${url.split('?')[0]} not found` });
  if (!fs.existsSync(indexFile)) {
    if (app.config.NODE_ENV !== 'test') app.log.warn(`Web app not built (${indexFile} missing): serving the API only`);
    app.setNotFoundHandler((request, reply) => reply.status(404).send(apiNotFound(request.method, request.url)));
    return;
  }
  // Vite puts hashed assets under /assets: they never change, so cache them for long.
  const assets = path.join(dist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
    setHeaders: (reply, filePath) => {
      if (filePath.startsWith(assets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const indexHtml = fs.readFileSync(indexFile);
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send(apiNotFound(request.method, request.url));
  });
});
