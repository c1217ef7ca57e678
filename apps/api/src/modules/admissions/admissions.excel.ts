import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { XLSX_READER_SOURCE } from './admissions.xlsx-reader.js';
import { ADMISSION_FIELD_DEFS, EXCEL_COLUMNS, EXCEL_ENUMS, MAX_EXCEL_ROWS } from '@erp/shared';

const DATE_COLUMNS = ADMISSION_FIELD_DEFS.filter((f) => f.kind === 'date').map((f) => f.name);
const REQUIRED = new Set(ADMISSION_FIELD_DEFS.filter((f) => f.required).map((f) => f.name));

/** The new-admissions template: one column per save-payload field, notes and drop-downs on the enumerated ones. */
export async function admissionsTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
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
  | { ok: false; error: 'unreadable' | 'tooMany' | 'noSheet' };

const xlsxPath = createRequire(import.meta.url).resolve('xlsx');

/*
 * Parsing runs in a worker thread, so a 10,000-row sheet never stalls other requests: .xlsx with
 * the quick reader, .xls (and anything the quick reader does not know) with SheetJS. Date
 * columns come back as yyyy-mm-dd text, from the serial number (no time-zone drift).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
${XLSX_READER_SOURCE}
const pad = (n) => String(n).padStart(2, '0');
function viaSheetJs(data) {
  const XLSX = require(workerData.xlsxPath);
  const wb = XLSX.read(data, { type: 'buffer', dense: true, cellDates: false, cellHTML: false, cellFormula: false, cellStyles: false, sheetRows: workerData.maxRows + 2 });
  const ws = wb.Sheets[wb.SheetNames[0]];
  if (!ws) return { ok: false, error: 'noSheet' };
  const rows = XLSX.utils.sheet_to_json(ws, { header: 1, raw: true, defval: '', blankrows: true });
  const headers = (rows.shift() || []).map((h) => String(h).trim());
  const dateIdx = workerData.dateColumns.map((c) => headers.indexOf(c)).filter((i) => i >= 0);
  for (const row of rows) {
    for (const i of dateIdx) {
      const v = row[i];
      if (typeof v === 'number') {
        const d = XLSX.SSF.parse_date_code(v);
        row[i] = d ? d.y + '-' + pad(d.m) + '-' + pad(d.d) : String(v);
      }
    }
  }
  if (rows.length > workerData.maxRows) return { ok: false, error: 'tooMany' };
  return { ok: true, headers, rows, totalRows: rows.length };
}
let result;
try {
  const data = Buffer.from(workerData.buf.buffer, workerData.buf.byteOffset, workerData.buf.byteLength);
  if (workerData.type === 'xlsx') {
    try {
      const r = readXlsxFast(data, workerData.maxRows, workerData.dateColumns);
      result = r.tooMany ? { ok: false, error: 'tooMany' } : r.noSheet ? { ok: false, error: 'noSheet' } : { ok: true, ...r };
    } catch (e) {
      // Anything the quick reader does not know is left to SheetJS.
      result = viaSheetJs(data);
    }
  } else result = viaSheetJs(data);
} catch (e) {
  result = { ok: false, error: 'unreadable' };
}
// One JSON text per row ('' for a blank one): cheap to hand over, parsed row by row by the caller.
if (result.ok) result.rows = result.rows.map((r) => (r.some((c) => c !== '' && c !== null && c !== undefined) ? JSON.stringify(r) : ''));
parentPort.postMessage(result);
`;

export function readSheet(buf: Buffer, type: 'xlsx' | 'xls'): Promise<SheetResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { buf, type, xlsxPath, maxRows: MAX_EXCEL_ROWS, dateColumns: DATE_COLUMNS },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    let settled = false;
    worker.once('message', (m: SheetResult) => {
      settled = true;
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', (e) => {
      if (!settled) reject(e);
    });
    worker.once('exit', (code) => {
      if (!settled) resolve({ ok: false, error: 'unreadable' });
      void code;
    });
  });
}

/** Dates typed as dd-mm-yyyy or dd/mm/yyyy in a text cell become yyyy-mm-dd. */
export function normaliseDate(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v.trim());
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : v;
}

export { DATE_COLUMNS };
