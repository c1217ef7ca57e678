import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MSG, ROLES } from '@erp/shared';
import { nowIso } from '../../db/index.js';
import { hashPassword } from '../../lib/passwords.js';
import {
  collegeId,
  newBook,
  newCopy,
  newExamResult,
  newExamTitle,
  newStudent,
  type BuiltStudent,
} from '../../../test/builders.js';
import { postCharge } from '../accounts/index.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/helpers.js';
import { owes, pdfText } from '../../../test/modules/payments.js';
import { CODE_ATTEMPTS } from './portal.parents.js';

let t: TestApp;
let svec: number;
let srk: number;
const SRK = 'srk.localhost';
let hash: string;

/** A parent login linked to these students (username returned; password DEMO_PASSWORD). */
async function newParent(college: number, name: string, children: BuiltStudent[]) {
  const username = `${name}-${Math.random().toString(36).slice(2, 8)}`;
  const { id } = await t.db
    .insertInto('users')
    .values({
      college_id: college,
      username,
      email: `${username}@example.org`,
      password_hash: hash,
      full_name: name,
      program: '',
      institute_type: '',
      eamcet_code: '',
      college_name: '',
      affiliated_to: '',
      modules: '',
      emp_code: null,
      status: 'active',
      must_change_password: 0,
      student_id: null,
      faculty_id: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('user_roles').values({ user_id: id, role: ROLES.PARENT }).execute();
  for (const c of children)
    await t.db
      .insertInto('parent_links')
      .values({
        college_id: college,
        parent_user_id: id,
        student_id: c.id,
        relation: 'father',
        via: 'office',
        created_by: null,
        created_at: nowIso(),
      })
      .execute();
  return username;
}

/** An admission record with the parents' contacts, tied to the student. */
async function withAdmission(college: number, s: BuiltStudent, contacts: Record<string, string>) {
  const { id } = await t.db
    .insertInto('admissions')
    .values({
      college_id: college,
      admission_no: `ADM${s.rollNo}`,
      aadhar_no: String(Math.floor(1e11 + Math.random() * 8e11)),
      name: s.fullName,
      course: 'B.Tech',
      batch: '2022-2026',
      branch: 'CSE',
      gender: 'Female',
      date_of_admission: '2022-08-01',
      data_json: JSON.stringify({
        name: s.fullName,
        rollNumber: s.rollNo,
        fathersName: 'Ravi Varma',
        mothersName: 'Sita Varma',
        ...contacts,
      }),
      photo_path: null,
      created_by: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('students').set({ admission_id: id }).where('id', '=', s.id).execute();
}

let childA: BuiltStudent; // parent 1's first child
let childB: BuiltStudent; // parent 1's second child
let childC: BuiltStudent; // parent 2's only child
let srkChild: BuiltStudent;
let parent1: string;
let parent2: string;
let srkParent: string;
let semesterFee: number;
let supplyFee: number;

beforeAll(async () => {
  t = await createTestApp();
  hash = await hashPassword(DEMO_PASSWORD);
  svec = await collegeId(t.db);
  srk = await collegeId(t.db, 'SRK');
  childA = await newStudent(t.db, svec, { login: true, full_name: 'Anjali Varma' });
  childB = await newStudent(t.db, svec, { login: true, full_name: 'Bharat Varma' });
  childC = await newStudent(t.db, svec, { login: true, full_name: 'Chitra Rao' });
  srkChild = await newStudent(t.db, srk, { login: true, full_name: 'Deepa Naidu' });
  parent1 = await newParent(svec, 'varma', [childA, childB]);
  parent2 = await newParent(svec, 'rao', [childC]);
  srkParent = await newParent(srk, 'naidu', [srkChild]);
  const fee = async (type: string) =>
    (
      await t.db
        .selectFrom('fee_types')
        .select('amount')
        .where('college_id', '=', svec)
        .where('fee_type', '=', type)
        .executeTakeFirstOrThrow()
    ).amount;
  // What the ledger asks of each of parent 1's children: a year's tuition (the one owner of dues).
  semesterFee = 4_500_000;
  await owes(t, childA.id, semesterFee);
  await owes(t, childB.id, semesterFee);
  supplyFee = await fee('supply');

  // Anjali's I-I: MA101 95 (S, 10 points), PH101 65 (C, 7), CS101 20 (F): worked out in the results test.
  const title = await newExamTitle(t.db, svec, { title: `B.Tech I-I Regular ${childA.rollNo}` });
  await newExamResult(t.db, svec, title, childA, { code: 'MA101', credits: 3, marks: 95 });
  await newExamResult(t.db, svec, title, childA, { code: 'PH101', credits: 4, marks: 65 });
  await newExamResult(t.db, svec, title, childA, { code: 'CS101', credits: 3, marks: 20 });
});
afterAll(async () => t.close());

const get = (as: string, url: string, host?: string) => t.as(as, { method: 'GET', url }, host);
const post = (as: string, url: string, payload: Record<string, unknown>, host?: string) =>
  t.as(as, { method: 'POST', url, payload }, host);

describe('overview', () => {
  it('a parent sees exactly their own children; a student sees themself', async () => {
    const res = await get(parent1, '/api/me/overview');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.role).toBe('parent');
    expect(o.children.map((c: any) => c.rollNo)).toEqual([childA.rollNo, childB.rollNo]);
    expect(res.body).not.toContain(childC.rollNo);
    // Anjali owes the semester fee and one supplementary fee (CS101 failed); Bharat only the semester fee.
    // Anjali's CS101 supplementary fee is on offer online, not owed: the due is the ledger's.
    expect(o.children[0].fees).toEqual({ due: semesterFee, items: 1 });
    expect(o.children[1].fees).toEqual({ due: semesterFee, items: 1 });
    const fees = (await get(parent1, `/api/me/fees?studentId=${childA.id}`)).json().fees;
    expect(
      fees.due.map((d: { feeType: string; amount: number; courseCode: string | null }) => [d.feeType, d.amount, d.courseCode]),
    ).toEqual([
      ['semester', semesterFee, null],
      ['supply', supplyFee, 'CS101'],
    ]);
    expect(o.children[0].results).toEqual({ cgpa: 8.29, activeBacklogs: 1 });
    const me = (await get(childA.username!, '/api/me/overview')).json();
    expect(me.role).toBe('student');
    expect(me.children).toHaveLength(1);
    expect(me.children[0].rollNo).toBe(childA.rollNo);
  });

  it("fees: a child's library fines as the no-dues check counts them (what is still owed, open fines only)", async () => {
    const fine = (amount: number, status: string, paid = 0) => ({
      college_id: svec,
      patron_code: childB.rollNo,
      patron_kind: 'student',
      student_id: childB.id,
      loan_id: null,
      kind: 'damage',
      amount,
      paid_amount: paid,
      overdue_days: 0,
      status,
      receipt_no: null,
      document_code: null,
      paid_at: null,
      settled_by: null,
      waive_reason: '',
      created_at: nowIso(),
    });
    // ₹50 unpaid, ₹120 of which ₹20 paid, and a ₹30 fine paid in full: ₹50 + ₹100 = ₹150 owed.
    await t.db
      .insertInto('library_fines')
      .values([fine(5_000, 'unpaid'), fine(12_000, 'part_paid', 2_000), fine(3_000, 'paid', 3_000)])
      .execute();
    const res = await get(parent1, `/api/me/fees?studentId=${childB.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().libraryFines).toBe(15_000);
  });

  it('results: SGPA and CGPA worked from the grade scale', async () => {
    const r = (await get(parent1, `/api/me/results?studentId=${childA.id}`)).json();
    expect(r.rollNo).toBe(childA.rollNo);
    expect(r.semesters).toHaveLength(1);
    const s = r.semesters[0];
    expect(s.records.map((x: any) => [x.courseCode, x.grade, x.status]).sort()).toEqual([
      ['CS101', 'F', 'Fail'],
      ['MA101', 'S', 'Pass'],
      ['PH101', 'C', 'Pass'],
    ]);
    // CGPA over the passed courses: (3 × 10 + 4 × 7) / 7 = 58 / 7 = 8.29; CS101 is a backlog.
    expect(r.cgpa).toBe(8.29);
    // SGPA over every course of the title: 58 / 10 = 5.8.
    expect(s.sgpa).toBe(5.8);
    expect(r.activeBacklogs).toBe(1);
    expect(s.earnedCredits).toBe(7);
    expect(s.totalCredits).toBe(10);
  });

  it("a parent pays a child's fee online: the order is the child's", async () => {
    const res = await post(parent1, '/api/me/fees/orders', { studentId: childB.id, feeType: 'semester' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rollNo: childB.rollNo, feeType: 'semester', amount: semesterFee });
  });

  it('a parent with two children must name the child for a detail call', async () => {
    expect((await get(parent1, '/api/me/attendance')).statusCode).toBe(404);
    const one = await get(parent2, '/api/me/attendance');
    expect(one.statusCode).toBe(200);
    expect(one.json().rollNo).toBe(childC.rollNo);
  });
});

describe('a parent never sees another family', () => {
  /** Every portal call a parent can reach, naming child A (parent 1's). */
  const calls = () => [
    { method: 'GET', url: `/api/me/overview` },
    { method: 'GET', url: `/api/me/results?studentId=${childA.id}` },
    { method: 'GET', url: `/api/me/attendance?studentId=${childA.id}` },
    { method: 'GET', url: `/api/me/fees?studentId=${childA.id}` },
    { method: 'GET', url: `/api/me/campus?studentId=${childA.id}` },
    { method: 'POST', url: `/api/me/fees/orders`, payload: { studentId: childA.id, feeType: 'semester' } },
    { method: 'GET', url: `/api/me/certificate-requests` },
    { method: 'POST', url: `/api/me/certificate-requests`, payload: { kind: 'bonafide', purpose: 'Bank loan' } },
    { method: 'GET', url: `/api/me/certificate-requests/1/pdf` },
    { method: 'GET', url: `/api/me/profile` },
    { method: 'GET', url: `/api/me/exams?studentId=${childA.id}` },
    // the student's own ABC id (the exam cell's records): a parent's token is refused
    { method: 'GET', url: `/api/me/abc-id` },
    { method: 'PUT', url: `/api/me/abc-id`, payload: { abcId: '482190365517' } },
    {
      method: 'POST',
      url: `/api/me/profile-corrections`,
      payload: { field: 'mobile', value: '9876501234', reason: 'New number' },
    },
    { method: 'GET', url: `/api/me/parents` },
    { method: 'PUT', url: `/api/me/privacy`, payload: { hideMarks: false, hideAttendance: false } },
    { method: 'GET', url: `/api/portal/certificate-requests` },
    { method: 'POST', url: `/api/portal/certificate-requests/1/approve`, payload: {} },
    { method: 'POST', url: `/api/portal/certificate-requests/1/reject`, payload: { remarks: 'No reason' } },
    { method: 'GET', url: `/api/portal/certificate-requests/1/pdf` },
    { method: 'GET', url: `/api/portal/profile-corrections` },
    { method: 'POST', url: `/api/portal/profile-corrections/1/approve`, payload: {} },
    { method: 'POST', url: `/api/portal/profile-corrections/1/reject`, payload: { remarks: 'No reason' } },
    { method: 'GET', url: `/api/portal/settings` },
    { method: 'PUT', url: `/api/portal/settings`, payload: { lockPrivacy: false } },
    { method: 'POST', url: `/api/parents/links`, payload: { rollNo: childA.rollNo, relation: 'father' } },
    { method: 'GET', url: `/api/parents/links` },
    { method: 'DELETE', url: `/api/parents/links/1` },
  ];

  it('the walk covers every portal route', () => {
    const walked = new Set(calls().map((c) => `${c.method} ${c.url.split('?')[0].replace(/\/\d+(\/|$)/, '/:id$1')}`));
    const routes = t.app.routeAccess
      .filter(
        (r) =>
          /^\/api\/(me|portal|parents)\//.test(r.url) &&
          r.access !== 'public' &&
          !r.url.startsWith('/api/me/notifications') &&
          !r.url.startsWith('/api/me/invigilation'),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(20);
    for (const r of routes) expect(walked, r).toContain(r);
  });

  it("parent 1 gets child A's data (the walk's positive control)", async () => {
    for (const url of ['results', 'attendance', 'fees', 'campus']) {
      const res = await get(parent1, `/api/me/${url}?studentId=${childA.id}`);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.body).toContain(childA.rollNo);
    }
  });

  it("another parent's token is refused on every call, and no child A data comes back", async () => {
    for (const c of calls()) {
      const res = await t.as(parent2, { method: c.method as 'GET', url: c.url, payload: c.payload });
      const label = `${c.method} ${c.url}`;
      if (c.url === '/api/me/overview') {
        expect(res.statusCode).toBe(200);
        expect(res.json().children.map((x: any) => x.rollNo)).toEqual([childC.rollNo]);
      } else {
        expect({ label, status: res.statusCode }).toEqual({
          label,
          status: expect.toSatisfy((s: number) => s === 403 || s === 404),
        });
      }
      expect(res.body, label).not.toContain(childA.rollNo);
      expect(res.body, label).not.toContain(childA.fullName);
    }
  });

  it("another college's token is refused on every call at this college, and its parent cannot reach child A at its own", async () => {
    for (const c of calls()) {
      const label = `${c.method} ${c.url}`;
      const token = await t.token(srkParent, SRK);
      const res = await t.app.inject({
        method: c.method as 'GET',
        url: c.url,
        payload: c.payload,
        headers: { host: 'localhost', authorization: `Bearer ${token}` },
      });
      expect({ label, status: res.statusCode }).toEqual({ label, status: 401 });
      expect(res.body, label).not.toContain(childA.rollNo);
      const there = await t.as(srkParent, { method: c.method as 'GET', url: c.url, payload: c.payload }, SRK);
      if (c.url === '/api/me/overview') expect(there.json().children.map((x: any) => x.rollNo)).toEqual([srkChild.rollNo]);
      else
        expect({ label, status: there.statusCode }).toEqual({
          label,
          status: expect.toSatisfy((s: number) => s === 403 || s === 404),
        });
      expect(there.body, label).not.toContain(childA.rollNo);
    }
  });

  it('a student cannot name another student', async () => {
    const res = await get(childC.username!, `/api/me/results?studentId=${childA.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(childA.rollNo);
  });
});

describe('sharing switches', () => {
  it('a student sees their linked parents and may hide marks and attendance; the parent is then refused', async () => {
    const mine = (await get(childB.username!, '/api/me/parents')).json();
    expect(mine.links.map((l: any) => l.username)).toEqual([parent1]);
    expect(mine.privacy).toEqual({ hideMarks: false, hideAttendance: false, locked: false });
    const saved = await t.as(childB.username!, {
      method: 'PUT',
      url: '/api/me/privacy',
      payload: { hideMarks: true, hideAttendance: true },
    });
    expect(saved.json().privacy).toEqual({ hideMarks: true, hideAttendance: true, locked: false });
    const marks = await get(parent1, `/api/me/results?studentId=${childB.id}`);
    expect(marks.statusCode).toBe(403);
    expect(marks.json().message).toBe(PORTAL_MSG.marksHidden);
    expect((await get(parent1, `/api/me/attendance?studentId=${childB.id}`)).json().message).toBe(PORTAL_MSG.attendanceHidden);
    const o = (await get(parent1, '/api/me/overview')).json().children.find((c: any) => c.studentId === childB.id);
    expect(o.results).toBeNull();
    expect(o.attendance).toBeNull();
    // The student still sees their own.
    expect((await get(childB.username!, '/api/me/results')).statusCode).toBe(200);
  });

  it('a college lock overrides the switches and refuses changes', async () => {
    expect((await t.as('admin', { method: 'PUT', url: '/api/portal/settings', payload: { lockPrivacy: true } })).json()).toEqual({
      lockPrivacy: true,
    });
    try {
      expect((await get(parent1, `/api/me/results?studentId=${childB.id}`)).statusCode).toBe(200);
      const res = await t.as(childB.username!, {
        method: 'PUT',
        url: '/api/me/privacy',
        payload: { hideMarks: true, hideAttendance: false },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PORTAL_MSG.privacyLocked);
    } finally {
      await t.as('admin', { method: 'PUT', url: '/api/portal/settings', payload: { lockPrivacy: false } });
    }
  });

  it("says what the marks switch hides: the parents' portal, not the public result lookup by hall-ticket number", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = doc.paths['/api/me/privacy'].put.requestBody.content['application/json'].schema;
    expect(body.properties.hideMarks.description).toBe(
      "Hides the student's marks from their parents inside the portal (the parent dashboard and result alerts); " +
        'the public result lookup by hall-ticket number (getExamResultByRollNoView) stays public.',
    );
    // As it says: Anjali's marks hidden from her parent, the lookup by her roll number answers anyone on results day.
    const share = (hideMarks: boolean) =>
      t.as(childA.username!, { method: 'PUT', url: '/api/me/privacy', payload: { hideMarks, hideAttendance: false } });
    try {
      expect((await share(true)).statusCode).toBe(200);
      expect((await get(parent1, `/api/me/results?studentId=${childA.id}`)).json().message).toBe(PORTAL_MSG.marksHidden);
      const lookup = await t.app.inject({
        method: 'GET',
        url: `/api/v1/getExamResultByRollNoView?rollNo=${childA.rollNo}&examTitle=${encodeURIComponent(`B.Tech I-I Regular ${childA.rollNo}`)}`,
      });
      expect(lookup.statusCode).toBe(200);
      expect(
        lookup
          .json()
          .listofRecords.map((r: { courseCode: string }) => r.courseCode)
          .sort(),
      ).toEqual(['CS101', 'MA101', 'PH101']);
    } finally {
      await share(false);
    }
  });
});

describe('parent accounts', () => {
  it('the office links a parent from the admission record, with a one-time password; a second child reuses the login', async () => {
    const s1 = await newStudent(t.db, svec, { login: true });
    const s2 = await newStudent(t.db, svec, { login: true });
    const email = `ravi.${s1.rollNo.toLowerCase()}@example.org`;
    await withAdmission(svec, s1, { fatherEmailId: email, fatherContactNo: '9848022222' });
    await withAdmission(svec, s2, { fatherEmailId: email });
    const res = await post('admin', '/api/parents/links', { rollNo: s1.rollNo, relation: 'father' });
    expect(res.statusCode).toBe(200);
    const made = res.json();
    expect(made.link).toMatchObject({ username: email, parentName: 'Ravi Varma', rollNo: s1.rollNo, via: 'office' });
    expect(made.temporaryPassword).toMatch(/^.{12}$/);
    const again = (await post('admin', '/api/parents/links', { rollNo: s2.rollNo, relation: 'father' })).json();
    expect(again.temporaryPassword).toBeNull();
    expect(again.link.parentUserId).toBe(made.link.parentUserId);
    const dup = await post('admin', '/api/parents/links', { rollNo: s2.rollNo, relation: 'father' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(PORTAL_MSG.alreadyLinked);
    // The new login must change its password first.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin?module=parent',
      payload: { username: email, password: made.temporaryPassword, module: 'erp', domain: 'http://localhost' },
    });
    expect(signin.statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'parent_link')
      .where('entity_id', '=', String(made.link.id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['parent.link']);
  });

  it('refuses a record without a parent contact', async () => {
    const s = await newStudent(t.db, svec);
    const res = await post('admin', '/api/parents/links', { rollNo: s.rollNo, relation: 'mother' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PORTAL_MSG.noParentEmail);
  });

  it('self-registration: a code mailed to the contact on record, hashed, five tries, single use', async () => {
    const s = await newStudent(t.db, svec, { login: true });
    const email = `parent.${s.rollNo.toLowerCase()}@example.org`;
    await withAdmission(svec, s, { fatherEmailId: email });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/parents/register',
      payload: { rollNo: s.rollNo.toLowerCase() },
    });
    expect(started.statusCode).toBe(200);
    const { requestId, sentTo } = started.json();
    expect(sentTo).toBe(`p${'*'.repeat(email.split('@')[0].length - 1)}@example.org`);
    const mail = await t.db.selectFrom('outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    const code = /is (\d{6})\./.exec(mail.body)![1];
    const stored = await t.db
      .selectFrom('parent_codes')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const verify = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/parents/verify',
        payload: { requestId, code: c, fullName: 'Kiran Varma', password: 'Parent@2026' },
      });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await verify(wrong);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PORTAL_MSG.codeInvalid);
    const ok = await verify(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: email, rollNo: s.rollNo });
    // Single use.
    expect((await verify(code)).json().message).toBe(PORTAL_MSG.codeInvalid);
    // The new parent signs in and sees the child.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth-service/auth/signin?module=parent',
      payload: { username: email, password: 'Parent@2026', module: 'erp', domain: 'http://localhost' },
    });
    const token = signin.json().token;
    const o = await t.app.inject({ method: 'GET', url: '/api/me/overview', headers: { authorization: `Bearer ${token}` } });
    expect(o.json().children.map((c: any) => c.rollNo)).toEqual([s.rollNo]);
  });

  it('locks a code after five wrong tries and refuses an expired one; unknown roll numbers get the same answer as no contact', async () => {
    const s = await newStudent(t.db, svec);
    await withAdmission(svec, s, { fatherEmailId: `p.${s.rollNo.toLowerCase()}@example.org` });
    const { requestId } = (
      await t.app.inject({ method: 'POST', url: '/api/parents/register', payload: { rollNo: s.rollNo } })
    ).json();
    const mail = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', `p.${s.rollNo.toLowerCase()}@example.org`)
      .executeTakeFirstOrThrow();
    const code = /is (\d{6})\./.exec(mail.body)![1];
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < CODE_ATTEMPTS; i++)
      statuses.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/parents/verify',
            payload: { requestId, code: wrong, fullName: 'X Y', password: 'Parent@2026' },
          })
        ).statusCode,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/parents/verify',
      payload: { requestId, code, fullName: 'X Y', password: 'Parent@2026' },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(PORTAL_MSG.codeTooManyAttempts);

    // An expired code.
    const { requestId: r2 } = (
      await t.app.inject({ method: 'POST', url: '/api/parents/register', payload: { rollNo: s.rollNo } })
    ).json();
    await t.db.updateTable('parent_codes').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('request_id', '=', r2).execute();
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/parents/verify',
      payload: { requestId: r2, code: '000000', fullName: 'X Y', password: 'Parent@2026' },
    });
    expect(late.json().message).toBe(PORTAL_MSG.codeInvalid);
    // Three codes an hour per student.
    await t.app.inject({ method: 'POST', url: '/api/parents/register', payload: { rollNo: s.rollNo } });
    const fourth = await t.app.inject({ method: 'POST', url: '/api/parents/register', payload: { rollNo: s.rollNo } });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(PORTAL_MSG.tooManyCodes);

    const unknown = await t.app.inject({ method: 'POST', url: '/api/parents/register', payload: { rollNo: 'NOSUCHROLL' } });
    const noContact = await t.app.inject({
      method: 'POST',
      url: '/api/parents/register',
      payload: { rollNo: (await newStudent(t.db, svec)).rollNo },
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, PORTAL_MSG.noParentContact]);
    expect([noContact.statusCode, noContact.json().message]).toEqual([400, PORTAL_MSG.noParentContact]);
  });
});

