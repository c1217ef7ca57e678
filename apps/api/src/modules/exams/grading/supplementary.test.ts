import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../../test/helpers.js';
import { newFacultyUser, ok } from '../../../../test/modules/academic.js';
import { supplementaryOf, writtenExam } from '../../../../test/modules/exam-grading.js';
import { postCharge } from '../../accounts/index.js';

/**
 * A supplementary pass replacing a fail, capped at the regulation's grade C; no revaluation of a
 * supplementary exam (the regulation says so); a result withheld for dues saying why.
 * Rules as in test/modules/exam-grading.ts; no grace rule in this file.
 */
let t: TestApp;
let evaluator2: string;
beforeAll(async () => {
  t = await createTestApp();
  evaluator2 = (await newFacultyUser(t)).username;
});
afterAll(async () => t?.close());

const as = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.as(user, { method, url, payload });

/** Internal marks per paper for every student, locked; external marks per script entered twice; decoded and processed. */
async function markAndProcess(
  examId: number,
  teacher: string,
  sectionId: number,
  internals: Array<{ paperId: number; marks: Array<{ rollNo: string; marks: number }> }>,
  externals: Array<{ dummyNo: string; marks: number }>,
) {
  for (const i of internals) {
    await ok(await as(teacher, 'PUT', `/api/exams/${examId}/marks/internal`, { paperId: i.paperId, sectionId, marks: i.marks }));
    await ok(await as('admin', 'POST', `/api/exams/${examId}/marks/internal/lock`, { paperId: i.paperId, sectionId }));
  }
  await ok(await as(teacher, 'PUT', `/api/exams/${examId}/marks/external`, { entries: externals }));
  await ok(await as(evaluator2, 'PUT', `/api/exams/${examId}/marks/external`, { entries: externals }));
  await ok(await as('admin', 'POST', `/api/exams/${examId}/decode`));
  return ok(await as('admin', 'POST', `/api/exams/${examId}/process`));
}
const lookup = (rollNo: string, examTitle: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoView', query: { rollNo, examTitle } }).then((r) => r.json());

describe('supplementary', () => {
  it('replaces a failed grade with the supplementary pass, capped at C, and takes no revaluation', async () => {
    const x = await writtenExam(t, { students: 1, papers: 2 });
    const roll = x.students[0].rollNo;
    // paper 1: 20 + 10 = 30, a fail; paper 2: 25 + 50 = 75, B
    await markAndProcess(
      x.examId,
      x.teacher.username,
      x.sectionId,
      [
        { paperId: x.papers[0].id, marks: [{ rollNo: roll, marks: 20 }] },
        { paperId: x.papers[1].id, marks: [{ rollNo: roll, marks: 25 }] },
      ],
      [
        { dummyNo: x.dummies[0][0], marks: 10 },
        { dummyNo: x.dummies[0][1], marks: 50 },
      ],
    );
    await ok(await as('admin', 'POST', `/api/exams/${x.examId}/publish`));
    expect((await lookup(roll, x.name)).listofRecords.map((r: any) => [r.grade, r.status])).toEqual([
      ['F', 'Fail'],
      ['B', 'Pass'],
    ]);

    // supplementary: 20 + 68 = 88 % is an A, capped at C (7 points)
    const s = await supplementaryOf(t, x, [[0, 0]]);
    await markAndProcess(
      s.examId,
      x.teacher.username,
      x.sectionId,
      [{ paperId: s.paperId(0), marks: [{ rollNo: roll, marks: 20 }] }],
      [{ dummyNo: s.dummy(0, 0), marks: 68 }],
    );
    const row = (await ok(await as('admin', 'GET', `/api/exams/${s.examId}/results`))).items[0];
    expect(row).toMatchObject({ total: 88, grade: 'C', gradePoints: 7, status: 'Pass' });
    await ok(await as('admin', 'POST', `/api/exams/${s.examId}/publish`));

    // the regular title now shows the supplementary pass in place of the fail: (7 × 3 + 8 × 3) / 6 = 7.5
    const after = await lookup(roll, x.name);
    expect(after.listofRecords.map((r: any) => [r.courseCode, r.grade, r.status, r.examTitle])).toEqual([
      [x.papers[0].code, 'C', 'Pass', s.name],
      [x.papers[1].code, 'B', 'Pass', x.name],
    ]);
    expect(after.sgpa).toBe(7.5);

    await ok(
      await as('admin', 'PUT', `/api/exams/${s.examId}/revaluation-settings`, {
        revalCloses: '2099-12-31',
        recountFeePaise: 0,
        photocopyFeePaise: 0,
        revalFeePaise: 0,
      }),
    );
    const reval = await as(roll, 'POST', '/api/revaluation-requests', {
      examId: s.examId,
      paperId: s.paperId(0),
      kind: 'revaluation',
    });
    expect(reval.statusCode).toBe(409);
    expect(reval.json().message).toBe(RESULT_MSG.supplyNoReval);
    // recounting is still allowed, and costs nothing here
    const recount = await ok(
      await as(roll, 'POST', '/api/revaluation-requests', { examId: s.examId, paperId: s.paperId(0), kind: 'recount' }),
    );
    expect(recount).toMatchObject({ message: 'Recounting asked for', feePaise: 0 });
  });
});

describe('withheld', () => {
  it('withholds a result for dues above the exam’s limit and says why, on the ledger and in the lookup', async () => {
    const x = await writtenExam(t, { students: 2, papers: 1 });
    await postCharge(t.db, {
      collegeId: 1,
      studentId: x.students[0].id,
      head: 'TUITION',
      amountPaise: 500_000,
      source: 'test',
      sourceRef: `withheld:${x.examId}`,
      dueDate: '2026-07-01',
    });
    const done = await markAndProcess(
      x.examId,
      x.teacher.username,
      x.sectionId,
      [{ paperId: x.papers[0].id, marks: x.students.map((st) => ({ rollNo: st.rollNo, marks: 25 })) }],
      [
        { dummyNo: x.dummies[0][0], marks: 50 },
        { dummyNo: x.dummies[1][0], marks: 50 },
      ],
    );
    expect(done.counts).toEqual({ Withheld: 1, Pass: 1 });
    const held = (await ok(await as('admin', 'GET', `/api/exams/${x.examId}/results?status=Withheld`))).items;
    expect(held).toEqual([
      expect.objectContaining({ rollNo: x.students[0].rollNo, grade: 'WH', withheldReason: 'Dues of ₹5,000 unpaid' }),
    ]);
    await ok(await as('admin', 'POST', `/api/exams/${x.examId}/publish`));
    const view = await lookup(x.students[0].rollNo, x.name);
    expect(view.listofRecords.map((r: any) => [r.grade, r.status])).toEqual([['WH', 'Withheld']]);
  });
});

describe('fees', () => {
  it('reduces the revaluation fee for the categories the exam names, by its percent', async () => {
    const x = await writtenExam(t, { students: 2, papers: 1 });
    const now = new Date().toISOString();
    const { id: admissionId } = await t.db
      .insertInto('admissions')
      .values({
        college_id: 1,
        admission_no: `GR${x.examId}`,
        aadhar_no: `8${String(x.examId).padStart(11, '0')}`,
        name: x.students[0].fullName,
        course: 'B.Tech',
        batch: '2022-2026',
        branch: 'CSE',
        gender: 'FEMALE',
        date_of_admission: '2022-08-10',
        data_json: JSON.stringify({ category: 'SC' }),
        photo_path: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('students').set({ admission_id: admissionId }).where('id', '=', x.students[0].id).execute();
    await markAndProcess(
      x.examId,
      x.teacher.username,
      x.sectionId,
      [{ paperId: x.papers[0].id, marks: x.students.map((st) => ({ rollNo: st.rollNo, marks: 20 })) }],
      [
        { dummyNo: x.dummies[0][0], marks: 40 },
        { dummyNo: x.dummies[1][0], marks: 40 },
      ],
    );
    await ok(await as('admin', 'POST', `/api/exams/${x.examId}/publish`));
    await ok(
      await as('admin', 'PUT', `/api/exams/${x.examId}/revaluation-settings`, {
        revalCloses: '2099-12-31',
        recountFeePaise: 40_000,
        photocopyFeePaise: 80_000,
        revalFeePaise: 100_000,
        reducedCategories: ['SC', 'ST'],
        reducedPercent: 50,
      }),
    );
    const ask = (i: number) =>
      as(x.students[i].rollNo, 'POST', '/api/revaluation-requests', {
        examId: x.examId,
        paperId: x.papers[0].id,
        kind: 'revaluation',
      });
    // SC: ₹1,000 less 50 % = ₹500; the other student pays ₹1,000
    expect(await ok(await ask(0))).toMatchObject({
      message: 'Revaluation asked for; the fee of ₹500 (reduced) is added to your dues',
      feePaise: 50_000,
    });
    expect(await ok(await ask(1))).toMatchObject({
      message: 'Revaluation asked for; the fee of ₹1,000 is added to your dues',
      feePaise: 100_000,
    });
  });
});
