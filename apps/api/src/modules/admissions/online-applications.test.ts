import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_MSG, MSG, ONLINE_APPLICATION_MSG as M, notFoundMessage } from '@erp/shared';
import { collegeId } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { PHOTO_JPG, multipart, nextAadhar, type Part } from '../../../test/modules/admissions.js';

let t: TestApp;
let svec: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = await collegeId(t.db);
});
afterAll(async () => t.close());

const PUBLIC = '/api/public/applications';
const OFFICE = '/api/admissions/online-applications';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);

let address = 0;
/** Each call from its own address, so the per-address limits stay out of the way unless tested. */
const nextIp = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function applicant(overrides: Record<string, unknown> = {}) {
  return {
    admissionType: 'Direct',
    courseAppliedFor: 'B.Tech',
    batch: '2025-2029',
    branch: 'CSE',
    name: 'Kavya Sri Reddy',
    gender: 'FEMALE',
    dateOfBirth: '2008-05-14',
    aadharNo: nextAadhar(),
    emailId: 'kavya@example.com',
    studentContactNo: '9876501234',
    fathersName: 'Ramana Reddy',
    nationality: 'Indian',
    ...overrides,
  };
}

type FileSpec = { data: Buffer; filename: string };
function submit(
  fields: unknown,
  files: { photo?: FileSpec | null; documents?: FileSpec[] } = {},
  opts: { host?: string; ip?: string } = {},
) {
  const parts: Part[] = [{ name: 'application', value: JSON.stringify(fields) }];
  const photo = files.photo === undefined ? { data: PHOTO_JPG, filename: 'me.jpg' } : files.photo;
  if (photo) parts.push({ name: 'photo', value: photo.data, filename: photo.filename });
  for (const d of files.documents ?? [{ data: PDF, filename: 'ssc-memo.pdf' }])
    parts.push({ name: 'documents', value: d.data, filename: d.filename });
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: PUBLIC,
    ...body,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...body.headers, host: opts.host ?? 'localhost' },
  });
}
const lookup = (number: string, dob: string, ip = nextIp(), host = 'localhost') =>
  t.app.inject({
    method: 'GET',
    url: `${PUBLIC}/status?number=${encodeURIComponent(number)}&dob=${dob}`,
    remoteAddress: ip,
    headers: { host },
  });
const staffList = (query = '', user = 'admissions', host?: string) => t.as(user, { method: 'GET', url: `${OFFICE}${query}` }, host);
const accept = (id: number, user = 'admissions', host?: string) => t.as(user, { method: 'POST', url: `${OFFICE}/${id}/accept` }, host);
const reject = (id: number, reason: unknown) =>
  t.as('admissions', { method: 'POST', url: `${OFFICE}/${id}/reject`, payload: { reason } });
const appRow = (number: string) =>
  t.db.selectFrom('online_applications').selectAll().where('application_no', '=', number).executeTakeFirstOrThrow();
const counter = async (name: string) =>
  Number(
    (
      await t.db
        .selectFrom('counters')
        .select('value')
        .where('college_id', '=', svec)
        .where('name', '=', name)
        .executeTakeFirst()
    )?.value ?? 0,
  );
