import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { collegeId, newStudent } from './builders.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.js';

/** One deployment, two colleges: nobody signs in to, or reads from, the other college. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const SRK = 'srk.localhost';
const signin = (username: string, host: string, domain?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth-service/auth/signin',
    headers: { host },
    payload: { username, password: DEMO_PASSWORD, module: 'erp', domain: domain ?? `http://${host}` },
  });

describe('college isolation', () => {
  it('chooses the college by host name, falling back to the default college', async () => {
    const main = await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName', headers: { host: 'localhost:8080' } });
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName', headers: { host: 'portal.example.org' } });
    const srk = await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName', headers: { host: `${SRK}:8080` } });
    expect([main.body, other.body, srk.body]).toEqual(['SVEC', 'SVEC', 'SRK']);
  });

  it('a user signs in only at their own college', async () => {
    expect((await signin('srkadmin', SRK)).statusCode).toBe(200);
    const srkAtMain = await signin('srkadmin', 'localhost');
    expect(srkAtMain.statusCode).toBe(401);
    expect(srkAtMain.json().message).toBe(MSG.wrongCredentials);
    expect((await signin('admin', SRK)).statusCode).toBe(401);
    // The page address (domain) names the college too: a mismatch is refused.
    expect((await signin('srkadmin', SRK, 'http://localhost:8080/login/Admin')).statusCode).toBe(200);
    expect((await signin('admin', 'localhost', `http://${SRK}:8080/login/Admin`)).statusCode).toBe(401);
  });

  it("a token from one college is refused at the other's host", async () => {
    const token = await t.token('admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      headers: { host: SRK, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.otherCollege);
  });

  it('reads only its own college data', async () => {
    const summary = async () => ({
      main: (await t.as('admin', { method: 'GET', url: '/api/dashboard/summary' })).json().students as number,
      srk: (await t.as('srkadmin', { method: 'GET', url: '/api/dashboard/summary' }, SRK)).json().students as number,
    });
    const before = await summary();
    await newStudent(t.db, await collegeId(t.db, 'SVEC'));
    for (let i = 0; i < 2; i++) await newStudent(t.db, await collegeId(t.db, 'SRK'));
    // Each college counts only the students added to it.
    expect(await summary()).toEqual({ main: before.main + 1, srk: before.srk + 2 });
    const mainLogo = await t.app.inject({ method: 'GET', url: '/api/v1/getLogoDataForHeaders' });
    const srkLogo = await t.app.inject({ method: 'GET', url: '/api/v1/getLogoDataForHeaders', headers: { host: SRK } });
    expect(mainLogo.json().Logo).not.toBe(srkLogo.json().Logo);
    const mainContact = (await t.app.inject({ method: 'GET', url: '/api/v1/getContactData' })).json();
    const srkContact = (await t.app.inject({ method: 'GET', url: '/api/v1/getContactData', headers: { host: SRK } })).json();
    expect(mainContact.at(-1).officialCommunication).toContain('svec.edu.in');
    expect(srkContact.at(-1).officialCommunication).toContain('srkit.edu.in');
  });
});
