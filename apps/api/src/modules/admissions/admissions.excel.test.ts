import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMISSION_MSG, EXCEL_COLUMNS, MAX_EXCEL_ROWS, MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { goodPayload, multipart } from '../../../test/modules/admissions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const V1 = '/api/v1';
const upload = (file: Buffer, filename = 'admissions.xlsx', query = '') =>
  t.as('admissions', {
    method: 'POST',
    url: `${V1}/masterDataExcelsUploads?fileType=newAdmissionsForm${query}`,
    ...multipart([{ name: 'excelFileUpload', value: file, filename }]),
  });
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('admissions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

async function template(): Promise<ExcelJS.Workbook> {
  const res = await t.as('admissions', { method: 'GET', url: `${V1}/getExcelForNewAdmissions` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/attachment; filename="NewAdmissionsTemplate.xlsx"/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

let seq = 0;
const rowValues = (overrides: Record<string, unknown> = {}) => {
  const p = goodPayload({
    aadharNo: `6${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(8, '0')}`,
    ...overrides,
  });
  return EXCEL_COLUMNS.map((c) => (p[c] === undefined ? '' : p[c]));
};

/** A workbook with the template headers and these rows, written by SheetJS in either format. */
function sheetOf(rows: unknown[][], bookType: 'xlsx' | 'xls' = 'xlsx', headers: string[] = EXCEL_COLUMNS): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([headers, ...rows]), 'Admissions');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}

describe('getExcelForNewAdmissions', () => {
  it('has the save payload columns, with drop-downs and notes for the enumerated ones', async () => {
    const ws = (await template()).worksheets[0];
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(EXCEL_COLUMNS);
    const col = (name: string) => EXCEL_COLUMNS.indexOf(name) + 1;
    const gender = ws.getCell(2, col('gender')).dataValidation;
    expect(gender).toMatchObject({ type: 'list', formulae: ['"MALE,FEMALE"'] });
    expect(ws.getCell(50, col('bloodGroup')).dataValidation.formulae).toEqual(['"A+,A-,B+,B-,AB+,AB-,O+,O-"']);
    expect(ws.getCell(2, col('entranceType')).dataValidation.formulae).toEqual(['"ICET,PGECT,POLYCET,EAPCET,ECET"']);
    expect(ws.getCell(2, col('scholarShip')).dataValidation.formulae).toEqual(['"Yes,No"']);
    expect(String(ws.getCell(1, col('gender')).note)).toContain('MALE, FEMALE');
  });
});

describe('masterDataExcelsUploads?fileType=newAdmissionsForm', () => {
  it('round trip: the downloaded template with 100 rows, 3 bad, saves 97 and reports 3 by row', async () => {
    const wb = await template();
    const ws = wb.worksheets[0];
    const bad = new Map<number, [string, unknown, string]>([
      [12, ['studentContactNo', '12345', MSG.validMobile]],
      [40, ['name', '', MSG.enterFullName]],
      [77, ['gender', 'M', MSG.selectGender]],
    ]);
    for (let i = 0; i < 100; i++) {
      const values = rowValues();
      const b = bad.get(i);
      if (b) values[EXCEL_COLUMNS.indexOf(b[0])] = b[1] as string;
      // One row carries a real Excel date rather than text.
      if (i === 5) values[EXCEL_COLUMNS.indexOf('dateOfBirth')] = new Date(Date.UTC(2007, 10, 3)) as unknown as string;
      ws.addRow(values);
    }
    const before = await count();
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(MSG.uploadedExcel);
    expect(body.saved).toBe(97);
    expect(body.rejected.map((r: { row: number }) => r.row)).toEqual([14, 42, 79]);
    expect(body.rejected[0].errors).toEqual([`Student Mobile Number: ${MSG.validMobile}`]);
    expect(body.rejected[1].errors[0]).toBe(`Full Name: ${MSG.enterFullName}`);
    expect(body.rejected[2].errors).toEqual([`Gender: ${MSG.selectGender}`]);
    expect(await count()).toBe(before + 97);

    const saved = await t.db
      .selectFrom('admissions')
      .select(['admission_no', 'data_json'])
      .orderBy('id', 'desc')
      .limit(97)
      .execute();
    expect(new Set(saved.map((s) => s.admission_no)).size).toBe(97);
    for (const s of saved) expect(s.admission_no).toMatch(/^SVEC\/\d{4}\/\d{5}$/);
    expect(saved.some((s) => JSON.parse(s.data_json).dateOfBirth === '2007-11-03')).toBe(true);
  });

  it('rejects a duplicate Aadhaar inside the file and against the database, per row', async () => {
    const existing = rowValues();
    expect((await upload(sheetOf([existing]))).json().saved).toBe(1);
    const a = rowValues();
    const again = [...a];
    const res = await upload(sheetOf([rowValues(), a, existing, again]));
    const body = res.json();
    expect(body.saved).toBe(2);
    const aadhar = String(a[EXCEL_COLUMNS.indexOf('aadharNo')]);
    expect(body.rejected).toEqual([
      {
        row: 4,
        errors: [`Aadhar Number: ${ADMISSION_MSG.duplicateAadhar(String(existing[EXCEL_COLUMNS.indexOf('aadharNo')]))}`],
      },
      { row: 5, errors: [`Aadhar Number: ${ADMISSION_MSG.duplicateAadharInFile(aadhar, 3)}`] },
    ]);
  });

  it('validates without saving on a dry run', async () => {
    const before = await count();
    const res = await upload(sheetOf([rowValues(), rowValues({ bloodGroup: 'Z' })]), 'x.xlsx', '&dryRun=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ saved: 0, valid: 1, dryRun: true, message: ADMISSION_MSG.dryRunDone(1) });
    expect(res.json().rejected).toHaveLength(1);
    expect(await count()).toBe(before);
  });

  it('accepts a legacy .xls workbook by its content, whatever its name', async () => {
    const res = await upload(sheetOf([rowValues(), rowValues()], 'xls'), 'upload.bin');
    expect(res.statusCode).toBe(200);
    expect(res.json().saved).toBe(2);
  });

  it('refuses other files, empty sheets, wrong headers and too many rows with 400, saving nothing', async () => {
    const before = await count();
    const refused = async (file: Buffer, reason: string, name = 'a.xlsx') => {
      const res = await upload(file, name);
      expect(res.statusCode, reason).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.unableToUploadExcel, reason });
    };
    await refused(Buffer.from(EXCEL_COLUMNS.join(',') + '\n'), ADMISSION_MSG.excelTypeOnly, 'a.xlsx');
    await refused(Buffer.from('%PDF-1.4 not a sheet'), ADMISSION_MSG.excelTypeOnly);
    await refused(sheetOf([]), ADMISSION_MSG.excelEmpty);
    await refused(sheetOf([['', '', '']]), ADMISSION_MSG.excelEmpty);
    const wrong = EXCEL_COLUMNS.filter((c) => c !== 'aadharNo').concat('favouriteColour');
    await refused(sheetOf([rowValues()], 'xlsx', wrong), ADMISSION_MSG.excelHeaders(['aadharNo'], ['favouriteColour']));
    const many = Array.from({ length: MAX_EXCEL_ROWS + 1 }, () => ['x']);
    await refused(sheetOf(many), ADMISSION_MSG.excelTooManyRows);
    const none = await t.as('admissions', {
      method: 'POST',
      url: `${V1}/masterDataExcelsUploads?fileType=newAdmissionsForm`,
      ...multipart([{ name: 'other', value: 'x' }]),
    });
    expect(none.json()).toMatchObject({ message: MSG.unableToUploadExcel, reason: ADMISSION_MSG.excelMissingFile });
    const wrongType = await t.as('admissions', {
      method: 'POST',
      url: `${V1}/masterDataExcelsUploads?fileType=students`,
      ...multipart([{ name: 'excelFileUpload', value: sheetOf([rowValues()]), filename: 'a.xlsx' }]),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});
