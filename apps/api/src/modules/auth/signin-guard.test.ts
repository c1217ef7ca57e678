import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { buildApp } from '../../app.js';
import { createDb } from '../../db/index.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.js';
import { accountDelayMs } from './signin-guard.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_RATE_LIMIT: '3', SIGNIN_IP_LIMIT: '8' } });
});
afterAll(async () => t.close());

const signin = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth-service/auth/signin', remoteAddress, headers, payload: { username, password } });

/** Moves an account's last failure back in time, as if the wait had passed. */
const age = async (username: string, ms: number) => {
  const key = `signin-fail:${(await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id}:${username}`;
  const row = await t.db.selectFrom('rate_counters').select('last_at').where('key', '=', key).executeTakeFirstOrThrow();
  await t.db
    .updateTable('rate_counters')
    .set({ last_at: Number(row.last_at) - ms })
    .where('key', '=', key)
    .execute();
};

describe('the account delay', () => {
  it('is nothing for 4 failures, then 1 s doubling to at most a minute', () => {
    expect([0, 4, 5, 6, 7, 10, 11, 30].map(accountDelayMs)).toEqual([0, 0, 1000, 2000, 4000, 32_000, 60_000, 60_000]);
  });
});

describe('sign-in guessing', () => {
  it('limits one address and one username, whatever X-Forwarded-For says, and leaves the user free elsewhere', async () => {
    for (let i = 0; i < 3; i++)
      expect((await signin('hod', 'guess', '198.51.100.1', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(401);
    const blocked = await signin('hod', DEMO_PASSWORD, '198.51.100.1', { 'x-forwarded-for': '203.0.113.99' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.tooManySignIns);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The real user, from their own address, is not locked out.
    expect((await signin('hod', DEMO_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('limits one address across usernames', async () => {
    const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8'];
    for (const u of users) expect((await signin(u, 'guess', '198.51.100.3')).statusCode).toBe(401);
    const ninth = await signin('faculty', DEMO_PASSWORD, '198.51.100.3');
    expect(ninth.statusCode).toBe(429);
    expect(ninth.json().message).toBe(MSG.tooManySignIns);
  });

  it('slows guesses at one account from many addresses with a growing delay, not a lockout', async () => {
    for (let i = 0; i < 5; i++) expect((await signin('dean', 'guess', `192.0.2.${i}`)).statusCode).toBe(401);
    const soon = await signin('dean', DEMO_PASSWORD, '192.0.2.50');
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(MSG.accountSignInDelay(1));
    await age('dean', 1100);
    // After the wait, the right password works and forgets the failures.
    expect((await signin('dean', DEMO_PASSWORD, '192.0.2.51')).statusCode).toBe(200);
    expect((await signin('dean', 'guess', '192.0.2.52')).statusCode).toBe(401);
    expect((await signin('dean', DEMO_PASSWORD, '192.0.2.53')).statusCode).toBe(200);
  });

  it('lets one of many simultaneous guesses through once the delay has passed', async () => {
    for (let i = 0; i < 5; i++) expect((await signin('chairman', 'guess', `192.0.2.${100 + i}`)).statusCode).toBe(401);
    await age('chairman', 1100);
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => signin('chairman', 'guess', `192.0.2.${120 + i}`)));
    expect(all.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('counts across two servers on one database', async () => {
    const db2 = await createDb(t.config.database);
    const app2 = await buildApp({ config: t.config, db: db2, logger: false });
    await app2.ready();
    try {
      const codes = [];
      for (const app of [t.app, app2, t.app, app2])
        codes.push((await signin('iqac', 'guess', '198.51.100.9', {}, app)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await app2.close();
      await db2.destroy();
    }
  });
});

describe('public forms', () => {
  it('self-registration: ten an hour from one address', async () => {
    const codes = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth-service/auth/signup',
            remoteAddress: '198.51.100.20',
            payload: {},
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signup',
      remoteAddress: '198.51.100.20',
      payload: {},
    });
    expect(res.json().message).toBe(MSG.tooManyRequests);
  });
});
