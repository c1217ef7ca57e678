import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { pickEncoding } from '../lib/encodings.js';

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
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const firstPaints = loadFirstPaints(dist, (message) => app.log.warn(message));
  const encode = (html: string) => {
    const raw = Buffer.from(html);
    return { raw, br: zlib.brotliCompressSync(raw), gzip: zlib.gzipSync(raw, { level: 9 }) };
  };
  const plainIndex = encode(indexHtml);
  // The page carries its college's code and name (a meta tag, read by lib/college.ts in the web
  // app), so the home page's layout and the header's name paint without waiting for an API call;
  // and, for the public pages that have one, its first paint (the header and the page's top, with
  // the college's name) instead of the loading shell, drawn before any script runs.
  const byCollege = new Map<string, ReturnType<typeof encode>>();
  // pages whose first paint carries part of the address (an exam's title): kept apart, and dropped when many
  const byAddress = new Map<string, ReturnType<typeof encode>>();
  const indexFor = async (hostname: string, pathname: string) => {
    let college: { code: string; name: string };
    try {
      college = await app.colleges.resolve(hostname);
    } catch {
      return plainIndex; // no college yet (first-run setup): the page asks the API as before
    }
    const code = college.code.trim().toUpperCase();
    const paint = firstPaints.find((p) => p.re.test(pathname) && !p.exceptColleges?.includes(code));
    const groups = paint ? (paint.re.exec(pathname)?.slice(1) ?? []) : [];
    const year = new Date().getFullYear();
    const key = `${college.code}\u0000${college.name}\u0000${paint?.name ?? ''}\u0000${year}\u0000${groups.join('\u0000')}`;
    const cache = groups.length ? byAddress : byCollege;
    let page = cache.get(key);
    if (!page) {
      const meta = `<meta name="erp-college" content="${escapeAttribute(JSON.stringify({ code: college.code, name: college.name }))}" />`;
      let html = indexHtml.includes('</head>')
        ? indexHtml.replace('</head>', `  ${meta}\n  </head>`)
        : indexHtml.replace('<div id="root"', `${meta}<div id="root"`);
      if (paint) {
        const filled = paint.html.replace(/\{\{(college|year|\d)\}\}/g, (_, name: string) =>
          escapeAttribute(
            name === 'college' ? college.name : name === 'year' ? String(year) : decodeSegment(groups[Number(name) - 1] ?? ''),
          ),
        );
        html = html.replace(FIRST_PAINT_SLOT, () => filled);
      }
      page = encode(html);
      if (cache === byAddress && cache.size >= 200) cache.clear();
      if (cache.size < 1000) cache.set(key, page);
    }
    return page;
  };
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      const page = await indexFor(request.hostname, request.url.split('?')[0]!);
      reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
      return reply.send(page.raw);
    }
    return reply.status(404).send(apiNotFound(request.method, request.url));
  });
});

/** Where index.html has its loading shell, which a page's first paint replaces. */
const FIRST_PAINT_SLOT = /<!--first-paint-->[\s\S]*?<!--\/first-paint-->/;

type FirstPaint = { name: string; re: RegExp; exceptColleges?: string[]; html: string };

/** The web build's first-paint.json (apps/web/src/lib/first-paint.ts); none when absent or unreadable. */
export function loadFirstPaints(dist: string, warn: (message: string) => void = () => {}): FirstPaint[] {
  const file = path.join(dist, 'first-paint.json');
  if (!fs.existsSync(file)) return [];
  try {
    const list = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (!Array.isArray(list)) throw new Error('not a list');
    return list.map((p: { name?: unknown; pattern?: unknown; exceptColleges?: unknown; html?: unknown }) => {
      if (typeof p.name !== 'string' || typeof p.pattern !== 'string' || typeof p.html !== 'string')
        throw new Error('an entry lacks its name, pattern or html');
      const except = Array.isArray(p.exceptColleges) ? p.exceptColleges.map((c) => String(c).trim().toUpperCase()) : undefined;
      return { name: p.name, re: new RegExp(p.pattern), html: p.html, ...(except ? { exceptColleges: except } : {}) };
    });
  } catch (e) {
    warn(`${file} ignored: ${(e as Error).message}`);
    return [];
  }
}

const decodeSegment = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
