import { drawVerification } from '../../lib/documents.js';
import { newPdf } from '../../lib/libraries.js';
import { pdfBuffer } from '../../lib/pdf.js';

export interface HallTicketInput {
  collegeName: string;
  collegeAddress: string;
  examName: string;
  holder: { rollNo: string; name: string; branch: string; semester: string; batch: string };
  photo: Buffer | null;
  papers: Array<{ code: string; name: string; kind: string; date: string | null; session: string | null }>;
  verifyUrl: string;
  code: string;
}

const BRAND = '#0d47a1';
const INK = '#1a2433';
const MUTED = '#5b6675';
const ddmmyyyy = (iso: string | null) => (iso ? iso.split('-').reverse().join('-') : 'To be announced');
const SESSION = { FN: 'FN 10:00–13:00', AN: 'AN 14:00–17:00' } as Record<string, string>;

export const HALL_TICKET_RULES = [
  'Bring this hall ticket and your college identity card to every examination; without them you will not be admitted.',
  'Be in the hall 30 minutes before the session begins; no one is admitted 30 minutes after it begins.',
  'Mobile phones, smart watches, programmable calculators and written material are not allowed in the hall.',
  'Write your roll number only in the space given on the answer booklet; writing it anywhere else is malpractice.',
  'Any malpractice is reported to the exam cell and dealt with under the regulations.',
];

/** A student's hall ticket as one A4 PDF. */
export async function hallTicketPdf(t: HallTicketInput): Promise<Buffer> {
  const doc = await newPdf({ size: 'A4', margin: 40, info: { Title: `Hall ticket ${t.holder.rollNo}`, Author: t.collegeName } });
  const out = pdfBuffer(doc);
  drawHallTicket(doc, t);
  doc.end();
  return out;
}

/**
 * Many hall tickets in one PDF, a page each, in the order given; `next` yields each ticket's
 * input (so photos are read one at a time) and `onPage` hears how many are done.
 */
export async function hallTicketsPdf(
  info: { title: string; author: string },
  tickets: AsyncIterable<HallTicketInput>,
  onPage: (done: number) => Promise<void>,
): Promise<Buffer> {
  const doc = await newPdf({ size: 'A4', margin: 40, autoFirstPage: false, info: { Title: info.title, Author: info.author } });
  const out = pdfBuffer(doc);
  let done = 0;
  for await (const t of tickets) {
    doc.addPage({ size: 'A4', margin: 40 });
    drawHallTicket(doc, t);
    await onPage(++done);
  }
  if (done === 0) doc.addPage({ size: 'A4', margin: 40 });
  doc.end();
  return out;
}

/** A student's hall ticket on the current A4 page: the college band, photo, holder, papers with dates and sessions, the rules and the QR. */
function drawHallTicket(doc: PDFKit.PDFDocument, t: HallTicketInput) {
  const W = doc.page.width;
  doc.rect(0, 0, W, 70).fill(BRAND);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(t.collegeName, 40, 16, { width: W - 80, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .text(t.collegeAddress, 40, 36, { width: W - 80, align: 'center', lineBreak: false, ellipsis: true });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('HALL TICKET', 40, 50, { width: W - 80, align: 'center' });

  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(t.examName, 40, 86, { width: W - 80, align: 'center' });

  // The photo on the right, the holder's facts on the left.
  const py = 116;
  const pw = 90;
  const ph = 110;
  const px = W - 40 - pw;
  doc.rect(px, py, pw, ph).lineWidth(0.8).stroke(MUTED);
  let drawn = false;
  if (t.photo) {
    try {
      doc.image(t.photo, px + 2, py + 2, { fit: [pw - 4, ph - 4], align: 'center', valign: 'center' });
      drawn = true;
    } catch {
      drawn = false;
    }
  }
  if (!drawn)
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text('Affix a recent photograph attested by the principal', px + 6, py + 40, { width: pw - 12, align: 'center' });
  const facts: Array<[string, string]> = [
    ['Roll number', t.holder.rollNo],
    ['Name', t.holder.name],
    ['Branch', t.holder.branch],
    ['Semester', t.holder.semester],
    ['Batch', t.holder.batch],
  ];
  let y = py + 4;
  for (const [label, value] of facts) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, 40, y, { width: 110 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(value, 150, y - 1, { width: px - 160, lineBreak: false, ellipsis: true });
    y += 21;
  }

  // The papers.
  y = py + ph + 20;
  const cols = [40, 112, 318, 386, 472];
  doc.rect(40, y, W - 80, 18).fill('#e8eef7');
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(9);
  ['Code', 'Subject', 'Date', 'Session', 'Invigilator'].forEach((h, i) =>
    doc.text(h, cols[i] + 4, y + 5, { width: (cols[i + 1] ?? W - 40) - cols[i] - 6 }),
  );
  y += 18;
  doc.font('Helvetica').fontSize(9);
  for (const p of t.papers) {
    const name = p.kind === 'backlog' ? `${p.name} (supplementary)` : p.name;
    const session = p.session ? (SESSION[p.session] ?? p.session) : '—';
    const h = Math.max(22, doc.heightOfString(name, { width: cols[2] - cols[1] - 6 }) + 10);
    doc
      .rect(40, y, W - 80, h)
      .lineWidth(0.4)
      .stroke('#c5cdd8');
    doc.fillColor(INK).text(p.code, cols[0] + 4, y + 5, { width: cols[1] - cols[0] - 6 });
    doc.text(name, cols[1] + 4, y + 5, { width: cols[2] - cols[1] - 6 });
    doc.text(ddmmyyyy(p.date), cols[2] + 4, y + 5, { width: cols[3] - cols[2] - 6 });
    doc.text(session, cols[3] + 4, y + 5, { width: cols[4] - cols[3] - 6 });
    y += h;
  }

  y += 16;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10).text('Instructions to the candidate', 40, y);
  y += 15;
  doc.font('Helvetica').fontSize(8.5);
  HALL_TICKET_RULES.forEach((rule, i) => {
    doc.text(`${i + 1}. ${rule}`, 40, y, { width: W - 80 });
    y = doc.y + 3;
  });

  y += 24;
  doc.font('Helvetica').fontSize(9).fillColor(INK);
  doc.text('Signature of the candidate', 40, y + 40);
  doc.text('Controller of Examinations', W - 200, y + 40, { width: 160, align: 'right' });
  drawVerification(doc, { verifyUrl: t.verifyUrl, code: t.code }, 190, y, 80);
}
