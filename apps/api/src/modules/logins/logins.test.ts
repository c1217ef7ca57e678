import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGINS_MSG, MSG, STRONG_PASSWORD } from '@erp/shared';
import { collegeId, newFaculty, newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const SRK = 'srk.localhost';
const srkId = async () => (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SRK').executeTakeFirstOrThrow()).id;

async function readSheet(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as string[]).slice(1);
  const rows: Array<Record<string, string>> = [];
  ws.eachRow((row, n) => {
    const values = (row.values as string[]).slice(1);
    if (n > 1 && values.length >= header.length) rows.push(Object.fromEntries(header.map((h, i) => [h, String(values[i] ?? '')])));
  });
  return { header, rows };
}

const signIn = (username: string, password: string, host = 'localhost') =>
  t.app.inject({ method: 'POST', url: '/api/auth-service/auth/signin?module=admin', headers: { host }, payload: { username, password, module: 'erp' } });

describe('access', () => {
  it('answers 401 without a token and 403 to non-admin roles', async () => {
    for (const url of ['/api/v1/createStudentLogins', '/api/v1/createFacultyLogins?considerMailOrEmpcode=email']) {
      const anon = await t.app.inject({ method: 'POST', url });
      expect(anon.statusCode).toBe(401);
      for (const user of ['principal', 'faculty', '22A91A0501']) {
        const res = await t.as(user, { method: 'POST', url });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.noPermission);
      }
    }
    expect((await t.as('faculty', { method: 'GET', url: '/api/logins/credentials' })).statusCode).toBe(403);
  });
});

/** Students of the college without a login, read before an action: what it should create. */
const studentsWithoutLogin = async (college: number) =>
  (
    await t.db
      .selectFrom('students')
      .leftJoin('users', 'users.student_id', 'students.id')
      .select('students.roll_no')
      .where('students.college_id', '=', college)
      .where('users.id', 'is', null)
      .execute()
  ).map((s) => s.roll_no);
const facultyWithoutLogin = async (college: number) =>
  (
    await t.db
      .selectFrom('faculty')
      .leftJoin('users', 'users.faculty_id', 'faculty.id')
      .select('faculty.emp_code')
      .where('faculty.college_id', '=', college)
      .where('users.id', 'is', null)
      .execute()
  ).map((f) => f.emp_code);

