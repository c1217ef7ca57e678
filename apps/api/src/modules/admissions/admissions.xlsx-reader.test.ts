import { createRequire } from 'node:module';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { XLSX_READER_SOURCE } from './admissions.xlsx-reader.js';

type Reader = (
  buf: Buffer,
  maxRows: number,
  dateColumns: string[],
) => { headers: string[]; rows: unknown[][]; tooMany?: boolean };
const readXlsxFast = new Function('require', `${XLSX_READER_SOURCE}; return readXlsxFast;`)(
  createRequire(import.meta.url),
) as Reader;

describe('the quick .xlsx reader', () => {
  it('reads what exceljs writes: shared and rich strings, entities, numbers, dates, gaps and blank rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('First');
    wb.addWorksheet('Second').addRow(['not', 'this']);
    ws.addRow(['name', 'aadharNo', 'dateOfBirth', 'note']);
    ws.addRow([
      'Ravi & Sons <A>',
      123412341234,
      new Date(Date.UTC(2007, 10, 3)),
      { richText: [{ text: 'rich ' }, { text: 'text', font: { bold: true } }] },
    ]);
    ws.getCell('A4').value = 'after a blank row';
    ws.getCell('D4').value = 'gap before me';
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const r = readXlsxFast(buf, 100, ['dateOfBirth']);
    expect(r.headers).toEqual(['name', 'aadharNo', 'dateOfBirth', 'note']);
    expect(r.rows).toEqual([
      ['Ravi & Sons <A>', 123412341234, '2007-11-03', 'rich text'],
      ['', '', '', ''],
      ['after a blank row', '', '', 'gap before me'],
    ]);
  });

  it('reads what SheetJS writes (inline strings) like SheetJS reads it, and stops past the row limit', () => {
    const aoa = [
      ['a', 'b', 'c'],
      ['x "quoted"', 42, 'ü€'],
      ['', 'only b', ''],
    ];
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'S');
    const buf = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const mine = readXlsxFast(buf, 100, []);
    const theirs = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(buf).Sheets.S, { header: 1, defval: '' });
    expect([mine.headers, ...mine.rows]).toEqual(theirs);
    expect(readXlsxFast(buf, 1, []).tooMany).toBe(true);
  });
});
