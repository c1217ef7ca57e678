import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readWorkbook, WORKBOOK_MSG } from './index.js';
import { parts, zip } from '../../../test/lib/workbooks.js';

const limits = { maxRows: 1000, maxCells: 100_000 };

describe('the workbook reader', () => {
  it('reads what exceljs writes: shared and rich strings, entities, numbers, dates, gaps and blank rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('First');
    wb.addWorksheet('Results').addRow(['wanted', 'sheet']);
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
    const r = await readWorkbook(buf, { ...limits, dateColumns: ['dateOfBirth'] });
    expect(r.ok && r.reader).toBe('quick');
    if (!r.ok) throw new Error(r.message);
    expect(r.headers).toEqual(['name', 'aadharNo', 'dateOfBirth', 'note']);
    expect(r.rows.map((x) => (x ? JSON.parse(x) : null))).toEqual([
      ['Ravi & Sons <A>', 123412341234, '2007-11-03', 'rich text'],
      null,
      ['after a blank row', '', '', 'gap before me'],
    ]);
    const results = await readWorkbook(buf, { ...limits, preferredSheet: 'Results' });
    expect(results.ok && results.headers).toEqual(['wanted', 'sheet']);
  });

  it('reads a legacy .xls with the maintained SheetJS build, and refuses what is not a workbook', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['a', 'b'],
        ['x "quoted"', 42],
      ]),
      'S',
    );
    const xls = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const r = await readWorkbook(xls, limits);
    expect(r.ok && r.reader).toBe('sheetjs');
    expect(r.ok && [r.headers, JSON.parse(r.rows[0])]).toEqual([
      ['a', 'b'],
      ['x "quoted"', 42],
    ]);
    expect(await readWorkbook(Buffer.from('%PDF-1.4 not a sheet'), limits)).toMatchObject({
      ok: false,
      message: WORKBOOK_MSG.notWorkbook,
    });
    // An OLE2 header with garbage behind it.
    const crafted = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 0x41)]);
    expect(await readWorkbook(crafted, limits)).toMatchObject({
      ok: false,
      reason: 'unreadable',
      message: WORKBOOK_MSG.unreadable,
    });
  });

  it('takes crafted cell text as text: no prototype pollution, no regular-expression blow-up', async () => {
    const xml = Buffer.from(
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>__proto__</t></is></c><c r="B1" t="inlineStr"><is><t>constructor</t></is></c></row>' +
        `<row r="2"><c r="A2" t="inlineStr"><is><t>{"polluted":1}</t></is></c><c r="B2" t="inlineStr"><is><t>${'&amp;'.repeat(20000)}${'<'.repeat(0)}</t></is></c></row></sheetData></worksheet>`,
    );
    const r = await readWorkbook(zip(parts(xml)), limits);
    expect(r.ok && r.headers).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a zip bomb by its declared sizes before inflating anything', async () => {
    // Declares 3 GB for the sheet: refused from the central directory alone.
    const declaredHuge = zip(parts(Buffer.from('<worksheet/>'), 3 * 1024 * 1024 * 1024));
    expect(await readWorkbook(declaredHuge, limits)).toMatchObject({ ok: false, reason: 'tooLarge' });
    // 64 MB of one repeated row, honestly declared: the ratio (about 1000 to 1) gives it away.
    const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
    const honest = zip(
      parts(Buffer.from(`<worksheet><sheetData>${row.repeat((64 * 1024 * 1024) / row.length)}</sheetData></worksheet>`)),
    );
    expect(honest.length).toBeLessThan(1024 * 1024);
    expect(await readWorkbook(honest, limits)).toMatchObject({
      ok: false,
      reason: 'tooLarge',
      message: WORKBOOK_MSG.tooLarge({ maxInflatedBytes: 150 * 1024 * 1024 }),
    });
  });

  it('stops inflating a part that unpacks beyond the size it declared', async () => {
    const big = Buffer.alloc(32 * 1024 * 1024, 0x20);
    const lying = zip(parts(big, 1000));
    expect(await readWorkbook(lying, limits)).toMatchObject({ ok: false, reason: 'tooLarge' });
  });

  it('caps rows and cells', async () => {
    const cells = (n: number) => Array.from({ length: n }, (_, i) => `<c r="A${i + 1}"><v>${i}</v></c>`);
    const rows = Buffer.from(
      `<worksheet><sheetData>${cells(30)
        .map((c, i) => `<row r="${i + 1}">${c}</row>`)
        .join('')}</sheetData></worksheet>`,
    );
    expect(await readWorkbook(zip(parts(rows)), { maxRows: 10, maxCells: 1000 })).toMatchObject({
      ok: false,
      reason: 'tooManyRows',
      message: WORKBOOK_MSG.tooManyRows(10),
    });
    const wide = Buffer.from(
      `<worksheet><sheetData><row r="1">${Array.from({ length: 50 }, (_, i) => `<c r="${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}1"><v>1</v></c>`).join('')}</row></sheetData></worksheet>`,
    );
    expect(await readWorkbook(zip(parts(wide)), { maxRows: 10, maxCells: 20 })).toMatchObject({
      ok: false,
      reason: 'tooManyCells',
    });
  });
});

describe('formula cells', () => {
  it('read as their cached value; with none cached (or an error) as an empty cell, never "[object Object]"', async () => {
    const sheet = Buffer.from(
      '<worksheet><sheetData>' +
        '<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="inlineStr"><is><t>total</t></is></c><c r="C1" t="inlineStr"><is><t>grade</t></is></c></row>' +
        '<row r="2"><c r="A2" t="str"><f>UPPER("ravi")</f><v>RAVI</v></c><c r="B2"><f>40+2</f></c><c r="C2" t="e"><f>NA()</f><v>#N/A</v></c></row>' +
        '</sheetData></worksheet>',
    );
    const quick = await readWorkbook(zip(parts(sheet)), limits);
    if (!quick.ok) throw new Error(quick.message);
    expect(JSON.parse(quick.rows[0])).toEqual(['RAVI', '', '']);

    // the same through exceljs's writer: a formula with and without its result
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['name', 'total', 'marks']);
    ws.addRow([{ formula: 'UPPER("ravi")', result: 'RAVI' }, { formula: '40+2' }, { formula: '20+22', result: 42 }]);
    const r = await readWorkbook(Buffer.from(await wb.xlsx.writeBuffer()), limits);
    if (!r.ok) throw new Error(r.message);
    expect(JSON.parse(r.rows[0])).toEqual(['RAVI', '', 42]);
    expect(r.rows.join()).not.toContain('[object');
  });
});

describe('the workbook dependencies', () => {
  it('no longer ship the unmaintained SheetJS 0.18 from the npm registry', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(pkg.dependencies.xlsx).toBeUndefined();
    expect(pkg.devDependencies?.xlsx).toBeUndefined();
    const lock = JSON.parse(await readFile(new URL('../../../../../package-lock.json', import.meta.url), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    expect(lock.packages['node_modules/xlsx']).toBeUndefined();
    expect(lock.packages['node_modules/@e965/xlsx']?.version).toMatch(/^0\.(2\d|[3-9]\d)\./);
  });
});