describe('createStudentLogins', () => {
  it('creates a login for each student without one, with hashed random passwords to change at first sign-in', async () => {
    const college = await srkId();
    const mine = [await newStudent(t.db, college), await newStudent(t.db, college)];
    const missing = await studentsWithoutLogin(college);
    expect(missing).toEqual(expect.arrayContaining(mine.map((s) => s.rollNo)));
    const students = await t.db.selectFrom('students').select('roll_no').where('college_id', '=', college).execute();
    const res = await t.as('srkadmin', { method: 'POST', url: '/api/v1/createStudentLogins' }, SRK);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: 'true', created: missing.length, msg: LOGINS_MSG.studentsCreated(missing.length) });
    const users = await t.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['username', 'password_hash', 'must_change_password', 'student_id', 'role', 'status'])
      .where('college_id', '=', college)
      .where('role', '=', 'ROLE_STUDENT')
      .execute();
    expect(users.map((u) => u.username).sort()).toEqual(students.map((s) => s.roll_no).sort());
    const created = users.filter((u) => missing.includes(u.username));
    expect(created).toHaveLength(missing.length);
    for (const u of created) {
      expect(u.must_change_password).toBe(1);
      expect(u.password_hash).toMatch(/^\$argon2id\$/);
      expect(u.student_id).not.toBeNull();
      expect(u.status).toBe('active');
    }
    // No plain text outside the one-time sheet.
    expect(JSON.stringify(users)).not.toMatch(/"password"/);
  });

  it('says so and creates nothing the second time', async () => {
    await t.as('srkadmin', { method: 'POST', url: '/api/v1/createStudentLogins' }, SRK);
    const before = await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await t.as('srkadmin', { method: 'POST', url: '/api/v1/createStudentLogins' }, SRK);
    expect(res.json()).toEqual({ success: 'true', msg: LOGINS_MSG.noNewStudents, created: 0 });
    const after = await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lists the pending sheet, downloads it once, and the passwords in it sign in', async () => {
    const college = await srkId();
    const mine = await newStudent(t.db, college, { full_name: 'Teja Sheet' });
    const missing = await studentsWithoutLogin(college);
    const { batchId } = (await t.as('srkadmin', { method: 'POST', url: '/api/v1/createStudentLogins' }, SRK)).json();
    const pending = await t.as('srkadmin', { method: 'GET', url: '/api/logins/credentials' }, SRK);
    expect(pending.json()).toContainEqual(expect.objectContaining({ batchId, kind: 'student', count: missing.length }));
    // Another college's admin cannot see or fetch it.
    expect((await t.as('admin', { method: 'GET', url: '/api/logins/credentials' })).json()).toEqual([]);
    expect((await t.as('admin', { method: 'GET', url: `/api/logins/credentials/${batchId}` })).statusCode).toBe(404);

    const res = await t.as('srkadmin', { method: 'GET', url: `/api/logins/credentials/${batchId}` }, SRK);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="student-logins-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.header).toEqual(['Roll No', 'Name', 'Username', 'Password', 'Email', 'Branch']);
    expect(sheet.rows.map((r) => r['Roll No']).sort()).toEqual([...missing].sort());
    for (const row of sheet.rows) expect(row.Password).toMatch(STRONG_PASSWORD);
    expect(new Set(sheet.rows.map((r) => r.Password)).size).toBe(missing.length);
    const first = sheet.rows.find((r) => r['Roll No'] === mine.rollNo)!;
    expect(first).toMatchObject({ Name: 'Teja Sheet', Username: mine.rollNo, Branch: 'CSE' });
    const login = await signIn(first.Username, first.Password, SRK);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: mine.rollNo, roles: ['ROLE_STUDENT'], mustChangePassword: true });

    const again = await t.as('srkadmin', { method: 'GET', url: `/api/logins/credentials/${batchId}` }, SRK);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(LOGINS_MSG.alreadyDownloaded);
    const stored = await t.db.selectFrom('login_credential_batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    expect(stored.sheet_json).toBe('');
    expect(stored.downloaded_at).not.toBeNull();
    expect((await t.as('srkadmin', { method: 'GET', url: '/api/logins/credentials' }, SRK)).json()).not.toContainEqual(
      expect.objectContaining({ batchId }),
    );
    expect((await t.as('srkadmin', { method: 'GET', url: '/api/logins/credentials/nope' }, SRK)).statusCode).toBe(404);
  });
});

