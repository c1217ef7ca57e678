import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { DEFAULT_JWT_SECRET, loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../../test/helpers.js';

const apps: TestApp[] = [];
const appWith = async (API_DOCS?: string) => {
  const t = await createTestApp(API_DOCS ? { env: { API_DOCS } } : {});
  apps.push(t);
  return t;
};
afterAll(async () => Promise.all(apps.map((t) => t.close())));

describe('API reference at /api/docs', () => {
  it('is public by default outside production: the page, its files and the document it reads', async () => {
    const t = await appWith();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    // The page runs its own scripts: it carries a policy that allows them, not the API's 'none'.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/api/v1/getExamResultByRollNoView'].get.responses['200']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
  });

  it('with API_DOCS=admin answers only the admin roles', async () => {
    const t = await appWith('admin');
    for (const url of ['/api/docs', '/api/docs/json', '/api/openapi.json']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
      expect(anonymous.json().message).toBe(MSG.signInRequired);
      const faculty = await t.as('faculty', { method: 'GET', url });
      expect({ url, status: faculty.statusCode }).toEqual({ url, status: 403 });
      const admin = await t.as('admin', { method: 'GET', url });
      expect({ url, status: admin.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('with API_DOCS=off serves neither the reference nor the document', async () => {
    const t = await appWith('off');
    for (const url of ['/api/docs', '/api/docs/json', '/api/openapi.json']) {
      expect((await t.as('admin', { method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('defaults to admin-only in production, and refuses an unknown setting', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'demo',
      JWT_SECRET: 'a-real-secret-of-32-characters!!',
      CIPHER_KEY: '0123456789abcdef',
    };
    expect(loadConfig(production).API_DOCS).toBe('admin');
    expect(loadConfig({ ...production, API_DOCS: 'public' }).API_DOCS).toBe('public');
    expect(loadConfig({ NODE_ENV: 'development' }).API_DOCS).toBe('public');
    expect(() => loadConfig({ API_DOCS: 'everyone', JWT_SECRET: DEFAULT_JWT_SECRET })).toThrow(
      /API_DOCS: must be public, admin or off/,
    );
  });
});
