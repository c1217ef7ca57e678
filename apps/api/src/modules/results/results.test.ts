import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { SEED_DRAFT_TITLE, SEED_REGULAR_TITLE, SEED_SUPPLY_TITLE } from '../../db/seed/results.js';
import { API_SECURITY_HEADERS } from '../../plugins/security-headers.js';
import { MEMO_NOT_GENUINE } from './results.service.js';
import { multipart, pdfText, resultSheet } from './results.test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const FIRST = '22A91A0501'; // failed CS702, passed its supplementary
const SECOND = '22A91A0502'; // failed CS703, absent in CS705, no supplementary

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

describe('public titles and lookup', () => {
  it('lists only published titles, per college', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/getDistinctExamTitlesBy' });
    expect(res.statusCode).toBe(200);
    // The main college also has the final exams of the four graduated batches its NAAC history seeds.
    const archive = [2025, 2024, 2023, 2022].map((y) => `B.Tech IV-II Regular Examinations ${y} (archive)`);
    expect(res.json()).toEqual([...archive, SEED_SUPPLY_TITLE, SEED_REGULAR_TITLE]);
    const srk = await t.app.inject({ method: 'GET', url: '/api/v1/getDistinctExamTitlesBy', headers: { host: 'srk.localhost' } });
    expect(srk.json()).toEqual([SEED_SUPPLY_TITLE, SEED_REGULAR_TITLE]);
  });

  it('shows a result with pass, fail and absent rows, counts, credits and SGPA', async () => {
    const res = await view(`${SECOND.toLowerCase()} Some Name`, SEED_REGULAR_TITLE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.studentRollNo).toBe(SECOND);
    expect(body.studentName).toMatch(/\w+ \w+/);
    expect(body.listofRecords).toHaveLength(8);
    const byCode = Object.fromEntries(body.listofRecords.map((r: { courseCode: string }) => [r.courseCode, r]));
    expect(byCode.CS703).toMatchObject({ grade: 'F', gradePoints: 0, status: 'Fail', examTitle: SEED_REGULAR_TITLE, credits: 3 });
    expect(byCode.CS705).toMatchObject({ grade: 'AB', gradePoints: 0, status: 'Absent' });
    expect(byCode.CS701).toMatchObject({ grade: 'C', gradePoints: 7, status: 'Pass' }); // 64%
    expect(body).toMatchObject({ passCount: 6, failCount: 2, totalCredits: 20, earnedCredits: 14 });
    // Worked out by hand from the seeded marks and credits (3, 3, 3, 3, 3, 2, 1.5, 1.5):
    // 64 C 7, 65 C 7, 38 F 0, 67 C 7, AB 0, 69 C 7, 70 B 8, 71 B 8
    // (3×7 + 3×7 + 3×0 + 3×7 + 3×0 + 2×7 + 1.5×8 + 1.5×8) / 20 = 101 / 20 = 5.05
    expect(body.sgpa).toBe(5.05);
    expect(body.listofRecords.every((r: { sgpa: number }) => r.sgpa === 5.05)).toBe(true);
  });

  it('sends the same security headers as every other API call, from the cache or not', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' });
    for (let i = 0; i < 2; i++) {
      const res = await view(SECOND, SEED_REGULAR_TITLE);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
        expect(other.headers[name]).toBe(value);
        expect(res.headers[name]).toBe(value);
      }
    }
  });

  it('answers an unknown roll number with an empty result, and a missing one with the spec message', async () => {
    const none = await view('99X99X9999', SEED_REGULAR_TITLE);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ listofRecords: [], passCount: 0 });
    for (const rollNo of [undefined, '', '   ']) {
      const res = await view(rollNo, SEED_REGULAR_TITLE);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.enterRollNumber);
    }
  });

  it('shows a supplementary grade in place of the failed one, and the supplementary under its own title', async () => {
    const regular = (await view(FIRST, SEED_REGULAR_TITLE)).json();
    const replaced = regular.listofRecords.find((r: { courseCode: string }) => r.courseCode === 'CS702');
    expect(replaced).toMatchObject({ examTitle: SEED_SUPPLY_TITLE, grade: 'C', status: 'Pass' });
    expect(regular.failCount).toBe(0);
    const supply = (await view(FIRST, SEED_SUPPLY_TITLE)).json();
    expect(supply.listofRecords).toEqual([
      expect.objectContaining({ courseCode: 'CS702', examTitle: SEED_SUPPLY_TITLE, grade: 'C', gradePoints: 7 }),
    ]);
  });

  it('hides an unpublished title until the exam cell publishes it', async () => {
    const roll = '22A91A0510';
    expect((await view(roll, SEED_DRAFT_TITLE)).json().listofRecords).toEqual([]);
    const titles = (await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' })).json();
    const draft = titles.find((x: { title: string }) => x.title === SEED_DRAFT_TITLE);
    expect(draft).toMatchObject({ published: false, examType: 'regular', students: 30, results: 240 });
    const on = await t.as('examcell', {
      method: 'PATCH',
      url: `/api/exam-results/titles/${draft.id}`,
      payload: { published: true },
    });
    expect(on.json()).toMatchObject({ id: draft.id, published: true });
    expect((await view(roll, SEED_DRAFT_TITLE)).json().listofRecords).toHaveLength(8);
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${draft.id}`, payload: { published: false } });
    expect((await view(roll, SEED_DRAFT_TITLE)).json().listofRecords).toEqual([]);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/getDistinctExamTitlesBy' });
    expect(list.json()).not.toContain(SEED_DRAFT_TITLE);
    // Another college's title id is not this college's.
    const other = await t.as(
      'srkexamcell',
      { method: 'PATCH', url: `/api/exam-results/titles/${draft.id}`, payload: { published: true } },
      'srk.localhost',
    );
    expect(other.statusCode).toBe(404);
  });

  it('takes the student name from students for rows written without one', async () => {
    const college = await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow();
    const student = await t.db
      .selectFrom('students')
      .select('full_name')
      .where('roll_no', '=', '22A91A0520')
      .executeTakeFirstOrThrow();
    const { id } = await t.db
      .insertInto('exam_titles')
      .values({
        college_id: college.id,
        title: 'Direct Title',
        exam_type: 'regular',
        published: 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('exam_results')
      .values({
        college_id: college.id,
        exam_title_id: id,
        roll_no: '22A91A0520',
        course_code: 'DT1',
        course: 'Direct',
        credits: 4,
        marks: 81,
        grade: 'A',
        grade_points: 9,
        status: 'Pass',
        superseded: 0,
      })
      .execute();
    // Titles are cached under the results version; a publish through the API bumps it.
    const titleId = (await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' }))
      .json()
      .find((x: { title: string }) => x.title === 'Direct Title').id;
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${titleId}`, payload: { published: true } });
    const body = (await view('22A91A0520', 'Direct Title')).json();
    expect(body).toMatchObject({ studentName: student.full_name, sgpa: 9, earnedCredits: 4 });
  });
});

