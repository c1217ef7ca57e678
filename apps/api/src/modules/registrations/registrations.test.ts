import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, REGISTRATION_MSG, encryptText } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const register = (username: string, role: string, host = 'localhost', over: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth-service/auth/signup',
    headers: { host },
    payload: {
      username,
      email: `${username}@example.org`,
      password: encryptText('Secret@123', t.config.CIPHER_KEY),
      role: [role],
      instituteType: 'engineering',
      eamcetCode: 'SVEC',
      collegeName: 'Sri Venkateswara Engineering College',
      affiliatedTo: '',
      fullName: `Applicant ${username}`,
      department: role === 'faculty' || role === 'hod' ? 'ECE' : '',
      signInType: '',
      module: 'erp,naac',
      ...over,
    },
  });
const signin = (username: string, host = 'localhost') =>
  t.app.inject({ method: 'POST', url: '/api/auth-service/auth/signin', headers: { host }, payload: { username, password: 'Secret@123', module: 'erp' } });
const pending = (as = 'admin', host?: string) => t.as(as, { method: 'GET', url: '/api/registrations/pending' }, host);
const idOf = async (username: string) =>
  (await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('pending registrations', () => {
  it('lists a new registration for the admin, with its role and modules, and keeps it from signing in', async () => {
    expect((await register('wouldbeadmin', 'admin')).statusCode).toBe(200);
    const res = await pending();
    expect(res.statusCode).toBe(200);
    const row = res.json().find((r: { username: string }) => r.username === 'wouldbeadmin');
    expect(row).toMatchObject({ fullName: 'Applicant wouldbeadmin', email: 'wouldbeadmin@example.org', roles: ['ROLE_ADMIN'], modules: 'erp,naac', department: '' });
    const denied = await signin('wouldbeadmin');
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe(MSG.registrationPending);
  });

  it('approve lets the user sign in with the role they asked for, once', async () => {
    await register('newhod', 'hod');
    const id = await idOf('newhod');
    const ok = await t.as('admin', { method: 'POST', url: `/api/registrations/${id}/approve` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MSG.recordAuthorized);
    const res = await signin('newhod');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ roles: ['ROLE_HOD'], program: 'ECE' });
    expect((await pending()).json().some((r: { id: number }) => r.id === id)).toBe(false);
    const again = await t.as('admin', { method: 'POST', url: `/api/registrations/${id}/reject` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(REGISTRATION_MSG.notPending);
  });

  it('reject keeps the user out with the rejection message', async () => {
    await register('notwanted', 'principal');
    const id = await idOf('notwanted');
    const res = await t.as('administration', { method: 'POST', url: `/api/registrations/${id}/reject` });
    expect(res.json().message).toBe(MSG.recordRejected);
    const denied = await signin('notwanted');
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe(MSG.registrationRejected);
  });

  it('needs a token (401) and an admin role (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/registrations/pending' })).statusCode).toBe(401);
    const byHod = await pending('hod');
    expect(byHod.statusCode).toBe(403);
    expect(byHod.json().message).toBe(MSG.noPermission);
    await register('pendingone', 'dean');
    const id = await idOf('pendingone');
    expect((await t.as('principal', { method: 'POST', url: `/api/registrations/${id}/approve` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/registrations/${id}/approve` })).statusCode).toBe(401);
    const row = await t.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it("is scoped to the college: another college's admin neither sees nor decides it", async () => {
    await register('svecapplicant', 'accountant');
    const id = await idOf('svecapplicant');
    const srkList = await pending('srkadmin', 'srk.localhost');
    expect(srkList.statusCode).toBe(200);
    expect(srkList.json().some((r: { username: string }) => r.username === 'svecapplicant')).toBe(false);
    const cross = await t.as('srkadmin', { method: 'POST', url: `/api/registrations/${id}/approve` }, 'srk.localhost');
    expect(cross.statusCode).toBe(404);
    expect((await signin('svecapplicant')).json().message).toBe(MSG.registrationPending);
  });

  it('answers 400 for a bad id', async () => {
    const res = await t.as('admin', { method: 'POST', url: '/api/registrations/abc/approve' });
    expect(res.statusCode).toBe(400);
  });
});

describe('self-registration switch', () => {
  it('closed: signup answers 403 and saves nothing', async () => {
    const closed = await createTestApp({ env: { SELF_REGISTRATION: 'false' } });
    try {
      const cfg = await closed.app.inject({ method: 'GET', url: '/api/config' });
      expect(cfg.json().selfRegistrationOpen).toBe(false);
      const res = await closed.app.inject({
        method: 'POST',
        url: '/api/auth-service/auth/signup',
        payload: {
          username: 'closedout', email: 'c@example.org', password: encryptText('Secret@123', closed.config.CIPHER_KEY), role: ['admin'],
          instituteType: 'engineering', eamcetCode: 'SVEC', collegeName: 'SVEC', affiliatedTo: '', fullName: 'C', department: '', signInType: '', module: 'erp',
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REGISTRATION_MSG.selfRegistrationClosed);
      expect(await closed.db.selectFrom('users').select('id').where('username', '=', 'closedout').executeTakeFirst()).toBeUndefined();
    } finally {
      await closed.close();
    }
  });
});
