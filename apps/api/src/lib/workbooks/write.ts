import type ExcelJS from 'exceljs';
import { neutraliseCellText } from '@erp/shared';

/**
 * The write side of every workbook the API makes: cells holding text (a student's declared
 * institution, a vendor's name) are neutralised before the file is written, so Excel never takes
 * them for a formula. Numbers, dates and the formulas an export writes itself stay as they are.
 */

/** The cell's value made safe, or undefined when it needs no change. */
function neutralised(value: ExcelJS.CellValue): ExcelJS.CellValue | undefined {
  if (typeof value === 'string') {
    const safe = neutraliseCellText(value);
    return safe === value ? undefined : safe;
  }
  if (!value || typeof value !== 'object' || value instanceof Date) return undefined;
  if ('richText' in value && value.richText.length) {
    // The runs are read as one text: '+1' and '+1' make the formula +1+1.
    const text = value.richText.map((r) => r.text).join('');
    if (neutraliseCellText(text) === text) return undefined;
    const [first, ...rest] = value.richText;
    return { richText: [{ ...first, text: `'${first.text}` }, ...rest] };
  }
  if ('hyperlink' in value && typeof value.text === 'string') {
    const safe = neutraliseCellText(value.text);
    return safe === value.text ? undefined : { ...value, text: safe };
  }
  return undefined;
}

export function neutraliseRow(row: ExcelJS.Row) {
  row.eachCell((cell) => {
    const safe = neutralised(cell.value);
    if (safe !== undefined) cell.value = safe;
  });
}

export function neutraliseWorkbook(wb: ExcelJS.Workbook) {
  wb.eachSheet((ws) => ws.eachRow((row) => neutraliseRow(row)));
}

/** The workbook, made to neutralise its cells whenever it is written (xlsx or csv). */
export function neutralisingOnWrite(wb: ExcelJS.Workbook): ExcelJS.Workbook {
  for (const format of [wb.xlsx, wb.csv] as Array<Record<'write' | 'writeBuffer' | 'writeFile', (...a: unknown[]) => unknown>>) {
    for (const method of ['write', 'writeBuffer', 'writeFile'] as const) {
      const original = format[method].bind(format);
      format[method] = (...args: unknown[]) => {
        neutraliseWorkbook(wb);
        return original(...args);
      };
    }
  }
  return wb;
}

/** A streaming workbook writer whose rows are neutralised as they are added (they are written on commit). */
export function neutralisingRows(wb: ExcelJS.stream.xlsx.WorkbookWriter): ExcelJS.stream.xlsx.WorkbookWriter {
  const addWorksheet = wb.addWorksheet.bind(wb);
  wb.addWorksheet = (...args: Parameters<typeof wb.addWorksheet>) => {
    const ws = addWorksheet(...args);
    const addRow = ws.addRow.bind(ws);
    ws.addRow = (...rowArgs: Parameters<typeof ws.addRow>) => {
      const row = addRow(...rowArgs);
      neutraliseRow(row);
      return row;
    };
    return ws;
  };
  return wb;
}
