import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/helpers.js';
import { JSON_MSG, PUBLIC_JSON_LIMIT, tooDeep } from './json-body.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '1500' } });
});
afterAll(async () => t.close());

const signin = (payload: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth-service/auth/signin', headers: { 'content-type': 'application/json' }, payload });

describe('JSON bodies', () => {
  it('refuses text holding a NUL with 400, in a body or a query string (PostgreSQL refuses NUL in text: it was a 500)', async () => {
    const body = await signin(JSON.stringify({ username: 'admin\u0000', password: DEMO_PASSWORD, module: 'erp' }));
    expect([body.statusCode, body.json().message]).toEqual([400, JSON_MSG.nul]);
    const key = await signin('{"user\\u0000name": "admin", "password": "x", "module": "erp"}');
    expect([key.statusCode, key.json().message]).toEqual([400, JSON_MSG.nul]);
    const query = await t.as('librarian', { method: 'GET', url: '/api/library/titles?q=abc%00def' });
    expect([query.statusCode, query.json().message]).toEqual([400, JSON_MSG.nul]);
    // an escaped backslash before u0000 is text, not a NUL
    const text = await signin(JSON.stringify({ username: 'admin\\u0000', password: 'wrong', module: 'erp' }));
    expect(text.statusCode).not.toBe(400);
  });

  it('refuses a deeply nested body with 400 at once, without parsing it', async () => {
    // 800 KB of nesting, under the signed-in size cap
    const deep = '['.repeat(400_000) + ']'.repeat(400_000);
    const res = await t.as('admin', {
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(JSON_MSG.tooDeep);
    // The check counts brackets, it does not parse: how quickly it stops is for a benchmark, not this test.
    expect(tooDeep(deep)).toBe(true);
    // brackets inside strings are text, not nesting
    expect(tooDeep(JSON.stringify({ a: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[' }))).toBe(false);
    expect(tooDeep('{"a":' .repeat(33) + '1' + '}'.repeat(33))).toBe(true);
    expect(tooDeep('{"a":'.repeat(32) + '1' + '}'.repeat(32))).toBe(false);
  });

  it('caps a public route at 64 KB with 413 and a clear message, and still signs in normally', async () => {
    const big = JSON.stringify({ username: 'admin', password: 'x'.repeat(PUBLIC_JSON_LIMIT) });
    const res = await signin(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(JSON_MSG.tooLarge(PUBLIC_JSON_LIMIT));
    const ok = await signin(JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, module: 'erp' }));
    expect(ok.statusCode).toBe(200);
    const malformed = await signin('{"username": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(JSON_MSG.malformed);
    const poisoned = await signin('{"username":"a","password":"b","__proto__":{"admin":true}}');
    expect(poisoned.statusCode).toBe(400);
  });

  it('cuts off a body that trickles in, and keeps answering others', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      'POST /api/auth-service/auth/signin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const started = Date.now();
    const timer = setInterval(() => socket.writable && socket.write(' '), 200);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    clearInterval(timer);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeLessThan(6000);
    expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(200);
  });
});
