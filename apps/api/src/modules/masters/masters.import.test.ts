import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MASTER_IMPORT_COLUMNS, MASTER_IMPORT_MSG, MSG } from '@erp/shared';
import { newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { multipart, newRegulation, newSection, ok, sheetOf } from '../../../test/modules/academic.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const upload = (kind: string, file: Buffer, dryRun = false, as = 'admin') =>
  t.as(as, { method: 'POST', url: `/api/masters/import/${kind}${dryRun ? '?dryRun=true' : ''}`, ...multipart(file) });
const headers = (kind: keyof typeof MASTER_IMPORT_COLUMNS) => MASTER_IMPORT_COLUMNS[kind].map((c) => c.header);
let n = 0;
const uniq = () => `${Date.now().toString(36).slice(-4)}${n++}`.toUpperCase();

describe('Excel imports of the masters', () => {
  it('gives a template per kind with the columns the import reads', async () => {
    const res = await t.as('academics', { method: 'GET', url: '/api/masters/import/subjects/template' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="subjects-template.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const first = wb.worksheets[0];
    expect(first.name).toBe('Subjects');
    expect((first.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Regulation',
      'Semester',
      'Branch',
      'Code',
      'Name',
      'Credits',
      'L',
      'T',
      'P',
      'Kind',
    ]);
    expect(wb.getWorksheet('Instructions')).toBeTruthy();
    expect((await t.as('faculty', { method: 'GET', url: '/api/masters/import/subjects/template' })).statusCode).toBe(403);
    const bad = await t.as('admin', { method: 'GET', url: '/api/masters/import/marks/template' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Import subjects, sections, faculty or section-students');
  });

  it('imports subjects: a dry run saves nothing, rejects carry every reason, a second import corrects', async () => {
    const reg = await newRegulation(t);
    const a = `A${uniq()}`;
    const b = `B${uniq()}`;
    const file = await sheetOf('Subjects', headers('subjects'), [
      [reg.code, 'IV-I', 'CSE', a, 'Compiler Design', 3, 3, 0, 0, 'theory'],
      [reg.code, 'IV-I', '', b, 'Compiler Lab', 1.5, 0, 0, 3, 'lab'],
      ['R-NONE', 'IV-I', 'CSE', 'X1', 'Nowhere', 3, 3, 0, 0, ''],
      [reg.code, 'IX-IX', 'CSE', 'X2', 'Bad semester', 40, 3, 0, 0, 'seminar'],
      [reg.code, 'IV-I', 'CSE', a.toLowerCase(), 'Twice', 3, 3, 0, 0, ''],
      [null, null, null, null, null, null, null, null, null, null],
    ]);
    const dry = await ok(await upload('subjects', file, true));
    expect(dry).toMatchObject({
      dryRun: true,
      saved: 0,
      valid: 2,
      message: 'Checked: would save 2 new and 0 updated; 3 row(s) rejected',
    });
    expect(dry.rejected).toEqual([
      { row: 4, errors: ['No regulation R-NONE'] },
      { row: 5, errors: ['No semester IX-IX in the course', 'Credits are 0 to 30', 'Choose theory, lab or elective'] },
      { row: 6, errors: [MASTER_IMPORT_MSG.twice(`Subject ${a}`, 2)] },
    ]);
    const none = await t.db.selectFrom('subjects').select('id').where('regulation_id', '=', reg.id).execute();
    expect(none).toHaveLength(0);

    const saved = await ok(await upload('subjects', file));
    expect(saved).toMatchObject({ saved: 2, message: 'Saved 2 new and 0 updated; 3 row(s) rejected' });
    const rows = await t.db
      .selectFrom('subjects')
      .select(['code', 'name', 'credits', 'practical', 'kind', 'branch_id'])
      .where('regulation_id', '=', reg.id)
      .orderBy('code')
      .execute();
    expect(rows.map((r) => `${r.code}|${r.name}|${r.credits}|${r.practical}|${r.kind}|${r.branch_id === null}`)).toEqual([
      `${a}|Compiler Design|3|0|theory|false`,
      `${b}|Compiler Lab|1.5|3|lab|true`,
    ]);

    const again = await sheetOf('Subjects', headers('subjects'), [
      [reg.code, 'IV-I', 'CSE', a, 'Compiler Design and Tools', 4, 3, 1, 0, ''],
    ]);
    expect(await ok(await upload('subjects', again))).toMatchObject({
      saved: 1,
      message: 'Saved 0 new and 1 updated',
      rejected: [],
    });
    const fixed = await t.db.selectFrom('subjects').select(['name', 'credits']).where('code', '=', a).executeTakeFirstOrThrow();
    expect(fixed).toEqual({ name: 'Compiler Design and Tools', credits: 4 });
  });

  it('imports sections of a batch and branch', async () => {
    const name = `Q${uniq()}`.slice(0, 10);
    const file = await sheetOf('Sections', headers('sections'), [
      ['B.Tech', '2022-2026', 'CSE', 'IV-I', name],
      ['B.Tech', '1999-2003', 'CSE', '', 'A'],
      ['MBBS', '2022-2026', 'CSE', '', 'A'],
      ['B.Tech', '2022-2026', 'CSE', '', ''],
    ]);
    const res = await ok(await upload('sections', file));
    expect(res).toMatchObject({ saved: 1, message: 'Saved 1 new and 0 updated; 3 row(s) rejected' });
    expect(res.rejected).toEqual([
      { row: 3, errors: ['No batch 1999-2003 in the course'] },
      { row: 4, errors: ['No course MBBS'] },
      { row: 5, errors: ['Enter the section name'] },
    ]);
    const list = await ok(await t.as('admin', { method: 'GET', url: `/api/masters/sections?q=${name}` }));
    expect(list.items).toEqual([expect.objectContaining({ label: `CSE 2022-2026 ${name}`, semesterName: 'IV-I' })]);
  });

  it('imports faculty records with PhD and date of joining', async () => {
    const code = `IMP-${uniq()}`;
    const file = await sheetOf('Faculty', headers('faculty'), [
      [code, 'Dr. K. Ramesh', `${code.toLowerCase()}@svec.edu.in`, 'CSE', 'Professor', 'Ph.D', 'Yes', '01-06-2015'],
      [`${code}-2`, 'No Mail', 'not-an-email', 'CSE', '', '', 'No', ''],
      [`${code}-3`, 'Nowhere', 'x@svec.edu.in', 'ZOOLOGY', '', '', 'maybe', ''],
    ]);
    const res = await ok(await upload('faculty', file));
    expect(res).toMatchObject({ saved: 1, message: 'Saved 1 new and 0 updated; 2 row(s) rejected' });
    expect(res.rejected).toEqual([
      { row: 3, errors: ['Enter a valid e-mail'] },
      { row: 4, errors: ['No department ZOOLOGY', MASTER_IMPORT_MSG.phd] },
    ]);
    const f = await t.db
      .selectFrom('faculty')
      .select(['full_name', 'phd', 'date_of_joining', 'designation'])
      .where('emp_code', '=', code)
      .executeTakeFirstOrThrow();
    expect(f).toEqual({ full_name: 'Dr. K. Ramesh', phd: 1, date_of_joining: '2015-06-01', designation: 'Professor' });
  });

  it("places students in their own batch and branch's section", async () => {
    const { section } = await newSection(t, []);
    const one = await newStudent(t.db, 1);
    const two = await newStudent(t.db, 1);
    const other = await newStudent(t.db, 1, { branch: 'ECE' });
    const file = await sheetOf('Students into sections', headers('section-students'), [
      [one.rollNo, section.name],
      [two.rollNo.toLowerCase(), section.name.toLowerCase()],
      ['NOBODY1', section.name],
      [other.rollNo, section.name],
    ]);
    const res = await ok(await upload('section-students', file));
    expect(res).toMatchObject({ saved: 2, message: 'Saved 2 new and 0 updated; 2 row(s) rejected' });
    expect(res.rejected).toEqual([
      { row: 4, errors: ['No student has roll number NOBODY1'] },
      { row: 5, errors: [`No section ECE 2022-2026 ${section.name}`] },
    ]);
    const inSection = await ok(await t.as('admin', { method: 'GET', url: `/api/masters/sections/${section.id}/students` }));
    expect(inSection.map((s: any) => s.rollNo)).toEqual([one.rollNo, two.rollNo].sort());
  });

  it('refuses a sheet without its columns, a file that is not a workbook, and other roles', async () => {
    const file = await sheetOf('Faculty', ['Emp Code', 'Name'], [['X', 'Y']]);
    const res = await upload('faculty', file);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MASTER_IMPORT_MSG.missingColumns(['Email', 'Department']));
    const text = await upload('faculty', Buffer.from('emp,name\n1,2\n'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Upload an Excel workbook (.xlsx, or the older .xls)');
    const empty = await upload('faculty', await sheetOf('Faculty', headers('faculty'), []));
    expect(empty.json().message).toBe(MASTER_IMPORT_MSG.empty);
    expect((await upload('faculty', file, false, 'hod')).statusCode).toBe(403);
    const none = await t.as('admin', {
      method: 'POST',
      url: '/api/masters/import/faculty',
      ...multipart(Buffer.alloc(0)),
    });
    expect(none.json().message).toBe(MSG.fileNotUploaded);
  });
});
