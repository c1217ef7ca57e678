import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { collegeId as collegeIdOf, newExamResult, newExamTitle, newStudent } from '../../../test/builders.js';
import { HOT_AFTER, hotResultsOf, hotTitleIds, readTitle } from './results.hot-titles.js';
import { invalidate } from './results.lookup.js';
import { bumpResultsVersion } from './results.repo.js';
import { resultView } from './results.service.js';
import { multipart, resultSheet } from '../../../test/modules/results.js';

let t: TestApp;
let collegeId: number;
beforeAll(async () => {
  t = await createTestApp();
  collegeId = await collegeIdOf(t.db);
});
afterAll(async () => t.close());

interface Day {
  regular: { id: number; title: string };
  supply: { id: number; title: string };
  /** the roll numbers with results in the regular title, sorted */
  rollNos: string[];
  /** failed CS702 (41.5) in the regular title, passed it (63) in the supplementary */
  first: string;
}

/**
 * Results day of a title of its own: nine students with CS701 (3 credits), CS702 (3) and CS703 (2),
 * 27 rows, so a page of 7 rows splits students; the first failed CS702 and passed it in a
 * supplementary title, the second failed CS703 with no supplementary.
 */
async function resultsDay(): Promise<Day> {
  const regular = await newExamTitle(t.db, collegeId);
  const supply = await newExamTitle(t.db, collegeId, { exam_type: 'supply' });
  const students = [];
  for (let i = 0; i < 9; i++) students.push(await newStudent(t.db, collegeId, { full_name: `Hot Student ${i}` }));
  for (const [i, s] of students.entries()) {
    await newExamResult(t.db, collegeId, regular, s, { code: 'CS701', name: 'Compiler Design', credits: 3, marks: i === 0 ? 72 : 55 + i * 4 });
    await newExamResult(t.db, collegeId, regular, s, { code: 'CS702', name: 'Cloud Computing', credits: 3, marks: i === 0 ? 41.5 : 60 + i, superseded: i === 0 ? 1 : 0 });
    await newExamResult(t.db, collegeId, regular, s, { code: 'CS703', name: 'Data Mining', credits: 2, marks: i === 1 ? 30 : 70 });
  }
  await newExamResult(t.db, collegeId, supply, students[0], { code: 'CS702', name: 'Cloud Computing', credits: 3, marks: 63 });
  // Rows written straight into the tables: tell the read path, as the import does.
  await bumpResultsVersion(t.db, collegeId);
  invalidate(collegeId);
  return { regular, supply, rollNos: students.map((s) => s.rollNo).sort(), first: students[0].rollNo };
}

const lookup = (rollNo: string, examTitle: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoView', query: { rollNo, examTitle } });

async function untilHot(titleId: number) {
  for (let i = 0; i < 200 && !hotTitleIds(t.db, collegeId).includes(titleId); i++) await new Promise((r) => setTimeout(r, 10));
  expect(hotTitleIds(t.db, collegeId)).toContain(titleId);
}

describe('hot titles (results day)', () => {
  it('reads a whole title across page boundaries, every row once', async () => {
    const { regular, rollNos, first } = await resultsDay();
    const whole = await readTitle(t.db, collegeId, regular.id);
    const paged = await readTitle(t.db, collegeId, regular.id, 7);
    expect(paged).toEqual(whole);
    expect([...whole.keys()].sort()).toEqual(rollNos);
    // 9 students × 3 courses
    expect([...paged.values()].reduce((n, rows) => n + rows.length, 0)).toBe(27);
    expect(paged.get(first)!.map((r) => [r.course_code, r.grade])).toEqual([
      ['CS701', 'B'],
      ['CS702', 'F'],
      ['CS703', 'B'],
    ]);
  });

  it(`keeps a title in memory once asked for ${HOT_AFTER} times, and answers exactly as the database does`, async () => {
    const { regular, supply, rollNos, first } = await resultsDay();
    expect(hotTitleIds(t.db, collegeId)).not.toContain(regular.id);
    expect(hotTitleIds(t.db, collegeId)).not.toContain(supply.id);
    for (let i = 0; i < HOT_AFTER; i++) await hotResultsOf(t.db, collegeId, rollNos[i % rollNos.length], [regular.id, supply.id]);
    await untilHot(regular.id);
    await untilHot(supply.id);
    for (const rollNo of [...rollNos, 'NOT-A-ROLL']) {
      const fromMemory = await resultView(t.db, collegeId, rollNo, regular.title, hotResultsOf);
      const fromQuery = await resultView(t.db, collegeId, rollNo, regular.title);
      expect(fromMemory).toEqual(fromQuery);
    }
    // The supplementary grade (63: C) still replaces the failure.
    const view = await resultView(t.db, collegeId, first, regular.title, hotResultsOf);
    expect(view.listofRecords.find((r) => r.courseCode === 'CS702')).toMatchObject({ examTitle: supply.title, grade: 'C' });
    expect(view.failCount).toBe(0);
  });

  it('shows an import at once even for a title held in memory, and holds the new rows once hot again', async () => {
    const { regular, rollNos, first } = await resultsDay();
    // The route reads through its own connection, these direct calls through t.db: both must follow.
    const cs701 = (view: { listofRecords: Array<{ courseCode: string }> }) =>
      view.listofRecords.find((r) => r.courseCode === 'CS701');
    const fromMemory = () => resultView(t.db, collegeId, first, regular.title, hotResultsOf);
    for (let i = 0; i < HOT_AFTER; i++) {
      await lookup(rollNos[i % rollNos.length], regular.title);
      await hotResultsOf(t.db, collegeId, rollNos[i % rollNos.length], [regular.id]);
    }
    await untilHot(regular.id);
    const before = cs701((await lookup(first, regular.title)).json()) as unknown as { course: string; credits: number; grade: string };
    // 72 is B
    expect(before).toMatchObject({ course: 'Compiler Design', credits: 3, grade: 'B' });
    expect(cs701(await fromMemory())).toEqual(before);

    const file = await resultSheet([[first, regular.title, 'Regular', 'CS701', before.course, before.credits, 95]]);
    const res = await t.as('examcell', { method: 'POST', url: '/api/exam-results/import', ...multipart(file) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: 1, rejected: [] });

    expect(cs701((await lookup(first, regular.title)).json())).toMatchObject({ grade: 'S', gradePoints: 10 });
    expect(cs701(await fromMemory())).toMatchObject({ grade: 'S', gradePoints: 10 });
    expect(hotTitleIds(t.db, collegeId)).not.toContain(regular.id);

    for (let i = 0; i < HOT_AFTER; i++) await hotResultsOf(t.db, collegeId, rollNos[(i + 7) % rollNos.length], [regular.id]);
    await untilHot(regular.id);
    expect(cs701(await fromMemory())).toMatchObject({ grade: 'S', gradePoints: 10 });
  });
});
