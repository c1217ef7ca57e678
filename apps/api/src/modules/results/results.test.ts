import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { collegeId, newExamResult, newExamTitle, newStudent } from '../../../test/builders.js';
import { API_SECURITY_HEADERS } from '../../plugins/security-headers.js';
import { invalidate } from './results.lookup.js';
import { bumpResultsVersion } from './results.repo.js';
import { MEMO_NOT_GENUINE } from './results.service.js';
import { multipart, pdfText, resultSheet } from '../../../test/modules/results.js';

let t: TestApp;
let college: number;
let srk: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t.db);
  srk = await collegeId(t.db, 'SRK');
});
afterAll(async () => t.close());

/** Rows written straight into the tables: tell the read path, as the import does. */
const written = async (id = college) => {
  await bumpResultsVersion(t.db, id);
  invalidate(id);
};

// The marks and credits of the second seeded case, built by each test that needs it:
// failed CS703, absent in CS705, no supplementary.
const EIGHT: Array<{ code: string; credits: number; marks: number | 'AB' }> = [
  { code: 'CS701', credits: 3, marks: 64 },
  { code: 'CS702', credits: 3, marks: 65 },
  { code: 'CS703', credits: 3, marks: 38 },
  { code: 'CS704', credits: 3, marks: 67 },
  { code: 'CS705', credits: 3, marks: 'AB' },
  { code: 'CS706', credits: 2, marks: 69 },
  { code: 'CS707', credits: 1.5, marks: 70 },
  { code: 'CS708', credits: 1.5, marks: 71 },
];

/** A student with the eight results above under a new published regular title. */
async function failedAndAbsent(id = college) {
  const student = await newStudent(t.db, id, { full_name: 'Keerthi Varma' });
  const title = await newExamTitle(t.db, id);
  for (const c of EIGHT) await newExamResult(t.db, id, title, student, { ...c, name: `Course ${c.code}` });
  await written(id);
  return { student, title };
}

/** A student who failed CS702 under a regular title and passed it under a later supplementary one. */
async function passedSupplementary() {
  const student = await newStudent(t.db, college, { full_name: 'Sravani Chowdary' });
  const regular = await newExamTitle(t.db, college);
  const supply = await newExamTitle(t.db, college, { exam_type: 'supply' });
  await newExamResult(t.db, college, regular, student, { code: 'CS701', credits: 3, marks: 72 });
  await newExamResult(t.db, college, regular, student, { code: 'CS702', credits: 3, marks: 41.5, superseded: 1 });
  await newExamResult(t.db, college, supply, student, { code: 'CS702', credits: 3, marks: 63 });
  await written();
  return { student, regular, supply };
}

const view = (rollNo: string | undefined, examTitle: string, host = 'localhost') =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/getExamResultByRollNoView',
    query: { ...(rollNo === undefined ? {} : { rollNo }), examTitle },
    headers: { host },
  });
