import type { TPass } from '@erp/shared';
import { newPdf } from '../../lib/libraries.js';
import { pdfBuffer, rupeeText } from '../../lib/pdf.js';
import { drawQr } from '../../lib/qr.js';

export interface PassPdfInput {
  collegeName: string;
  collegeAddress: string;
  pass: TPass;
  photo: Buffer | null;
  verifyUrl: string;
  code: string;
}

const BRAND = '#0d47a1';
const INK = '#1a2433';
const MUTED = '#5b6675';

/** ₹ with Indian grouping (lib/pdf embeds a font that has the sign). */
export const rupeesText = rupeeText;
const ddmmyyyy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/** A grey head-and-shoulders outline for holders without a photo. */
function drawSilhouette(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number) {
  doc.rect(x, y, w, h).fill('#e8ecf1');
  const cx = x + w / 2;
  doc.circle(cx, y + h * 0.36, w * 0.2).fill('#a9b4c2');
  doc
    .moveTo(x + w * 0.14, y + h)
    .bezierCurveTo(x + w * 0.14, y + h * 0.62, x + w * 0.86, y + h * 0.62, x + w * 0.86, y + h)
    .fill('#a9b4c2');
  doc.fill('#000000');
}

/** The bus pass: a card with the college band, photo, holder, route and stop, validity and the verification QR. */
export async function passPdf(input: PassPdfInput): Promise<Buffer> {
  const { pass } = input;
  const W = 420;
  const H = 270;
  const doc = await newPdf({ size: [W, H], margin: 0, info: { Title: `Bus pass ${pass.passNo}`, Author: input.collegeName } });
  const out = pdfBuffer(doc);

  doc.rect(0, 0, W, 54).fill(BRAND);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(input.collegeName, 14, 11, { width: W - 120, lineBreak: false, ellipsis: true });
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .text(input.collegeAddress, 14, 28, { width: W - 120, lineBreak: false, ellipsis: true });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('BUS PASS', W - 104, 12, { width: 90, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`AY ${pass.academicYear}`, W - 104, 31, { width: 90, align: 'right' });

  // Photo (or the outline) on the left.
  const px = 14;
  const py = 66;
  const pw = 78;
  const ph = 96;
  let drawn = false;
  if (input.photo) {
    try {
      doc.image(input.photo, px, py, { fit: [pw, ph], align: 'center', valign: 'center' });
      drawn = true;
    } catch {
      drawn = false;
    }
  }
  if (!drawn) drawSilhouette(doc, px, py, pw, ph);
  doc.rect(px, py, pw, ph).lineWidth(0.8).strokeColor('#9aa5b1').stroke();

  // Details.
  const dx = 104;
  const rows: Array<[string, string]> = [
    [pass.holderType === 'student' ? 'Roll No' : 'Staff', pass.holderRef],
    ['Name', pass.holderName],
    ['Details', pass.holderDetail],
    ['Route', `${pass.routeCode} · ${pass.routeName}`],
    ['Stop', `${pass.stopName} (pickup ${pass.pickupTime})`],
    ['Vehicle', pass.vehicleRegNo],
    ['Yearly fare', rupeesText(pass.fare)],
  ];
  let y = 66;
  for (const [k, v] of rows) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(7.5)
      .text(k, dx, y + 1, { width: 52, lineBreak: false });
    doc
      .fillColor(INK)
      .font(k === 'Name' ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(k === 'Name' ? 10 : 8.5);
    doc.text(v, dx + 54, y, { width: 170, height: 13, lineBreak: false, ellipsis: true });
    y += 15;
  }

  // Verification.
  const qs = 92;
  const qx = W - qs - 12;
  drawQr(doc, input.verifyUrl, qx, 62, qs);
  doc.fillColor(MUTED).font('Helvetica').fontSize(6.5).text('Scan to verify', qx, 156, { width: qs, align: 'center' });
  doc
    .font('Courier')
    .fontSize(6)
    .text(input.code, qx - 10, 165, { width: qs + 20, align: 'center' });

  // Footer.
  doc.rect(0, H - 56, W, 56).fill('#f2f5f9');
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Pass No. ${pass.passNo}`, 14, H - 46);
  doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
  doc.text(`Issued ${ddmmyyyy(pass.issuedAt)} · valid for the academic year ${pass.academicYear}`, 14, H - 31);
  doc.text('Carry this pass on the bus and show it on request. Not transferable.', 14, H - 20);
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(7)
    .text('Transport Incharge', W - 120, H - 20, { width: 106, align: 'right' });

  if (pass.status === 'cancelled') {
    doc.save();
    doc.rotate(-18, { origin: [W / 2, H / 2] });
    doc
      .fillColor('#b3261e')
      .opacity(0.35)
      .font('Helvetica-Bold')
      .fontSize(46)
      .text('CANCELLED', 0, H / 2 - 26, { width: W, align: 'center' });
    doc.restore();
  }
  doc.end();
  return out;
}
