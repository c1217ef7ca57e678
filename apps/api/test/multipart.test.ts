import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/** Broken multipart bodies are the client's fault: 400 with a message, never a 500. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const boundary = '----erpBoundary';
const good = [
  `--${boundary}`,
  'Content-Disposition: form-data; name="alumniStudentRegistration"',
  '',
  '{"name":"x"}',
  `--${boundary}`,
  'Content-Disposition: form-data; name="file"; filename="a.pdf"',
  'Content-Type: application/pdf',
  '',
  '%PDF-1.4 partial',
].join('\r\n');

describe('multipart bodies', () => {
  it('answers 400 for a body cut off before its closing boundary', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/saveAlumniStudentRegister',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: good,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 for a boundary that does not match the header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/saveAlumniStudentRegister',
      headers: { 'content-type': 'multipart/form-data; boundary=somethingElse' },
      payload: `${good}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('takes multipart only on the upload routes: elsewhere it is an unsupported media type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${good}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/Unsupported Media Type/i);
  });
});
