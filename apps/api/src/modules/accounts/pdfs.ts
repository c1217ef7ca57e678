import {
  codeLabel,
  groupIndian,
  MODE_LABELS,
  PAYER_LABELS,
  rupeesInWords,
  type TReceipt,
  type TRefund,
  type TStudentLedger,
} from '@erp/shared';
import { newPdf } from '../../lib/libraries.js';
import { hasRupeeFont, pdfBuffer } from '../../lib/pdf.js';

/** Amounts with the rupee sign (the embedded font has it) and lakh grouping: "₹1,23,456.00". */
const rs = (paise: number) => `${hasRupeeFont() ? '₹' : 'Rs. '}${groupIndian(paise)}`;
const amountHead = (): string => (hasRupeeFont() ? 'Amount (₹)' : 'Amount (Rs.)');
const dmy = (iso: string) => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : iso);
const modeLabel = (m: string) => MODE_LABELS[m as keyof typeof MODE_LABELS] ?? m;

/** Draws the verification QR at (x, y) when the document was issued one. */
export type Verify = ((doc: PDFKit.PDFDocument, x: number, y: number) => void) | null;

function header(doc: PDFKit.PDFDocument, collegeName: string, title: string) {
  doc.font('Helvetica-Bold').fontSize(14).text(collegeName, { align: 'center' });
  doc.moveDown(0.2).font('Helvetica').fontSize(11).text(title, { align: 'center' });
  doc.moveDown(0.8);
}

function pairs(doc: PDFKit.PDFDocument, rows: Array<[string, string]>, left: number, width: number) {
  doc.fontSize(9.5);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, left, y, { width: 110 });
    doc.font('Helvetica').text(value, left + 115, y, { width: width - 115 });
    doc.moveDown(0.25);
  }
}

/** Table text size; an amount wider than its column is set smaller (to 6 pt), never wrapped. */
const CELL_PT = 9;
const MIN_AMOUNT_PT = 6;
/** A column for amounts up to "9,99,99,999.00" at 9 pt (about 65 pt of glyphs) plus the cell's 6 pt of padding. */
const AMOUNT_COL = 74;

function amountCell(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  let size = CELL_PT;
  while (size > MIN_AMOUNT_PT && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  doc.text(text, x, y, { width, align: 'right', lineBreak: false });
  doc.fontSize(CELL_PT);
}

function table(doc: PDFKit.PDFDocument, left: number, widths: number[], head: string[], rows: string[][], alignRight: number[]) {
  const draw = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(CELL_PT);
    let h = 0;
    cells.forEach((c, i) => {
      if (alignRight.includes(i) && !bold) amountCell(doc, c, x + 3, y + 3, widths[i] - 6);
      else doc.text(c, x + 3, y + 3, { width: widths[i] - 6, align: alignRight.includes(i) ? 'right' : 'left' });
      h = Math.max(h, doc.y - y);
      x += widths[i];
    });
    const total = widths.reduce((a, b) => a + b, 0);
    doc
      .moveTo(left, y + h + 3)
      .lineTo(left + total, y + h + 3)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
    doc.y = y + h + 4;
    doc.x = left;
  };
  draw(head, true);
  for (const r of rows) draw(r, false);
}

export interface ReceiptPdf {
  collegeName: string;
  receipt: TReceipt;
  course: string;
  batch: string;
  branch: string;
}

