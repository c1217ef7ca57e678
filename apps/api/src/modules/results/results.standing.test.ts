import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collegeId, newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { shownRows, standingOf } from './results.standing.js';
import { multipart, resultSheet } from '../../../test/modules/results.js';

let t: TestApp;
let STUDENT: string;
beforeAll(async () => {
  t = await createTestApp();
  // A student of our own, with a login, so nothing depends on the seeded results.
  STUDENT = (await newStudent(t.db, await collegeId(t.db), { login: true })).rollNo;
});
afterAll(async () => t.close());

const REGULAR = 'Standing test B.Tech IV-I Regular';
const SUPPLY = 'Standing test B.Tech IV-I Supplementary';

const upload = async (rows: Array<Array<string | number>>) => {
  const res = await t.as('examcell', { method: 'POST', url: '/api/exam-results/import', ...multipart(await resultSheet(rows)) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().rejected).toEqual([]);
};
const titleId = async (title: string) => {
  const titles = (await t.as('examcell', { method: 'GET', url: '/api/exam-results/titles' })).json() as Array<{
    id: number;
    title: string;
  }>;
  return titles.find((x) => x.title === title)!.id;
};
const publish = async (title: string, published: boolean) => {
  const res = await t.as('examcell', {
    method: 'PATCH',
    url: `/api/exam-results/titles/${await titleId(title)}`,
    payload: { published },
  });
  expect(res.statusCode).toBe(200);
};
const supplyDue = async () => {
  const res = await t.as(STUDENT, { method: 'GET', url: '/api/payments/fees-due' });
  expect(res.statusCode).toBe(200);
  return (res.json().due as Array<{ feeType: string; courseCode: string }>)
    .filter((d) => d.feeType === 'supply')
    .map((d) => d.courseCode);
};
const lookedUp = async (code: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/getExamResultByRollNoView',
    query: { rollNo: STUDENT, examTitle: REGULAR },
  });
  return (res.json().listofRecords as Array<{ courseCode: string; status: string; examTitle: string }>).find(
    (r) => r.courseCode === code,
  );
};

describe('course standing: one rule for the fees due and the public lookup', () => {
  it('a supplementary result counts only once published, for both', async () => {
    await upload([
      [STUDENT, REGULAR, 'Regular', 'STD101', 'Standing Theory', 3, 30],
      [STUDENT, REGULAR, 'Regular', 'STD102', 'Standing Practice', 2, 80],
    ]);
    await publish(REGULAR, true);
    expect(await supplyDue()).toContain('STD101');
    expect(await supplyDue()).not.toContain('STD102');
    expect(await lookedUp('STD101')).toMatchObject({ status: 'Fail', examTitle: REGULAR });

    // Imported, not published: the course is still failed everywhere (the fee stays due).
    await upload([[STUDENT, SUPPLY, 'Supply', 'STD101', 'Standing Theory', 3, 70]]);
    expect(await supplyDue()).toContain('STD101');
    expect(await lookedUp('STD101')).toMatchObject({ status: 'Fail', examTitle: REGULAR });

    // Published: passed everywhere.
    await publish(SUPPLY, true);
    expect(await supplyDue()).not.toContain('STD101');
    expect(await lookedUp('STD101')).toMatchObject({ status: 'Pass', examTitle: SUPPLY });

    // Withdrawn again: failed again everywhere.
    await publish(SUPPLY, false);
    expect(await supplyDue()).toContain('STD101');
    expect(await lookedUp('STD101')).toMatchObject({ status: 'Fail', examTitle: REGULAR });
  });
});

describe('standingOf and shownRows', () => {
  const row = (title_id: number, exam_type: string, course_code: string, status: string, superseded = 0) => ({
    title_id,
    exam_type,
    course_code,
    status,
    superseded,
  });

  it('a later supplementary result stands for a failure, not for a pass; a replaced row never stands', () => {
    expect(standingOf([row(1, 'regular', 'C1', 'Fail'), row(2, 'supply', 'C1', 'Pass')])?.title_id).toBe(2);
    expect(standingOf([row(1, 'regular', 'C1', 'Fail'), row(2, 'supply', 'C1', 'Fail')])?.title_id).toBe(2);
    expect(standingOf([row(1, 'regular', 'C1', 'Pass'), row(2, 'supply', 'C1', 'Fail')])?.title_id).toBe(1);
    expect(standingOf([row(1, 'regular', 'C1', 'Fail', 1)])).toBeUndefined();
  });

  it("shows a regular title's failures as their later supplementary results, and a supplementary title as it is", () => {
    const rows = [row(1, 'regular', 'C1', 'Fail'), row(1, 'regular', 'C2', 'Pass'), row(3, 'supply', 'C1', 'Pass')];
    expect(shownRows(rows, 1).map((r) => `${r.course_code}@${r.title_id}`)).toEqual(['C1@3', 'C2@1']);
    expect(shownRows(rows, 3).map((r) => `${r.course_code}@${r.title_id}`)).toEqual(['C1@3']);
  });
});
