import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
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
      (ws as unknown as { dataValidations: { add(address: string, v: ExcelJS.DataValidation): void } }).dataValidations.add(`${letter}2:${letter}${MAX_EXCEL_ROWS + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`"${values.join(',')}"`],
        showErrorMessage: true,
        errorTitle: name,
        error: `One of: ${values.join(', ')}`,
      });
    }
  });
  for (const name of ['aadharNo', 'fatherContactNo', 'motherContactNo', 'studentContactNo', ...DATE_COLUMNS]) {
    const idx = EXCEL_COLUMNS.indexOf(name);
    if (idx >= 0) ws.getColumn(idx + 1).numFmt = '@';
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export type SheetResult =
  | { ok: true; headers: string[]; rows: unknown[][]; totalRows: number }
  | { ok: false; error: 'unreadable' | 'tooMany' | 'noSheet' };

const xlsxPath = createRequire(import.meta.url).resolve('xlsx');

/*
 * Parsing runs in a worker thread: SheetJS is synchronous, and a 10,000-row sheet would
 * otherwise stall every other request for its whole parse. Date columns come back as
 * yyyy-mm-dd text, from the serial number (no time-zone drift).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const XLSX = require(workerData.xlsxPath);
const pad = (n) => String(n).padStart(2, '0');
try {
  const data = Buffer.from(workerData.buf.buffer, workerData.buf.byteOffset, workerData.buf.byteLength);
  const wb = XLSX.read(data, { type: 'buffer', dense: true, cellDates: false, cellHTML: false, cellFormula: false, cellStyles: false, sheetRows: workerData.maxRows + 2 });
  const ws = wb.Sheets[wb.SheetNames[0]];
  if (!ws) { parentPort.postMessage({ ok: false, error: 'noSheet' }); }
  else {
    const full = XLSX.utils.decode_range(ws['!fullref'] || ws['!ref'] || 'A1:A1');
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
    const totalRows = full.e.r - full.s.r;
    if (totalRows > workerData.maxRows && rows.length > workerData.maxRows) parentPort.postMessage({ ok: false, error: 'tooMany' });
    else parentPort.postMessage({ ok: true, headers, rows, totalRows });
  }
} catch (e) {
  parentPort.postMessage({ ok: false, error: 'unreadable' });
}
`;

export function readSheet(buf: Buffer): Promise<SheetResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { buf, xlsxPath, maxRows: MAX_EXCEL_ROWS, dateColumns: DATE_COLUMNS },
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