describe('createFacultyLogins', () => {
  it('asks for Email or EmpCode', async () => {
    for (const url of ['/api/v1/createFacultyLogins', '/api/v1/createFacultyLogins?considerMailOrEmpcode=phone']) {
      const res = await t.as('admin', { method: 'POST', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: 'false', msg: MSG.selectEmailOrEmpCode });
    }
  });

  it('creates faculty logins by email, once, even when asked twice at the same moment', async () => {
    const college = (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;
    await newFaculty(t.db, college);
    const faculty = await t.db.selectFrom('faculty').select(['email']).where('college_id', '=', college).execute();
    const missing = await facultyWithoutLogin(college);
    const url = '/api/v1/createFacultyLogins?considerMailOrEmpcode=email';
    const [a, b] = await Promise.all([t.as('admin', { method: 'POST', url }), t.as('administration', { method: 'POST', url })]);
    const bodies = [a, b].map((r) => ({ status: r.statusCode, ...r.json() }));
    const created = bodies.find((x) => x.created > 0);
    expect(created).toMatchObject({ status: 200, success: 'true', created: missing.length, msg: LOGINS_MSG.facultyCreated(missing.length) });
    const other = bodies.find((x) => x !== created)!;
    expect([LOGINS_MSG.busy, LOGINS_MSG.noNewFaculty]).toContain(other.msg);
    const users = await t.db
      .selectFrom('users')
      .select(['username', 'email', 'emp_code', 'faculty_id', 'must_change_password'])
      .where('college_id', '=', college)
      .where('faculty_id', 'is not', null)
      .execute();
    expect(users).toHaveLength(faculty.length);
    for (const u of users.filter((x) => x.must_change_password === 1)) expect(u.username).toBe(u.email);

    const byCode = await t.as('admin', { method: 'POST', url: '/api/v1/createFacultyLogins?considerMailOrEmpcode=empcode' });
    expect(byCode.json()).toEqual({ success: 'true', msg: LOGINS_MSG.noNewFaculty, created: 0 });
  });

  it('uses the employee code as username when chosen, and the sheet names it', async () => {
    const mine = await newFaculty(t.db, await srkId(), { full_name: 'Ramya Empcode' });
    const missing = await facultyWithoutLogin(await srkId());
    const res = await t.as('srkadmin', { method: 'POST', url: '/api/v1/createFacultyLogins?considerMailOrEmpcode=empcode' }, SRK);
    expect(res.json()).toMatchObject({ success: 'true', created: missing.length });
    const sheet = await readSheet((await t.as('srkadmin', { method: 'GET', url: `/api/logins/credentials/${res.json().batchId}` }, SRK)).rawPayload);
    expect(sheet.header).toEqual(['Emp Code', 'Name', 'Username', 'Password', 'Email', 'Department']);
    expect(sheet.rows.map((r) => r['Emp Code']).sort()).toEqual([...missing].sort());
    const row = sheet.rows.find((r) => r['Emp Code'] === mine.empCode)!;
    expect(row).toMatchObject({ Name: 'Ramya Empcode', Username: mine.empCode });
    const login = await signIn(mine.empCode, row.Password, SRK);
    expect(login.json()).toMatchObject({ roles: ['ROLE_FACULTY'], mustChangePassword: true });
  });

  it('answers 410 for a sheet left undownloaded past its time, and drops its plain text', async () => {
    const college = await srkId();
    await t.db
      .insertInto('login_credential_batches')
      .values({ id: 'old-batch', college_id: college, created_by: null, kind: 'student', count: 1, sheet_json: '[{"id":"x","password":"Secret@123"}]', downloaded_at: null, created_at: '2020-01-01T00:00:00.000Z' })
      .execute();
    const res = await t.as('srkadmin', { method: 'GET', url: '/api/logins/credentials/old-batch' }, SRK);
    expect(res.statusCode).toBe(410);
    const row = await t.db.selectFrom('login_credential_batches').select('sheet_json').where('id', '=', 'old-batch').executeTakeFirstOrThrow();
    expect(row.sheet_json).toBe('');
  });
});

describe('reset-password', () => {
  const reset = (username: unknown, user = 'admin', host = 'localhost') =>
    t.as(user, { method: 'POST', url: '/api/logins/reset-password', payload: { username } }, host);

  it('gives a user a one-time password that replaces the old one and must be changed first', async () => {
    const student = await newStudent(t.db, await collegeId(t.db), { full_name: 'Reset Me', login: true });
    const ROLL = student.rollNo;
    const before = (await signIn(ROLL, 'Demo@1234')).json().token as string;
    const res = await reset(` ${ROLL.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ username: ROLL, message: LOGINS_MSG.passwordReset(ROLL) });
    expect(body.fullName).toBe('Reset Me');
    expect(body.password).toMatch(STRONG_PASSWORD);

    expect((await signIn(ROLL, 'Demo@1234')).statusCode).toBe(401);
    const login = await signIn(ROLL, body.password);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: ROLL, mustChangePassword: true });
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/summary',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(MSG.changePasswordFirst);
    // Whoever still holds a session from before the reset is signed out.
    const stale = await t.app.inject({ method: 'GET', url: '/api/dashboard/summary', headers: { authorization: `Bearer ${before}` } });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(MSG.sessionExpired);
    const stored = await t.db.selectFrom('users').select('password_hash').where('username', '=', ROLL).executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(body.password);
  });

  it('asks for a username', async () => {
    for (const username of ['', '   ', undefined]) {
      const res = await reset(username);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LOGINS_MSG.enterUsername);
    }
  });

  it("finds no account that is not in the caller's college", async () => {
    for (const username of ['nobody-here', 'srkadmin']) {
      const res = await reset(username);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(LOGINS_MSG.noSuchUser);
    }
    expect((await signIn('srkadmin', 'Demo@1234', SRK)).statusCode).toBe(200);
  });

  it("refuses the admin's own account, an account awaiting approval, and non-admin callers", async () => {
    const own = await reset('admin');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(LOGINS_MSG.ownAccount);

    await t.db.updateTable('users').set({ status: 'pending' }).where('username', '=', 'librarian').execute();
    const pending = await reset('librarian');
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(LOGINS_MSG.notActive);

    const denied = await reset('faculty', 'principal');
    expect(denied.statusCode).toBe(403);
    expect((await signIn('faculty', 'Demo@1234')).statusCode).toBe(200);
  });
});
