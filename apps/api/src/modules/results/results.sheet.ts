import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { MSG, RESULT_TEMPLATE_COLUMNS } from '@erp/shared';
import { badRequest } from '../../lib/errors.js';
import { sniffFileType } from '../../lib/file-type.js';

export const MAX_IMPORT_ROWS = 50_000;

/** The exam cell's template: a Results sheet to fill in and an Instructions sheet with examples. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'College ERP portal';
  const ws = wb.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = RESULT_TEMPLATE_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  ws.getRow(1).font = { bold: true, color: { argb: 'FFFFFFFF' } };
  ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0D47A1' } };
  for (let r = 2; r <= 2000; r++) {
    ws.getCell(r, 3).dataValidation = { type: 'list', allowBlank: false, formulae: ['"Regular,Supply"'] };
  }
  const help = wb.addWorksheet('Instructions');
  help.columns = [{ width: 110 }];
  [
    'One row per student per course. Fill the Results sheet; this sheet is not read.',
    'Roll Number: as registered, e.g. 22A91A0501.',
    'Exam Title: e.g. B.Tech IV-I Regular Examinations November 2025. A new title is created unpublished; publish it from Results Entry.',
    'Regular/Supply: Regular, or Supply for a supplementary examination. A supply result replaces the failed or absent grade of that course.',
    'Course Code and Course: e.g. CS401, Compiler Design. Credits: more than 0 and at most 10 (half credits allowed).',
    'Marks: the percentage from 0 to 100, or AB when absent. Grades: S >= 90, A >= 80, B >= 70, C >= 60, D >= 50, F < 50, AB absent.',
    'Importing the same exam title, roll number and course code again corrects the earlier marks.',
    'Example: 22A91A0501 | B.Tech IV-I Regular Examinations November 2025 | Regular | CS401 | Compiler Design | 3 | 78.5',
    'Example: 22A91A0501 | B.Tech IV-I Supplementary Examinations February 2026 | Supply | CS402 | Machine Learning | 3 | 61',
  ].forEach((line) => help.addRow([line]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

type Cell = string | number | null;

function plain(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return plain(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return String(value);
}

const unable = (errors: string[]) => badRequest(MSG.unableToUploadExcel, { errors });

async function readGrid(buffer: Buffer): Promise<Cell[][]> {
  const kind = sniffFileType(buffer);
  if (kind === 'xlsx') {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
    } catch {
      throw unable(['The file is not a readable Excel workbook']);
    }
    const ws = wb.getWorksheet('Results') ?? wb.worksheets[0];
    if (!ws) throw unable(['The workbook has no sheets']);
    const grid: Cell[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const values = row.values as ExcelJS.CellValue[];
      grid[n - 1] = values.slice(1).map(plain);
    });
    return Array.from(grid, (r) => r ?? []);
  }
  if (kind === 'xls') {
    try {
      const wb = XLSX.read(buffer, { type: 'buffer', cellDates: false, dense: true });
      const ws = wb.Sheets.Results ?? wb.Sheets[wb.SheetNames[0]];
      if (!ws) throw new Error('no sheet');
      return XLSX.utils.sheet_to_json<Cell[]>(ws, { header: 1, raw: true, defval: null, blankrows: true });
    } catch {
      throw unable(['The file is not a readable Excel workbook']);
    }
  }
  throw unable(['Upload an Excel file (.xlsx or .xls) made from the results template']);
}

const norm = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Rows of the Results sheet as objects keyed like the template, with their 1-based sheet row numbers. */
export async function readResultRows(buffer: Buffer): Promise<Array<{ row: number; data: Record<string, Cell> }>> {
  const grid = await readGrid(buffer);
  const header = grid[0] ?? [];
  const index = new Map<string, number>();
  header.forEach((h, i) => index.set(norm(h), i));
  const positions = RESULT_TEMPLATE_COLUMNS.map((c) => index.get(norm(c.header)) ?? index.get(norm(c.key)));
  const missing = RESULT_TEMPLATE_COLUMNS.filter((_, i) => positions[i] === undefined).map((c) => `Missing column: ${c.header}`);
  if (missing.length) throw unable(missing);
  const rows: Array<{ row: number; data: Record<string, Cell> }> = [];
  for (let r = 1; r < grid.length; r++) {
    const cells = grid[r] ?? [];
    const data: Record<string, Cell> = {};
    RESULT_TEMPLATE_COLUMNS.forEach((c, i) => (data[c.key] = cells[positions[i]!] ?? null));
    if (Object.values(data).every((v) => v === null || String(v).trim() === '')) continue;
    rows.push({ row: r + 1, data });
  }
  if (rows.length === 0) throw unable(['The Results sheet has no result rows']);
  if (rows.length > MAX_IMPORT_ROWS) throw unable([`At most ${MAX_IMPORT_ROWS} rows can be imported at once`]);
  return rows;
}