describe('certificates and corrections', () => {
  it('bonafide: the student asks, the office approves, the PDF carries a verifiable code', async () => {
    const req = await post(childC.username!, '/api/me/certificate-requests', { kind: 'bonafide', purpose: 'Education loan' });
    expect(req.statusCode).toBe(200);
    const id = req.json().id;
    expect(req.json()).toMatchObject({ status: 'pending', kind: 'bonafide', rollNo: childC.rollNo });
    const twice = await post(childC.username!, '/api/me/certificate-requests', { kind: 'bonafide', purpose: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect((await get(childC.username!, `/api/me/certificate-requests/${id}/pdf`)).json().message).toBe(PORTAL_MSG.notApproved);

    const list = (await get('admin', `/api/portal/certificate-requests?q=${childC.rollNo}`)).json();
    expect(list.items.map((i: any) => i.id)).toEqual([id]);
    const ok = await post('admin', `/api/portal/certificate-requests/${id}/approve`, { remarks: '' });
    expect(ok.statusCode).toBe(200);
    const code = ok.json().documentCode;
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const again = await post('admin', `/api/portal/certificate-requests/${id}/approve`, {});
    expect(again.statusCode).toBe(409);

    const pdf = await get(childC.username!, `/api/me/certificate-requests/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('BONAFIDE CERTIFICATE');
    expect(text).toContain(childC.rollNo);
    expect(text).toContain(code);
    const verify = await t.app.inject({ method: 'GET', url: `/api/documents/verify/${code}` });
    expect(verify.body).toContain(childC.rollNo);
    // Another student cannot fetch it.
    expect((await get(childA.username!, `/api/me/certificate-requests/${id}/pdf`)).statusCode).toBe(404);
  });

  it('no-dues is refused while the semester fee is unpaid, naming the amount', async () => {
    const req = (
      await post(childA.username!, '/api/me/certificate-requests', { kind: 'no_dues', purpose: 'Transfer certificate' })
    ).json();
    const res = await post('admin', `/api/portal/certificate-requests/${req.id}/approve`, {});
    expect(res.statusCode).toBe(400);
    // The ledger's tuition (the CS101 supplementary fee on offer is not a due until paid).
    const rs = (semesterFee / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(res.json().message).toBe(PORTAL_MSG.duesOutstanding(`Tuition Fee Rs. ${rs}`));
    const rejected = await post('admin', `/api/portal/certificate-requests/${req.id}/reject`, {
      remarks: 'Clear the semester fee first',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', remarks: 'Clear the semester fee first' });
  });

  it('no-dues also names every fee head the ledger holds and the library books still out, and drops each once cleared', async () => {
    const s = await newStudent(t.db, svec, { login: true, full_name: 'Ganesh Kumar' });
    const today = nowIso().slice(0, 10);
    // A transport fare the student owes; a scholarship the state owes (not the student's due); a
    // library fine's ledger line (the library reports its fines itself: not counted a second time).
    const fare = await postCharge(t.db, {
      collegeId: svec,
      studentId: s.id,
      head: 'TEST_BUS',
      headName: 'Bus Fare (test)',
      amountPaise: 1_200_000,
      source: 'transport',
      sourceRef: `pass-${s.rollNo}`,
      dueDate: today,
    });
    await postCharge(t.db, {
      collegeId: svec,
      studentId: s.id,
      head: 'TEST_TUITION',
      headName: 'Tuition (test)',
      amountPaise: 3_500_000,
      source: 'demand',
      sourceRef: `rtf-${s.rollNo}`,
      dueDate: today,
      payer: 'state_reimbursement',
    });
    await postCharge(t.db, {
      collegeId: svec,
      studentId: s.id,
      head: 'TEST_FINE',
      headName: 'Library Fine (test)',
      amountPaise: 5_000,
      source: 'library',
      sourceRef: `fine-test-${s.rollNo}`,
      dueDate: today,
    });
    const book = await newBook(t.db, svec);
    const copy = await newCopy(t.db, svec, book, { status: 'on_loan' });
    const { id: loanId } = await t.db
      .insertInto('library_loans')
      .values({
        college_id: svec,
        copy_id: copy.id,
        title_id: book.id,
        patron_code: s.rollNo,
        patron_kind: 'student',
        student_id: s.id,
        category: 'UG',
        issued_on: today,
        due_on: today,
        returned_on: null,
        renewals: 0,
        status: 'open',
        issued_by: null,
        returned_by: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await owes(t, s.id, semesterFee);
    const college = `Tuition Fee Rs. ${(semesterFee / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

    const req = (
      await post(s.username!, '/api/me/certificate-requests', { kind: 'no_dues', purpose: 'Leaving the college' })
    ).json();
    const refused = await post('admin', `/api/portal/certificate-requests/${req.id}/approve`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      PORTAL_MSG.duesOutstanding(`${college}, Bus Fare (test) Rs. 12,000.00, 1 library book not returned`),
    );

    // The fare paid at the counter and the book returned: only the tuition is left.
    await t.db.updateTable('acc_demand_lines').set({ paid_paise: 1_200_000 }).where('id', '=', fare.lineId).execute();
    await t.db.updateTable('library_loans').set({ status: 'returned', returned_on: today }).where('id', '=', loanId).execute();
    const again = await post('admin', `/api/portal/certificate-requests/${req.id}/approve`, {});
    expect(again.json().message).toBe(PORTAL_MSG.duesOutstanding(college));
  });

  it('a profile correction changes the record only when the office approves it', async () => {
    const res = await post(childC.username!, '/api/me/profile-corrections', {
      field: 'mobile',
      value: '9123456780',
      reason: 'Changed my number',
    });
    expect(res.statusCode).toBe(200);
    const before = (await get(childC.username!, '/api/me/profile')).json();
    expect(before.mobile).toBe('9876543210');
    expect(before.corrections[0]).toMatchObject({
      field: 'mobile',
      currentValue: '9876543210',
      requestedValue: '9123456780',
      status: 'pending',
    });
    const bad = await post(childC.username!, '/api/me/profile-corrections', { field: 'mobile', value: '12345', reason: 'Oops' });
    expect(bad.statusCode).toBe(400);
    const ok = await post('admin', `/api/portal/profile-corrections/${res.json().id}/approve`, {});
    expect(ok.json().status).toBe('approved');
    expect((await get(childC.username!, '/api/me/profile')).json().mobile).toBe('9123456780');
  });
});
