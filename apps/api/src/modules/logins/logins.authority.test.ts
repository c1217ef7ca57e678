import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLES } from '@erp/shared';
import { collegeId, newFaculty, newUser } from '../../../test/builders.js';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../../../test/helpers.js';
import { AppError } from '../../lib/errors.js';
import { createFacultyLogins } from './logins.service.js';

/** Who may reset whose password or create whose login (ROLE_RANK), and the audit rows it leaves. */
let t: TestApp;
let college: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t.db);
});
afterAll(async () => t.close());

const reset = (username: string, as: string) => t.as(as, { method: 'POST', url: '/api/logins/reset-password', payload: { username } });
const signIn = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth-service/auth/signin?module=admin', payload: { username, password, module: 'erp' } });
const hashOf = async (username: string) =>
  (await t.db.selectFrom('users').select(['id', 'password_hash']).where('username', '=', username).executeTakeFirstOrThrow());
const auditOf = async (entityId: number, entity = 'user') =>
  (await t.as('admin', { method: 'GET', url: '/api/audit', query: { entity, entityId: String(entityId) } })).json().items as Array<{
    username: string;
    action: string;
    entityId: string;
    before: unknown;
    after: Record<string, unknown>;
  }>;

describe('reset-password: a role the caller may not manage is refused', () => {
  const adminOnly = 'You may not reset the password of admin: only an Admin may manage an Admin account.';

  it("refuses the administration office the admin's account: 403, the password and sessions unchanged, no audit row", async () => {
    const before = await hashOf('admin');
    const res = await reset('admin', 'administration');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(adminOnly);
    expect(res.json().password).toBeUndefined();
    expect((await hashOf('admin')).password_hash).toBe(before.password_hash);
    expect((await signIn('admin')).json()).toMatchObject({ username: 'admin', mustChangePassword: false });
    expect(await auditOf(before.id)).toEqual([]);
  });

  it('refuses the principal and the accounts officer the admin account too (they may not reset at all)', async () => {
    const before = await hashOf('admin');
    for (const caller of ['principal', 'accountsofficer']) {
      const res = await reset('admin', caller);
      expect(res.statusCode, caller).toBe(403);
      expect(res.json().message).toBe(MSG.noPermission);
    }
    expect((await hashOf('admin')).password_hash).toBe(before.password_hash);
  });

  it('refuses the administration office the principal, the accounts officer and a faculty member who is also exam officer', async () => {
    const examOfficer = await newUser(t.db, college, { roles: [ROLES.FACULTY, ROLES.EXAMINATION] });
    const cases = [
      ['principal', 'Principal'],
      ['accountsofficer', 'Accountants Officer'],
      [examOfficer.username, 'Examination'],
    ];
    for (const [username, label] of cases) {
      const before = await hashOf(username);
      const res = await reset(username, 'administration');
      expect(res.statusCode, username).toBe(403);
      expect(res.json().message).toBe(
        `You may not reset the password of ${username}: the ${label} role is above yours or equal to it, and you don't hold it.`,
      );
      expect((await hashOf(username)).password_hash).toBe(before.password_hash);
    }
    expect((await signIn('principal')).statusCode).toBe(200);
  });

  it('lets the office reset a faculty member, an HOD and another administration account; the admin resets the principal', async () => {
    const faculty = await newUser(t.db, college, { roles: [ROLES.FACULTY] });
    const hod = await newUser(t.db, college, { roles: [ROLES.HOD] });
    const office = await newUser(t.db, college, { roles: [ROLES.ADMINISTRATION] });
    for (const u of [faculty, hod, office]) {
      const res = await reset(u.username, 'administration');
      expect(res.statusCode, u.username).toBe(200);
      expect((await signIn(u.username, res.json().password)).json()).toMatchObject({ username: u.username, mustChangePassword: true });
    }
    const principal = await newUser(t.db, college, { roles: [ROLES.PRINCIPAL] });
    const res = await reset(principal.username, 'admin');
    expect(res.statusCode).toBe(200);
    expect((await signIn(principal.username, res.json().password)).statusCode).toBe(200);
  });

  it('leaves an audit row naming who reset whose password, without the password', async () => {
    const faculty = await newUser(t.db, college, { roles: [ROLES.FACULTY] });
    const res = await reset(faculty.username, 'administration');
    const rows = await auditOf(faculty.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'administration',
      action: 'login.password-reset',
      entityId: String(faculty.id),
      before: null,
      after: { username: faculty.username, mustChangePassword: true },
    });
    const stored = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', String(faculty.id)).execute();
    expect(JSON.stringify(stored)).not.toContain(res.json().password);
  });
});

describe('login creation', () => {
  it('refuses a caller whose roles do not reach the role the logins get, and creates nothing', async () => {
    await newFaculty(t.db, college);
    const count = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    // The route admits only the admin roles; the service refuses on its own too.
    const student = { id: 1, username: 'someone', roles: [ROLES.STUDENT], collegeId: college, mustChangePassword: false };
    const attempt = createFacultyLogins(t.db, { id: college, code: 'SVEC', name: 'SVEC' }, { user: student, ip: '' }, { considerMailOrEmpcode: 'email' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 403,
      message: "You may not create logins for faculty: the Faculty role is above yours or equal to it, and you don't hold it.",
    });
    expect(await count()).toBe(before);
  });

  it('audits each login the office creates, by whom and for whom, never with its password', async () => {
    const mine = await newFaculty(t.db, college, { full_name: 'Audit Trail' });
    const res = await t.as('administration', { method: 'POST', url: '/api/v1/createFacultyLogins?considerMailOrEmpcode=empcode' });
    expect(res.statusCode).toBe(200);
    const created = res.json().created as number;
    expect(created).toBeGreaterThanOrEqual(1);
    const user = await t.db.selectFrom('users').select('id').where('username', '=', mine.empCode).executeTakeFirstOrThrow();
    const rows = await auditOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'administration',
      action: 'login.create',
      after: { username: mine.empCode, roles: [ROLES.FACULTY], mustChangePassword: true },
    });
    const all = await t.db.selectFrom('audit_log').select(['after_json']).where('action', '=', 'login.create').execute();
    expect(all).toHaveLength(created);

    const sheet = await t.as('administration', { method: 'GET', url: `/api/logins/credentials/${res.json().batchId}` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const passwords = (wb.worksheets[0].getColumn(4).values as unknown[]).slice(2).map(String);
    expect(passwords).toHaveLength(created);
    const text = JSON.stringify(all);
    for (const password of passwords) expect(text).not.toContain(password);
  });
});
