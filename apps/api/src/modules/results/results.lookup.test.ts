import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeId, newExamResult, newExamTitle, newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { invalidate } from './results.lookup.js';
import { bumpResultsVersion } from './results.repo.js';
import { pdfText } from '../../../test/modules/results.js';

let t: TestApp;
let college: number;
let ROLL: string;
let TITLE: string;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t.db);
  const student = await newStudent(t.db, college, { full_name: 'Lakshmi Prasanna' });
  const title = await newExamTitle(t.db, college);
  await newExamResult(t.db, college, title, student, { code: 'LK101', name: 'Compiler Design', credits: 3, marks: 78 });
  await newExamResult(t.db, college, title, student, { code: 'LK102', name: 'Data Mining', credits: 3, marks: 91 });
  // Rows written straight into the tables: tell the read path, as the import does.
  await bumpResultsVersion(t.db, college);
  invalidate(college);
  ROLL = student.rollNo;
  TITLE = title.title;
});
afterAll(async () => t.close());

const view = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoView', query: { rollNo: ROLL, examTitle: TITLE } })
  ).json();
const memoText = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/getExamResultByRollNoReport',
    query: { rollNo: ROLL, examTitle: TITLE },
  });
  expect(res.json().success).toBe('True');
  return pdfText(Buffer.from(res.json().data, 'base64'));
};

describe('the results read path: lookup() and invalidate()', () => {
  it('the memo prints what the lookup shows, through the same cache, until invalidate()', async () => {
    const shown = await view();
    // By hand: 78 is B (8 points), 91 is S (10): (3×8 + 3×10) / 6 = 9
    expect(shown).toMatchObject({ studentName: 'Lakshmi Prasanna', sgpa: 9, totalCredits: 6, earnedCredits: 6 });
    // A write that bypasses the import (so bumps no version): neither the view nor the memo sees it yet.
    await t.db
      .updateTable('exam_results')
      .set({ course: 'Renamed By Hand' })
      .where('college_id', '=', college)
      .where('roll_no', '=', ROLL)
      .where('course_code', '=', 'LK101')
      .execute();
    expect(await view()).toEqual(shown);
    const before = await memoText();
    expect(before).toContain('Compiler Design');
    expect(before).not.toContain('Renamed By Hand');

    // A bumped version (as an import or publish does): both read again.
    await bumpResultsVersion(t.db, college);
    invalidate(college);
    expect((await view()).listofRecords[0].course).toBe('Renamed By Hand');
    expect(await memoText()).toContain('Renamed By Hand');
  });
});

describe('served like a static file until the results change', () => {
  const get = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoView', query: { rollNo: ROLL, examTitle: TITLE }, headers });
  const memo = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoReport', query: { rollNo: ROLL, examTitle: TITLE } })).json()
      .data as string;

  it('answers the lookup with an ETag, a repeat with 304 and no body, and a new ETag after the results change', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"r\d+-[A-Za-z0-9_-]{16}"$/);
    const repeat = await get({ 'if-none-match': etag });
    expect(repeat.statusCode).toBe(304);
    expect(repeat.body).toBe('');
    expect(repeat.headers.etag).toBe(etag);
    // another student or title is another ETag
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoView', query: { rollNo: `${ROLL}X`, examTitle: TITLE } });
    expect(other.headers.etag).not.toBe(etag);

    await bumpResultsVersion(t.db, college);
    invalidate(college);
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().studentName).toBe('Lakshmi Prasanna');
  });

  it('sends a browser that takes brotli or gzip the answer compressed, the same JSON built or kept', async () => {
    // Ten courses: an answer past the 1 kB below which nothing is compressed.
    const student = await newStudent(t.db, college, { full_name: 'Venkata Sai Teja' });
    const title = await newExamTitle(t.db, college);
    for (let c = 1; c <= 10; c++) {
      await newExamResult(t.db, college, title, student, { code: `ZC${100 + c}`, name: `Elective Course ${c}`, credits: 3, marks: 60 + c });
    }
    await bumpResultsVersion(t.db, college);
    invalidate(college);
    const ask = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/getExamResultByRollNoView',
        query: { rollNo: student.rollNo, examTitle: title.title },
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await ask(); // built now
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.json().listofRecords).toHaveLength(10);
    const again = await ask(); // sent from the answers already built
    expect(again.body).toBe(plain.body);
    expect(again.headers.etag).toBe(plain.headers.etag);

    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await ask('gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('gives the same memo bytes until the results change, then a new memo', async () => {
    const a = await memo();
    const b = await memo();
    expect(b).toBe(a);
    await bumpResultsVersion(t.db, college);
    invalidate(college);
    const c = await memo();
    expect(c).not.toBe(a);
    expect(await memo()).toBe(c);
  });
});
