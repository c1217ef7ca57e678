import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/modules/results.js';
import { ok, readyClass, newRolls } from '../../../test/modules/academic.js';

let t: TestApp;
/** R[k]: the k-th student this file builds (B.Tech CSE 2022-2026), signing in with Demo@1234. */
let R: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  R = await newRolls(t, 14);
  await t.db.deleteFrom('calendar_events').execute();
});
afterAll(async () => t.close());

let n = 0;
const cid = () => `export-${Date.now()}-${n++}`;

/** Mondays of September 2025 (1, 8, 15, 22) and one of October: 12 absent twice; 13 late, medical, then (October) absent. */
async function september() {
  const c = await readyClass(t, R.slice(12, 15));
  const base = { sectionId: c.section.id, subjectCode: c.subject.code, period: 1 };
  const weeks: Array<[string, Record<string, unknown>]> = [
    ['2025-09-01', { absentRollNos: [R[12]] }],
    ['2025-09-08', { absentRollNos: [R[12]], marks: [{ rollNo: R[13], status: 'L' }] }],
    ['2025-09-15', { marks: [{ rollNo: R[13], status: 'M' }] }],
    ['2025-09-22', {}],
    ['2025-10-06', { absentRollNos: [R[13]] }],
  ];
  for (const [date, w] of weeks)
    await ok(
      await t.as(c.fac.username, {
        method: 'PUT',
        url: '/api/attendance/sessions',
        payload: { ...base, ...w, date, clientId: cid() },
      }),
    );
  return c;
}

describe('attendance exports', () => {
  it('writes the monthly register: a sheet per section, a column per class, the totals', async () => {
    const c = await september();
    const res = await t.as('hod', {
      method: 'GET',
      url: `/api/attendance/register.xlsx?month=2025-09&sectionId=${c.section.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendance-register-2025-09.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual([c.section.label]);
    const ws = wb.worksheets[0];
    const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual([`Attendance register: ${c.section.label}, Sep 2025`]);
    expect(values(3)).toEqual([
      'Roll No',
      'Name',
      '01/09 P1',
      '08/09 P1',
      '15/09 P1',
      '22/09 P1',
      'Held',
      'Absent',
      'Late',
      'On duty',
      'Medical',
      'Present %',
    ]);
    // 12: absent twice, 2 of 4 = 50%; 13: late counts present, medical does not: 3 of 4 = 75% (the October absence is not here).
    expect(values(4)).toEqual([R[12], expect.any(String), 'A', 'A', 'P', 'P', 4, 2, 0, 0, 0, 50]);
    expect(values(5)).toEqual([R[13], expect.any(String), 'P', 'L', 'M', 'P', 4, 0, 1, 0, 1, 75]);
    expect(values(6)).toEqual([R[14], expect.any(String), 'P', 'P', 'P', 'P', 4, 0, 0, 0, 0, 100]);

    const bad = await t.as('hod', { method: 'GET', url: '/api/attendance/register.xlsx?month=2025-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose the month as yyyy-mm');
    expect((await t.as(c.fac.username, { method: 'GET', url: '/api/attendance/register.xlsx?month=2025-09' })).statusCode).toBe(
      403,
    );
    // The whole college: this section's sheet is among them.
    const all = await t.as('principal', { method: 'GET', url: '/api/attendance/register.xlsx?month=2025-09' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(all.rawPayload as never);
    expect(book.worksheets.map((w) => w.name)).toContain(c.section.label);
  });

  it('prints the shortage list as a PDF with a verification QR', async () => {
    const c = await september();
    const res = await t.as('hod', { method: 'GET', url: `/api/attendance/shortage.pdf?sectionId=${c.section.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    if (process.env.KEEP_PDF) fs.writeFileSync(process.env.KEEP_PDF, pdf);
    const text = await pdfText(pdf);
    expect(text).toContain('ATTENDANCE SHORTAGE LIST');
    expect(text).toContain(`Section ${c.section.label}`);
    // Over all five classes: 12 attended 3 of 5 = 60%, no medical: detained. 13 missed the medical and the October class:
    // 3 of 5 = 60%, with the medical 4 of 5 = 80% >= 65: condonable. 14 attended all five.
    expect(text).toMatch(new RegExp(`${R[12]}[\\s\\S]*3/5[\\s\\S]*60\\.00[\\s\\S]*Detained`));
    expect(text).toMatch(new RegExp(`${R[13]}[\\s\\S]*3/5[\\s\\S]*60\\.00[\\s\\S]*Condonable`));
    expect(text).not.toContain(R[14]);
    expect(text).toContain('Scan to verify this document');
    const doc = await t.db
      .selectFrom('issued_documents')
      .select(['code', 'title', 'fields_json'])
      .where('kind', '=', 'attendance-shortage')
      .where('holder', '=', `Section ${c.section.label}`)
      .executeTakeFirstOrThrow();
    expect(doc.title).toBe(`Attendance shortage list: Section ${c.section.label}`);
    expect(text).toContain(doc.code);
    expect(JSON.parse(doc.fields_json)).toEqual(
      expect.arrayContaining([
        { label: 'Students listed', value: '2' },
        { label: 'Condonable', value: '1' },
        { label: 'Detained', value: '1' },
      ]),
    );
    // the verification page names who issued it (the seeded HOD), not the login id
    expect(JSON.parse(doc.fields_json)).toContainEqual({
      label: 'Issued by',
      value: expect.stringMatching(/^Dr\. Suresh Kumar/),
    });
  });
});
