import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { setupToken } from './setup.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { SETUP_TOKEN: 'first-run-token-42' } });
});
afterAll(async () => t.close());

const form = (over: Record<string, unknown> = {}) => ({
  token: 'first-run-token-42',
  college: {
    name: 'Govt. Polytechnic, Anantapur',
    code: 'gpta',
    hosts: ['erp.gpta.ac.in'],
    email: 'office@gpta.ac.in',
    phone: '+91-8554-274000',
  },
  admin: { username: 'principal.office', email: 'it@gpta.ac.in', password: 'Strong@2026' },
  ...over,
});

describe('first run on an empty database', () => {
  it('answers health 200, every other call 503 with how to set up', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ required: true });
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' });
    expect(other.statusCode).toBe(503);
    expect(other.json()).toEqual({ message: SETUP_MSG.required, setupRequired: true });
  });

  it('refuses a wrong token and weak or malformed input', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/setup', payload: form({ token: 'guess' }) });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(SETUP_MSG.badToken);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: form({ admin: { username: 'admin', email: 'a@b.in', password: 'password' } }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(SETUP_MSG.passwordWeak);
    const host = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: form({ college: { ...form().college, hosts: ['http://bad host'] } }),
    });
    expect(host.json().message).toBe(SETUP_MSG.hostInvalid);
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ required: true });
  });

  it('creates the college and its admin once; the admin signs in; a second setup is refused', async () => {
    const done = await t.app.inject({ method: 'POST', url: '/api/setup', payload: form() });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ college: { code: 'GPTA', name: 'Govt. Polytechnic, Anantapur' }, admin: 'principal.office' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName', headers: { host: 'erp.gpta.ac.in' } })).body).toBe(
      'GPTA',
    );
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin',
      headers: { host: 'erp.gpta.ac.in' },
      payload: { username: 'principal.office', password: 'Strong@2026' },
    });
    expect(signin.statusCode).toBe(200);
    expect(signin.json().roles).toEqual(['ROLE_ADMIN']);
    const again = await t.app.inject({ method: 'POST', url: '/api/setup', payload: form() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SETUP_MSG.done);
    expect((await t.app.inject({ method: 'GET', url: '/api/setup' })).json()).toEqual({ required: false });
  });
});

describe('the setup token', () => {
  it('is SETUP_TOKEN when set, else derived from JWT_SECRET, the same on every replica', () => {
    expect(setupToken({ ...t.config, SETUP_TOKEN: 'x'.repeat(10) })).toBe('x'.repeat(10));
    const derived = setupToken({ ...t.config, SETUP_TOKEN: undefined });
    expect(derived).toHaveLength(16);
    expect(setupToken({ ...t.config, SETUP_TOKEN: undefined })).toBe(derived);
    expect(setupToken({ ...t.config, SETUP_TOKEN: undefined, JWT_SECRET: 'another-secret-of-enough-length' })).not.toBe(derived);
  });
});

describe('npm run setup', () => {
  it('sets up an empty database from the shell', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
      const url = empty.config.database.dialect === 'postgres' ? empty.config.database.url : empty.config.database.file;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/db/cli.ts',
          'setup',
          '--name',
          'Sri Padmavati College',
          '--code',
          'SPC',
          '--email',
          'office@spc.ac.in',
          '--admin',
          'spcadmin',
        ],
        { cwd: apiRoot, env: { ...process.env, DATABASE_URL: url, ERP_ADMIN_PASSWORD: 'Strong@2026' } },
      );
      expect(stdout).toContain('Set up Sri Padmavati College (SPC). Sign in at /login/Admin as spcadmin.');
      const users = await empty.db.selectFrom('users').select('username').execute();
      expect(users).toEqual([{ username: 'spcadmin' }]);
    } finally {
      await empty.close();
    }
  });
});
