import type ExcelJS from 'exceljs';
import { newWorkbook } from '../../lib/libraries.js';
import { readWorkbook } from '../../lib/workbooks/index.js';
import { ADMISSION_FIELD_DEFS, EXCEL_COLUMNS, EXCEL_ENUMS, MAX_EXCEL_ROWS } from '@erp/shared';

const DATE_COLUMNS = ADMISSION_FIELD_DEFS.filter((f) => f.kind === 'date').map((f) => f.name);
const REQUIRED = new Set(ADMISSION_FIELD_DEFS.filter((f) => f.required).map((f) => f.name));

/** The new-admissions template: one column per save-payload field, notes and drop-downs on the enumerated ones. */
export async function admissionsTemplate(): Promise<Buffer> {
  const wb = await newWorkbook();
  wb.creator = 'College ERP portal';
  const ws = wb.addWorksheet('Admissions', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = EXCEL_COLUMNS.map((c) => ({ header: c, key: c, width: Math.max(14, c.length + 4) }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  EXCEL_COLUMNS.forEach((name, i) => {
    const def = ADMISSION_FIELD_DEFS.find((f) => f.name === name)!;
    const notes = [def.label + (REQUIRED.has(name) ? ' (required)' : '')];
    if (EXCEL_ENUMS[name]) notes.push(`One of: ${EXCEL_ENUMS[name].join(', ')}`);
    if (def.kind === 'date') notes.push('Date, yyyy-mm-dd');
    if (name === 'aadharNo') notes.push('12 digits');
    if (def.kind === 'mobile') notes.push('10 digits starting 6-9');
    if (name === 'adminNo') notes.push('Leave empty to generate one');
    const cell = header.getCell(i + 1);
    cell.note = notes.join('\n');
    if (REQUIRED.has(name)) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3C4' } };
    const values = EXCEL_ENUMS[name];
    if (values) {
      // One range per column (not per cell): small file, quick to write.
      const letter = ws.getColumn(i + 1).letter;
      (ws as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(
        `${letter}2:${letter}${MAX_EXCEL_ROWS + 1}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [`"${values.join(',')}"`],
          showErrorMessage: true,
          errorTitle: name,
          error: `One of: ${values.join(', ')}`,
        },
      );
    }
  });
  for (const name of ['aadharNo', 'fatherContactNo', 'motherContactNo', 'studentContactNo', ...DATE_COLUMNS]) {
    const idx = EXCEL_COLUMNS.indexOf(name);
    if (idx >= 0) ws.getColumn(idx + 1).numFmt = '@';
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type SheetResult =
  | { ok: true; headers: string[]; /** JSON text of each row's cells, '' for a blank row */ rows: string[]; totalRows: number }
  | { ok: false; error: 'unreadable' | 'tooMany' | 'tooLarge'; message: string };

/** Cells of a full sheet: every template column (and a few extra) on every row. */
const MAX_CELLS = (MAX_EXCEL_ROWS + 1) * (EXCEL_COLUMNS.length + 10);

/** Reads the upload through the API's one workbook reader (lib/workbooks): off the main thread, with limits. */
export async function readSheet(buf: Buffer): Promise<SheetResult> {
  const read = await readWorkbook(buf, { maxRows: MAX_EXCEL_ROWS, maxCells: MAX_CELLS, dateColumns: DATE_COLUMNS });
  if (read.ok) return { ok: true, headers: read.headers, rows: read.rows, totalRows: read.rows.length };
  if (read.reason === 'tooManyRows') return { ok: false, error: 'tooMany', message: read.message };
  if (read.reason === 'tooLarge' || read.reason === 'tooManyCells')
    return { ok: false, error: 'tooLarge', message: read.message };
  return { ok: false, error: 'unreadable', message: read.message };
}

/** Dates typed as dd-mm-yyyy or dd/mm/yyyy in a text cell become yyyy-mm-dd. */
export function normaliseDate(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v.trim());
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : v;
}

export { DATE_COLUMNS };