/** A fee receipt: number, student, mode, heads paid, total in figures and words, verification QR. */
export async function receiptPdf(r: ReceiptPdf, verify: Verify): Promise<Buffer> {
  const doc = await newPdf({ size: 'A5', margin: 36, compress: false, info: { Title: `Fee receipt ${r.receipt.label}` } });
  const done = pdfBuffer(doc);
  const left = 36;
  const width = doc.page.width - 72;
  header(doc, r.collegeName, 'FEE RECEIPT');
  const x = r.receipt;
  pairs(
    doc,
    [
      ['Receipt No', x.label],
      ['Date', dmy(x.date)],
      ['Roll Number', x.rollNo],
      ['Name', x.studentName],
      ['Course', `${r.course} ${r.branch} (${r.batch})`],
      ['Mode', modeLabel(x.mode)],
      ...(x.reference ? ([['Reference', x.reference]] as Array<[string, string]>) : []),
      ...(x.bank
        ? ([['Bank', `${x.bank}${x.instrumentDate ? `, dated ${dmy(x.instrumentDate)}` : ''}`]] as Array<[string, string]>)
        : []),
      ['Received by', x.clerk],
    ],
    left,
    width,
  );
  doc.moveDown(0.5);
  const allocated = x.allocations.reduce((s, a) => s + a.amountPaise, 0);
  const rows = x.allocations.map((a) => [a.headName, a.fy, groupIndian(a.amountPaise)]);
  if (x.amountPaise - allocated > 0) rows.push(['Advance', '', groupIndian(x.amountPaise - allocated)]);
  rows.push(['Total', '', groupIndian(x.amountPaise)]);
  table(doc, left, [width * 0.55, width * 0.2, width * 0.25], ['Fee head', 'Year', amountHead()], rows, [2]);
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .text(`Amount received: ${rs(x.amountPaise)}`, left, doc.y, { width });
  doc.font('Helvetica-Oblique').fontSize(9).text(rupeesInWords(x.amountPaise), left, doc.y, { width });
  if (x.status === 'cancelled') {
    doc.moveDown(0.5).font('Helvetica-Bold').fillColor('#b00020').fontSize(12).text('CANCELLED', left, doc.y, { width });
    doc.font('Helvetica').fontSize(9).text(`Reason: ${x.cancelReason}`, { width });
    doc.fillColor('black');
  }
  const qrY = Math.min(doc.y + 14, doc.page.height - 150);
  if (verify) verify(doc, left, qrY);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor('#555')
    .text('This is a computer-generated receipt and needs no signature.', left, doc.page.height - 50, { width, align: 'center' });
  doc.end();
  return done;
}

export interface VoucherPdf {
  collegeName: string;
  label: string;
  date: string;
  vendorName: string;
  gstin: string;
  pan: string;
  bankAccount: string;
  ifsc: string;
  billNo: string;
  billDate: string;
  description: string;
  billAmountPaise: number;
  gstPaise: number;
  tdsPaise: number;
  mode: string;
  reference: string;
  amountPaise: number;
  paidBy: string;
}

/** A payment voucher for a vendor bill payment. */
export async function voucherPdf(v: VoucherPdf, verify: Verify): Promise<Buffer> {
  const doc = await newPdf({ size: 'A5', margin: 36, compress: false, info: { Title: `Payment voucher ${v.label}` } });
  const done = pdfBuffer(doc);
  const left = 36;
  const width = doc.page.width - 72;
  header(doc, v.collegeName, 'PAYMENT VOUCHER');
  pairs(
    doc,
    [
      ['Voucher No', v.label],
      ['Date', dmy(v.date)],
      ['Paid to', v.vendorName],
      ...(v.gstin ? ([['GSTIN', v.gstin]] as Array<[string, string]>) : []),
      ...(v.pan ? ([['PAN', v.pan]] as Array<[string, string]>) : []),
      ...(v.bankAccount ? ([['Bank account', `${v.bankAccount} (${v.ifsc})`]] as Array<[string, string]>) : []),
      ['Bill', `${v.billNo} dated ${dmy(v.billDate)}`],
      ['For', v.description],
      ['Mode', `${modeLabel(v.mode)}${v.reference ? ` · ${v.reference}` : ''}`],
      ['Paid by', v.paidBy],
    ],
    left,
    width,
  );
  doc.moveDown(0.5);
  table(
    doc,
    left,
    [width * 0.6, width * 0.4],
    ['Particulars', amountHead()],
    [
      ['Bill amount', groupIndian(v.billAmountPaise)],
      ['GST', groupIndian(v.gstPaise)],
      ['Less TDS', groupIndian(v.tdsPaise)],
      ['Paid now', groupIndian(v.amountPaise)],
    ],
    [1],
  );
  doc.moveDown(0.5).font('Helvetica-Oblique').fontSize(9).text(rupeesInWords(v.amountPaise), left, doc.y, { width });
  const qrY = Math.min(doc.y + 14, doc.page.height - 150);
  if (verify) verify(doc, left, qrY);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#333')
    .text('Receiver’s signature', left + width - 120, doc.page.height - 70, { width: 120, align: 'right' });
  doc.end();
  return done;
}

export interface RefundVoucherPdf {
  collegeName: string;
  refund: TRefund;
  course: string;
  branch: string;
  batch: string;
}

