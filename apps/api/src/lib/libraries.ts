/**
 * The document, barcode, MARC and mail libraries, loaded on first use. Imported at startup they
 * held about 45 MB of memory (pdfkit with its fonts 22 MB, exceljs 25 MB, nodemailer 14 MB) in every
 * server, whether or not it ever made a PDF, a workbook or a mail; an office that prints a few
 * documents a day now pays for them from its first document on.
 */
import type ExcelJS from 'exceljs';
import { neutralisingOnWrite, neutralisingRows } from './workbooks/write.js';

const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

const excelJs = once(async () => (await import('exceljs')).default);

/** A new, empty workbook; its text cells are neutralised when it is written (lib/workbooks/write.ts). */
export const newWorkbook = async () => neutralisingOnWrite(new (await excelJs()).Workbook());

/** exceljs' streaming writer, each added row's text cells neutralised (lib/workbooks/write.ts). */
export const newStreamingWorkbook = async (options: Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions>) =>
  neutralisingRows(new (await excelJs()).stream.xlsx.WorkbookWriter(options));

let qrcode: typeof import('qrcode') | undefined;
const pdfKit = once(async () => {
  const [pdfkit, qr] = await Promise.all([import('pdfkit'), import('qrcode')]);
  qrcode = qr.default;
  return pdfkit.default;
});

/** A new PDF document; the QR code library (`qrCodes`) is loaded with it. */
export async function newPdf(options?: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  return new (await pdfKit())(options);
}

/** The QR code library, for drawing on a document made by `newPdf` (which loaded it). */
export function qrCodes(): typeof import('qrcode') {
  if (!qrcode) throw new Error('QR codes are drawn on documents made by newPdf');
  return qrcode;
}

export const bwipJs = once(async () => (await import('bwip-js/node')).default);
export const marcJs = once(async () => (await import('marcjs')).default);
export const nodemailer = once(async () => (await import('nodemailer')).default);
/** The AWS SDK's S3 client, only with STORAGE_URL (lib/storage/s3.ts): the local default never loads it. */
export const s3Sdk = once(() => import('@aws-sdk/client-s3'));
