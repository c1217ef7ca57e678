import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { API_SECURITY_HEADERS } from './security-headers.js';
import { loadFirstPaints } from './web.js';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>College ERP</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-a1b2c3.js'), 'console.log("app")');
  // a built chunk with the .br and .gz files the build writes next to it (vite.config.ts)
  const chunk = 'export const x = "' + 'abc'.repeat(1000) + '";';
  fs.writeFileSync(path.join(dist, 'assets', 'big-d4e5.js'), chunk);
  fs.writeFileSync(path.join(dist, 'assets', 'big-d4e5.js.br'), zlib.brotliCompressSync(chunk));
  fs.writeFileSync(path.join(dist, 'assets', 'big-d4e5.js.gz'), zlib.gzipSync(chunk));
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('answers client routes with index.html, never cached, so a deploy shows at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/results/B.Tech%20IV-I' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it("names the host's college in the page, so the first paint needs no API call", async () => {
    const code = (await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' })).body;
    const { collegeName } = (await t.app.inject({ method: 'GET', url: '/api/config' })).json() as { collegeName: string };
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const meta = /<meta name="erp-college" content="([^"]*)" \/>/.exec(page.body)?.[1];
    expect(meta).toBeDefined();
    const decoded = meta!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual({ code, name: collegeName });
    // the compressed page says the same
    const br = await t.app.inject({ method: 'GET', url: '/login/erp', headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-a1b2c3.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the pre-compressed build files as brotli or gzip, whichever the browser takes', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-d4e5.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('export const x = "' + 'abc'.repeat(1000) + '";');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-d4e5.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toHaveLength(3020);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-d4e5.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toHaveLength(3020);
  });

  it('compresses the page and the API answers when the client accepts it', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login/erp', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
    const logo = await t.app.inject({
      method: 'GET',
      url: '/api/v1/getLogoDataForHeaders',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(logo.headers['content-encoding']).toBe('gzip');
    expect(Object.keys(JSON.parse(zlib.gunzipSync(logo.rawPayload).toString()))).toEqual(['Logo', 'Banner']);
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/getLogoDataForHeaders' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers /robots.txt with the robots file, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('User-agent: *\nDisallow: /api/\n');
  });

  it('answers an unknown API path with a JSON 404, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/nothing-here not found' });
  });
});

describe("the public pages' first paint", () => {
  let app: TestApp;
  let paintDist: string;
  let code: string;
  let college: string;
  beforeAll(async () => {
    paintDist = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-web-paint-'));
    fs.writeFileSync(
      path.join(paintDist, 'index.html'),
      '<!doctype html><head><title>College ERP</title></head><body><div id="root"><!--first-paint--><p>Loading…</p><!--/first-paint--></div></body>',
    );
    app = await createTestApp({ env: { WEB_DIST: paintDist } });
    code = (await app.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' })).body.trim();
    college = ((await app.app.inject({ method: 'GET', url: '/api/config' })).json() as { collegeName: string }).collegeName;
    fs.writeFileSync(
      path.join(paintDist, 'first-paint.json'),
      JSON.stringify([
        { name: 'home', pattern: '^/$', html: '<h1>{{college}}</h1><footer>© {{year}}</footer>' },
        {
          name: 'other-home',
          pattern: '^/erphome$',
          exceptColleges: [code.toLowerCase()],
          html: '<h1>not for this college</h1>',
        },
        { name: 'result', pattern: '^/results/([^/]+)$', html: '<h1>{{1}}</h1>' },
      ]),
    );
    await app.close();
    app = await createTestApp({ env: { WEB_DIST: paintDist } }); // the file is read at start
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(paintDist, { recursive: true, force: true });
  });

  it("puts the page's first paint, with the college's name and the year, in place of the loading shell", async () => {
    const home = await app.app.inject({ method: 'GET', url: '/?from=mail' });
    expect(home.body).toContain(`<div id="root"><h1>${college}</h1><footer>© ${new Date().getFullYear()}</footer></div>`);
    expect(home.body).not.toContain('Loading…');
    const br = await app.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(home.body);
  });

  it('shows the part of the address a page names, decoded and escaped', async () => {
    const res = await app.app.inject({ method: 'GET', url: '/results/B.Tech%20IV-I%20%3Cscript%3E%26' });
    expect(res.body).toContain('<div id="root"><h1>B.Tech IV-I &lt;script&gt;&amp;</h1></div>');
  });

  it('keeps the loading shell for pages without a first paint and for the colleges a page excepts', async () => {
    for (const url of ['/terms', '/erphome', '/results/a/b']) {
      const res = await app.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<div id="root"><!--first-paint--><p>Loading…</p><!--/first-paint--></div>');
    }
  });

  it('ignores a first-paint file it cannot read, saying so', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-web-bad-'));
    const warnings: string[] = [];
    expect(loadFirstPaints(dir, (m) => warnings.push(m))).toEqual([]);
    fs.writeFileSync(path.join(dir, 'first-paint.json'), '[{"name":"home","pattern":"^/$"}]');
    expect(loadFirstPaints(dir, (m) => warnings.push(m))).toEqual([]);
    expect(warnings).toEqual([`${path.join(dir, 'first-paint.json')} ignored: an entry lacks its name, pattern or html`]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('security headers', () => {
  it("gives the web app's pages and files helmet's document policy", async () => {
    for (const url of ['/', '/login/admin', '/assets/index-a1b2c3.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
      expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('gives every API answer, found or not, signed in or not, the REST set', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' }),
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' }),
      await t.as('admin', { method: 'GET', url: '/api/dashboard/summary' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 401, 200]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers[name]).toBe(value);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});
