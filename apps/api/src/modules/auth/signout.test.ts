import jwt from 'jsonwebtoken';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@erp/shared';
import { buildApp } from '../../app.js';
import { createDb } from '../../db/index.js';
import { TOKEN_STATE_TTL_MS } from '../../lib/token-versions.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

type App = TestApp['app'];

/** A fresh session of a demo user: its bearer token and its cookie jar. */
async function signIn(username: string, app: App = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth-service/auth/signin?module=admin',
    payload: { username, password: DEMO_PASSWORD, module: 'erp' },
  });
  expect(res.statusCode).toBe(200);
  const set = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
  const value = (name: string) =>
    decodeURIComponent(
      set
        .find((c) => c.startsWith(`${name}=`))!
        .split(';')[0]
        .slice(name.length + 1),
    );
  const csrf = value('erp_csrf');
  return { token: res.json().token as string, cookie: `erp_session=${value('erp_session')}; erp_csrf=${csrf}`, csrf };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const read = (headers: Record<string, string>, app: App = t.app) =>
  app.inject({ method: 'GET', url: '/api/dashboard/summary', headers });
const signOut = (headers: Record<string, string>, app: App = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth/signout', headers });

async function expectEnded(headers: Record<string, string>, app: App = t.app) {
  const res = await read(headers, app);
  expect(res.statusCode).toBe(401);
  expect(res.json().message).toBe(MSG.sessionExpired);
}

/** A second server on the same database, with its own connections and memory, as another replica. */
async function anotherReplica() {
  const db = await createDb(t.config.database);
  const app = await buildApp({ config: t.config, db, logger: false });
  await app.ready();
  return { app, close: async () => (await app.close(), await db.destroy()) };
}

/** Moves this process's clock on, as if the replica's memory of the user had grown old. */
function later(ms: number) {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + ms);
}

describe('sign-out', () => {
  it('ends the bearer token it was sent with, and only that session of the user', async () => {
    const phone = await signIn('hod');
    const laptop = await signIn('hod');
    expect((await read(bearer(phone.token))).statusCode).toBe(200);

    const out = await signOut(bearer(phone.token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: MSG.signedOut });

    await expectEnded(bearer(phone.token));
    // A write with it is refused as well, before its body is read.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: bearer(phone.token),
      payload: { username: 'hod', oldpassword: DEMO_PASSWORD, newPassword: 'Another@12345' },
    });
    expect(write.statusCode).toBe(401);
    expect((await read(bearer(laptop.token))).statusCode).toBe(200);
  });

  it('ends the cookie session the web app signs out with (no CSRF header), for cookie and bearer use alike', async () => {
    const s = await signIn('faculty');
    expect((await read({ cookie: s.cookie })).statusCode).toBe(200);

    const out = await signOut({ cookie: s.cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('erp_session=; Path=/; Max-Age=0');

    // The cookie kept by hand (or stolen before the sign-out) opens nothing, and nor does its token.
    await expectEnded({ cookie: s.cookie });
    await expectEnded(bearer(s.token));
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/resetUserPasswords',
      headers: { cookie: s.cookie, 'x-csrf-token': s.csrf },
      payload: { username: 'faculty', oldpassword: DEMO_PASSWORD, newPassword: 'Another@12345' },
    });
    expect(write.statusCode).toBe(401);
    // Signing out again with it is harmless.
    expect((await signOut({ cookie: s.cookie })).statusCode).toBe(200);
  });

  it('ends the session on another replica of the same database, bearer and cookie', async () => {
    const other = await anotherReplica();
    try {
      const byBearer = await signIn('dean');
      const byCookie = await signIn('dean');
      // This server has the user's sessions fresh in memory...
      expect((await read(bearer(byBearer.token))).statusCode).toBe(200);
      expect((await read({ cookie: byCookie.cookie })).statusCode).toBe(200);

      // ...when both sign out through the other one.
      expect((await signOut(bearer(byBearer.token), other.app)).statusCode).toBe(200);
      expect((await signOut({ cookie: byCookie.cookie }, other.app)).statusCode).toBe(200);
      await expectEnded(bearer(byBearer.token), other.app);

      later(TOKEN_STATE_TTL_MS);
      await expectEnded(bearer(byBearer.token));
      await expectEnded({ cookie: byCookie.cookie });
      await expectEnded({ cookie: byCookie.cookie }, other.app);
    } finally {
      await other.close();
    }
  });

  it('costs no query while the memory of the user is fresh: a revocation written elsewhere is read when it is due', async () => {
    const s = await signIn('transport');
    const frozen = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(frozen);
    expect((await read(bearer(s.token))).statusCode).toBe(200);

    // Another process records the sign-out; this one has not read the database since.
    const { jti, exp } = jwt.decode(s.token) as { jti: string; exp: number };
    const userId = Number((jwt.decode(s.token) as { sub: string }).sub);
    await t.db
      .insertInto('revoked_tokens')
      .values({ jti, user_id: userId, expires_at: exp * 1000 })
      .execute();
    expect((await read(bearer(s.token))).statusCode).toBe(200);

    vi.spyOn(Date, 'now').mockReturnValue(frozen + TOKEN_STATE_TTL_MS);
    await expectEnded(bearer(s.token));
  });

  it('keeps a signed-out token on record until it lapses, then prunes it', async () => {
    const s = await signIn('iqac');
    const { jti, exp, sub } = jwt.decode(s.token) as { jti: string; exp: number; sub: string };
    await t.db
      .insertInto('revoked_tokens')
      .values({ jti: 'lapsed-an-hour-ago', user_id: Number(sub), expires_at: Date.now() - 3_600_000 })
      .execute();

    await signOut(bearer(s.token));
    const rows = await t.db
      .selectFrom('revoked_tokens')
      .select(['jti', 'expires_at'])
      .where('user_id', '=', Number(sub))
      .execute();
    expect(rows.map((r) => ({ jti: r.jti, expires_at: Number(r.expires_at) }))).toEqual([{ jti, expires_at: exp * 1000 }]);
  });

  it('ends a token signed before tokens had ids by ending all of the user’s sessions', async () => {
    const current = await signIn('chairman');
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'token_version', 'college_id'])
      .where('username', '=', 'chairman')
      .executeTakeFirstOrThrow();
    const old = jwt.sign(
      {
        sub: String(user.id),
        username: 'chairman',
        roles: ['ROLE_CHAIRMAN'],
        collegeId: user.college_id,
        tokenVersion: Number(user.token_version),
      },
      t.config.JWT_SECRET,
      { algorithm: 'HS256', expiresIn: 3600 },
    );
    expect((await read(bearer(old))).statusCode).toBe(200);
    await signOut(bearer(old));
    await expectEnded(bearer(old));
    await expectEnded(bearer(current.token));
  });

  it('answers a sign-out without a session, or with a forged token, and changes nothing', async () => {
    expect((await signOut({})).json()).toEqual({ message: MSG.signedOut });
    const forged = jwt.sign(
      { sub: '1', username: 'admin', roles: ['ROLE_ADMIN'], collegeId: 1, jti: 'x' },
      'not-the-secret-of-this-server',
    );
    expect((await signOut(bearer(forged))).statusCode).toBe(200);
    expect(await t.db.selectFrom('revoked_tokens').select('jti').where('jti', '=', 'x').execute()).toEqual([]);
  });
});
