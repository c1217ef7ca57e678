import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLES, encryptText } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { collegeId, newExamTitle, newStudent, newUser } from '../../../test/builders.js';
import { ACCOUNTANT, OFFICER, collect, studentsWithDemand } from '../../../test/modules/accounts.js';

let t: TestApp;
let college: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t.db);
});
afterAll(async () => t.close());

describe('shell lookups', () => {
  it('getLogoDataForHeaders returns the logo and banner as base64 PNG', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/getLogoDataForHeaders' })).json();
    for (const key of ['Logo', 'Banner']) {
      expect(Buffer.from(body[key], 'base64').subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('getLogoDataForHeaders is cached for an hour and revalidated by ETag with a 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/v1/getLogoDataForHeaders' });
    expect(first.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/getLogoDataForHeaders', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await t.app.inject({ method: 'GET', url: '/api/v1/getLogoDataForHeaders', headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('getContactData returns every contact field with the phone numbers and the designation table, in order', async () => {
    // The college's phones and contacts are the test's own.
    await t.db.deleteFrom('college_phones').where('college_id', '=', college).execute();
    await t.db.deleteFrom('college_contacts').where('college_id', '=', college).execute();
    await t.db.insertInto('college_phones').values([
      { college_id: college, number: '+91 877 2000002', sort_order: 2 },
      { college_id: college, number: '+91 877 2000001', sort_order: 1 },
    ]).execute();
    await t.db.insertInto('college_contacts').values([
      { college_id: college, designation: 'Dean', name: 'Test Dean', mail_id: 'dean@example.org', sort_order: 2 },
      { college_id: college, designation: 'Principal', name: 'Test Principal', mail_id: 'principal@example.org', sort_order: 1 },
    ]).execute();
    const row = await t.db.selectFrom('colleges').selectAll().where('id', '=', college).executeTakeFirstOrThrow();
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/getContactData' })).json();
    expect(list.at(-1)).toEqual({
      collegeName: row.name,
      postalAddress: row.address,
      officialCommunication: row.official_communication,
      campus: row.campus,
      phoneNumber: [{ number: '+91 877 2000001' }, { number: '+91 877 2000002' }],
      faxNumber: row.fax_number,
      candidateDetails: [
        { designation: 'Principal', name: 'Test Principal', mailId: 'principal@example.org' },
        { designation: 'Dean', name: 'Test Dean', mailId: 'dean@example.org' },
      ],
      aboutUs: row.about_us,
    });
  });

  it('getCollegeName answers the code as text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' });
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('SVEC');
  });

  it('health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' });
  });
});

