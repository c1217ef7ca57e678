import { FEE_TYPE_LABELS, type TFeeType } from '@erp/shared';
import { newPdf } from '../../lib/libraries.js';
import { pdfBuffer } from '../../lib/pdf.js';

export interface ReceiptData {
  collegeName: string;
  collegeCode: string;
  receiptNo: number;
  rollNo: string;
  studentName: string;
  feeType: string;
  examType: string;
  semester: string;
  courseCode: string | null;
  course: string;
  amount: number;
  currency: string;
  transactionId: string;
  orderId: string;
  transDate: string;
}

/** The standard PDF fonts have no rupee sign, so amounts read "INR 45,000.00". */
const money = (minor: number, currency: string) =>
  `${currency} ${(minor / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const receiptLabel = (collegeCode: string, receiptNo: number) => `${collegeCode}/R/${String(receiptNo).padStart(6, '0')}`;

export async function receiptPdf(r: ReceiptData): Promise<Buffer> {
  // Uncompressed: a receipt is a few KB, and pdf.js 1.x (pdf-parse) misreads some deflated streams.
  const doc = await newPdf({
    size: 'A5',
    margin: 40,
    compress: false,
    info: { Title: `Fee receipt ${receiptLabel(r.collegeCode, r.receiptNo)}` },
  });
  const done = pdfBuffer(doc);

  doc.font('Helvetica-Bold').fontSize(14).text(r.collegeName, { align: 'center' });
  doc.moveDown(0.3).font('Helvetica').fontSize(12).text('Fee Payment Receipt', { align: 'center' });
  doc.moveDown(1);
  const date = r.transDate ? new Date(r.transDate) : null;
  const rows: Array<[string, string]> = [
    ['Receipt No', receiptLabel(r.collegeCode, r.receiptNo)],
    ['Date', date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : ''],
    ['Roll Number', r.rollNo],
    ['Name', r.studentName],
    ['Fee', FEE_TYPE_LABELS[r.feeType as TFeeType] ?? r.feeType],
    ['Exam Type', r.examType],
    ['Semester', r.semester],
    ...(r.courseCode ? ([['Course', `${r.courseCode} ${r.course}`.trim()]] as Array<[string, string]>) : []),
    ['Transaction Id', r.transactionId],
    ['Order Id', r.orderId],
    ['Status', 'Paid'],
    ['Amount', money(r.amount, r.currency)],
  ];
  doc.fontSize(10);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 40, y, { width: 110 });
    doc.font('Helvetica').text(value, 155, y, { width: 230 });
    doc.moveDown(0.4);
  }
  doc
    .moveDown(1.5)
    .fontSize(8)
    .fillColor('#555')
    .text('This is a computer-generated receipt and needs no signature.', 40, doc.y, { align: 'center', width: 340 });
  doc.end();
  return done;
}
