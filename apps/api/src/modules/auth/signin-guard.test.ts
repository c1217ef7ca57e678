import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { buildApp } from '../../app.js';
import { createDb, type Database } from '../../db/index.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.js';
import { accountDelayMs, signInFailureKey } from './signin-guard.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_RATE_LIMIT: '3', SIGNIN_IP_LIMIT: '8' } });
});
afterAll(async () => t.close());

const signin = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/auth-service/auth/signin', remoteAddress, headers, payload: { username, password } });

/** Moves one address's last failure at an account back in time, as if the wait had passed. */
const age = async (db: Database, username: string, ip: string, ms: number) => {
  const college = await db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow();
  const key = signInFailureKey(college.id, username, ip);
  const row = await db.selectFrom('rate_counters').select('last_at').where('key', '=', key).executeTakeFirstOrThrow();
  await db
    .updateTable('rate_counters')
    .set({ last_at: Number(row.last_at) - ms })
    .where('key', '=', key)
    .execute();
};

/** A second server on the same database, as another replica. */
async function replicaOf(of: TestApp) {
  const db = await createDb(of.config.database);
  const app = await buildApp({ config: of.config, db, logger: false });
  await app.ready();
  return { app, close: async () => (await app.close(), await db.destroy()) };
}

describe('the delay', () => {
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

  it('keeps no one out of an account with one guess from each of many addresses', async () => {
    // The attack: a wrong guess at dean from a new address each time, as often as allowed.
    for (let i = 0; i < 8; i++) expect((await signin('dean', 'guess', `192.0.2.${i}`)).statusCode).toBe(401);
    // The real dean, from an address that has not been guessing, gets in at once.
    expect((await signin('dean', DEMO_PASSWORD, '192.0.2.50')).statusCode).toBe(200);
    expect((await signin('dean', 'guess', '192.0.2.9')).statusCode).toBe(401);
    expect((await signin('dean', DEMO_PASSWORD, '192.0.2.51')).statusCode).toBe(200);
  });

  it('counts across two servers on one database', async () => {
    const other = await replicaOf(t);
    try {
      const codes = [];
      for (const app of [t.app, other.app, t.app, other.app])
        codes.push((await signin('iqac', 'guess', '198.51.100.9', {}, app)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await other.close();
    }
  });
});

describe('the delay of an address guessing at an account', () => {
  // Per-minute limits out of the way: only the delay answers here.
  let g: TestApp;
  beforeAll(async () => {
    g = await createTestApp({ env: { SIGNIN_RATE_LIMIT: '1000', SIGNIN_IP_LIMIT: '1000' } });
  });
  afterAll(async () => g.close());
  const at = (username: string, password: string, ip: string, app = g.app) => signin(username, password, ip, {}, app);

  it('grows for the guessing address while the right password from elsewhere gets in', async () => {
    const guesser = '203.0.113.7';
    for (let i = 0; i < 5; i++) expect((await at('dean', 'guess', guesser)).statusCode).toBe(401);
    const waiting = await at('dean', DEMO_PASSWORD, guesser);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().message).toBe(MSG.accountSignInDelay(1));
    expect(Number(waiting.headers['retry-after'])).toBe(1);

    // dean from the office is not held up, and does not free the guesser.
    expect((await at('dean', DEMO_PASSWORD, '198.51.100.77')).statusCode).toBe(200);
    expect((await at('dean', 'guess', guesser)).statusCode).toBe(429);

    // After the wait, one more wrong guess doubles it: 2 s after the sixth failure.
    await age(g.db, 'dean', guesser, 1100);
    expect((await at('dean', 'guess', guesser)).statusCode).toBe(401);
    expect((await at('dean', 'guess', guesser)).json().message).toBe(MSG.accountSignInDelay(2));

    // The right password after the wait gets in and forgets that address's failures.
    await age(g.db, 'dean', guesser, 2100);
    expect((await at('dean', DEMO_PASSWORD, guesser)).statusCode).toBe(200);
    expect((await at('dean', 'guess', guesser)).statusCode).toBe(401);
    expect((await at('dean', DEMO_PASSWORD, guesser)).statusCode).toBe(200);
  });

  it('lets one of many simultaneous guesses from the address through once the delay has passed', async () => {
    const guesser = '203.0.113.8';
    for (let i = 0; i < 5; i++) expect((await at('chairman', 'guess', guesser)).statusCode).toBe(401);
    await age(g.db, 'chairman', guesser, 1100);
    const all = await Promise.all(Array.from({ length: 10 }, () => at('chairman', 'guess', guesser)));
    expect(all.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('is the same on every replica of the database', async () => {
    const other = await replicaOf(g);
    try {
      const guesser = '203.0.113.9';
      for (let i = 0; i < 5; i++) expect((await at('iqac', 'guess', guesser, i % 2 ? other.app : g.app)).statusCode).toBe(401);
      const res = await at('iqac', DEMO_PASSWORD, guesser, other.app);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(MSG.accountSignInDelay(1));
      expect((await at('iqac', DEMO_PASSWORD, '198.51.100.78', other.app)).statusCode).toBe(200);
    } finally {
      await other.close();
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
