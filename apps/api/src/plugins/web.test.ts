import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { API_SECURITY_HEADERS } from './security-headers.js';

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

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-a1b2c3.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the pre-compressed build files as brotli or gzip, whichever the browser takes', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/big-d4e5.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
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
    const logo = await t.app.inject({ method: 'GET', url: '/api/v1/getLogoDataForHeaders', headers: { 'accept-encoding': 'gzip' } });
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