const applicationsCount = async () =>
  Number((await t.db.selectFrom('online_applications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);

async function submitted(overrides: Record<string, unknown> = {}) {
  const res = await submit(applicant(overrides));
  expect(res.statusCode, res.body).toBe(200);
  const number = res.json().number as string;
  return { number, row: await appRow(number) };
}

describe('public application form', () => {
  it('offers the college admission types without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PUBLIC}/options` });
    expect(res.statusCode).toBe(200);
    expect(res.json().admissionTypes).toEqual(['Direct', 'Lateral', 'Transfer']);
  });

  it('saves an application with its photo and documents and answers with its number', async () => {
    const before = await counter('online_application');
    const res = await submit(applicant({ name: 'Meghana Lakshmi' }), {
      documents: [
        { data: PDF, filename: 'ssc-memo.pdf' },
        { data: PNG, filename: 'transfer certificate.png' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { number, message } = res.json();
    const year = new Date().getFullYear();
    // The college's application counter gives the next number.
    expect(number).toBe(`APP-${year}-${String(before + 1).padStart(5, '0')}`);
    expect(message).toBe(M.submitted(number));
    const row = await appRow(number);
    expect(row).toMatchObject({ college_id: svec, status: 'pending', name: 'Meghana Lakshmi', course: 'B.Tech', branch: 'CSE' });
    const files = await t.db.selectFrom('online_application_files').selectAll().where('application_id', '=', row.id).execute();
    expect(files.map((f) => [f.kind, f.file_type, f.file_name])).toEqual([
      ['photo', 'jpg', 'me.jpg'],
      ['document', 'pdf', 'ssc-memo.pdf'],
      ['document', 'png', 'transfer certificate.png'],
    ]);
    // The application's date is its date of admission until the office decides.
    expect(JSON.parse(row.data_json).dateOfAdmission).toBe(row.created_at.slice(0, 10));
  });

  it('never takes the office fields from a visitor', async () => {
    const { row } = await submitted({ adminNo: 'SVEC/2026/99999', feeCommitment: '1', studentPaidamount: '95000', rollNumber: '25X01A0501' });
    const data = JSON.parse(row.data_json);
    expect([data.adminNo, data.feeCommitment, data.studentPaidamount, data.rollNumber]).toEqual(['', '', '', '']);
  });

  it('checks the fields with the admission form rules and messages, and saves nothing when refused', async () => {
    const before = await applicationsCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, MSG.enterFullName],
      [{ name: 'Kavya 123' }, MSG.pleaseEnterText],
      [{ aadharNo: '12345' }, MSG.aadharTwelveDigits],
      [{ studentContactNo: '12345' }, MSG.validMobile],
      [{ courseAppliedFor: 'B.Arch' }, notFoundMessage('Course')],
      [{ branch: 'XYZ' }, notFoundMessage('Branch')],
      [{ admissionType: 'Management' }, ADMISSION_MSG.notListed('Admission type', 'Management')],
      [{ dateOfBirth: '' }, M.dobRequired],
      [{ dateOfBirth: '2199-01-01' }, M.dobInPast],
      [{ emailId: '' }, M.emailRequired],
    ];
    for (const [overrides, message] of cases) {
      const res = await submit(applicant(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await applicationsCount()).toBe(before);
  });

  it('needs a .jpg photo and one to three pdf, jpg or png documents, told by their bytes', async () => {
    const before = await applicationsCount();
    const cases: Array<[Parameters<typeof submit>[1], string]> = [
      [{ photo: null }, M.photoRequired],
      [{ photo: { data: PNG, filename: 'me.jpg' } }, ADMISSION_MSG.photoJpgOnly],
      [{ documents: [] }, M.documentsRequired],
      [{ documents: [{ data: Buffer.from('<html>hello</html>'), filename: 'memo.pdf' }] }, M.documentType],
      [{ documents: [{ data: Buffer.from('GIF89a.....'), filename: 'memo.gif' }] }, M.documentType],
      [{ documents: Array.from({ length: 4 }, (_, i) => ({ data: PDF, filename: `d${i}.pdf` })) }, M.tooManyDocuments],
    ];
    for (const [files, message] of cases) {
      const res = await submit(applicant(), files);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await applicationsCount()).toBe(before);
  });

  it('refuses a second application for an Aadhaar number still waiting for review', async () => {
    const aadharNo = nextAadhar();
    await submitted({ aadharNo });
    const again = await submit(applicant({ aadharNo }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.pendingForAadhar);
  });
});

describe('status lookup', () => {
  it('shows a pending application to the number and date of birth', async () => {
    const { number } = await submitted({ name: 'Sahithi Varma', dateOfBirth: '2007-11-02' });
    // The number is read in any case.
    const res = await lookup(number.toLowerCase(), '2007-11-02');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      number,
      name: 'Sahithi Varma',
      course: 'B.Tech',
      branch: 'CSE',
      status: 'pending',
      decidedAt: null,
      reason: '',
      admissionNo: null,
    });
  });

  it('gives one message for a wrong number, a wrong date of birth or both', async () => {
    const { number } = await submitted({ dateOfBirth: '2007-11-03' });
    const answers = await Promise.all([
      lookup(number, '2007-11-04'),
      lookup('APP-1999-00001', '2007-11-03'),
      lookup('APP-1999-00001', '2001-01-01'),
    ]);
    for (const a of answers) {
      expect(a.statusCode).toBe(404);
      expect(a.json().message).toBe(M.notFound);
    }
  });

  it('is limited per address: the 21st lookup in ten minutes is refused', async () => {
    const ip = '10.99.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await lookup('APP-1999-00001', '2001-01-01', ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    const refused = await lookup('APP-1999-00001', '2001-01-01', ip);
    expect(refused.json().message).toBe(M.tooManyTries);
    // Another address is not held up.
    expect((await lookup('APP-1999-00001', '2001-01-01', '10.99.0.2')).statusCode).toBe(404);
  });

  it('answers only at the college the application was made to', async () => {
    const { number } = await submitted({ dateOfBirth: '2007-12-12' });
    const res = await lookup(number, '2007-12-12', nextIp(), 'srk.localhost');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(M.notFound);
  });
});

describe("the admissions office's queue", () => {
  it('is for the admission roles only', async () => {
    expect((await t.app.inject({ method: 'GET', url: OFFICE })).statusCode).toBe(401);
    expect((await staffList('', 'librarian')).statusCode).toBe(403);
  });

  it('searches by name or number, filters by status and pages, newest first', async () => {
    const tag = 'Zephyrine';
    const made: string[] = [];
    for (const n of ['Alpha', 'Beta', 'Gamma']) made.push((await submitted({ name: `${tag} ${n}` })).number);
    const first = await staffList(`?q=${tag}&pageSize=2&page=1`);
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(3);
    expect(first.json().items.map((i: { name: string }) => i.name)).toEqual([`${tag} Gamma`, `${tag} Beta`]);
    const second = await staffList(`?q=${tag}&pageSize=2&page=2`);
    expect(second.json().items.map((i: { name: string }) => i.name)).toEqual([`${tag} Alpha`]);
    const byNumber = await staffList(`?q=${made[1]}`);
    expect(byNumber.json().items.map((i: { number: string }) => i.number)).toEqual([made[1]]);
    const item = byNumber.json().items[0];
    expect(item.files.map((f: { kind: string }) => f.kind)).toEqual(['photo', 'document']);
    expect(item.data.fathersName).toBe('Ramana Reddy');

    const id = item.id as number;
    await reject(id, 'Incomplete documents');
    expect((await staffList(`?q=${tag}`)).json().total).toBe(2);
    expect((await staffList(`?q=${tag}&status=rejected`)).json().items.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await staffList(`?q=${tag}&status=all`)).json().total).toBe(3);
  });

  it("shows the applicant's documents and photo to the office", async () => {
    const { row } = await submitted();
    const files = await t.db.selectFrom('online_application_files').selectAll().where('application_id', '=', row.id).orderBy('id').execute();
    const doc = await t.as('admissions', { method: 'GET', url: `${OFFICE}/${row.id}/files/${files[1].id}` });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.rawPayload.equals(PDF)).toBe(true);
    const photo = await t.as('admissions', { method: 'GET', url: `${OFFICE}/${row.id}/files/${files[0].id}` });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    // Not a file of another application.
    const { row: other } = await submitted();
    expect((await t.as('admissions', { method: 'GET', url: `${OFFICE}/${other.id}/files/${files[1].id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${OFFICE}/${row.id}/files/${files[1].id}` })).statusCode).toBe(401);
  });

  it('is kept per college: another college neither lists nor decides it', async () => {
    const { row } = await submitted({ name: 'Svec Only Applicant' });
    const srk = await staffList('?q=Svec Only&status=all', 'srkadmissions', 'srk.localhost');
    expect(srk.statusCode).toBe(200);
    expect(srk.json().total).toBe(0);
    const res = await accept(row.id, 'srkadmissions', 'srk.localhost');
    expect(res.statusCode).toBe(404);
    expect((await appRow(row.application_no)).status).toBe('pending');
  });
});

describe('accepting an application', () => {
  it('saves an admission with the same data through the admission save: next admission number, photo, audit', async () => {
    const { number, row } = await submitted({ name: 'Harshitha Naidu', dateOfBirth: '2008-01-09', rank: '4521' });
    const numberBefore = await counter('admission');
    const res = await accept(row.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const year = new Date().getFullYear();
    // The admission counter moves by exactly one, as for a clerk's own save.
    expect(body.adminNo).toBe(`SVEC/${year}/${String(numberBefore + 1).padStart(5, '0')}`);
    expect(await counter('admission')).toBe(numberBefore + 1);
    expect(body.message).toBe(M.accepted(body.adminNo));
    expect(body.pdf.length).toBeGreaterThan(1000);
    expect(body.application).toMatchObject({ status: 'accepted', admissionId: body.admissionId, admissionNo: body.adminNo });

    const admission = await t.db.selectFrom('admissions').selectAll().where('id', '=', body.admissionId).executeTakeFirstOrThrow();
    expect(admission).toMatchObject({
      college_id: svec,
      admission_no: body.adminNo,
      aadhar_no: row.aadhar_no,
      name: 'Harshitha Naidu',
      course: 'B.Tech',
      branch: 'CSE',
      batch: '2025-2029',
      gender: 'FEMALE',
    });
    expect(admission.photo_path).toBeTruthy();
    const data = JSON.parse(admission.data_json);
    const applied = JSON.parse(row.data_json);
    for (const f of ['dateOfBirth', 'rank', 'emailId', 'studentContactNo', 'fathersName', 'nationality', 'admissionType'])
      expect(data[f], f).toBe(applied[f]);
    expect(data.dateOfAdmission).toBe(new Date().toISOString().slice(0, 10));

    const log = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'online_application')
      .where('entity_id', '=', String(row.id))
      .execute();
    expect(log.map((l) => [l.action, l.username])).toEqual([['online_application.accept', 'admissions']]);

    const status = await lookup(number, '2008-01-09');
    expect(status.json()).toMatchObject({ status: 'accepted', admissionNo: body.adminNo, reason: '' });

    const again = await accept(row.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyDecided);
  });

  it("keeps the admission save's rules: an Aadhaar already admitted is refused and nothing changes", async () => {
    const { row } = await submitted();
    const taken = await t.db.selectFrom('admissions').select('aadhar_no').where('college_id', '=', svec).executeTakeFirstOrThrow();
    // The same Aadhaar was admitted by the office meanwhile.
    await t.db.updateTable('online_applications').set({ aadhar_no: taken.aadhar_no, data_json: JSON.stringify({ ...JSON.parse(row.data_json), aadharNo: taken.aadhar_no }) }).where('id', '=', row.id).execute();
    const numberBefore = await counter('admission');
    const admissionsBefore = await t.db.selectFrom('admissions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const res = await accept(row.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMISSION_MSG.duplicateAadhar(taken.aadhar_no));
    expect((await appRow(row.application_no)).status).toBe('pending');
    expect(await counter('admission')).toBe(numberBefore);
    const admissionsAfter = await t.db.selectFrom('admissions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    expect(Number(admissionsAfter?.n)).toBe(Number(admissionsBefore?.n));
  });

  it('two clerks accepting at once make one admission; the other is told it was decided', async () => {
    const { row } = await submitted();
    const admissionsBefore = Number((await t.db.selectFrom('admissions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);
    const [a, b] = await Promise.all([accept(row.id), accept(row.id, 'admin')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(M.alreadyDecided);
    const admissionsAfter = Number((await t.db.selectFrom('admissions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n);
    expect(admissionsAfter).toBe(admissionsBefore + 1);
  });
});

describe('rejecting an application', () => {
  it('needs a reason, which the applicant then reads on the status page', async () => {
    const { number, row } = await submitted({ dateOfBirth: '2008-02-29' });
    const empty = await reject(row.id, ' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.reasonRequired);
    const res = await reject(row.id, 'The marks memo is not readable');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: M.rejected, application: { status: 'rejected', reason: 'The marks memo is not readable' } });
    const status = await lookup(number, '2008-02-29');
    expect(status.json()).toMatchObject({ status: 'rejected', reason: 'The marks memo is not readable', admissionNo: null });
    expect(status.json().decidedAt).toBeTruthy();
    const log = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'online_application').where('entity_id', '=', String(row.id)).execute();
    expect(log.map((l) => l.action)).toEqual(['online_application.reject']);
    // A decided application is not decided again.
    expect((await accept(row.id)).statusCode).toBe(409);
    expect((await reject(row.id, 'Another reason')).json().message).toBe(M.alreadyDecided);
  });
});