/** A refund voucher: money held for a student (an excess credit of a receipt) paid back to them. */
export async function refundVoucherPdf(v: RefundVoucherPdf, verify: Verify): Promise<Buffer> {
  const r = v.refund;
  const doc = await newPdf({ size: 'A5', margin: 36, compress: false, info: { Title: `Refund voucher ${r.voucherLabel}` } });
  const done = pdfBuffer(doc);
  const left = 36;
  const width = doc.page.width - 72;
  header(doc, v.collegeName, 'REFUND VOUCHER');
  pairs(
    doc,
    [
      ['Voucher No', r.voucherLabel],
      ['Date', dmy(r.paidOn)],
      ['Paid to', `${r.studentName} (${r.rollNo})`],
      ['Course', `${v.course} ${v.branch} (${v.batch})`],
      ['Excess of receipt', r.receiptLabel],
      ['Reason', r.reason],
      ['Mode', `${modeLabel(r.mode)}${r.reference ? ` · ${r.reference}` : ''}`],
      ['Approved by', r.decidedBy],
      ['Paid by', r.paidBy],
    ],
    left,
    width,
  );
  doc.moveDown(0.5);
  table(
    doc,
    left,
    [width * 0.6, width * 0.4],
    ['Particulars', amountHead()],
    [['Refund of excess fee', groupIndian(r.amountPaise)]],
    [1],
  );
  doc
    .moveDown(0.5)
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .text(`Amount refunded: ${rs(r.amountPaise)}`, left, doc.y, { width });
  doc.font('Helvetica-Oblique').fontSize(9).text(rupeesInWords(r.amountPaise), left, doc.y, { width });
  const qrY = Math.min(doc.y + 14, doc.page.height - 150);
  if (verify) verify(doc, left, qrY);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#333')
    .text('Receiver’s signature', left + width - 120, doc.page.height - 70, { width: 120, align: 'right' });
  doc.end();
  return done;
}

/** The student's ledger statement: every demand line, receipt and reversal, and the totals. */
export async function statementPdf(collegeName: string, l: TStudentLedger): Promise<Buffer> {
  const doc = await newPdf({
    size: 'A4',
    margin: 40,
    compress: false,
    info: { Title: `Ledger statement ${l.student.rollNo}` },
  });
  const done = pdfBuffer(doc);
  const left = 40;
  const width = doc.page.width - 80;
  header(doc, collegeName, 'STUDENT LEDGER STATEMENT');
  pairs(
    doc,
    [
      ['Roll Number', l.student.rollNo],
      ['Name', l.student.name],
      ['Course', `${l.student.course} ${l.student.branch} (${l.student.batch}) section ${l.student.section}`],
      ['Seat type', l.student.seatType],
    ],
    left,
    width,
  );
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text('Demand', left);
  table(
    doc,
    left,
    [48, width - 48 - 80 - 4 * AMOUNT_COL, 80, AMOUNT_COL, AMOUNT_COL, AMOUNT_COL, AMOUNT_COL],
    ['Year', 'Head', 'Payer', 'Demand', 'Paid', 'Waived', 'Balance'],
    l.lines.map((x) => [
      x.fy,
      x.headName,
      PAYER_LABELS[x.payer as keyof typeof PAYER_LABELS] ?? x.payer,
      groupIndian(x.amountPaise),
      groupIndian(x.paidPaise),
      groupIndian(x.waivedPaise),
      groupIndian(x.balancePaise),
    ]),
    [3, 4, 5, 6],
  );
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).text('Receipts', left);
  table(
    doc,
    left,
    [150, 65, 90, width - 305 - AMOUNT_COL, AMOUNT_COL],
    ['Receipt', 'Date', 'Mode', 'Status', 'Amount'],
    l.receipts.map((r) => [r.label, dmy(r.date), modeLabel(r.mode), codeLabel(r.status), groupIndian(r.amountPaise)]),
    [4],
  );
  doc.moveDown(0.8);
  pairs(
    doc,
    [
      ['Total demand', rs(l.totals.demandPaise)],
      ['Paid', rs(l.totals.paidPaise)],
      ['Waived', rs(l.totals.waivedPaise)],
      ['Due from student', rs(l.totals.studentDuePaise)],
      ['Government share due', rs(l.totals.governmentReceivablePaise)],
    ],
    left,
    width,
  );
  doc.end();
  return done;
}
