import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { collegeId, newExamTitle, newStudent } from '../../../test/builders.js';
import { multipart, resultSheet } from '../../../test/modules/results.js';

/** Results import and publish leave an audit row: who, which exam title, what changed. */
let t: TestApp;
let college: number;
beforeAll(async () => {
  t = await createTestApp();
  college = await collegeId(t.db);
});
afterAll(async () => t.close());

const auditOf = async (titleId: number) =>
  (await t.as('admin', { method: 'GET', url: '/api/audit', query: { entity: 'exam_title', entityId: String(titleId) } })).json().items;
const upload = (file: Buffer, dryRun = false) =>
  t.as('examcell', { method: 'POST', url: `/api/exam-results/import${dryRun ? '?dryRun=true' : ''}`, ...multipart(file, 'excelFileUpload', 'iii-ii.xlsx') });

describe('results audit', () => {
  it('records an import per exam title it wrote to, and nothing for a dry run', async () => {
    const TITLE = `B.Tech III-II Regular Examinations AUDIT${Date.now().toString(36).toUpperCase()}`;
    const a = await newStudent(t.db, college);
    const b = await newStudent(t.db, college);
    const rows = [a, b].map((s) => [s.rollNo, TITLE, 'Regular', 'CS601', 'Compilers', 3, 72]);
    expect((await upload(await resultSheet(rows), true)).json()).toMatchObject({ dryRun: true, saved: 2 });
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'results.import').execute()).toEqual([]);

    expect((await upload(await resultSheet(rows))).json()).toMatchObject({ dryRun: false, saved: 2 });
    const title = await t.db.selectFrom('exam_titles').select('id').where('title', '=', TITLE).executeTakeFirstOrThrow();
    expect(await auditOf(title.id)).toEqual([
      expect.objectContaining({
        username: 'examcell',
        action: 'results.import',
        entityId: String(title.id),
        after: { title: TITLE, examType: 'regular', created: true, rows: 2, file: 'iii-ii.xlsx' },
      }),
    ]);
  });

  it('records publishing and withdrawing a title, with the state before and after', async () => {
    const title = await newExamTitle(t.db, college, { published: 0 });
    const patch = (published: boolean) =>
      t.as('examcell', { method: 'PATCH', url: `/api/exam-results/titles/${title.id}`, payload: { published } });
    expect((await patch(true)).statusCode).toBe(200);
    expect((await patch(false)).statusCode).toBe(200);
    const rows = await auditOf(title.id);
    // Newest first.
    expect(rows).toEqual([
      expect.objectContaining({
        username: 'examcell',
        action: 'results.unpublish',
        before: { title: title.title, published: true },
        after: { title: title.title, published: false },
      }),
      expect.objectContaining({
        username: 'examcell',
        action: 'results.publish',
        before: { title: title.title, published: false },
        after: { title: title.title, published: true },
      }),
    ]);
    // An unknown title changes nothing and is not audited.
    expect((await t.as('examcell', { method: 'PATCH', url: '/api/exam-results/titles/999999', payload: { published: true } })).statusCode).toBe(404);
    expect(await auditOf(999999)).toEqual([]);
  });
});