const report = (rollNo: string, examTitle: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoReport', query: { rollNo, examTitle } });
const upload = (file: Buffer, dryRun = false, user = 'examcell') =>
  t.as(user, { method: 'POST', url: `/api/exam-results/import${dryRun ? '?dryRun=true' : ''}`, ...multipart(file) });
const titles = (host = 'localhost') => t.app.inject({ method: 'GET', url: '/api/v1/getDistinctExamTitlesBy', headers: { host } });

describe('public titles and lookup', () => {
  it('lists only published titles, newest first, per college', async () => {
    const before = (await titles()).json() as string[];
    const srkBefore = (await titles('srk.localhost')).json() as string[];
    const older = await newExamTitle(t.db, college);
    const draft = await newExamTitle(t.db, college, { published: 0 });
    const newer = await newExamTitle(t.db, college, { exam_type: 'supply' });
    const elsewhere = await newExamTitle(t.db, srk);
    await written();
    await written(srk);
    const res = await titles();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([newer.title, older.title, ...before]);
    expect(res.json()).not.toContain(draft.title);
    expect((await titles('srk.localhost')).json()).toEqual([elsewhere.title, ...srkBefore]);
  });

  it('shows a result with pass, fail and absent rows, counts, credits and SGPA', async () => {
    const { student, title } = await failedAndAbsent();
    const res = await view(`${student.rollNo.toLowerCase()} Some Name`, title.title);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.studentRollNo).toBe(student.rollNo);
    expect(body.studentName).toBe('Keerthi Varma');
    expect(body.listofRecords).toHaveLength(8);
    const byCode = Object.fromEntries(body.listofRecords.map((r: { courseCode: string }) => [r.courseCode, r]));
    expect(byCode.CS703).toMatchObject({ grade: 'F', gradePoints: 0, status: 'Fail', examTitle: title.title, credits: 3 });
    expect(byCode.CS705).toMatchObject({ grade: 'AB', gradePoints: 0, status: 'Absent' });
    expect(byCode.CS701).toMatchObject({ grade: 'C', gradePoints: 7, status: 'Pass' }); // 64%
    expect(body).toMatchObject({ passCount: 6, failCount: 2, totalCredits: 20, earnedCredits: 14 });
    // Worked out by hand from the marks and credits (3, 3, 3, 3, 3, 2, 1.5, 1.5):
    // 64 C 7, 65 C 7, 38 F 0, 67 C 7, AB 0, 69 C 7, 70 B 8, 71 B 8
    // (3×7 + 3×7 + 3×0 + 3×7 + 3×0 + 2×7 + 1.5×8 + 1.5×8) / 20 = 101 / 20 = 5.05
    expect(body.sgpa).toBe(5.05);
    expect(body.listofRecords.every((r: { sgpa: number }) => r.sgpa === 5.05)).toBe(true);
  });

  it('sends the same security headers as every other API call, from the cache or not', async () => {
    const { student, title } = await failedAndAbsent();
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' });
    for (let i = 0; i < 2; i++) {
      const res = await view(student.rollNo, title.title);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
        expect(other.headers[name]).toBe(value);
        expect(res.headers[name]).toBe(value);
      }
    }
  });

  it('answers an unknown roll number with an empty result, and a missing one with the spec message', async () => {
    const { title } = await failedAndAbsent();
    const none = await view('99X99X9999', title.title);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ listofRecords: [], passCount: 0 });
    for (const rollNo of [undefined, '', '   ']) {
      const res = await view(rollNo, title.title);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.enterRollNumber);
    }
  });

  it('shows a supplementary grade in place of the failed one, and the supplementary under its own title', async () => {
    const { student, regular: r, supply: s } = await passedSupplementary();
    const regular = (await view(student.rollNo, r.title)).json();
    const replaced = regular.listofRecords.find((x: { courseCode: string }) => x.courseCode === 'CS702');
    // 63 is C (7 points)
    expect(replaced).toMatchObject({ examTitle: s.title, grade: 'C', status: 'Pass' });
    expect(regular.failCount).toBe(0);
    const supply = (await view(student.rollNo, s.title)).json();
    expect(supply.listofRecords).toEqual([
      expect.objectContaining({ courseCode: 'CS702', examTitle: s.title, grade: 'C', gradePoints: 7 }),
    ]);
  });

  it('hides an unpublished title until the exam cell publishes it', async () => {
    const a = await newStudent(t.db, college);
    const b = await newStudent(t.db, college);
    const draftTitle = await newExamTitle(t.db, college, { published: 0 });
    for (const st of [a, b])
      for (const c of EIGHT) await newExamResult(t.db, college, draftTitle, st, { ...c, code: c.code.replace('CS7', 'CS8') });
    await written();
    const roll = a.rollNo;
    expect((await view(roll, draftTitle.title)).json().listofRecords).toEqual([]);
    const list = (await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' })).json();
    const draft = list.find((x: { title: string }) => x.title === draftTitle.title);
    // 2 students × 8 courses
    expect(draft).toMatchObject({ id: draftTitle.id, published: false, examType: 'regular', students: 2, results: 16 });
    const on = await t.as('examcell', {
      method: 'PATCH',
      url: `/api/exam-results/titles/${draft.id}`,
      payload: { published: true },
    });
    expect(on.json()).toMatchObject({ id: draft.id, published: true });
    expect((await view(roll, draftTitle.title)).json().listofRecords).toHaveLength(8);
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${draft.id}`, payload: { published: false } });
    expect((await view(roll, draftTitle.title)).json().listofRecords).toEqual([]);
    expect((await titles()).json()).not.toContain(draftTitle.title);
    // Another college's title id is not this college's.
    const other = await t.as(
      'srkexamcell',
      { method: 'PATCH', url: `/api/exam-results/titles/${draft.id}`, payload: { published: true } },
      'srk.localhost',
    );
    expect(other.statusCode).toBe(404);
  });

  it('takes the student name from students for rows written without one', async () => {
    const student = await newStudent(t.db, college, { full_name: 'Navya Kommineni' });
    const title = await newExamTitle(t.db, college, { published: 0 });
    // No student_name on the row.
    await newExamResult(t.db, college, title, { rollNo: student.rollNo }, { code: 'DT1', name: 'Direct', credits: 4, marks: 81 });
    // Titles are cached under the results version; a publish through the API bumps it.
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${title.id}`, payload: { published: true } });
    const body = (await view(student.rollNo, title.title)).json();
    // 81 is A (9 points): 4×9 / 4 = 9
    expect(body).toMatchObject({ studentName: 'Navya Kommineni', sgpa: 9, earnedCredits: 4 });
  });
});

