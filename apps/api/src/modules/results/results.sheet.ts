import { MSG, RESULT_TEMPLATE_COLUMNS } from '@erp/shared';
import { newWorkbook } from '../../lib/libraries.js';
import { badRequest } from '../../lib/errors.js';
import { readWorkbook } from '../../lib/workbooks/index.js';

export const MAX_IMPORT_ROWS = 50_000;

/** The exam cell's template: a Results sheet to fill in and an Instructions sheet with examples. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = await newWorkbook();
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

const unable = (errors: string[]) => badRequest(MSG.unableToUploadExcel, { errors });

/** Through the API's one workbook reader (lib/workbooks): off the main thread, with limits. */
async function readGrid(buffer: Buffer): Promise<Cell[][]> {
  const read = await readWorkbook(buffer, {
    maxRows: MAX_IMPORT_ROWS + 1000,
    maxCells: (MAX_IMPORT_ROWS + 1001) * 20,
    preferredSheet: 'Results',
  });
  if (!read.ok) {
    if (read.reason === 'notWorkbook') throw unable(['Upload an Excel file (.xlsx or .xls) made from the results template']);
    if (read.reason === 'tooManyRows') throw unable([`At most ${MAX_IMPORT_ROWS} rows can be imported at once`]);
    throw unable([read.message]);
  }
  return [read.headers, ...read.rows.map((r) => (r ? (JSON.parse(r) as Cell[]) : []))];
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
