import { sniffFileType } from '../file-type.js';
import { parseInWorker } from '../parse-worker/index.js';
import type { RefusalReason, WorkbookAnswer, WorkbookLimits } from './protocol.js';

export type { RefusalReason, WorkbookLimits } from './protocol.js';
export { serialToIsoDate } from './xlsx-quick.js';

/**
 * The one workbook reader of the API (admissions, results, the library and every module that
 * imports sheets). Each upload is parsed in a worker process of its own (lib/parse-worker), so
 * parsing never blocks other requests, under a heap limit and a time limit, after the zip's
 * declared sizes are checked (lib/workbooks/zip.ts): a workbook bomb is refused with a 400, and at
 * worst costs its worker, never the process.
 */

export const DEFAULT_LIMITS: Omit<WorkbookLimits, 'maxRows' | 'maxCells'> = {
  maxInflatedBytes: 150 * 1024 * 1024,
  maxRatio: 100,
};

export type WorkbookRead =
  | { ok: true; sheet: string; headers: string[]; rows: string[]; reader: 'quick' | 'exceljs' | 'sheetjs' }
  | { ok: false; reason: RefusalReason | 'notWorkbook'; message: string };

/** Messages for each refusal (a module may say "too many rows" its own way). */
export const WORKBOOK_MSG = {
  notWorkbook: 'Upload an Excel workbook (.xlsx, or the older .xls)',
  unreadable: 'The file is not a readable Excel workbook',
  tooLarge: (limits: Pick<WorkbookLimits, 'maxInflatedBytes'>) =>
    `The workbook is too large to read: it unpacks to more than ${Math.round(limits.maxInflatedBytes / 1024 / 1024)} MB, or is packed far tighter than a sheet can be`,
  tooManyRows: (max: number) => `The sheet has more than ${max} rows`,
  tooManyCells: (max: number) => `The sheet has more than ${max} filled cells`,
  noSheet: 'The workbook has no sheets',
} as const;

export interface ReadOptions {
  maxRows: number;
  maxCells: number;
  dateColumns?: string[];
  preferredSheet?: string;
  limits?: Partial<typeof DEFAULT_LIMITS>;
}

/** Reads the first sheet (or the preferred one) of an uploaded .xlsx or .xls. */
export async function readWorkbook(buf: Buffer, options: ReadOptions): Promise<WorkbookRead> {
  const kind = sniffFileType(buf);
  if (kind !== 'xlsx' && kind !== 'xls') return { ok: false, reason: 'notWorkbook', message: WORKBOOK_MSG.notWorkbook };
  const limits: WorkbookLimits = { ...DEFAULT_LIMITS, ...options.limits, maxRows: options.maxRows, maxCells: options.maxCells };
  const outcome = await parseInWorker('workbook', {
    buf,
    kind,
    limits,
    dateColumns: options.dateColumns ?? [],
    preferredSheet: options.preferredSheet,
  });
  // The worker out of memory or time: a sheet too large to read, whatever its zip declared.
  const answer: WorkbookAnswer = outcome.ok
    ? outcome.result
    : {
        ok: false,
        reason: outcome.reason === 'tooLarge' || outcome.reason === 'tooSlow' ? 'tooLarge' : 'unreadable',
        detail: outcome.detail,
      };
  if (answer.ok) {
    const { rowLines, rowCount, ...read } = answer;
    return { ...read, rows: rowCount === 0 ? [] : rowLines.split('\n') };
  }
  const message =
    answer.reason === 'tooLarge'
      ? WORKBOOK_MSG.tooLarge(limits)
      : answer.reason === 'tooManyRows'
        ? WORKBOOK_MSG.tooManyRows(limits.maxRows)
        : answer.reason === 'tooManyCells'
          ? WORKBOOK_MSG.tooManyCells(limits.maxCells)
          : answer.reason === 'noSheet'
            ? WORKBOOK_MSG.noSheet
            : WORKBOOK_MSG.unreadable;
  return { ok: false, reason: answer.reason, message };
}
