import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sniffFileType } from '../file-type.js';
import type { RefusalReason, WorkbookAnswer, WorkbookLimits, WorkbookRequest } from './protocol.js';

export type { RefusalReason, WorkbookLimits } from './protocol.js';

/**
 * The one workbook reader of the API (admissions, results and every module that imports sheets).
 * Each upload is parsed in a worker thread of its own, so parsing never blocks other requests,
 * under a heap limit (resourceLimits) and a time limit, after the zip's declared sizes are checked
 * (lib/workbooks/zip.ts): a workbook bomb is refused with a 400, and at worst costs its worker,
 * never the process.
 */

export const DEFAULT_LIMITS: Omit<WorkbookLimits, 'maxRows' | 'maxCells'> = {
  maxInflatedBytes: 150 * 1024 * 1024,
  maxRatio: 100,
};
/** Heap of one parsing worker. */
const WORKER_HEAP_MB = 256;
const WORKER_TIMEOUT_MS = 60_000;

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

/** The worker: the bundled JavaScript beside the built server, else the TypeScript source through tsx. */
function workerFile(): URL {
  const built = new URL('./workbook.worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(built))) return built;
  return new URL('./workbook.worker.dev.mjs', import.meta.url);
}

function runWorker(request: WorkbookRequest): Promise<WorkbookAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: WorkbookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    };
    const worker = new Worker(workerFile(), {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    const timer = setTimeout(() => done({ ok: false, reason: 'tooLarge', detail: 'parsing took too long' }), WORKER_TIMEOUT_MS);
    worker.once('message', (m: WorkbookAnswer) => done(m));
    worker.once('error', (e: Error & { code?: string }) =>
      done({ ok: false, reason: e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooLarge' : 'unreadable', detail: e.message }),
    );
    worker.once('exit', (code) => done({ ok: false, reason: 'unreadable', detail: `the worker stopped (${code})` }));
  });
}

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
  const answer = await runWorker({
    buf,
    kind,
    limits,
    dateColumns: options.dateColumns ?? [],
    preferredSheet: options.preferredSheet,
  });
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
