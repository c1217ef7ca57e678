import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALUMNI_MSG, MSG } from '@erp/shared';
import { encodePng } from '../../lib/png.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PNG = encodePng(4, 4, () => [0, 0, 255, 255]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
const TEXT = Buffer.from('just some text pretending to be a pdf');

type Part = { name: string; data: Buffer; filename: string; type?: string };

function form(jsonName: string, json: unknown, files: Part[] = []) {
  const fd = new FormData();
  fd.append(jsonName, typeof json === 'string' ? json : JSON.stringify(json));
  for (const f of files) fd.append(f.name, new Blob([f.data], { type: f.type ?? 'application/octet-stream' }), f.filename);
  return fd;
}

const count = async (table: 'alumni' | 'alumni_history') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST saveAlumniStudentRegister (form 1)', () => {
  const registration = (over: Record<string, unknown> = {}) => ({
    name: 'Sravani Naidu',
    course: 'UG',
    rollNumber: '18A91A0599',
    degree: 'B.Tech',
    batch: '2018-2022',
    branch: 'cse',
    mobileNumber: '9876543210',
    email: 'sravani.naidu@example.com',
    working: 'yes',
    company: '',
    companyName: 'Infosys',
    jobTitle: 'Systems Engineer',
    workAddress: 'Electronic City, Bengaluru',
    instituteName: 'Should be dropped',
    courseName: '',
    eduAddress: '',
    ...over,
  });
  const save = (json: unknown, files: Part[] = [], host = 'localhost') =>
    t.app.inject({ method: 'POST', url: '/api/v1/saveAlumniStudentRegister', headers: { host }, payload: form('alumniStudentRegistration', json, files) });

  it('saves a working alumnus with a file: branch upper-cased, education fields dropped, file stored', async () => {
    const res = await save(registration(), [{ name: 'file', data: PNG, filename: 'id-card.png', type: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ALUMNI_MSG.registered });
    const row = await t.db.selectFrom('alumni').selectAll().where('roll_number', '=', '18A91A0599').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ branch: 'CSE', working: 'yes', company_name: 'Infosys', institute_name: '', degree: 'B.Tech', course: 'UG' });
    expect(row.file_path).toMatch(/\.png$/);
    expect(fs.readFileSync(path.resolve(t.config.UPLOAD_DIR, row.file_path!))).toEqual(PNG);
  });

  it('working=no keeps the education fields and clears the company; NA clears both', async () => {
    const no = await save(
      registration({ rollNumber: '17A91A0498', working: 'no', company: 'Old Co', instituteName: 'IIT Madras', courseName: 'M.Tech', eduAddress: 'Chennai', batch: '2017-2021' }),
      [{ name: 'file', data: PDF, filename: 'admit.pdf' }],
    );
    expect(no.statusCode).toBe(200);
    const noRow = await t.db.selectFrom('alumni').selectAll().where('roll_number', '=', '17A91A0498').executeTakeFirstOrThrow();
    expect(noRow).toMatchObject({ working: 'no', company_name: '', job_title: '', work_address: '', institute_name: 'IIT Madras', course_name: 'M.Tech' });
    const na = await save(registration({ rollNumber: '17A91A0497', working: 'NA', courseName: 'MS', batch: '2017-2021' }), [
      { name: 'file', data: GIF, filename: 'photo.gif' },
    ]);
    expect(na.statusCode).toBe(200);
    const naRow = await t.db.selectFrom('alumni').selectAll().where('roll_number', '=', '17A91A0497').executeTakeFirstOrThrow();
    expect(naRow).toMatchObject({ working: 'NA', company_name: '', job_title: '', institute_name: '', course_name: '', edu_address: '' });
  });

  it('answers 400 in text with the field and the spec message for each bad field, saving nothing', async () => {
    const before = await count('alumni');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'Name: Required*'],
      [{ name: '   ' }, 'Name: Required*'],
      [{ rollNumber: '' }, 'Roll Number: Required*'],
      [{ degree: '' }, 'Degree: Required*'],
      [{ batch: '' }, 'Batch: Required*'],
      [{ branch: '' }, 'Branch: Required*'],
      [{ mobileNumber: '98765' }, 'Mobile Number: Required*'],
      [{ mobileNumber: '98765432101' }, 'Mobile Number: Required*'],
      [{ mobileNumber: '98765abcde' }, 'Mobile Number: Required*'],
      [{ email: 'not-an-email' }, `Email: ${MSG.emailIsInvalid}`],
      [{ email: '' }, `Email: ${MSG.emailIsInvalid}`],
      [{ working: 'maybe' }, 'Working: Required*'],
      [{ companyName: '' }, 'Company Name: Required*'],
      [{ jobTitle: '' }, 'Job Title: Required*'],
      [{ workAddress: '' }, 'Work Address: Required*'],
      [{ working: 'no', instituteName: '', courseName: 'MS', eduAddress: 'x' }, 'Institute Name: Required*'],
      [{ working: 'no', instituteName: 'IIT', courseName: '', eduAddress: 'x' }, 'Course Name: Required*'],
      [{ working: 'no', instituteName: 'IIT', courseName: 'MS', eduAddress: '' }, 'Education Address: Required*'],
      [{ degree: 'B.Arch' }, 'Degree Not Found'],
      [{ batch: '2030-2034' }, 'Batch Not Found'],
      [{ course: 'PG' }, 'Course Not Found'],
      [{ name: 42 }, 'Name: Invalid input: expected string, received number'],
    ];
    for (const [over, message] of cases) {
      const res = await save(registration({ rollNumber: '16A91A0300', ...over }));
      expect({ over, status: res.statusCode, body: res.body }).toEqual({ over, status: 400, body: message });
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
    expect(await count('alumni')).toBe(before);
  });

  it('refuses a second registration of the same roll number', async () => {
    const seeded = await t.db.selectFrom('alumni').select('roll_number').executeTakeFirstOrThrow();
    const res = await save(registration({ rollNumber: seeded.roll_number }));
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(ALUMNI_MSG.alreadyRegistered);
    // Another college keeps its own alumni.
    const srk = await save(registration({ rollNumber: seeded.roll_number }), [], 'srk.localhost');
    expect(srk.statusCode).toBe(200);
  });

  it('checks the file by its bytes and size, and stores nothing on refusal', async () => {
    const before = await count('alumni');
    const files = fs.readdirSync(t.config.UPLOAD_DIR, { recursive: true }).length;
    const renamed = await save(registration({ rollNumber: '16A91A0301' }), [{ name: 'file', data: TEXT, filename: 'letter.pdf', type: 'application/pdf' }]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.body).toBe(ALUMNI_MSG.registrationFileType);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await save(registration({ rollNumber: '16A91A0302' }), [{ name: 'file', data: big, filename: 'big.pdf' }]);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body).toBe(ALUMNI_MSG.fileTooLarge);
    expect(await count('alumni')).toBe(before);
    expect(fs.readdirSync(t.config.UPLOAD_DIR, { recursive: true }).length).toBe(files);
  });

  it('answers 400 for a missing or malformed JSON part and for a non-multipart body', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/saveAlumniStudentRegister', payload: form('other', {}) });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toBe('The multipart part "alumniStudentRegistration" is missing');
    const malformed = await save('{"name": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toBe('The multipart part "alumniStudentRegistration" is not valid JSON');
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/saveAlumniStudentRegister', payload: registration() });
    expect(json.statusCode).toBe(400);
    expect(json.body).toBe('The request must be multipart/form-data');
  });

  it('answers a malformed JSON body, or a JSON part that is not an object, in text 400s, saving nothing', async () => {
    const before = await count('alumni');
    // Refused by the body parser before the route runs: it was a 500 (a JSON error against the text 400 schema).
    for (const [payload, message] of [
      ['{"name": ', 'The request body is not valid JSON'],
      ['', 'The request body is empty: send JSON'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/saveAlumniStudentRegister',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe(message);
    }
    for (const part of ['null', '[]', '"Ravi"', '1']) {
      const res = await save(part);
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('The multipart part "alumniStudentRegistration" must be a JSON object of the form\'s fields');
    }
    expect(await count('alumni')).toBe(before);
  });
});

