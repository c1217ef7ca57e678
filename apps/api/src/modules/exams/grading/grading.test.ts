import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { newFacultyUser, ok } from '../../../../test/modules/academic.js';
import { collect } from '../../../../test/modules/accounts.js';
import { writtenExam } from '../../../../test/modules/exam-grading.js';

/**
 * One exam from marks to a revalued, published result. Rules (test/modules/exam-grading.ts):
 * internal 30 (minimum 12), external 70 (minimum 25), pass 50 %; one pass-grace rule of up to 5
 * marks in 1 subject. Marks (internal + external):
 *   student 1: paper 1 25 + 40 = 65 (C, 7); paper 2 25 + 54 = 79 (B, 8)
 *   student 2: paper 1 28 + 20 = 48 (fails the external minimum by 5: grace 5 → 53, D); paper 2 22 + 30 = 52 (D)
 *   student 3: paper 1 20 + 60 = 80 (A, 9); paper 2 absent
 */
let t: TestApp;
let x: Awaited<ReturnType<typeof writtenExam>>;
let evaluator2: string;
let evaluator3: string;
const url = (path: string) => `/api/exams/${x.examId}${path}`;
const as = (user: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  t.as(user, { method, url: path.startsWith('/api/') ? path : url(path), payload });
const roll = (i: number) => x.students[i].rollNo;
const internal = (paper: number, marks: number[]) => ({
  paperId: x.papers[paper].id,
  sectionId: x.sectionId,
  marks: marks.map((m, i) => ({ rollNo: roll(i), marks: m })),
});
const ext = (entries: Array<[number, number, number]>) => ({
  entries: entries.map(([s, p, marks]) => ({ dummyNo: x.dummies[s][p], marks })),
});

beforeAll(async () => {
  t = await createTestApp();
  x = await writtenExam(t, { students: 3, papers: 2, absent: [[2, 1]] });
  evaluator2 = (await newFacultyUser(t)).username;
  evaluator3 = (await newFacultyUser(t)).username;
  // grace rules are the college's: the seeded ones stand aside, so this file's rule is the only one active
  await t.db.updateTable('grace_rules').set({ active: 0 }).where('college_id', '=', 1).execute();
  await ok(await as('admin', 'POST', '/api/grace-rules', { name: 'Pass grace', purpose: 'pass', maxMarks: 5, maxSubjects: 1 }));
});
afterAll(async () => t?.close());

describe('internal marks', () => {
  it('lets the teacher enter their sections only, within the maximum, and the exam cell lock them', async () => {
    const sections = await ok(await as(x.teacher.username, 'GET', '/marks/internal/sections'));
    expect(sections.items).toHaveLength(2);
    expect(sections.items[0]).toMatchObject({ students: 3, entered: 0, locked: false, faculty: x.teacher.name });

    const over = await as(x.teacher.username, 'PUT', '/marks/internal', internal(0, [25, 31, 20]));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(RESULT_MSG.overMax(roll(1), 30));
    const stranger = await as(evaluator2, 'PUT', '/marks/internal', internal(0, [25, 28, 20]));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(RESULT_MSG.notYourSection);

    await ok(await as(x.teacher.username, 'PUT', '/marks/internal', internal(0, [25, 28, 20])));
    await ok(await as(x.teacher.username, 'PUT', '/marks/internal', internal(1, [25, 22, 24])));
    const lockByTeacher = await as(x.teacher.username, 'POST', '/marks/internal/lock', {
      paperId: x.papers[0].id,
      sectionId: x.sectionId,
    });
    expect(lockByTeacher.statusCode).toBe(403);
    for (const p of x.papers)
      await ok(await as('admin', 'POST', '/marks/internal/lock', { paperId: p.id, sectionId: x.sectionId }));
    const late = await as(x.teacher.username, 'PUT', '/marks/internal', internal(0, [26, 28, 20]));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RESULT_MSG.locked);
    const sheet = await ok(
      await as(x.teacher.username, 'GET', `/marks/internal?paperId=${x.papers[0].id}&sectionId=${x.sectionId}`),
    );
    expect(sheet.locked).toBe(true);
    const byRoll = Object.fromEntries(sheet.rows.map((r: any) => [r.rollNo, r.marks]));
    expect(byRoll).toEqual({ [roll(0)]: 25, [roll(1)]: 28, [roll(2)]: 20 });
  });
});

