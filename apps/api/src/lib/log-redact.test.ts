import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/helpers.js';
import { redactText, redactUrl } from './log-redact.js';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(async () => t.close());

describe('request logs', () => {
  it("carry no password, token, cookie, Aadhaar or phone number of a sign-in and the calls after it", async () => {
    lines.length = 0;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin?module=admin',
      payload: { username: 'hod', password: 'Wrong#Guess99', module: 'erp' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin?module=admin',
      payload: { username: 'hod', password: DEMO_PASSWORD, module: 'erp' },
    });
    expect(right.statusCode).toBe(200);
    const token = right.json().token as string;
    const csrf = /erp_csrf=([^;]+)/.exec(String(right.headers['set-cookie']))![1];
    await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary?mobileNumber=9876543210&aadharNo=123412341234&q=call+9123456789',
      headers: { authorization: `Bearer ${token}`, cookie: `erp_session=${token}; erp_csrf=${csrf}` },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: { authorization: `Bearer ${token}` },
      payload: { username: 'hod', oldpassword: 'Old#Secret77', newPassword: 'New#Secret88' },
    });

    const log = lines.join('');
    // the requests were logged, with their method, path and status
    const entries = lines.map(
      (l) => JSON.parse(l) as { reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } },
    );
    // one access line per request, with its request id, method, path and status
    const requestLines = entries.filter((e) => e.req || e.res);
    expect(requestLines).toHaveLength(4);
    for (const e of requestLines) expect([e.reqId, e.req?.method, typeof e.res?.statusCode]).toEqual([expect.stringMatching(/^req-/), expect.any(String), 'number']);
    expect(new Set(requestLines.map((e) => e.reqId)).size).toBe(4);
    expect(entries.filter((e) => e.req?.url === '/api/auth-service/auth/signin?module=admin').map((e) => e.res?.statusCode)).toEqual([401, 200]);
    expect(entries.filter((e) => e.res?.statusCode === 401)).toHaveLength(1);
    expect(entries.some((e) => e.req?.url === '/api/dashboard/summary?mobileNumber=[redacted]&aadharNo=[redacted]&q=call+[phone]')).toBe(
      true,
    );
    for (const secret of [DEMO_PASSWORD, 'Wrong#Guess99', 'Old#Secret77', 'New#Secret88', token, token.split('.')[1], csrf, '9876543210', '123412341234', '9123456789']) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).not.toMatch(/authorization|cookie/i);
  });
});

describe('redactText', () => {
  it('masks tokens, Aadhaar and phone numbers in any text, and leaves roll numbers and amounts', () => {
    expect(redactText('duplicate key (mobile)=(+91 9876543210) for 2345 6789 0123')).toBe('duplicate key (mobile)=([phone]) for [aadhaar]');
    expect(redactText('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0x.abcdefghijk123')).toBe('token [token]');
    expect(redactText('roll 22A91A0501 paid 1234500 paise')).toBe('roll 22A91A0501 paid 1234500 paise');
    expect(redactUrl('/api/x?password=a&rollNumber=22A91A0501')).toBe('/api/x?password=[redacted]&rollNumber=22A91A0501');
  });
});
