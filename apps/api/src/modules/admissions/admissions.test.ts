import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_MSG, MSG } from '@erp/shared';
import { collegeId, newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { PHOTO_JPG, goodPayload, nextAadhar, pdfText, saveRequest } from '../../../test/modules/admissions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const V1 = '/api/v1';
const save = (payload: unknown, photo?: Parameters<typeof saveRequest>[1], query = '', user = 'admissions', host?: string) => {
  const body = saveRequest(payload, photo);
  return t.as(user, { method: 'POST', url: `${V1}/saveApplicationFormData${query}`, ...body }, host);
};
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('admissions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe('generateAdmistionNumber', () => {
  it('gives the next number as text, unique even for 50 requests at once', async () => {
    const token = await t.token('admissions');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({ method: 'GET', url: `${V1}/generateAdmistionNumber`, headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    const numbers = answers.map((r) => {
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/plain/);
      return r.body;
    });
    expect(new Set(numbers).size).toBe(50);
    for (const n of numbers) expect(n).toMatch(/^SVEC\/\d{4}\/\d{5}$/);
  });

  it('counts per college', async () => {
    const srk = await t.as('srkadmissions', { method: 'GET', url: `${V1}/generateAdmistionNumber` }, 'srk.localhost');
    expect(srk.body).toMatch(/^SRK\/\d{4}\/00025$/);
  });
});

describe('saveApplicationFormData', () => {
  it('saves a good admission with its photo and returns the admission PDF', async () => {
    const before = await count();
    const payload = goodPayload({ name: 'Anjali Priya Sharma' });
    const res = await save(payload, { data: PHOTO_JPG, filename: 'photo.jpg' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MSG.recordSaved);
    expect(body.adminNo).toMatch(/^SVEC\/\d{4}\/\d{5}$/);
    const pdf = Buffer.from(body.pdf, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Anjali Priya Sharma');
    expect(text).toContain(body.adminNo);
    expect(text).toContain('Sri Venkateswara Engineering College');
    expect(text).toContain('Fee Commitment');
    expect(text).toContain('95,000');
    expect(await count()).toBe(before + 1);

    const row = await t.db
      .selectFrom('admissions')
      .selectAll()
      .where('admission_no', '=', body.adminNo)
      .executeTakeFirstOrThrow();
    expect(row.aadhar_no).toBe(payload.aadharNo);
    expect(row.photo_path).toBe(path.join('SVEC', 'admissions', `${body.adminNo.replace(/\//g, '_')}.jpg`));
    const stored = fs.readFileSync(path.resolve(t.config.UPLOAD_DIR, row.photo_path!));
    expect(stored.equals(PHOTO_JPG)).toBe(true);
    // Written under a temporary name, renamed once the row was committed.
    expect(
      fs.readdirSync(path.dirname(path.resolve(t.config.UPLOAD_DIR, row.photo_path!))).filter((f) => f.endsWith('.tmp')),
    ).toEqual([]);
    const data = JSON.parse(row.data_json);
    expect(data).toMatchObject({ lateralEntry: 'No', feeCommitment: '95000', imageType: 'image/jpeg', adminNo: body.adminNo });
  });

  it('checks the long form fields in the spec order, with its messages', async () => {
    const order: Array<[Record<string, unknown>, string]> = [
      [{ dateOfAdmission: '' }, MSG.enterDateOfAdmission],
      [{ name: '' }, MSG.enterFullName],
      [{ admissionType: '' }, MSG.selectAdmissionType],
      [{ courseAppliedFor: '' }, MSG.selectCourse],
      [{ branch: '' }, MSG.selectBranch],
      [{ gender: '' }, MSG.selectGender],
      [{ aadharNo: '' }, MSG.enterAadhar],
      [{ aadharNo: '12345' }, MSG.aadharTwelveDigits],
    ];
    // Everything empty: the first message of the list.
    const empty = await save({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.enterDateOfAdmission);
    // Each rule alone, and with all the later ones also broken, gives its own message.
    for (let i = 0; i < order.length; i++) {
      const alone = await save(goodPayload(order[i][0]));
      expect(alone.statusCode).toBe(400);
      expect(alone.json().message).toBe(order[i][1]);
      const withLater = await save(
        goodPayload(
          Object.assign(
            {},
            ...order
              .slice(i)
              .reverse()
              .map(([o]) => o),
          ),
        ),
      );
      expect(withLater.json().message).toBe(order[i][1]);
    }
  });

  it('answers 400 with the form message for each bad field, and saves nothing', async () => {
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ dateOfAdmission: '2026-02-30' }, ADMISSION_MSG.validDate],
      [{ name: 'Ravi 2' }, MSG.pleaseEnterText],
      [{ fathersName: 'S.Rao' }, MSG.pleaseEnterText],
      [{ gender: 'OTHER' }, MSG.selectGender],
      [{ aadharNo: '12345678901a' }, MSG.aadharTwelveDigits],
      [{ emailId: 'not-an-email' }, MSG.validEmailAddress],
      [{ studentContactNo: '5876543210' }, MSG.validMobile],
      [{ fatherContactNo: '98765' }, MSG.validMobile],
      [{ rank: '0123' }, MSG.validNumber],
      [{ bloodGroup: 'C+' }, ADMISSION_MSG.oneOf('Blood Group', ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'])],
      [{ entranceType: 'JEE' }, ADMISSION_MSG.oneOf('Entrance Type', ['ICET', 'PGECT', 'POLYCET', 'EAPCET', 'ECET'])],
      [{ scholarShip: 'maybe' }, ADMISSION_MSG.oneOf('Scholarship', ['Yes', 'No'])],
      [{ feeCommitment: -5 }, ADMISSION_MSG.validAmount],
      [{ sscPercentage: '101' }, ADMISSION_MSG.validPercentage],
      [{ courseAppliedFor: 'B.Sc' }, 'Course Not Found'],
      [{ branch: 'MBA' }, 'Branch Not Found'],
      [{ batch: '1999-2003' }, 'Batch Not Found'],
      [{ admissionType: 'Convener' }, ADMISSION_MSG.notListed('Admission type', 'Convener')],
    ];
    for (const [override, message] of cases) {
      const res = await save(goodPayload(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const broken = saveRequest(null);
    const notJson = await t.as('admissions', {
      method: 'POST',
      url: `${V1}/saveApplicationFormData`,
      headers: broken.headers,
      payload: broken.payload.toString().replace('null', '{broken'),
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe('The multipart part "applicationFormData" is not valid JSON');
    // A body cut off mid-way (or with another boundary) is a 400 too, never a 500.
    const cut = await t.as('admissions', {
      method: 'POST',
      url: `${V1}/saveApplicationFormData`,
      headers: saveRequest(null).headers,
      payload: broken.payload,
    });
    expect(cut.statusCode).toBe(400);
    const noPart = await t.as('admissions', { method: 'POST', url: `${V1}/saveApplicationFormData`, payload: { name: 'x' } });
    expect(noPart.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses a duplicate Aadhaar number with 409', async () => {
    const payload = goodPayload();
    expect((await save(payload)).statusCode).toBe(200);
    const again = await save(goodPayload({ aadharNo: payload.aadharNo, name: 'Someone Else' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMISSION_MSG.duplicateAadhar(String(payload.aadharNo)));
    // Another college may hold the same number.
    const srk = await save(
      goodPayload({ aadharNo: payload.aadharNo, admissionType: 'Management' }),
      undefined,
      '',
      'srkadmissions',
      'srk.localhost',
    );
    expect(srk.statusCode).toBe(200);
  });

  it('checks the photo by its bytes, not its name, and limits its size', async () => {
    const before = await count();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const fakeJpg = await save(goodPayload(), { data: png, filename: 'photo.jpg' });
    expect(fakeJpg.statusCode).toBe(400);
    expect(fakeJpg.json().message).toBe(ADMISSION_MSG.photoJpgOnly);
    const text = await save(goodPayload(), { data: Buffer.from('hello, not an image'), filename: 'photo.jpg' });
    expect(text.json().message).toBe(ADMISSION_MSG.photoJpgOnly);
    const big = Buffer.concat([PHOTO_JPG, Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await save(goodPayload(), { data: big, filename: 'photo.jpg' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(ADMISSION_MSG.photoTooLarge);
    expect(await count()).toBe(before);
    // A real JPEG with another name is fine.
    const renamed = await save(goodPayload(), { data: PHOTO_JPG, filename: 'photo.png', type: 'image/png' });
    expect(renamed.statusCode).toBe(200);
  });

  it('keeps the year-wise fee package only for the college that uses it', async () => {
    const fees = { firstYearDonation: 50000, firstYearTutionFee: 85000, firstYearMiscFee: 5000, forthYearTutionFee: 90000 };
    const srk = await save(goodPayload({ ...fees, admissionType: 'NRI' }), undefined, '', 'srkadmissions', 'srk.localhost');
    expect(srk.statusCode).toBe(200);
    const srkRow = await t.db
      .selectFrom('admissions')
      .select('data_json')
      .where('admission_no', '=', srk.json().adminNo)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(srkRow.data_json)).toMatchObject({ firstYearDonation: '50000', forthYearTutionFee: '90000' });
    expect(await pdfText(Buffer.from(srk.json().pdf, 'base64'))).toContain('Tution Fee');
    const main = await save(goodPayload(fees));
    const mainRow = await t.db
      .selectFrom('admissions')
      .select('data_json')
      .where('admission_no', '=', main.json().adminNo)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(mainRow.data_json).firstYearDonation).toBe('');
  });
});

describe('modify mode', () => {
  it('getNormalData gives a seeded student admission by roll number, and the student record when none exists', async () => {
    const res = await t.as('admissions', { method: 'GET', url: `${V1}/getNormalData?rollNumber=22A91A0501` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rollNumber: '22A91A0501', courseAppliedFor: 'B.Tech', branch: 'CSE', batch: '2022-2026' });
    expect(body.aadharNo).toMatch(/^\d{12}$/);
    expect(body.adminNo).toMatch(/^SVEC\//);

    // A student record with no admission behind it, built here.
    const built = await newStudent(t.db, await collegeId(t.db), { full_name: 'Pranav Pillai' });
    const student = { roll_no: built.rollNo, full_name: built.fullName };
    const plain = await t.as('admissions', { method: 'GET', url: `${V1}/getNormalData?rollNumber=${student.roll_no}` });
    expect(plain.json()).toMatchObject({ name: student.full_name, rollNumber: student.roll_no, aadharNo: '' });

    const none = await t.as('admissions', { method: 'GET', url: `${V1}/getNormalData?rollNumber=NOPE123` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ADMISSION_MSG.noAdmissionForRoll('NOPE123'));
  });

  it('saves changes to the admission named by editedAadharNumber, including a new Aadhaar', async () => {
    const original = goodPayload({ name: 'Kiran Kumar' });
    const first = await save(original, { data: PHOTO_JPG, filename: 'a.jpg' });
    const adminNo = first.json().adminNo;
    const before = await count();
    const newAadhar = nextAadhar();
    const res = await save(
      { ...original, name: 'Kiran Kumar Reddy', aadharNo: newAadhar, adminNo: 'IGNORED/1' },
      undefined,
      `?editedAadharNumber=${original.aadharNo}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.recordModified);
    expect(res.json().adminNo).toBe(adminNo);
    expect(await count()).toBe(before);
    const row = await t.db.selectFrom('admissions').selectAll().where('admission_no', '=', adminNo).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Kiran Kumar Reddy', aadhar_no: newAadhar });
    expect(row.photo_path).toBeTruthy();
    expect(await pdfText(Buffer.from(res.json().pdf, 'base64'))).toContain('Kiran Kumar Reddy');

    const missing = await save(goodPayload(), undefined, '?editedAadharNumber=999999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMISSION_MSG.noAdmissionForAadhar('999999999999'));
    // Changing to an Aadhaar another admission holds is a conflict.
    const other = goodPayload();
    await save(other);
    const clash = await save({ ...original, aadharNo: other.aadharNo }, undefined, `?editedAadharNumber=${newAadhar}`);
    expect(clash.statusCode).toBe(409);
  });

  it('links a student when the form carries their roll number', async () => {
    // A student record with no admission yet, with a roll number of the college's own form.
    const built = await newStudent(t.db, await collegeId(t.db), { roll_no: `26A91A${String(Date.now() % 10_000).padStart(4, '0')}` });
    const student = { id: built.id, roll_no: built.rollNo };
    const res = await save(goodPayload({ rollNumber: student.roll_no }));
    const linked = await t.db
      .selectFrom('students')
      .select('admission_id')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(linked.admission_id).toBe(res.json().id);
    const back = await t.as('admissions', { method: 'GET', url: `${V1}/getNormalData?rollNumber=${student.roll_no}` });
    expect(back.json().adminNo).toBe(res.json().adminNo);
  });
});

describe('PDF and list', () => {
  it('getStudentadmissiondata returns the PDF for a posted form without saving it', async () => {
    const before = await count();
    const res = await t.as('admissions', {
      method: 'POST',
      url: `${V1}/getStudentadmissiondata`,
      payload: goodPayload({ name: 'Meena Kumari' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(await pdfText(Buffer.from(res.body, 'base64'))).toContain('Meena Kumari');
    expect(await count()).toBe(before);
    const bad = await t.as('admissions', {
      method: 'POST',
      url: `${V1}/getStudentadmissiondata`,
      payload: goodPayload({ gender: '' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.selectGender);
  });

  it('getApplicationFormData lists saved admissions, newest first, with applicationFormExcelM.aadharNo', async () => {
    const payload = goodPayload({ name: 'Listed Student' });
    const saved = (await save(payload)).json();
    const res = await t.as('admissions', { method: 'GET', url: `${V1}/getApplicationFormData` });
    const list = res.json();
    expect(list.length).toBe(
      await t.db
        .selectFrom('admissions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(
          'college_id',
          '=',
          (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id,
        )
        .executeTakeFirst()
        .then((r) => Number(r?.n)),
    );
    expect(list[0].applicationFormExcelM).toMatchObject({
      aadharNo: payload.aadharNo,
      name: 'Listed Student',
      adminNo: saved.adminNo,
    });
    const page = await t.as('admissions', { method: 'GET', url: `${V1}/getApplicationFormData?limit=2&offset=1` });
    expect(page.json()).toHaveLength(2);
    const again = await t.as('admissions', { method: 'GET', url: `/api/admissions/${saved.id}/pdf` });
    expect(await pdfText(Buffer.from(again.json().pdf, 'base64'))).toContain('Listed Student');
    const summary = await t.as('admissions', { method: 'GET', url: '/api/admissions/summary' });
    expect(summary.json().total).toBe(list.length);
  });
});

describe('GET /api/admissions/applications (the applications list search)', () => {
  const list = (query: string, user = 'admissions', host?: string) =>
    t.as(user, { method: 'GET', url: `/api/admissions/applications?${query}` }, host);

  it('searches every saved admission on the server, not just one page, newest first, with the total', async () => {
    // Three admissions built here: two share a surname no seeded row has; the third is found by its branch and number.
    const first = (await save(goodPayload({ name: 'Anitha Quorvexa' }))).json();
    const second = (await save(goodPayload({ name: 'Bhavya Quorvexa' }))).json();
    const third = (await save(goodPayload({ name: 'Chandra Mouli', branch: 'ECE' }))).json();
    // The same surname at another college stays there.
    const other = await save(goodPayload({ name: 'Deepa Quorvexa', admissionType: 'Management' }), undefined, '', 'srkadmissions', 'srk.localhost');
    expect(other.statusCode).toBe(200);

    const res = await list('q=QUORVEXA&limit=50&offset=0');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.items.map((i: { applicationFormExcelM: { adminNo: string } }) => i.applicationFormExcelM.adminNo)).toEqual([
      second.adminNo,
      first.adminNo,
    ]);
    expect(body.items[0].applicationFormExcelM).toMatchObject({ id: second.id, name: 'Bhavya Quorvexa', branch: 'CSE' });

    // The second page of one row each: the older match, and the same total.
    const page2 = (await list('q=quorvexa&limit=1&offset=1')).json();
    expect(page2.total).toBe(2);
    expect(page2.items).toHaveLength(1);
    expect(page2.items[0].applicationFormExcelM.adminNo).toBe(first.adminNo);

    // By admission number (part of it) and by name.
    const byNo = (await list(`q=${encodeURIComponent(third.adminNo)}`)).json();
    expect(byNo.total).toBe(1);
    expect(byNo.items[0].applicationFormExcelM.name).toBe('Chandra Mouli');
    expect((await list('q=chandra mouli')).json().total).toBe(1);
  });

  it('takes a typed % or _ literally, and answers an empty page with total 0 when nothing matches', async () => {
    await save(goodPayload({ name: 'Ekta Zwyrlane' }));
    expect((await list('q=zwyrlane')).json().total).toBe(1);
    const none = (await list(`q=${encodeURIComponent('%')}`)).json();
    expect(none).toEqual({ items: [], total: 0 });
    expect((await list('q=zwyr_ane')).json().total).toBe(0);
  });

  it('without q pages through every saved admission of the college', async () => {
    const all = (await list('limit=200')).json();
    const n = all.total as number;
    expect(n).toBeGreaterThan(0);
    expect(all.items.length).toBe(Math.min(n, 200));
    const last = (await list(`limit=1&offset=${n - 1}`)).json();
    expect(last.items).toHaveLength(1);
    expect((await list(`limit=1&offset=${n}`)).json()).toEqual({ items: [], total: n });
  });

  it('refuses a page size over 200 and is for the admissions office only', async () => {
    const big = await list('limit=500');
    expect(big.statusCode).toBe(400);
    expect((await list('q=a', 'hod')).statusCode).toBe(403);
  });
});

describe('who may', () => {
  const calls: Array<{ method: 'GET' | 'POST'; url: string }> = [
    { method: 'GET', url: `${V1}/generateAdmistionNumber` },
    { method: 'GET', url: `${V1}/getApplicationFormData` },
    { method: 'GET', url: `${V1}/getNormalData?rollNumber=22A91A0501` },
    { method: 'POST', url: `${V1}/saveApplicationFormData` },
    { method: 'POST', url: `${V1}/getStudentadmissiondata` },
    { method: 'GET', url: `${V1}/getExcelForNewAdmissions` },
    { method: 'POST', url: `${V1}/masterDataExcelsUploads?fileType=newAdmissionsForm` },
    { method: 'GET', url: '/api/admissions/1/pdf' },
    { method: 'GET', url: '/api/admissions/summary' },
    { method: 'GET', url: '/api/admissions/applications?q=a' },
  ];

  it('answers 401 without a token and 403 for other roles; admin and principal may', async () => {
    for (const c of calls) {
      const anon = await t.app.inject(c);
      expect(anon.statusCode, c.url).toBe(401);
      expect(anon.json().message).toBe(MSG.signInRequired);
      for (const user of ['hod', 'faculty', 'accountant']) {
        const res = await t.as(user, c);
        expect(res.statusCode, `${user} ${c.url}`).toBe(403);
        expect(res.json().message).toBe(MSG.noPermission);
      }
    }
    for (const user of ['admin', 'principal']) {
      expect((await t.as(user, { method: 'GET', url: `${V1}/getApplicationFormData?limit=1` })).statusCode).toBe(200);
    }
  });

  it('refuses another college token at this host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${V1}/getApplicationFormData`,
      headers: { authorization: `Bearer ${await t.token('srkadmissions', 'srk.localhost')}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('Aadhaar numbers on the admission PDFs', () => {
  it('every admission PDF shows the Aadhaar number masked but for its last four digits', async () => {
    const aadharNo = nextAadhar();
    const payload = goodPayload({ aadharNo });
    const saved = await save(payload);
    expect(saved.statusCode).toBe(200);
    const formPdf = await t.as('admissions', { method: 'POST', url: `${V1}/getStudentadmissiondata`, payload: goodPayload({ aadharNo: nextAadhar() }) });
    const again = await t.as('admissions', { method: 'GET', url: `/api/admissions/${saved.json().id}/pdf` });
    const texts = await Promise.all([
      pdfText(Buffer.from(saved.json().pdf, 'base64')),
      pdfText(Buffer.from(again.json().pdf, 'base64')),
    ]);
    for (const text of texts) {
      expect(text).toContain(`XXXX XXXX ${aadharNo.slice(-4)}`);
      expect(text).not.toContain(aadharNo);
      expect(text).not.toContain(aadharNo.slice(0, 8));
    }
    const preview = await pdfText(Buffer.from(formPdf.body, 'base64'));
    expect(preview).toMatch(/XXXX XXXX \d{4}/);
    expect(preview).not.toMatch(/\d{12}/);
  });
});
