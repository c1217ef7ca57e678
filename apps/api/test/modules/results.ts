import ExcelJS from 'exceljs';
import { RESULT_TEMPLATE_COLUMNS } from '@erp/shared';

/** Builds an .xlsx like the template, with these rows (cells in template column order). */
export async function resultSheet(
  rows: Array<Array<string | number | null>>,
  headers: string[] = RESULT_TEMPLATE_COLUMNS.map((c) => c.header),
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Results');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart body with one file part, as the browser sends it. */
export function multipart(file: Buffer, name = 'excelFileUpload', filename = 'results.xlsx') {
  const boundary = '----erpresults' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Text of a PDF (pdf-parse v1; its index file runs a self-test, so the library file is imported). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const mod = (await import('pdf-parse/lib/pdf-parse.js' as string)) as {
    default: (b: Buffer) => Promise<{ text: string; numpages: number }>;
  };
  const parsed = await mod.default(pdf);
  return parsed.text;
}
