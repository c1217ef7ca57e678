import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** The encoding the client prefers among those we have: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

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
  // The build writes .br and .gz next to each text file (vite.config.ts): served as such.
  const assets = path.join(dist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (filePath.startsWith(assets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const indexHtml = fs.readFileSync(indexFile);
  const indexEncoded = {
    br: zlib.brotliCompressSync(indexHtml),
    gzip: zlib.gzipSync(indexHtml, { level: 9 }),
  };
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) return reply.header('content-encoding', encoding).send(indexEncoded[encoding]);
      return reply.send(indexHtml);
    }
    return reply.status(404).send(apiNotFound(request.method, request.url));
  });
});
