import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signin = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth-service/auth/signin?module=admin',
    headers,
    payload: { username: 'hod', password: DEMO_PASSWORD, module: 'erp' },
  });

/** name → { value, attributes } of a response's Set-Cookie headers */
function cookies(res: { headers: Record<string, unknown> }) {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  return Object.fromEntries(
    list.map((c) => {
      const [pair, ...attrs] = c.split('; ');
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), { value: decodeURIComponent(pair.slice(eq + 1)), attrs: attrs.map((a) => a.toLowerCase()) }];
    }),
  );
}

const wrongChange = { username: 'hod', oldpassword: 'not-the-password', newPassword: 'Another@12345' };

describe('the web app session cookie', () => {
  it('sign-in keeps the legacy answer with its token and sets an HttpOnly SameSite session cookie and a CSRF cookie', async () => {
    const res = await signin();
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toMatch(/^ey/);
    const c = cookies(res);
    expect(c.erp_session.value).toBe(res.json().token);
    expect(c.erp_session.attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'max-age=86400']));
    // plain HTTP in a test: no Secure flag, the CSRF cookie is readable by the page
    expect(c.erp_session.attrs).not.toContain('secure');
    expect(c.erp_csrf.attrs).not.toContain('httponly');
    expect(c.erp_csrf.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('reads with the cookie alone, and refuses a cookie write without the CSRF token', async () => {
    const c = cookies(await signin());
    const cookie = `erp_session=${c.erp_session.value}; erp_csrf=${c.erp_csrf.value}`;
    const read = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: { cookie } });
    expect(read.statusCode).toBe(200);

    const noToken = await t.app.inject({ method: 'POST', url: '/api/auth-service/auth/resetUserPasswords', headers: { cookie }, payload: wrongChange });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().message).toBe(MSG.csrfRequired);
    // the cookie value in the header is not enough when it does not match the session (a planted cookie)
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: { cookie: `erp_session=${c.erp_session.value}; erp_csrf=planted`, 'x-csrf-token': 'planted' },
      payload: wrongChange,
    });
    expect(forged.statusCode).toBe(403);

    const withToken = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: { cookie, 'x-csrf-token': c.erp_csrf.value },
      payload: wrongChange,
    });
    // reached the handler as the signed-in user: the legacy refusal of a wrong old password
    expect(withToken.json().status).toBe(0);
    expect(withToken.statusCode).not.toBe(403);
  });

  it('keeps the legacy bearer token working without cookies or CSRF tokens', async () => {
    const token = (await signin()).json().token as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: { authorization: `Bearer ${token}` },
      payload: wrongChange,
    });
    expect(res.json().status).toBe(0);
    const read = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: { authorization: `Bearer ${token}` } });
    expect(read.statusCode).toBe(200);
  });

  it('lets a public write through as anonymous when a stale cookie lacks its CSRF token', async () => {
    const c = cookies(await signin());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin?module=admin',
      headers: { cookie: `erp_session=${c.erp_session.value}` },
      payload: { username: 'hod', password: DEMO_PASSWORD, module: 'erp' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('sign-out clears both cookies, and a call with no cookie is refused', async () => {
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: MSG.signedOut });
    const c = cookies(out);
    expect(c.erp_session).toEqual({ value: '', attrs: expect.arrayContaining(['max-age=0', 'httponly']) });
    expect(c.erp_csrf.value).toBe('');
    expect(c.erp_csrf.attrs).toContain('max-age=0');
    const after = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' });
    expect(after.statusCode).toBe(401);
  });
});

describe('the session cookie behind HTTPS', () => {
  it('is Secure when the trusted proxy says the request came over HTTPS', async () => {
    const proxied = await createTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth-service/auth/signin?module=admin',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { username: 'hod', password: DEMO_PASSWORD, module: 'erp' },
      });
      expect(res.statusCode).toBe(200);
      const c = cookies(res);
      expect(c.erp_session.attrs).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));
      expect(c.erp_csrf.attrs).toContain('secure');
    } finally {
      await proxied.close();
    }
  });

  it('a password change ends every earlier cookie session of the user, on any device; the new sign-in works', async () => {
    const as = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth-service/auth/signin?module=admin',
        payload: { username: 'transport', password, module: 'erp' },
      });
    const jar = (res: Parameters<typeof cookies>[0]) => {
      const c = cookies(res);
      return { cookie: `erp_session=${c.erp_session.value}; erp_csrf=${c.erp_csrf.value}`, csrf: c.erp_csrf.value };
    };
    const laptop = jar(await as(DEMO_PASSWORD));
    const phone = jar(await as(DEMO_PASSWORD));
    const read = (s: { cookie: string }) => t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: { cookie: s.cookie } });
    expect((await read(laptop)).statusCode).toBe(200);
    expect((await read(phone)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: { cookie: laptop.cookie, 'x-csrf-token': laptop.csrf },
      payload: { username: 'transport', oldpassword: DEMO_PASSWORD, newPassword: 'Changed@2026' },
    });
    expect(changed.json()).toEqual({ status: 1, message: MSG.passwordUpdated });

    // Both cookies, the one that made the change included, are refused from now on.
    for (const s of [laptop, phone]) {
      const res = await read(s);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.sessionExpired);
    }
    const fresh = jar(await as('Changed@2026'));
    expect((await read(fresh)).statusCode).toBe(200);
  });
});
