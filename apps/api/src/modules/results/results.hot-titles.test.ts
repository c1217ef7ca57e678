import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { SEED_REGULAR_TITLE, SEED_SUPPLY_TITLE } from '../../db/seed/results.js';
import { HOT_AFTER, hotResultsOf, hotTitleIds, readTitle } from './results.hot-titles.js';
import * as repo from './results.repo.js';
import { resultView } from './results.service.js';
import { multipart, resultSheet } from './results.test-helpers.js';

let t: TestApp;
let collegeId: number;
let regularId: number;
let supplyId: number;
let rollNos: string[];
beforeAll(async () => {
  t = await createTestApp();
  collegeId = (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;
  const titles = await repo.titlesByName(t.db, collegeId, [SEED_REGULAR_TITLE, SEED_SUPPLY_TITLE]);
  regularId = titles.find((x) => x.title === SEED_REGULAR_TITLE)!.id;
  supplyId = titles.find((x) => x.title === SEED_SUPPLY_TITLE)!.id;
  const rows = await t.db
    .selectFrom('exam_results')
    .select('roll_no')
    .distinct()
    .where('exam_title_id', '=', regularId)
    .orderBy('roll_no')
    .execute();
  rollNos = rows.map((r) => r.roll_no);
});
afterAll(async () => t.close());

const FIRST = '22A91A0501'; // failed CS702, passed its supplementary

const lookup = (rollNo: string, examTitle = SEED_REGULAR_TITLE) =>
  t.app.inject({ method: 'GET', url: '/api/v1/getExamResultByRollNoView', query: { rollNo, examTitle } });

async function untilHot(titleId: number) {
  for (let i = 0; i < 200 && !hotTitleIds(t.db, collegeId).includes(titleId); i++) await new Promise((r) => setTimeout(r, 10));
  expect(hotTitleIds(t.db, collegeId)).toContain(titleId);
}

describe('hot titles (results day)', () => {
  it('reads a whole title across page boundaries, every row once', async () => {
    const whole = await readTitle(t.db, collegeId, regularId);
    const paged = await readTitle(t.db, collegeId, regularId, 7);
    expect(paged).toEqual(whole);
    expect([...whole.keys()].sort()).toEqual(rollNos);
    const count = await t.db
      .selectFrom('exam_results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('exam_title_id', '=', regularId)
      .executeTakeFirstOrThrow();
    expect([...paged.values()].reduce((n, rows) => n + rows.length, 0)).toBe(Number(count.n));
  });

  it(`keeps a title in memory once asked for ${HOT_AFTER} times, and answers exactly as the database does`, async () => {
    expect(hotTitleIds(t.db, collegeId)).toEqual([]);
    for (let i = 0; i < HOT_AFTER; i++) await hotResultsOf(t.db, collegeId, rollNos[i % rollNos.length], [regularId, supplyId]);
    await untilHot(regularId);
    await untilHot(supplyId);
    for (const rollNo of [...rollNos, 'NOT-A-ROLL']) {
      const fromMemory = await resultView(t.db, collegeId, rollNo, SEED_REGULAR_TITLE, hotResultsOf);
      const fromQuery = await resultView(t.db, collegeId, rollNo, SEED_REGULAR_TITLE);
      expect(fromMemory).toEqual(fromQuery);
    }
    // The supplementary grade still replaces the failure.
    const first = await resultView(t.db, collegeId, FIRST, SEED_REGULAR_TITLE, hotResultsOf);
    expect(first.listofRecords.find((r) => r.courseCode === 'CS702')).toMatchObject({ examTitle: SEED_SUPPLY_TITLE });
  });

  it('shows an import at once even for a title held in memory, and holds the new rows once hot again', async () => {
    // The route reads through its own connection, these direct calls through t.db: both must follow.
    const cs701 = (view: { listofRecords: Array<{ courseCode: string }> }) =>
      view.listofRecords.find((r) => r.courseCode === 'CS701');
    const fromMemory = () => resultView(t.db, collegeId, FIRST, SEED_REGULAR_TITLE, hotResultsOf);
    for (let i = 0; i < HOT_AFTER; i++) {
      await lookup(rollNos[i % rollNos.length]);
      await hotResultsOf(t.db, collegeId, rollNos[i % rollNos.length], [regularId]);
    }
    await untilHot(regularId);
    const before = cs701((await lookup(FIRST)).json()) as unknown as { course: string; credits: number; grade: string };
    expect(before.grade).not.toBe('S');
    expect(cs701(await fromMemory())).toEqual(before);

    const file = await resultSheet([[FIRST, SEED_REGULAR_TITLE, 'Regular', 'CS701', before.course, before.credits, 95]]);
    const res = await t.as('examcell', { method: 'POST', url: '/api/exam-results/import', ...multipart(file) });
    expect(res.statusCode).toBe(200);

    expect(cs701((await lookup(FIRST)).json())).toMatchObject({ grade: 'S', gradePoints: 10 });
    expect(cs701(await fromMemory())).toMatchObject({ grade: 'S', gradePoints: 10 });
    expect(hotTitleIds(t.db, collegeId)).not.toContain(regularId);

    for (let i = 0; i < HOT_AFTER; i++) await hotResultsOf(t.db, collegeId, rollNos[(i + 7) % rollNos.length], [regularId]);
    await untilHot(regularId);
    expect(cs701(await fromMemory())).toMatchObject({ grade: 'S', gradePoints: 10 });
  });
});
