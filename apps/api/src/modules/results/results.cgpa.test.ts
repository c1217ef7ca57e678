import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { nowIso } from '../../db/index.js';
import { studentStanding, studentStandings } from './results.standing.js';

let t: TestApp;
let collegeId: number;
beforeAll(async () => {
  t = await createTestApp();
  collegeId = (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

async function title(published: number, type = 'regular') {
  return (
    await t.db
      .insertInto('exam_titles')
      .values({ college_id: collegeId, title: `Standing ${Math.random()}`, exam_type: type, published, created_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

const result = (
  titleId: number,
  roll: string,
  code: string,
  credits: number,
  points: number,
  status: string,
  superseded = 0,
) => ({
  college_id: collegeId,
  exam_title_id: titleId,
  roll_no: roll,
  course_code: code,
  course: code,
  credits,
  marks: null,
  grade: status === 'Pass' ? 'B' : 'F',
  grade_points: points,
  status,
  superseded,
});

describe('studentStanding', () => {
  it('counts each course once by its best published result: CGPA over passed courses, backlogs for the rest', async () => {
    const regular = await title(1);
    const supply = await title(1, 'supply');
    const draft = await title(0);
    await t.db
      .insertInto('exam_results')
      .values([
        result(regular, 'STD1', 'MA101', 4, 8, 'Pass'),
        result(regular, 'STD1', 'PH101', 3, 0, 'Fail', 1),
        result(supply, 'STD1', 'PH101', 3, 6, 'Pass'),
        result(regular, 'STD1', 'CS101', 3, 0, 'Absent'),
        // Unpublished results do not count yet.
        result(draft, 'STD1', 'CS101', 3, 9, 'Pass'),
      ])
      .execute();
    // (4×8 + 3×6) / 7 = 7.142… → 7.14; CS101 is still open.
    expect(await studentStanding(t.db, collegeId, 'STD1')).toEqual({ cgpa: 7.14, activeBacklogs: 1 });
    const many = await studentStandings(t.db, collegeId, ['STD1', 'NOBODY']);
    expect(many.get('NOBODY')).toEqual({ cgpa: 0, activeBacklogs: 0 });
  });
});