describe('POST saveAluminiHistoryByUrl (form 2)', () => {
  const record = (over: Record<string, unknown> = {}) => ({
    status: 'working',
    rollNumber: '19A91A0577',
    name: 'Keerthi Varma',
    branch: 'CSE',
    batch: '2019-2023',
    studentMobile: '9123456780',
    studentEmail: 'keerthi.varma@example.com',
    course: 'B.Tech',
    fatherName: 'Ravi Varma',
    section: 'A',
    company: 'Amazon',
    packages: '18 LPA',
    designation: 'SDE I',
    experience: '2 years',
    location: 'Hyderabad',
    instituteName: '',
    ...over,
  });
  const photo: Part = { name: 'file', data: PNG, filename: 'photo.png', type: 'image/png' };
  const cert: Part = { name: 'file', data: PDF, filename: 'offer.pdf', type: 'application/pdf' };
  const save = (json: unknown, files: Part[] = [photo, cert], host = 'localhost') =>
    t.app.inject({ method: 'POST', url: '/api/v1/saveAluminiHistoryByUrl', headers: { host }, payload: form('alumniData', json, files) });

  it('runs the checks in the spec order, with its messages', async () => {
    const before = await count('alumni_history');
    const seededRoll = (await t.db.selectFrom('alumni_history').select('roll_number').executeTakeFirstOrThrow()).roll_number;
    const steps: Array<[Record<string, unknown>, string, number?]> = [
      [{}, MSG.selectStatus],
      [{ status: 'retired' }, MSG.selectStatus],
      [{ status: 'working', studentMobile: '12345' }, MSG.phoneTenDigits],
      [{ status: 'working', rollNumber: seededRoll }, MSG.rollNumberExists, 409],
      [{ status: 'working' }, MSG.rollNumberRequired],
      [{ status: 'working', rollNumber: '19A91A0577' }, MSG.studentNameRequired],
      [{ status: 'working', rollNumber: '19A91A0577', name: 'K' }, MSG.fatherNameRequired],
      [{ status: 'working', rollNumber: '19A91A0577', name: 'K', fatherName: 'R' }, MSG.courseRequired],
      [{ status: 'working', rollNumber: '19A91A0577', name: 'K', fatherName: 'R', course: 'B.Tech' }, MSG.batchRequired],
      [{ status: 'working', rollNumber: '19A91A0577', name: 'K', fatherName: 'R', course: 'B.Tech', batch: '2019-2023' }, MSG.branchRequired],
      [{ status: 'working', rollNumber: '19A91A0577', name: 'K', fatherName: 'R', course: 'B.Tech', batch: '2019-2023', branch: 'CSE' }, MSG.studentEmailRequired],
      [
        { status: 'working', rollNumber: '19A91A0577', name: 'K', fatherName: 'R', course: 'B.Tech', batch: '2019-2023', branch: 'CSE', studentEmail: 'k@example.com' },
        MSG.studentPhoneRequired,
      ],
    ];
    for (const [json, message, status = 400] of steps) {
      const res = await save(json, []);
      expect({ json, status: res.statusCode, message: res.json().message }).toEqual({ json, status, message });
    }
    const working: Array<[Record<string, unknown>, string]> = [
      [{ company: '' }, MSG.companyRequired],
      [{ designation: '' }, MSG.designationRequired],
      [{ experience: '' }, MSG.experienceRequired],
      [{ location: '  ' }, MSG.workLocationRequired],
    ];
    for (const [over, message] of working) expect((await save(record(over))).json().message).toBe(message);
    const offer = await save(record(), []);
    expect(offer.json().message).toBe(MSG.offerLetterRequired);
    const studying = record({ status: 'studying', company: '', instituteName: 'IIT Madras', location: 'Chennai' });
    expect((await save({ ...studying, instituteName: '' })).json().message).toBe(MSG.instituteRequired);
    expect((await save({ ...studying, location: '' })).json().message).toBe(MSG.studyLocationRequired);
    expect((await save(studying, [])).json().message).toBe(MSG.admitCardRequired);
    expect((await save(record({ studentEmail: 'nope' }))).json().message).toBe(MSG.validEmailAddress);
    for (const over of [{ course: 'B.Arch' }, { batch: '2035-2039' }, { branch: 'MBA' }]) {
      const res = await save(record(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.selectCourseBatchBranch);
    }
    expect(await count('alumni_history')).toBe(before);
  });

  it('saves a working record, trimmed, with photo and offer letter; the list shows it first', async () => {
    const res = await save(record({ name: '  Keerthi Varma ', company: ' Amazon ', instituteName: 'dropped for working' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.alumniHistorySaved });
    const row = await t.db.selectFrom('alumni_history').selectAll().where('roll_number', '=', '19A91A0577').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Keerthi Varma', company: 'Amazon', institute_name: '', status: 'working' });
    expect(fs.readFileSync(path.resolve(t.config.UPLOAD_DIR, row.photo_path!))).toEqual(PNG);
    expect(fs.readFileSync(path.resolve(t.config.UPLOAD_DIR, row.certificate_path!))).toEqual(PDF);
    const list = await t.as('admin', { method: 'GET', url: '/api/v1/getAlumniData' });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ rollNumber: '19A91A0577', name: 'Keerthi Varma', status: 'working', hasPhoto: true, hasCertificate: true });
  });

  it('serves the stored photo and certificate to the roles that read the records', async () => {
    const { id } = await t.db.selectFrom('alumni_history').select('id').where('roll_number', '=', '19A91A0577').executeTakeFirstOrThrow();
    const photoRes = await t.as('admin', { method: 'GET', url: `/api/alumni/history/${id}/photo` });
    expect(photoRes.statusCode).toBe(200);
    expect(photoRes.headers['content-type']).toBe('image/png');
    expect(photoRes.rawPayload).toEqual(PNG);
    const certRes = await t.as('principal', { method: 'GET', url: `/api/alumni/history/${id}/certificate` });
    expect(certRes.headers['content-type']).toBe('application/pdf');
    expect(certRes.headers['content-disposition']).toBe('inline; filename="19A91A0577-certificate.pdf"');
    expect((await t.as('faculty', { method: 'GET', url: `/api/alumni/history/${id}/photo` })).statusCode).toBe(403);
    // An alumnus reads the directory, not another alumnus's offer letter or photo.
    expect((await t.as('alumni', { method: 'GET', url: `/api/alumni/history/${id}/certificate` })).statusCode).toBe(403);
    const seeded = await t.db.selectFrom('alumni_history').select('id').where('photo_path', 'is', null).executeTakeFirstOrThrow();
    const none = await t.as('admin', { method: 'GET', url: `/api/alumni/history/${seeded.id}/photo` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.fileNotUploaded);
    expect((await t.as('srkadmin', { method: 'GET', url: `/api/alumni/history/${id}/photo` }, 'srk.localhost')).statusCode).toBe(404);
    expect((await t.as('admin', { method: 'GET', url: `/api/alumni/history/${id}/resume` })).statusCode).toBe(400);
  });

  it('never serves an uploaded HTML page from the portal: refused by its bytes, or downloaded if one is on disk', async () => {
    const before = await count('alumni_history');
    const html = Buffer.from('<!doctype html><html><script>fetch("/api/v1/getAlumniData")</script></html>');
    const refused = await save(record({ rollNumber: '19A91A0588' }), [{ name: 'file', data: html, filename: 'photo.jpg', type: 'image/jpeg' }, cert]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ALUMNI_MSG.photoFileType);
    expect(await count('alumni_history')).toBe(before);

    // a file stored before the checks (or put there by hand), under a roll number with a quote and a Telugu letter
    const row = await t.db.selectFrom('alumni_history').select(['id', 'photo_path']).where('roll_number', '=', '19A91A0577').executeTakeFirstOrThrow();
    fs.writeFileSync(path.resolve(t.config.UPLOAD_DIR, row.photo_path!), html);
    await t.db.updateTable('alumni_history').set({ roll_number: '19"A;రా' }).where('id', '=', row.id).execute();
    try {
      const res = await t.as('admin', { method: 'GET', url: `/api/alumni/history/${row.id}/photo` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="19_A___-photo.pdf"; filename*=UTF-8''19%22A%3B%E0%B0%B0%E0%B0%BE-photo.pdf`,
      );
    } finally {
      await t.db.updateTable('alumni_history').set({ roll_number: '19A91A0577' }).where('id', '=', row.id).execute();
      fs.writeFileSync(path.resolve(t.config.UPLOAD_DIR, row.photo_path!), PNG);
    }
  });

  it('answers 409 for the same roll number again, even with a different status', async () => {
    const again = await save(record({ status: 'studying', instituteName: 'IIT Madras', company: '' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.rollNumberExists);
  });

  it('saves a studying record with only the admit card (one file is the certificate)', async () => {
    const res = await save(record({ rollNumber: '18A91A0466', status: 'studying', company: 'dropped', instituteName: 'NIT Warangal', location: 'Warangal', branch: 'ECE', batch: '2018-2022' }), [
      { name: 'file', data: PNG, filename: 'admit.png' },
    ]);
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('alumni_history').selectAll().where('roll_number', '=', '18A91A0466').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'studying', company: '', packages: '', designation: '', institute_name: 'NIT Warangal', photo_path: null });
    expect(row.certificate_path).toMatch(/certificate.*\.png$/);
  });

  it('checks file types by their bytes, the size and the number of files', async () => {
    const before = await count('alumni_history');
    const r = record({ rollNumber: '17A91A0155', branch: 'CIVIL', batch: '2017-2021' });
    const badPhoto = await save(r, [{ name: 'file', data: PDF, filename: 'photo.png' }, cert]);
    expect(badPhoto.json()).toMatchObject({ message: ALUMNI_MSG.photoFileType });
    const badCert = await save(r, [photo, { name: 'file', data: TEXT, filename: 'offer.pdf' }]);
    expect(badCert.json()).toMatchObject({ message: ALUMNI_MSG.certificateFileType });
    const three = await save(r, [photo, cert, cert]);
    expect(three.json()).toMatchObject({ message: ALUMNI_MSG.tooManyFiles });
    const big = await save(r, [photo, { name: 'file', data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), filename: 'big.pdf' }]);
    expect(big.json()).toMatchObject({ message: ALUMNI_MSG.fileTooLarge });
    for (const res of [badPhoto, badCert, three, big]) expect(res.statusCode).toBe(400);
    const malformed = await save('{oops', []);
    expect(malformed.statusCode).toBe(400);
    expect(await count('alumni_history')).toBe(before);
  });

  it('keeps each college apart: the list and the duplicate check', async () => {
    const srk = await save(record(), [photo, cert], 'srk.localhost');
    expect(srk.statusCode).toBe(200);
    const srkList = await t.as('srkadmin', { method: 'GET', url: '/api/v1/getAlumniData' }, 'srk.localhost');
    expect(srkList.json().map((r: { rollNumber: string }) => r.rollNumber)).toEqual(['19A91A0577']);
  });
});

describe('GET getAlumniData and getAlumniBatchesByCourse', () => {
  it('getAlumniData is for the alumni, admin and principal roles, and lists the seeded records', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/v1/getAlumniData' });
    expect(anon.statusCode).toBe(401);
    for (const user of ['faculty', '22A91A0501']) {
      const res = await t.as(user, { method: 'GET', url: '/api/v1/getAlumniData' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.noPermission);
    }
    expect((await t.as('principal', { method: 'GET', url: '/api/v1/getAlumniData' })).statusCode).toBe(200);
    const res = await t.as('admin', { method: 'GET', url: '/api/v1/getAlumniData' });
    const list = res.json();
    expect(list.length).toBeGreaterThanOrEqual(40);
    expect(new Set(list.map((r: { status: string }) => r.status))).toEqual(new Set(['working', 'studying']));
    expect(list.find((r: { batch: string }) => r.batch === '2016-2020')).toBeTruthy();
  });

  it('lists graduated batches of a degree, and 404 for an unknown degree', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/getAlumniBatchesByCourse?degree=B.Tech' });
    expect(res.statusCode).toBe(200);
    const batches: string[] = res.json();
    expect(batches).toEqual(expect.arrayContaining(['2016-2020', '2017-2021', '2018-2022', '2019-2023']));
    expect(batches).toEqual([...batches].sort());
    expect(batches.every((b) => Number(b.slice(5)) <= new Date().getFullYear())).toBe(true);
    const mba = (await t.app.inject({ method: 'GET', url: '/api/v1/getAlumniBatchesByCourse?degree=MBA' })).json();
    expect(mba.every((b: string) => Number(b.slice(5)) - Number(b.slice(0, 4)) === 2)).toBe(true);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/getAlumniBatchesByCourse?degree=B.Arch' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Degree Not Found');
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/getAlumniBatchesByCourse' });
    expect(missing.statusCode).toBe(400);
  });

  it('lists courses with branches for the forms', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/alumni/courses' });
    expect(res.json()).toContainEqual({ course: 'B.Tech', level: 'UG', branches: ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'] });
  });
});

describe('public saves are rate-limited per client', () => {
  it('answers 429 after 60 saves a minute from one address', async () => {
    let last = 0;
    for (let i = 0; i < 61 && last !== 429; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/api/v1/saveAlumniStudentRegister', payload: form('alumniStudentRegistration', {}) })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('the alumni directory and contact sharing', () => {
  const form2 = (json: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/saveAluminiHistoryByUrl',
      payload: form('alumniData', json, [{ name: 'file', data: PDF, filename: 'offer.pdf', type: 'application/pdf' }]),
    });
  const base = {
    status: 'working',
    fatherName: 'Suresh Rao',
    course: 'B.Tech',
    batch: '2019-2023',
    branch: 'ECE',
    company: 'Infosys',
    designation: 'Systems Engineer',
    experience: '2 years',
    location: 'Pune',
    packages: '6.5 LPA',
  };
  const directory = async (user: string) => {
    const res = await t.as(user, { method: 'GET', url: '/api/v1/getAlumniData' });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };

  it('shows an alumnus the phone and email only of alumni who opted in; the staff see every record whole', async () => {
    const shared = await form2({ ...base, rollNumber: '19A91A0461', name: 'Opted In', studentMobile: '9000000461', studentEmail: 'in@example.com', shareContact: true });
    const kept = await form2({ ...base, rollNumber: '19A91A0462', name: 'Kept Private', studentMobile: '9000000462', studentEmail: 'out@example.com' });
    expect([shared.statusCode, kept.statusCode]).toEqual([200, 200]);
    const rows = await t.db.selectFrom('alumni_history').select(['roll_number', 'share_contact']).where('roll_number', 'in', ['19A91A0461', '19A91A0462']).orderBy('roll_number').execute();
    expect(rows.map((r) => r.share_contact)).toEqual([1, 0]);

    const seen = await directory('alumni');
    const optedIn = seen.find((r) => r.name === 'Opted In')!;
    const privateOne = seen.find((r) => r.name === 'Kept Private')!;
    expect(optedIn).toMatchObject({ name: 'Opted In', batch: '2019-2023', branch: 'ECE', company: 'Infosys', studentMobile: '9000000461', studentEmail: 'in@example.com', shareContact: true, limited: true });
    expect(privateOne).toMatchObject({ name: 'Kept Private', batch: '2019-2023', branch: 'ECE', company: 'Infosys', studentMobile: '', studentEmail: '', limited: true });
    // Neither shows what only the staff read.
    for (const r of [optedIn, privateOne])
      expect([r.rollNumber, r.fatherName, r.packages, r.location, r.experience, r.hasPhoto, r.hasCertificate]).toEqual(['', '', '', '', '', false, false]);
    // No record in the alumni view carries a contact its owner did not share.
    expect(seen.filter((r) => !r.shareContact && (r.studentMobile || r.studentEmail))).toEqual([]);
    expect(seen.some((r) => r.shareContact && r.studentMobile)).toBe(true);

    for (const staff of ['admin', 'principal']) {
      const whole = (await directory(staff)).find((r) => r.name === 'Kept Private')!;
      expect(whole).toMatchObject({ rollNumber: '19A91A0462', studentMobile: '9000000462', studentEmail: 'out@example.com', fatherName: 'Suresh Rao', packages: '6.5 LPA', hasCertificate: true, limited: false });
    }
  });

  it('takes the opt-in as true or false only', async () => {
    const res = await form2({ ...base, rollNumber: '19A91A0463', name: 'Bad Flag', studentMobile: '9000000463', studentEmail: 'bad@example.com', shareContact: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('shareContact must be true or false');
  });
});