describe('external marks by dummy number', () => {
  it('takes two blind entries, names the scripts that differ, and decodes only when all agree', async () => {
    const first: Array<[number, number, number]> = [
      [0, 0, 40],
      [0, 1, 54],
      [1, 0, 20],
      [1, 1, 30],
      [2, 0, 60],
    ];
    await ok(await as(x.teacher.username, 'PUT', '/marks/external', ext(first)));
    const absent = await as(x.teacher.username, 'PUT', '/marks/external', ext([[2, 1, 10]]));
    expect(absent.statusCode).toBe(400);
    expect(absent.json().message).toBe(RESULT_MSG.notWritten(x.dummies[2][1]));

    const second = first.map(([s, p, m]) => [s, p, s === 1 && p === 0 ? 21 : m] as [number, number, number]);
    const saved = await ok(await as(evaluator2, 'PUT', '/marks/external', ext(second)));
    expect(saved.agreed).toBe(4);
    expect(saved.mismatched).toEqual([x.dummies[1][0]]);
    // an evaluator sees their own entry, never the other's, and no roll numbers
    const mine = await ok(await as(evaluator2, 'GET', `/marks/external?q=${x.dummies[1][0]}`));
    expect(mine.items).toEqual([
      expect.objectContaining({ dummyNo: x.dummies[1][0], state: 'mismatch', yourMarks: 21, firstMarks: null }),
    ]);
    expect(JSON.stringify(mine)).not.toContain(roll(1));

    const early = await as('admin', 'POST', '/decode');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RESULT_MSG.notDecodable(1));
    const third = await as('examcell', 'PUT', '/marks/external', ext([[1, 0, 20]]));
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe(RESULT_MSG.thirdEntry(x.dummies[1][0]));
    await ok(await as(evaluator2, 'PUT', '/marks/external', ext([[1, 0, 20]])));

    expect((await as('admin', 'POST', '/process')).json().message).toBe(RESULT_MSG.notDecoded);
    expect(await ok(await as('admin', 'POST', '/decode'))).toEqual({ message: '5 answer scripts decoded', count: 5 });
    const after = await as(x.teacher.username, 'PUT', '/marks/external', ext([[0, 0, 41]]));
    expect(after.statusCode).toBe(409);
  });
});

describe('processing and publication', () => {
  it('applies the minimums, the scale and the grace rule, and keeps grace apart from the marks', async () => {
    const done = await ok(await as('admin', 'POST', '/process'));
    expect(done).toMatchObject({ processed: 6, counts: { Pass: 5, Absent: 1 }, graceAwards: 1 });
    const all = await ok(await as('admin', 'GET', '/results'));
    const row = (s: number, p: number) => all.items.find((r: any) => r.rollNo === roll(s) && r.paperId === x.papers[p].id);
    expect(row(0, 0)).toMatchObject({
      internal: 25,
      external: 40,
      grace: 0,
      total: 65,
      grade: 'C',
      gradePoints: 7,
      status: 'Pass',
    });
    expect(row(0, 1)).toMatchObject({ total: 79, grade: 'B', gradePoints: 8 });
    expect(row(1, 0)).toMatchObject({
      internal: 28,
      external: 20,
      grace: 5,
      graceRule: 'Pass grace',
      total: 48,
      grade: 'D',
      status: 'Pass',
    });
    expect(row(1, 1)).toMatchObject({ total: 52, grade: 'D', gradePoints: 6 });
    expect(row(2, 0)).toMatchObject({ total: 80, grade: 'A', gradePoints: 9 });
    expect(row(2, 1)).toMatchObject({ external: null, grade: 'AB', status: 'Absent' });
    const graced = await ok(await as('admin', 'GET', '/results?grace=yes'));
    expect(graced.items.map((r: any) => r.rollNo)).toEqual([roll(1)]);
  });

  it('keeps results from students until published, then feeds the public lookup with the grades only', async () => {
    const early = await as(roll(0), 'GET', '/results');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RESULT_MSG.notPublished);
    const step = await as('admin', 'PUT', '', { status: 'published' });
    expect(step.statusCode).toBe(409);
    expect(step.json().message).toBe('An exam is published by publishing its results from the Marks tab');
    const pub = await ok(await as('admin', 'POST', '/publish'));
    expect(pub).toEqual({ message: `Results of 3 students published as "${x.name}"`, title: x.name, results: 6 });

    const own = await ok(await as(roll(0), 'GET', '/results'));
    expect(own.items.map((r: any) => r.rollNo)).toEqual([roll(0), roll(0)]);
    const view = await t.app.inject({
      method: 'GET',
      url: '/api/v1/getExamResultByRollNoView',
      query: { rollNo: roll(1), examTitle: x.name },
    });
    const records = view.json().listofRecords;
    expect(records.map((r: any) => [r.courseCode, r.grade, r.status])).toEqual([
      [x.papers[0].code, 'D', 'Pass'],
      [x.papers[1].code, 'D', 'Pass'],
    ]);
    // (6 × 3 + 6 × 3) / 6
    expect(view.json().sgpa).toBe(6);
  });
});

