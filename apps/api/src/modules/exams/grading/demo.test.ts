import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { ok } from '../../../../test/modules/academic.js';

/**
 * The demo's story as seeded (grading/demo.ts), with the marks it fixes for three SVEC students:
 *   22A91A0512, 22CS601: 22 + 23 = 45, five short of 50 %: the pass grace of 5 makes it D;
 *   22A91A0521, 22CS602: 24 + 41 = 65 (C); revalued at 52 (differs by more than 7): 24 + 52 = 76 (B);
 *   22A91A0527, 22CS603: 14 + 18 = 32 (F); in the August supplementary 14 + 44 = 58 (D).
 */
const REGULAR = 'B.Tech III Year II Semester Regular Examinations, April 2026';
const SUPPLY = 'B.Tech III Year II Semester Supplementary Examinations, August 2026';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const examId = async (name: string) =>
  (await t.db.selectFrom('exams').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const cell = async (url: string) => ok(await t.as('examcell', { method: 'GET', url }));
const lookup = async (rollNo: string, examTitle: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoView', query: { rollNo, examTitle } })).json();
const recordOf = (view: { listofRecords: Array<{ courseCode: string }> }, code: string) =>
  view.listofRecords.find((r) => r.courseCode === code);

describe('the exam cell demo after the exam', () => {
  it('processed and published the April exam, the pass grace carrying one paper', async () => {
    const id = await examId(REGULAR);
    const results = await cell(`/api/exams/${id}/results?grace=yes&q=22A91A0512`);
    expect(results.publishedAt).not.toBeNull();
    expect(results.items).toEqual([
      expect.objectContaining({
        rollNo: '22A91A0512',
        courseCode: '22CS601',
        internal: 22,
        external: 23,
        grace: 5,
        graceRule: 'Grace to pass: up to 5 marks in one subject',
        total: 45,
        grade: 'D',
        status: 'Pass',
      }),
    ]);
    expect(recordOf(await lookup('22A91A0512', REGULAR), '22CS601')).toMatchObject({ grade: 'D', status: 'Pass' });
  });

  it('revalued one paper, paid at the counter, and the grade went from C to B', async () => {
    const id = await examId(REGULAR);
    const requests = await cell(`/api/revaluation-requests?examId=${id}`);
    expect(requests.items).toEqual([
      expect.objectContaining({
        rollNo: '22A91A0521',
        courseCode: '22CS602',
        kind: 'revaluation',
        status: 'decided',
        feePaise: 100_000,
        feeDuePaise: 0,
        oldMarks: 41,
        secondMarks: 52,
        newMarks: 52,
        oldGrade: 'C',
        newGrade: 'B',
      }),
    ]);
    const changes = await t.db.selectFrom('exam_result_changes').selectAll().where('exam_id', '=', id).execute();
    expect(changes).toEqual([
      expect.objectContaining({ cause: 'revaluation', from_marks: 41, to_marks: 52, from_grade: 'C', to_grade: 'B' }),
    ]);
    expect(recordOf(await lookup('22A91A0521', REGULAR), '22CS602')).toMatchObject({ grade: 'B', gradePoints: 8 });
  });

  it('shows the August supplementary pass in place of the April fail', async () => {
    const view = await lookup('22A91A0527', REGULAR);
    expect(recordOf(view, '22CS603')).toMatchObject({ examTitle: SUPPLY, grade: 'D', status: 'Pass' });
    const april = await t.db
      .selectFrom('exam_results as r')
      .innerJoin('exam_titles as x', 'x.id', 'r.exam_title_id')
      .select(['x.title', 'r.grade', 'r.superseded'])
      .where('r.roll_no', '=', '22A91A0527')
      .where('r.course_code', '=', '22CS603')
      .orderBy('r.exam_title_id')
      .execute();
    expect(april).toEqual([
      { title: REGULAR, grade: 'F', superseded: 1 },
      { title: SUPPLY, grade: 'D', superseded: 0 },
    ]);
    const supply = await cell(`/api/exams/${await examId(SUPPLY)}/results`);
    expect(supply.items).toEqual([
      expect.objectContaining({ rollNo: '22A91A0527', internal: 14, external: 44, grade: 'D', status: 'Pass' }),
    ]);
  });
});
