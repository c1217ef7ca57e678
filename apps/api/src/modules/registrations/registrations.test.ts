import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, REGISTRATION_MSG, USERNAME_MSG, encryptText } from '@erp/shared';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  // Many sign-ups from one address: the hourly sign-up limit is not what this file tests.
  t = await createTestApp({ env: { SIGNUP_RATE_LIMIT: '1000' } });
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

describe('who may approve a registration (ROLE_RANK)', () => {
  const approve = (id: number, as: string) => t.as(as, { method: 'POST', url: `/api/registrations/${id}/approve` });
  const statusOf = async (id: number) => (await t.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('refuses the administration office a sign-up that asked for Admin: it stays pending and cannot sign in', async () => {
    await register('takeover', 'admin');
    const id = await idOf('takeover');
    const res = await approve(id, 'administration');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You may not approve the registration of takeover: only an Admin may manage an Admin account.');
    expect(await statusOf(id)).toBe('pending');
    expect((await signin('takeover')).json().message).toBe(MSG.registrationPending);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'user').where('entity_id', '=', String(id)).execute()).toEqual([]);
  });

  it("refuses a peer's or a higher role it does not hold, and lets the admin approve it", async () => {
    for (const [username, role, label] of [
      ['wantsaccounts', 'accountants officer', 'Accountants Officer'],
      ['wantsprincipal', 'principal', 'Principal'],
    ]) {
      await register(username, role);
      const id = await idOf(username);
      const res = await approve(id, 'administration');
      expect(res.statusCode, username).toBe(403);
      expect(res.json().message).toBe(
        `You may not approve the registration of ${username}: the ${label} role is above yours or equal to it, and you don't hold it.`,
      );
      expect(await statusOf(id)).toBe('pending');
      expect((await approve(id, 'admin')).statusCode).toBe(200);
      expect(await statusOf(id)).toBe('active');
    }
  });

  it('lets the administration office approve roles below its own, and reject any', async () => {
    await register('newlecturer', 'faculty');
    const id = await idOf('newlecturer');
    expect((await approve(id, 'administration')).json().message).toBe(MSG.recordAuthorized);
    expect((await signin('newlecturer')).json()).toMatchObject({ roles: ['ROLE_FACULTY'] });
    await register('rejectedadmin', 'admin');
    const rejected = await t.as('administration', { method: 'POST', url: `/api/registrations/${await idOf('rejectedadmin')}/reject` });
    expect(rejected.json().message).toBe(MSG.recordRejected);
  });

  it('audits each decision: who decided, which account, its roles and the new status', async () => {
    await register('auditapproved', 'hod');
    await register('auditrejected', 'dean');
    const approved = await idOf('auditapproved');
    const rejected = await idOf('auditrejected');
    await approve(approved, 'administration');
    await t.as('admin', { method: 'POST', url: `/api/registrations/${rejected}/reject` });
    const rowsOf = async (id: number) =>
      (await t.as('admin', { method: 'GET', url: '/api/audit', query: { entity: 'user', entityId: String(id) } })).json().items;
    expect(await rowsOf(approved)).toEqual([
      expect.objectContaining({
        username: 'administration',
        action: 'registration.approve',
        entityId: String(approved),
        before: { status: 'pending' },
        after: { status: 'active', username: 'auditapproved', roles: ['ROLE_HOD'] },
      }),
    ]);
    expect(await rowsOf(rejected)).toEqual([
      expect.objectContaining({
        username: 'admin',
        action: 'registration.reject',
        after: { status: 'rejected', username: 'auditrejected', roles: ['ROLE_DEAN'] },
      }),
    ]);
  });
});

describe('look-alike usernames at sign-up', () => {
  const count = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it("folds fullwidth letters to plain ones: 'ａｄｍｉｎ' is the taken 'admin'", async () => {
    const before = await count();
    const res = await register('ａｄｍｉｎ', 'admin', 'localhost', { email: 'fullwidth@example.org' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('User Name already exists');
    expect(await count()).toBe(before);
  });

  it("refuses the dotless 'ı' and the Cyrillic 'а' with a message, saving nothing", async () => {
    const before = await count();
    for (const [username, email] of [
      ['admın', 'dotless@example.org'],
      ['\u0430dmin', 'cyrillic@example.org'],
      ['prin cipal', 'spaced@example.org'],
    ]) {
      const res = await register(username, 'hod', 'localhost', { email });
      expect(res.statusCode, username).toBe(400);
      expect(res.json().message).toBe(USERNAME_MSG.unsafe);
    }
    expect(await count()).toBe(before);
  });

  it('keeps the legacy message for the legacy rules, and accepts roll numbers and email-like names', async () => {
    expect((await register('ab', 'hod')).json().message).toBe(MSG.userNameMin);
    expect((await register('ab~cd', 'hod')).json().message).toBe(MSG.userNameMin);
    expect((await register('f.rao-2@svec.edu.in', 'faculty', 'localhost', { email: 'frao2@example.org' })).statusCode).toBe(200);
  });

  it('signs in with the normalised form of the username', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin',
      payload: { username: 'ａｄｍｉｎ', password: DEMO_PASSWORD, module: 'erp' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('admin');
  });
});