describe('exam cell import', () => {
  const TITLE = 'B.Tech III-II Regular Examinations May 2026';
  const SUPPLY = 'B.Tech III-II Supplementary Examinations July 2026';
  const r = (
    roll: string,
    code: string,
    marks: number | string,
    credits: number | string = 3,
    title = TITLE,
    type = 'Regular',
  ) => [roll, title, type, code, `Course ${code}`, credits, marks];

  it('guards the calls by role', async () => {
    const file = await resultSheet([r(FIRST, 'X1', 50)]);
    expect((await t.app.inject({ method: 'POST', url: '/api/exam-results/import', ...multipart(file) })).statusCode).toBe(401);
    const denied = await upload(file, false, 'admissions');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MSG.noPermission);
    expect((await t.as('hod', { method: 'GET', url: '/api/exam-results/template' })).statusCode).toBe(403);
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
    const rows = [
      r(SECOND, 'GB1', 89.99), // A
      r(SECOND, 'GB2', 90), // S
      r(SECOND, 'GB3', 50), // D
      r(SECOND, 'GB4', 49.99), // F
      r(SECOND, 'GB5', 'AB', 1.5), // AB
      r('99X99X9999', 'GB1', 70),
      r(SECOND, 'GB6', 101, 0),
      r(SECOND, 'GB1', 60),
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
    const id = (await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' }))
      .json()
      .find((x: { title: string }) => x.title === TITLE).id;
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
    const file = await resultSheet([r(SECOND, 'GB4', 77, 3, SUPPLY, 'Supply'), r(SECOND, 'GB5', 'AB', 1.5, SUPPLY, 'supply')]);
    const res = await upload(file);
    expect(res.json()).toMatchObject({
      saved: 2,
      rejected: [],
      replacedFailures: 2,
      titles: [{ title: SUPPLY, examType: 'supply', created: true }],
    });
    const id = (await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' }))
      .json()
      .find((x: { title: string }) => x.title === SUPPLY).id;
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${id}`, payload: { published: true } });
    const regular = (await view(SECOND, TITLE)).json();
    expect(regular.listofRecords[3]).toMatchObject({ courseCode: 'GB4', examTitle: SUPPLY, grade: 'B', status: 'Pass' });
    expect(regular.listofRecords[4]).toMatchObject({ courseCode: 'GB5', examTitle: SUPPLY, grade: 'AB' });
    const supply = (await view(SECOND, SUPPLY)).json();
    expect(supply.listofRecords.map((x: { courseCode: string }) => x.courseCode)).toEqual(['GB4', 'GB5']);
    // A regular title cannot take supply rows, and re-importing corrects marks.
    const fix = await upload(await resultSheet([r(SECOND, 'GB1', 95), r(SECOND, 'GB3', 60, 3, TITLE, 'Supply')]));
    expect(fix.json().saved).toBe(1);
    expect(fix.json().rejected[0].errors[0]).toBe(`Exam Title "${TITLE}" is a Regular examination, not Supply`);
    expect((await view(SECOND, TITLE)).json().listofRecords[0]).toMatchObject({ courseCode: 'GB1', grade: 'S' });
  });
});

describe('marks memo and verification', () => {
  it('returns a PDF holding the student, title, SGPA and a verification code', async () => {
    const res = await report(SECOND, SEED_REGULAR_TITLE);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe('True');
    const pdf = Buffer.from(body.data, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    const v = (await view(SECOND, SEED_REGULAR_TITLE)).json();
    expect(text).toContain(SECOND);
    expect(text).toContain(v.studentName);
    expect(text).toContain(SEED_REGULAR_TITLE);
    expect(text).toContain('Sri Venkateswara Engineering College');
    expect(text).toContain(v.sgpa.toFixed(2));
    const url = /http:\/\/localhost(:\d+)?\/verify\/([A-Za-z0-9_-]{20})/.exec(text);
    expect(url).not.toBeNull();

    // The verification page shows the same result, and a second download keeps the code.
    const code = url![2];
    const verified = await t.app.inject({ method: 'GET', url: `/api/exam-results/verify/${code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      genuine: true,
      code,
      examTitle: SEED_REGULAR_TITLE,
      revisedSinceIssue: false,
      result: v,
    });
    const again = await pdfText(Buffer.from((await report(SECOND, SEED_REGULAR_TITLE)).json().data, 'base64'));
    expect(again).toContain(code);
  });

  it('says a made-up or another college\u2019s code is not genuine', async () => {
    const text = await pdfText(Buffer.from((await report(FIRST, SEED_REGULAR_TITLE)).json().data, 'base64'));
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
    expect((await report('99X99X9999', SEED_REGULAR_TITLE)).json()).toEqual({ success: 'False', message: MSG.noDataToDownload });
    expect((await report(SECOND, SEED_DRAFT_TITLE)).json().success).toBe('False');
  });
});

describe('result view cache', () => {
  it('serves a repeated lookup from the cache until the results version changes', async () => {
    const first = (await view(SECOND, SEED_REGULAR_TITLE)).json();
    const college = await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow();
    const titleId = (
      await t.db
        .selectFrom('exam_titles')
        .select('id')
        .where('title', '=', SEED_REGULAR_TITLE)
        .where('college_id', '=', college.id)
        .executeTakeFirstOrThrow()
    ).id;
    const row = first.listofRecords.find((r: { status: string }) => r.status === 'Pass');
    // Another process writes a correction straight into the table without bumping the version:
    // this process keeps answering what it cached.
    await t.db
      .updateTable('exam_results')
      .set({ course: 'Renamed Course' })
      .where('college_id', '=', college.id)
      .where('exam_title_id', '=', titleId)
      .where('roll_no', '=', SECOND)
      .where('course_code', '=', row.courseCode)
      .execute();
    expect((await view(SECOND, SEED_REGULAR_TITLE)).json()).toEqual(first);
    // A publish through the API bumps the version and this process forgets at once.
    await t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${titleId}`, payload: { published: true } });
    const fresh = (await view(SECOND, SEED_REGULAR_TITLE)).json();
    expect(fresh.listofRecords.find((r: { courseCode: string }) => r.courseCode === row.courseCode).course).toBe(
      'Renamed Course',
    );
    const version = await t.db
      .selectFrom('counters')
      .select('value')
      .where('college_id', '=', college.id)
      .where('name', '=', 'results')
      .executeTakeFirstOrThrow();
    expect(Number(version.value)).toBeGreaterThan(0);
  });
});
