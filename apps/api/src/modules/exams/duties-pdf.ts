import type { TDuty } from '@erp/shared';
import { drawVerification } from '../../lib/documents.js';
import { bwipJs, newPdf } from '../../lib/libraries.js';
import { pdfBuffer } from '../../lib/pdf.js';

const BRAND = '#0d47a1';
const INK = '#1a2433';
const ddmmyyyy = (iso: string | null) => (iso ? iso.split('-').reverse().join('-') : '');
const SESSION: Record<string, string> = { FN: 'Forenoon (report by 09:30)', AN: 'Afternoon (report by 13:30)' };

/** A faculty member's invigilation duty letter: each duty's date, session and room, and the QR that verifies it. */
export async function dutyLetterPdf(input: {
  collegeName: string;
  examName: string;
  faculty: { name: string; department: string };
  duties: TDuty[];
  issuedOn: string;
  verifyUrl: string;
  code: string;
}): Promise<Buffer> {
  const doc = await newPdf({
    size: 'A4',
    margin: 50,
    info: { Title: `Invigilation duties: ${input.faculty.name}`, Author: input.collegeName },
  });
  const out = pdfBuffer(doc);
  const W = doc.page.width;
  doc.rect(0, 0, W, 56).fill(BRAND);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(input.collegeName, 50, 14, { width: W - 100, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Office of the Controller of Examinations', 50, 34, { width: W - 100, align: 'center' });
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(10)
    .text(`Date: ${ddmmyyyy(input.issuedOn)}`, 50, 76, { width: W - 100, align: 'right' });
  doc.text(`To\n${input.faculty.name}\nDepartment of ${input.faculty.department}`, 50, 96);
  doc.moveDown();
  doc.font('Helvetica-Bold').text(`Sub: Invigilation duties, ${input.examName}`);
  doc.moveDown(0.6);
  doc
    .font('Helvetica')
    .text(
      'You are assigned the following invigilation duties. Please report to the examination control room 30 minutes before each session and collect the answer booklets and the attendance sheet of your room. A swap is made only with the approval of the exam cell.',
      { width: W - 100 },
    );
  let y = doc.y + 12;
  const cols = [50, 150, 320, W - 50];
  doc.rect(50, y, W - 100, 18).fill('#e8eef7');
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(9.5);
  ['Date', 'Session', 'Room'].forEach((h, i) => doc.text(h, cols[i] + 6, y + 5, { width: cols[i + 1] - cols[i] - 8 }));
  y += 18;
  doc.font('Helvetica').fontSize(9.5);
  for (const d of input.duties) {
    doc
      .rect(50, y, W - 100, 20)
      .lineWidth(0.4)
      .stroke('#c5cdd8');
    doc.fillColor(INK).text(ddmmyyyy(d.date), cols[0] + 6, y + 6, { width: cols[1] - cols[0] - 8 });
    doc.text(SESSION[d.session] ?? d.session, cols[1] + 6, y + 6, { width: cols[2] - cols[1] - 8 });
    doc.text(d.room, cols[2] + 6, y + 6, { width: cols[3] - cols[2] - 8 });
    y += 20;
  }
  y += 30;
  doc.text('Controller of Examinations', W - 250, y + 50, { width: 200, align: 'right' });
  drawVerification(doc, { verifyUrl: input.verifyUrl, code: input.code }, 50, y, 80);
  doc.end();
  return out;
}

const code128 = async (text: string) =>
  (await bwipJs()).toBuffer({
    bcid: 'code128',
    text,
    scale: 2,
    height: 10,
    includetext: false,
    paddingwidth: 2,
    paddingheight: 1,
  });

/**
 * Labels for answer booklets, 3 × 8 on A4: the dummy number as a Code 128 barcode and in print,
 * with the paper and session; no roll number or name, which is the point of a dummy number.
 */
export async function scriptLabelsPdf(
  labels: Array<{ dummyNo: string; paper: string; date: string | null; session: string | null }>,
): Promise<Buffer> {
  const doc = await newPdf({ size: 'A4', margin: 0, info: { Title: 'Answer script labels' } });
  const out = pdfBuffer(doc);
  const cols = 3;
  const rows = 8;
  const mx = 14;
  const my = 21;
  const w = (595.28 - 2 * mx) / cols;
  const h = (841.89 - 2 * my) / rows;
  for (let i = 0; i < labels.length; i++) {
    if (i > 0 && i % (cols * rows) === 0) doc.addPage({ size: 'A4', margin: 0 });
    const k = i % (cols * rows);
    const x = mx + (k % cols) * w;
    const y = my + Math.floor(k / cols) * h;
    const l = labels[i];
    doc
      .fillColor('#000000')
      .font('Helvetica')
      .fontSize(7)
      .text(l.paper, x + 6, y + 6, { width: w - 12, height: 9, lineBreak: false, ellipsis: true });
    doc.image(await code128(l.dummyNo), x + 6, y + 18, { fit: [w - 12, h - 44], align: 'center', valign: 'center' });
    doc
      .font('Courier-Bold')
      .fontSize(10)
      .text(l.dummyNo, x + 6, y + h - 22, { width: (w - 12) / 2, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(`${ddmmyyyy(l.date)} ${l.session ?? ''}`, x + w / 2, y + h - 20, {
        width: w / 2 - 6,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return out;
}
