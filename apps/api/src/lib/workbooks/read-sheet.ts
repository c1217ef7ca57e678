/**
 * Reads one uploaded workbook: the `workbook` task of the parse worker (lib/parse-worker), so it
 * runs off the main thread under that worker's memory and time limits. .xlsx: the zip's declared
 * sizes are checked first, each part is inflated no further than it declared, then the quick
 * reader scans the sheet (exceljs reads what the quick reader does not know); .xls: a maintained
 * SheetJS build. Rows and cells are capped.
 */
import type { Cell as ExcelCell, CellValue } from 'exceljs';
import type { WorkbookAnswer, WorkbookRequest } from './protocol.js';
import { NotQuick, readXlsxQuick, serialToIsoDate, type Cell, type SheetGrid } from './xlsx-quick.js';
import { WorkbookRefused, ZipArchive } from './zip.js';

function plain(value: CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    // A formula answers its cached result; none cached is an empty cell, never "[object Object]".
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: CellValue }).result;
      return result === undefined || (typeof result === 'object' && result !== null && 'error' in result) ? '' : plain(result);
    }
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return '';
}

function toGrid(sheet: string, raw: Cell[][], dateColumns: string[]): SheetGrid {
  const headers = Array.from(raw[0] ?? [], (h) => (h === undefined || h === null ? '' : String(h).trim()));
  const dateIdx = dateColumns.map((c) => headers.indexOf(c)).filter((i) => i >= 0);
  const rows = raw.slice(1).map((src) => {
    const out: Cell[] = new Array(headers.length);
    for (let c = 0; c < headers.length; c++) out[c] = src?.[c] ?? '';
    for (const c of dateIdx) if (typeof out[c] === 'number') out[c] = serialToIsoDate(out[c] as number);
    return out;
  });
  return { sheet, headers, rows };
}

async function viaExcelJs(zip: ZipArchive, buf: Buffer, req: WorkbookRequest): Promise<SheetGrid> {
  // exceljs unpacks every part itself: unpack each under its cap first.
  zip.verifyAll();
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = (req.preferredSheet && wb.getWorksheet(req.preferredSheet)) || wb.worksheets[0];
  if (!ws) throw new WorkbookRefused('noSheet', 'no sheets');
  if (ws.rowCount > req.limits.maxRows + 1) throw new WorkbookRefused('tooManyRows', `more than ${req.limits.maxRows} rows`);
  const raw: Cell[][] = [];
  let cells = 0;
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    const out: Cell[] = [];
    row.eachCell({ includeEmpty: false }, (cell: ExcelCell, col: number) => {
      if (++cells > req.limits.maxCells) throw new WorkbookRefused('tooManyCells', `more than ${req.limits.maxCells} cells`);
      out[col - 1] = plain(cell.value);
    });
    raw[n - 1] = out;
  });
  // exceljs dates come as Date objects (already yyyy-mm-dd above).
  return toGrid(
    ws.name,
    Array.from(raw, (r) => r ?? []),
    req.dateColumns,
  );
}

async function viaSheetJs(buf: Buffer, req: WorkbookRequest): Promise<SheetGrid> {
  const XLSX = await import('@e965/xlsx');
  const wb = XLSX.read(buf, {
    type: 'buffer',
    dense: true,
    cellDates: false,
    cellHTML: false,
    cellFormula: false,
    cellStyles: false,
    sheetRows: req.limits.maxRows + 2,
  });
  const name = req.preferredSheet && wb.Sheets[req.preferredSheet] ? req.preferredSheet : wb.SheetNames[0];
  const ws = name ? wb.Sheets[name] : undefined;
  if (!ws || !name) throw new WorkbookRefused('noSheet', 'no sheets');
  const raw = XLSX.utils.sheet_to_json<Cell[]>(ws, { header: 1, raw: true, defval: '', blankrows: true });
  if (raw.length > req.limits.maxRows + 1) throw new WorkbookRefused('tooManyRows', `more than ${req.limits.maxRows} rows`);
  const cells = raw.reduce((n, r) => n + r.filter((c) => c !== '' && c !== null && c !== undefined).length, 0);
  if (cells > req.limits.maxCells) throw new WorkbookRefused('tooManyCells', `more than ${req.limits.maxCells} cells`);
  return toGrid(name, raw, req.dateColumns);
}

export async function readSheet(req: WorkbookRequest): Promise<WorkbookAnswer> {
  const buf = Buffer.from(req.buf.buffer, req.buf.byteOffset, req.buf.byteLength);
  let grid: SheetGrid;
  let reader: 'quick' | 'exceljs' | 'sheetjs';
  try {
    if (req.kind === 'xls') {
      grid = await viaSheetJs(buf, req);
      reader = 'sheetjs';
    } else {
      const zip = ZipArchive.open(buf, req.limits);
      try {
        grid = readXlsxQuick(zip, req.limits, req.dateColumns, req.preferredSheet);
        reader = 'quick';
      } catch (e) {
        if (!(e instanceof NotQuick)) throw e;
        grid = await viaExcelJs(zip, buf, req);
        reader = 'exceljs';
      }
    }
  } catch (e) {
    if (e instanceof WorkbookRefused) return { ok: false, reason: e.reason, detail: e.message };
    return { ok: false, reason: 'unreadable', detail: e instanceof Error ? e.message : String(e) };
  }
  const rows = grid.rows.map((r) => (r.some((c) => c !== '' && c !== null && c !== undefined) ? JSON.stringify(r) : ''));
  return { ok: true, sheet: grid.sheet, headers: grid.headers, rowLines: rows.join('\n'), rowCount: rows.length, reader };
}