describe('getDecryptedValue', () => {
  const call = async (query: string, roles: string[] = [ROLES.ADMIN]) =>
    t.as((await newUser(t.db, college, { roles })).username, { method: 'GET', url: `/api/v1/getDecryptedValue?${query}` });

  it('encrypts and decrypts with the shared cipher, as text', async () => {
    const enc = await call('type=encrypt&content=Hello%20World');
    expect(enc.statusCode).toBe(200);
    expect(enc.body).toBe(encryptText('Hello World', t.config.CIPHER_KEY));
    const dec = await call(`type=decrypt&content=${encodeURIComponent(enc.body)}`);
    expect(dec.body).toBe('Hello World');
  });

  it("answers the spec's messages for empty input and a bad value, as text 400s", async () => {
    expect((await call('type=decrypt&content=')).body).toBe(MSG.enterEncryptedValue);
    expect((await call('type=encrypt&content=%20')).body).toBe(MSG.enterPlainText);
    const bad = await call('type=decrypt&content=not-base64!!');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe(MSG.decryptError);
    expect((await call('type=rot13&content=x')).statusCode).toBe(400);
  });

  it('answers odd input (bad Base64, wrong lengths, a repeated or huge value) with a text 400, never a 500', async () => {
    const block = (n: number) => encodeURIComponent(Buffer.alloc(n, 7).toString('base64'));
    const cases: Array<[string, string]> = [
      ['type=decrypt&content=AAAA', MSG.decryptError], // 3 bytes: not whole blocks
      [`type=decrypt&content=${block(17)}`, MSG.decryptError],
      [`type=decrypt&content=${block(32)}`, MSG.decryptError], // whole blocks, but not this key's padding
      ['type=decrypt&content=%25%25', MSG.decryptError], // not Base64
      // A repeated parameter arrives as a list; the query schema refused it, and its JSON answer failed the text schema.
      ['type=decrypt&content=a&content=b', 'Send one value to decrypt or encrypt'],
      ['type=decrypt&type=encrypt&content=x', 'type must be decrypt or encrypt'],
      [`type=encrypt&content=${'x'.repeat(4001)}`, 'The value is too long: at most 4,000 characters'],
      [`type=decrypt&content=${'A'.repeat(100_000)}`, 'The value is too long: at most 4,000 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await call(query);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe(message);
    }
  });

  it('is for admin roles only', async () => {
    expect((await call('type=encrypt&content=x', [ROLES.FACULTY])).statusCode).toBe(403);
    expect((await call('type=encrypt&content=x', [ROLES.ADMIN])).statusCode).toBe(200);
  });
});

describe('cross-origin access', () => {
  it('is off by default and answers allowed origins when CORS_ORIGINS lists them', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName', headers: { origin: 'http://qa.example.org' } });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    const { createTestApp: create } = await import('../../../test/helpers.js');
    const cors = await create({ env: { CORS_ORIGINS: 'http://qa.example.org' } });
    try {
      const pre = await cors.app.inject({
        method: 'OPTIONS',
        url: '/api/auth-service/auth/signin',
        headers: { origin: 'http://qa.example.org', 'access-control-request-method': 'POST' },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-headers']).toContain('authorization');
      const get = await cors.app.inject({ method: 'GET', url: '/api/v1/getCollegeName', headers: { origin: 'http://qa.example.org' } });
      expect(get.headers['access-control-allow-origin']).toBe('http://qa.example.org');
      const other = await cors.app.inject({ method: 'GET', url: '/api/v1/getCollegeName', headers: { origin: 'http://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });
});

describe('dashboard summary', () => {
  const summary = async (username: string) => {
    const res = await t.as(username, { method: 'GET', url: '/api/dashboard/summary' });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, number>;
  };
  const login = async (role: string) => (await newUser(t.db, college, { roles: [role] })).username;

  it('answers each role only its own figures: students never see the collections', async () => {
    const student = (await newStudent(t.db, college, { login: true })).username!;
    const opac = await login(ROLES.OPAC_LIBRARY);
    const before = (await summary(student)).examTitles;
    await newExamTitle(t.db, college);
    await newExamTitle(t.db, college, { published: 0 });
    // Only the published title counts.
    expect(await summary(student)).toEqual({ examTitles: before + 1 });
    expect(await summary(opac)).toEqual({ examTitles: before + 1 });
    for (const role of [ROLES.FACULTY, ROLES.LIBRARY_INCHARGE])
      expect(Object.keys(await summary(await login(role))).sort(), role).toEqual(['admissions', 'departments', 'examTitles', 'faculty', 'students']);
    for (const role of [ROLES.ACCOUNTANT, ROLES.FEEPAYMENTS, ROLES.PRINCIPAL, ROLES.CHAIRMAN, ROLES.ADMIN]) {
      expect(Object.keys(await summary(await login(role))).sort(), role).toEqual([
        'admissions',
        'departments',
        'examTitles',
        'faculty',
        'payments',
        'paymentsTotal',
        'students',
      ]);
    }
  });

  it('shows this year’s collection as the ledger has it: counter receipts in, a cancelled receipt out', async () => {
    const accountant = await login(ROLES.ACCOUNTANT);
    const { rolls } = await studentsWithDemand(t);
    const before = await summary(accountant);
    const first = await collect(t, { rollNo: rolls[0], mode: 'cash', amount: 1_234_500 });
    const second = await collect(t, { rollNo: rolls[0], mode: 'upi', reference: 'UPI-SUM-1', amount: 700_000 });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const cancel = await t.as(OFFICER, { method: 'POST', url: `/api/accounts/receipts/${second.json().id}/cancel`, payload: { reason: 'Entered twice' } });
    expect(cancel.statusCode).toBe(200);
    const after = await summary(accountant);
    // 12,345 + 7,000 received, the 7,000 reversed: one receipt of ₹12,345 stands.
    expect(after.payments - before.payments).toBe(1);
    expect(after.paymentsTotal - before.paymentsTotal).toBe(1_234_500);
    const office = await t.as(ACCOUNTANT, { method: 'GET', url: '/api/accounts/summary' });
    expect(office.json().todayPaise).toBeGreaterThanOrEqual(1_234_500);
    const student = await newStudent(t.db, college, { login: true });
    expect(await summary(student.username!)).not.toHaveProperty('paymentsTotal');
  });

  it('counts the students on the rolls, not a graduated batch or one not yet begun', async () => {
    const principal = await login(ROLES.PRINCIPAL);
    const before = (await summary(principal)).students;
    await newStudent(t.db, college, { batch: '2024-2028' });
    await newStudent(t.db, college, { batch: '2018-2022' });
    await newStudent(t.db, college, { batch: '2031-2035' });
    expect((await summary(principal)).students - before).toBe(1);
  });
});
