/** What the main thread asks the parse worker's `workbook` task, and what it answers (lib/workbooks). */

export interface WorkbookLimits {
  /** data rows below the header */
  maxRows: number;
  /** filled cells, header included */
  maxCells: number;
  /** bytes the whole archive may unpack to */
  maxInflatedBytes: number;
  /** inflated bytes per compressed byte, for a part above 1 MB */
  maxRatio: number;
}

export interface WorkbookRequest {
  buf: Uint8Array;
  kind: 'xlsx' | 'xls';
  limits: WorkbookLimits;
  /** columns (by header) whose serial-number cells are dates, answered as yyyy-mm-dd */
  dateColumns: string[];
  /** read the sheet of this name when there is one, else the first */
  preferredSheet?: string;
}

export type RefusalReason = 'unreadable' | 'tooLarge' | 'tooManyRows' | 'tooManyCells' | 'noSheet';

export type WorkbookAnswer =
  | {
      ok: true;
      sheet: string;
      headers: string[];
      /**
       * each data row as JSON text of its cells ('' for a blank row), one row a line: one string
       * crosses between the threads in one copy, where 10,000 strings cost the main thread tens of
       * milliseconds to rebuild (JSON text never holds a raw line break)
       */
      rowLines: string;
      rowCount: number;
      reader: 'quick' | 'exceljs' | 'sheetjs';
    }
  | { ok: false; reason: RefusalReason; detail: string };
