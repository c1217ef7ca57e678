import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLES, encryptText, DEFAULT_CIPHER_KEY } from '@erp/shared';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.js';
import { collegeId, newDepartment, newStudent, newUser } from '../../../test/builders.js';

let t: TestApp;
let college: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t.db);
});
afterAll(async () => t.close());

const signin = (payload: unknown, host = 'localhost') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth-service/auth/signin?module=admin',
    headers: { host },
    payload: payload as object,
  });

describe('auth/signin', () => {
  it('signs in every demo user with its role and a token', async () => {
    const { DEMO_USERS } = await import('../../db/seed/data.js');
    const student = await newStudent(t.db, college, { login: true });
    for (const u of [...DEMO_USERS, { username: student.username!, roles: ['ROLE_STUDENT'] }]) {
      const res = await signin({ username: u.username, password: DEMO_PASSWORD, module: 'erp' });
      expect({ user: u.username, status: res.statusCode, roles: res.json().roles }).toEqual({
        user: u.username,
        status: 200,
        roles: u.roles,
      });
      expect(res.json().token).toMatch(/^ey/);
    }
  });

  it('returns the user, roles and a token for a demo user', async () => {
    const res = await signin({
      username: 'hod',
      password: DEMO_PASSWORD,
      module: 'erp',
      domain: 'http://localhost:8080/login/HOD',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ username: 'hod', roles: ['ROLE_HOD'], program: 'CSE', instituteType: 'engineering' });
    expect(body.token).toMatch(/^ey/);
    expect(typeof body.collegeId).toBe('number');
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const wrong = await signin({ username: 'admin', password: 'nope', module: 'erp' });
    const unknown = await signin({ username: 'nobody', password: 'nope', module: 'erp' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.wrongCredentials);
    expect(unknown.json().message).toBe(MSG.wrongCredentials);
  });

  it('rejects malformed JSON, missing and wrong-typed fields with 400', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
    const missing = await signin({ password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('username');
    const wrongType = await signin({ username: 42, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    const tooLong = await signin({ username: 'a'.repeat(500), password: 'x' });
    expect(tooLong.statusCode).toBe(400);
  });

  it('rate-limits guessing per IP and username with 429', async () => {
    const limited = await createTestApp({ env: { SIGNIN_RATE_LIMIT: '3' } });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth-service/auth/signin',
          payload: { username: 'admin', password: 'guess' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(MSG.tooManySignIns);
      // Another username from the same IP is not blocked.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth-service/auth/signin',
        payload: { username: 'principal', password: DEMO_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('tokens', () => {
  it('refuses a wrong token with 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.signInRequired);
  });

  it('refuses an expired token with 401', async () => {
    const jwt = (await import('jsonwebtoken')).default;
    const expired = jwt.sign(
      { sub: '1', username: 'admin', roles: ['ROLE_ADMIN'], collegeId: 1, exp: Math.floor(Date.now() / 1000) - 60 },
      t.config.JWT_SECRET,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.sessionExpired);
  });
});

describe('auth/signup', () => {
  let seq = 0;
  /** A username and email no other test uses. */
  const fresh = () => {
    const username = `newprof${Date.now().toString(36)}${(seq++).toString(36)}`;
    return { username, email: `${username}@example.org` };
  };
  const payload = (over: Record<string, unknown> = {}) => ({
    username: 'newprof',
    email: 'newprof@example.org',
    password: encryptText('Secret@123', DEFAULT_CIPHER_KEY),
    role: ['faculty'],
    instituteType: 'engineering',
    eamcetCode: 'SVEC',
    collegeName: 'Sri Venkateswara Engineering College',
    affiliatedTo: '',
    fullName: 'New Professor',
    department: 'CSE',
    signInType: '',
    module: 'erp,naac',
    ...over,
  });
  const signup = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth-service/auth/signup', payload: body as object });

  it('registers a pending user whose password is stored as an argon2id hash', async () => {
    const me = fresh();
    const res = await signup(payload(me));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.registrationSuccess);
    const row = await t.db.selectFrom('users').selectAll().where('username', '=', me.username).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.status).toBe('pending');
    expect(row.email).toBe(me.email);
    const signIn = await signin({ username: me.username, password: 'Secret@123' });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe(MSG.registrationPending);
  });

  it('answers 409 for a duplicate username or email', async () => {
    const first = fresh();
    expect((await signup(payload(first))).statusCode).toBe(200);
    const dupUser = await signup(payload({ username: first.username, email: fresh().email }));
    expect(dupUser.statusCode).toBe(409);
    expect(dupUser.json().message).toBe('User Name already exists');
    const existing = await newUser(t.db, college, { roles: [ROLES.ADMIN] });
    const dupEmail = await signup(payload({ ...fresh(), email: existing.email.toUpperCase() }));
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe('Email Id already exists');
  });

  it('answers 400 with the spec messages and saves nothing', async () => {
    // Counted over the whole table: nothing of any college is added.
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const short = await signup(payload({ username: 'ab' }));
    expect(short.json().message).toBe(MSG.userNameMin);
    const email = await signup(payload({ username: 'validname', email: 'not-an-email' }));
    expect(email.json().message).toBe(MSG.validEmailId);
    const pass = await signup(payload({ username: 'validname', password: 'abc' }));
    expect(pass.json().message).toBe(MSG.passwordMin6);
    const notCipher = await signup(payload({ username: 'validname', email: 'v@example.org', password: 'plain-text-password' }));
    expect(notCipher.statusCode).toBe(400);
    const dept = await signup(payload({ username: 'validname', email: 'v@example.org', department: '' }));
    expect(dept.json().message).toBe('Please select Department');
    for (const r of [short, email, pass]) expect(r.statusCode).toBe(400);
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('auth/resetUserPasswords', () => {
  /** A librarian login of this test's own, so a changed password touches no other test. */
  const librarian = async () => (await newUser(t.db, college, { roles: [ROLES.LIBRARY_INCHARGE] })).username;
  const reset = (as: string, body: unknown) =>
    t.as(as, { method: 'POST', url: '/api/auth-service/auth/resetUserPasswords', payload: body as object });

  it('needs a signed-in user', async () => {
    const me = await librarian();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      payload: { username: me, oldpassword: DEMO_PASSWORD, newPassword: 'Better@1234' },
    });
    expect(res.statusCode).toBe(401);
    expect((await signin({ username: me, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('answers status 0 with the spec messages for rule failures', async () => {
    const me = await librarian();
    const other = await librarian();
    const weak = await reset(me, { username: me, oldpassword: DEMO_PASSWORD, newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ status: 0, message: MSG.fillAsPerInstructions });
    const same = await reset(me, { username: me, oldpassword: 'Demo@1234', newPassword: 'Demo@1234' });
    expect(same.json()).toMatchObject({ status: 0, message: MSG.newSameAsOld });
    const wrongOld = await reset(me, { username: me, oldpassword: 'Wrong@1234', newPassword: 'Better@1234' });
    expect(wrongOld.json()).toMatchObject({ status: 0 });
    const otherUser = await reset(me, { username: other, oldpassword: DEMO_PASSWORD, newPassword: 'Better@1234' });
    expect(otherUser.statusCode).toBe(403);
    // None of them changed a password.
    for (const u of [me, other]) expect((await signin({ username: u, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('changes the password: status 1, the new one signs in and the old one no longer does', async () => {
    const me = await librarian();
    const other = (await signin({ username: me, password: DEMO_PASSWORD })).json().token as string;
    const summary = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: { authorization: `Bearer ${token}` } });
    expect((await summary(other)).statusCode).toBe(200);

    const ok = await reset(me, { username: me, oldpassword: DEMO_PASSWORD, newPassword: 'Better@1234' });
    expect(ok.json()).toEqual({ status: 1, message: MSG.passwordUpdated });
    const fresh = await signin({ username: me, password: 'Better@1234' });
    expect(fresh.statusCode).toBe(200);
    expect((await signin({ username: me, password: DEMO_PASSWORD })).statusCode).toBe(401);

    // Sessions signed in before the change end, on any device; the new one works.
    const ended = await summary(other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(MSG.sessionExpired);
    expect((await summary(fresh.json().token)).statusCode).toBe(200);
  });
});

describe('one-time passwords', () => {
  it('allows only the password change until the user has changed it', async () => {
    const { username } = await newUser(t.db, college, { roles: [ROLES.TRANSPORTATION_INCHARGE], must_change_password: 1 });
    const first = await signin({ username, password: DEMO_PASSWORD });
    expect(first.json().mustChangePassword).toBe(true);
    const auth = { authorization: `Bearer ${first.json().token}` };
    const blocked = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: auth });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MSG.changePasswordFirst);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: auth,
      payload: { username, oldpassword: DEMO_PASSWORD, newPassword: 'Fresh@2026' },
    });
    expect(changed.json().status).toBe(1);
    const again = await signin({ username, password: 'Fresh@2026' });
    expect(again.json().mustChangePassword).toBe(false);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      headers: { authorization: `Bearer ${again.json().token}` },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('v1/getProgram', () => {
  it("lists the college's active department names in order", async () => {
    const getProgram = async (host = 'localhost') =>
      (await t.app.inject({ method: 'GET', url: '/api/auth-service/v1/getProgram', headers: { host } })).json() as string[];
    const before = await getProgram();
    const first = await newDepartment(t.db, college, { name: '0TESTDEPT' });
    const last = await newDepartment(t.db, college, { name: 'ZZTESTDEPT' });
    await newDepartment(t.db, college, { name: 'MTESTRETIRED', retired: 1 });
    await newDepartment(t.db, await collegeId(t.db, 'SRK'), { name: 'MTESTSRK' });
    const after = await getProgram();
    // By name: '0…' sorts before letters and 'ZZ…' after any other upper-case name.
    expect(after).toEqual([first.name, ...before, last.name]);
    expect(after).not.toContain('MTESTRETIRED');
    expect(after).not.toContain('MTESTSRK');
    expect(await getProgram('srk.localhost')).toContain('MTESTSRK');
  });
});