describe('revaluation', () => {
  it('charges the fee, decides once paid by the regulation’s rule, and revises the published result', async () => {
    const closed = await as(roll(0), 'POST', '/api/revaluation-requests', {
      examId: x.examId,
      paperId: x.papers[0].id,
      kind: 'revaluation',
    });
    expect(closed.json().message).toBe(RESULT_MSG.noWindow);
    await ok(
      await as('admin', 'PUT', '/revaluation-settings', {
        revalCloses: '2099-12-31',
        recountFeePaise: 50_000,
        photocopyFeePaise: 100_000,
        revalFeePaise: 100_000,
      }),
    );
    const asked = await ok(
      await as(roll(0), 'POST', '/api/revaluation-requests', { examId: x.examId, paperId: x.papers[0].id, kind: 'revaluation' }),
    );
    expect(asked).toMatchObject({ message: 'Revaluation asked for; the fee of ₹1,000 is added to your dues', feePaise: 100_000 });
    const again = await as(roll(0), 'POST', '/api/revaluation-requests', {
      examId: x.examId,
      paperId: x.papers[0].id,
      kind: 'revaluation',
    });
    expect(again.json().message).toBe(RESULT_MSG.already);
    const absentee = await as(roll(2), 'POST', '/api/revaluation-requests', {
      examId: x.examId,
      paperId: x.papers[1].id,
      kind: 'recount',
    });
    expect(absentee.json().message).toBe(RESULT_MSG.notWrote);

    // the evaluator works from the dummy number alone
    const forEvaluator = await ok(await as(evaluator3, 'GET', `/api/revaluation-requests?examId=${x.examId}`));
    expect(forEvaluator.items).toEqual([
      expect.objectContaining({ rollNo: '', name: '', dummyNo: x.dummies[0][0], oldMarks: 40 }),
    ]);
    const unpaid = await as(evaluator3, 'POST', `/api/revaluation-requests/${asked.id}/outcome`, { marks: 56 });
    expect(unpaid.json().message).toBe(RESULT_MSG.unpaid('₹1,000'));
    expect((await collect(t, { rollNo: roll(0), mode: 'cash', amount: 100_000 })).statusCode).toBe(200);

    // one who marked the script does not revalue it
    const own = await as(evaluator2, 'POST', `/api/revaluation-requests/${asked.id}/outcome`, { marks: 56 });
    expect(own.statusCode).toBe(403);
    // 56 differs from 40 by more than 5: the second marks stand; 25 + 56 = 81 → A
    const decided = await ok(await as(evaluator3, 'POST', `/api/revaluation-requests/${asked.id}/outcome`, { marks: 56 }));
    expect(decided).toEqual({
      message: 'Marks changed from 40 to 56 (grade C → A)',
      oldMarks: 40,
      newMarks: 56,
      oldGrade: 'C',
      newGrade: 'A',
      changed: true,
    });
    const view = await t.app.inject({
      method: 'GET',
      url: '/api/v1/getExamResultByRollNoView',
      query: { rollNo: roll(0), examTitle: x.name },
    });
    expect(view.json().listofRecords.find((r: any) => r.courseCode === x.papers[0].code).grade).toBe('A');
    // (9 × 3 + 8 × 3) / 6 = 8.5
    expect(view.json().sgpa).toBe(8.5);
    const changes = await t.db.selectFrom('exam_result_changes').selectAll().where('exam_id', '=', x.examId).execute();
    expect(changes).toEqual([
      expect.objectContaining({ cause: 'revaluation', from_marks: 40, to_marks: 56, from_grade: 'C', to_grade: 'A' }),
    ]);
    // processing again keeps the revaluation's marks
    await ok(await as('admin', 'POST', '/process'));
    const row = (await ok(await as('admin', 'GET', `/results?q=${roll(0)}`))).items.find(
      (r: any) => r.paperId === x.papers[0].id,
    );
    expect(row).toMatchObject({ external: 56, grade: 'A' });
  });

  it('keeps the first marks when the second differ by the threshold or less', async () => {
    const asked = await ok(
      await as(roll(2), 'POST', '/api/revaluation-requests', { examId: x.examId, paperId: x.papers[0].id, kind: 'revaluation' }),
    );
    expect((await collect(t, { rollNo: roll(2), mode: 'cash', amount: 100_000 })).statusCode).toBe(200);
    const decided = await ok(await as('admin', 'POST', `/api/revaluation-requests/${asked.id}/outcome`, { marks: 65 }));
    expect(decided).toMatchObject({ message: 'The marks stand at 60', newMarks: 60, changed: false, newGrade: 'A' });
    const twice = await as('admin', 'POST', `/api/revaluation-requests/${asked.id}/outcome`, { marks: 65 });
    expect(twice.json().message).toBe(RESULT_MSG.decided);
    const mine = await ok(await as(roll(2), 'GET', '/api/revaluation-requests'));
    expect(mine.items).toEqual([expect.objectContaining({ status: 'decided', newMarks: 60, feeDuePaise: 0, rollNo: roll(2) })]);
  });
});