describe('exam cell import', () => {
  let seq = 0;
  /** Title names of this test's own (unique, so no other test's import shares them). */
  const names = () => {
    const n = `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();
    return { TITLE: `B.Tech III-II Regular Examinations ${n}`, SUPPLY: `B.Tech III-II Supplementary Examinations ${n}` };
  };
  const r = (roll: string, code: string, marks: number | string, credits: number | string, title: string, type = 'Regular') => [
    roll,
    title,
    type,
    code,
    `Course ${code}`,
    credits,
    marks,
  ];
  const titleId = async (title: string) =>
    (await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' })).json().find((x: { title: string }) => x.title === title).id as number;
  // A student of this college made for the import (the sheet names it by roll number).
  const student = async () => (await newStudent(t.db, college)).rollNo;

  it('guards the calls by role', async () => {
    const { TITLE } = names();
    const file = await resultSheet([r(await student(), 'X1', 50, 3, TITLE)]);
    expect((await t.app.inject({ method: 'POST', url: '/api/exam-results/import', ...multipart(file) })).statusCode).toBe(401);
    const denied = await upload(file, false, 'admissions');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MSG.noPermission);
    expect((await t.as('hod', { method: 'GET', url: '/api/exam-results/template' })).statusCode).toBe(403);
    // Nothing was imported.
    expect((await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' })).json().map((x: { title: string }) => x.title)).not.toContain(TITLE);
  });

  it('hands out the template with the columns the import reads', async () => {
    const res = await t.as('examcell', { method: 'GET', url: '/api/exam-results/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('exam-results-template.xlsx');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect((wb.getWorksheet('Results')!.getRow(1).values as string[]).slice(1)).toEqual([
      'Roll Number',
      'Exam Title',
      'Regular/Supply',
      'Course Code',
      'Course',
      'Credits',
      'Marks (% or AB)',
    ]);
  });

  it('refuses a file that is not a template workbook with 400', async () => {
    const { TITLE } = names();
    const FIRST = await student();
    const notExcel = await upload(Buffer.from('roll,marks\n1,2\n'));
    expect(notExcel.statusCode).toBe(400);
    expect(notExcel.json().message).toBe(MSG.unableToUploadExcel);
    const noCredits = await upload(
      await resultSheet(
        [[FIRST, TITLE, 'Regular', 'X1', 'C', 50]],
        ['Roll Number', 'Exam Title', 'Regular/Supply', 'Course Code', 'Course', 'Marks'],
      ),
    );
    expect(noCredits.statusCode).toBe(400);
    expect(noCredits.json()).toMatchObject({ message: MSG.unableToUploadExcel, errors: ['Missing column: Credits'] });
    const empty = await upload(await resultSheet([]));
    expect(empty.json().errors).toEqual(['The Results sheet has no result rows']);
  });

  it('grades the boundaries, reports every reject, and a dry run saves nothing', async () => {
    const { TITLE, SUPPLY } = names();
    const SECOND = await student();
    const rows = [
      r(SECOND, 'GB1', 89.99, 3, TITLE), // A
      r(SECOND, 'GB2', 90, 3, TITLE), // S
      r(SECOND, 'GB3', 50, 3, TITLE), // D
      r(SECOND, 'GB4', 49.99, 3, TITLE), // F
      r(SECOND, 'GB5', 'AB', 1.5, TITLE), // AB
      r('99X99X9999', 'GB1', 70, 3, TITLE),
      r(SECOND, 'GB6', 101, 0, TITLE),
      r(SECOND, 'GB1', 60, 3, TITLE),
      r(SECOND, 'GB7', 60, 3, TITLE, 'Final'),
      r(SECOND, 'GB2', 60, 3, SUPPLY, 'Supply'),
    ];
    const file = await resultSheet(rows);
    const dry = await upload(file, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, saved: 5 });
    expect(
      (await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' })).json().map((x: { title: string }) => x.title),
    ).not.toContain(TITLE);

    const res = await upload(file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: MSG.uploadedExcel,
      dryRun: false,
      saved: 5,
      titles: [{ title: TITLE, examType: 'regular', created: true, rows: 5 }],
    });
    expect(body.rejected.map((x: { row: number }) => x.row)).toEqual([7, 8, 9, 10, 11]);
    const errorsOf = (row: number) => body.rejected.find((x: { row: number }) => x.row === row).errors;
    expect(errorsOf(7)).toEqual(['Roll Number 99X99X9999 is not a student of this college']);
    expect(errorsOf(8)).toEqual(
      expect.arrayContaining(['Credits must be more than 0 and at most 10', 'Marks must be a percentage from 0 to 100, or AB']),
    );
    expect(errorsOf(9)[0]).toBe('Duplicate of row 2: the same exam title, roll number and course code');
    expect(errorsOf(10)).toEqual(['Regular/Supply must be Regular or Supply']);
    expect(errorsOf(11)).toEqual([`No failed or absent result of GB2 for ${SECOND} to replace with a supplementary result`]);

    // Imported titles start unpublished.
    expect((await view(SECOND, TITLE)).json().listofRecords).toEqual([]);
    const id = await titleId(TITLE);
    await t.as('admin', { method: 'PATCH', url: `/api/exam-results/titles/${id}`, payload: { published: true } });
    const shown = (await view(SECOND, TITLE)).json();
    expect(shown.listofRecords.map((x: { grade: string; gradePoints: number }) => `${x.grade}${x.gradePoints}`)).toEqual([
      'A9',
      'S10',
      'D6',
      'F0',
      'AB0',
    ]);
    // (9*3 + 10*3 + 6*3 + 0*3 + 0*1.5) / 13.5 = 75 / 13.5 = 5.5555... -> 5.56
    expect(shown).toMatchObject({ sgpa: 5.56, totalCredits: 13.5, earnedCredits: 9, passCount: 3, failCount: 2 });
  });

  it('replaces a failed grade with a supplementary result and corrects marks on re-import', async () => {
    const { TITLE, SUPPLY } = names();
    const SECOND = await student();
    // The regular title first, published: GB4 failed (49.99) and GB5 absent.
    const first = await upload(
      await resultSheet([
        r(SECOND, 'GB1', 89.99, 3, TITLE),
        r(SECOND, 'GB2', 90, 3, TITLE),
        r(SECOND, 'GB3', 50, 3, TITLE),
        r(SECOND, 'GB4', 49.99, 3, TITLE),
        r(SECOND, 'GB5', 'AB', 1.5, TITLE),
      ]),
    );
    expect(first.json()).toMatchObject({ saved: 5, rejected: [] });
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${await titleId(TITLE)}`, payload: { published: true } });
    expect((await view(SECOND, TITLE)).json()).toMatchObject({ passCount: 3, failCount: 2 });

    const file = await resultSheet([r(SECOND, 'GB4', 77, 3, SUPPLY, 'Supply'), r(SECOND, 'GB5', 'AB', 1.5, SUPPLY, 'supply')]);
    const res = await upload(file);
    expect(res.json()).toMatchObject({
      saved: 2,
      rejected: [],
      replacedFailures: 2,
      titles: [{ title: SUPPLY, examType: 'supply', created: true }],
    });
    const id = await titleId(SUPPLY);
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${id}`, payload: { published: true } });
    const regular = (await view(SECOND, TITLE)).json();
    expect(regular.listofRecords[3]).toMatchObject({ courseCode: 'GB4', examTitle: SUPPLY, grade: 'B', status: 'Pass' });
    expect(regular.listofRecords[4]).toMatchObject({ courseCode: 'GB5', examTitle: SUPPLY, grade: 'AB' });
    const supply = (await view(SECOND, SUPPLY)).json();
    expect(supply.listofRecords.map((x: { courseCode: string }) => x.courseCode)).toEqual(['GB4', 'GB5']);
    // A regular title cannot take supply rows, and re-importing corrects marks.
    const fix = await upload(await resultSheet([r(SECOND, 'GB1', 95, 3, TITLE), r(SECOND, 'GB3', 60, 3, TITLE, 'Supply')]));
    expect(fix.json().saved).toBe(1);
    expect(fix.json().rejected[0].errors[0]).toBe(`Exam Title "${TITLE}" is a Regular examination, not Supply`);
    expect((await view(SECOND, TITLE)).json().listofRecords[0]).toMatchObject({ courseCode: 'GB1', grade: 'S' });
  });
});

describe('marks memo and verification', () => {
  it('returns a PDF holding the student, title, SGPA and a verification code', async () => {
    const { student, title } = await failedAndAbsent();
    const res = await report(student.rollNo, title.title);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe('True');
    const pdf = Buffer.from(body.data, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    const v = (await view(student.rollNo, title.title)).json();
    expect(text).toContain(student.rollNo);
    expect(text).toContain('Keerthi Varma');
    expect(text).toContain(title.title);
    expect(text).toContain('Sri Venkateswara Engineering College');
    expect(text).toContain('5.05'); // the SGPA worked out above
    const url = /http:\/\/localhost(:\d+)?\/verify\/([A-Za-z0-9_-]{20})/.exec(text);
    expect(url).not.toBeNull();

    // The verification page shows the same result, and a second download keeps the code.
    const code = url![2];
    const verified = await t.app.inject({ method: 'GET', url: `/api/exam-results/verify/${code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      genuine: true,
      code,
      examTitle: title.title,
      revisedSinceIssue: false,
      result: v,
    });
    const again = await pdfText(Buffer.from((await report(student.rollNo, title.title)).json().data, 'base64'));
    expect(again).toContain(code);
  });

  it('says a made-up or another college\u2019s code is not genuine', async () => {
    const { student, regular } = await passedSupplementary();
    const text = await pdfText(Buffer.from((await report(student.rollNo, regular.title)).json().data, 'base64'));
    const code = /\/verify\/([A-Za-z0-9_-]{20})/.exec(text)![1];
    for (const [c, host] of [
      ['AAAAAAAAAAAAAAAAAAAA', 'localhost'],
      ['x', 'localhost'],
      [code, 'srk.localhost'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/exam-results/verify/${c}`, headers: { host } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MEMO_NOT_GENUINE);
    }
  });

  it('answers a lookup with nothing to print with the spec message', async () => {
    const { student, title } = await failedAndAbsent();
    const draft = await newExamTitle(t.db, college, { published: 0 });
    await newExamResult(t.db, college, draft, student, { code: 'CS801', credits: 3, marks: 80 });
    await written();
    expect((await report('99X99X9999', title.title)).json()).toEqual({ success: 'False', message: MSG.noDataToDownload });
    expect((await report(student.rollNo, draft.title)).json().success).toBe('False');
  });
});

describe('result view cache', () => {
  it('serves a repeated lookup from the cache until the results version changes', async () => {
    const { student, title } = await failedAndAbsent();
    const first = (await view(student.rollNo, title.title)).json();
    // Another process writes a correction straight into the table without bumping the version:
    // this process keeps answering what it cached.
    await t.db
      .updateTable('exam_results')
      .set({ course: 'Renamed Course' })
      .where('college_id', '=', college)
      .where('exam_title_id', '=', title.id)
      .where('roll_no', '=', student.rollNo)
      .where('course_code', '=', 'CS701')
      .execute();
    expect((await view(student.rollNo, title.title)).json()).toEqual(first);
    // A publish through the API bumps the version and this process forgets at once.
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${title.id}`, payload: { published: true } });
    const fresh = (await view(student.rollNo, title.title)).json();
    expect(fresh.listofRecords.find((r: { courseCode: string }) => r.courseCode === 'CS701').course).toBe('Renamed Course');
    const version = await t.db
      .selectFrom('counters')
      .select('value')
      .where('college_id', '=', college)
      .where('name', '=', 'results')
      .executeTakeFirstOrThrow();
    expect(Number(version.value)).toBeGreaterThan(0);
  });
});
