import type { AcademicRecord, SemesterBlock } from './academic-record.js';
import { credits, gradeLegend } from './grade-card-pdf.js';
import {
  BRAND,
  cellText,
  drawFoot,
  drawHolder,
  drawLetterhead,
  drawTiles,
  drawTitle,
  FAIL_INK,
  FOOT_H,
  INK,
  MARGIN,
  MUTED,
  RULE,
  TINT,
  recordDocument,
  type Letterhead,
  type Verification,
} from './records-pdf.js';

export interface TranscriptInput {
  college: Letterhead;
  holder: Array<[string, string]>;
  rollNo: string;
  name: string;
  photo: Buffer | null;
  record: AcademicRecord;
  /** e.g. 'First Class', or why there is none */
  classText: string;
  /** the regulation's rule in words, '' without one */
  classRule: string;
  verification: Verification;
}

const ROW_H = 10.5;
const SIZE = 6.8;
const HEAD_H = 15;
const GAP = 12;

/** Where the summary must end: above the foot (which is on the last page only). */
const bottomOf = (doc: PDFKit.PDFDocument) => doc.page.height - 36 - FOOT_H - 8;
/** Where the semester blocks may run to: a page they fill ends above its page number. */
const pageEnd = (doc: PDFKit.PDFDocument) => doc.page.height - 52;

const columns = (w: number) => [
  { h: 'Code', w: 42, a: 'left' as const },
  { h: 'Course title', w: w - 42 - 18 - 28 - 18 - 40, a: 'left' as const },
  { h: 'Cr', w: 18, a: 'center' as const },
  { h: 'Grade', w: 28, a: 'center' as const },
  { h: 'GP', w: 18, a: 'center' as const },
  { h: 'Passed in', w: 40, a: 'center' as const },
];

/** A course's row height: a long title wraps onto a second line rather than being cut. */
function rowHeight(doc: PDFKit.PDFDocument, title: string, w: number) {
  doc.font('Helvetica').fontSize(SIZE);
  return Math.max(ROW_H, doc.heightOfString(title, { width: columns(w)[1].w - 6, lineGap: 0 }) + 4);
}

const blockHeight = (doc: PDFKit.PDFDocument, b: SemesterBlock, w: number) =>
  HEAD_H + ROW_H + b.courses.reduce((s, c) => s + rowHeight(doc, c.course, w), 0) + 4;

/** One semester: its name, credits and SGPA over its courses (code, title, credits, grade, points, when passed). */
function drawBlock(doc: PDFKit.PDFDocument, b: SemesterBlock, x: number, y: number, w: number) {
  doc.rect(x, y, w, HEAD_H).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(7.8);
  cellText(doc, b.label.toUpperCase(), x + 5, y + 4, w / 2, 'left');
  cellText(
    doc,
    `Credits ${credits(b.creditsEarned)}/${credits(b.creditsRegistered)}   SGPA ${b.sgpa.toFixed(2)}`,
    x + w / 2,
    y + 4,
    w / 2 - 5,
    'right',
  );
  const cols = columns(w);
  let cy = y + HEAD_H;
  doc.rect(x, cy, w, ROW_H).fill(TINT);
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(SIZE);
  let cx = x;
  for (const c of cols) {
    cellText(doc, c.h, cx + 3, cy + 2.2, c.w - 6, c.a);
    cx += c.w;
  }
  cy += ROW_H;
  for (const c of b.courses) {
    const h = rowHeight(doc, c.course, w);
    const passedIn = c.passed ? `${c.standing.monthYear}${c.standing.supplementary ? '*' : ''}` : 'Not cleared';
    doc
      .font('Helvetica')
      .fontSize(SIZE)
      .fillColor(c.passed ? INK : FAIL_INK);
    const cells = [c.courseCode, c.course, credits(c.credits), c.grade, String(c.gradePoints), passedIn];
    cx = x;
    cols.forEach((col, i) => {
      if (i === 1) doc.text(c.course, cx + 3, cy + 2.2, { width: col.w - 6, lineGap: 0 });
      else cellText(doc, cells[i], cx + 3, cy + 2.2, col.w - 6, col.a);
      cx += col.w;
    });
    cy += h;
    doc
      .moveTo(x, cy)
      .lineTo(x + w, cy)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
  }
  doc
    .rect(x, y, w, cy - y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
}

/** A continuation page: the letterhead and whose transcript it is. */
function continuation(doc: PDFKit.PDFDocument, t: TranscriptInput): number {
  doc.addPage({ size: 'A4', margin: MARGIN });
  const y = drawLetterhead(doc, t.college);
  return drawTitle(doc, 'Consolidated Transcript (continued)', `${t.name} · ${t.rollNo}`, y);
}

/**
 * The consolidated transcript: every semester's courses two blocks to a row, then credits, CGPA
 * and the class, the supplementary exams named, the verification QR and the signatures.
 */
export async function transcriptPdf(t: TranscriptInput): Promise<Buffer> {
  const { doc, done } = await recordDocument({
    title: `Transcript ${t.rollNo}`,
    author: t.college.name,
    subject: `Verification code ${t.verification.code}`,
    bufferPages: true,
  });
  let y = drawLetterhead(doc, t.college);
  y = drawTitle(doc, 'Consolidated Transcript', 'Grades secured in the examinations of the programme', y);
  y = drawHolder(doc, t.holder, t.photo, y);

  const colW = (doc.page.width - 2 * MARGIN - GAP) / 2;
  const blocks = t.record.semesters;
  for (let i = 0; i < blocks.length; i += 2) {
    const pair = blocks.slice(i, i + 2);
    const h = Math.max(...pair.map((b) => blockHeight(doc, b, colW)));
    if (y + h > pageEnd(doc)) y = continuation(doc, t);
    pair.forEach((b, j) => drawBlock(doc, b, MARGIN + j * (colW + GAP), y, colW));
    y += h + 8;
  }
  if (blocks.length === 0) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('No published results yet.', MARGIN, y);
    y = doc.y + 10;
  }

  const supplementary = new Map<string, string>();
  for (const c of blocks.flatMap((b) => b.courses))
    if (c.passed && c.standing.supplementary) supplementary.set(c.standing.title, c.standing.monthYear);
  const notes = [
    supplementary.size
      ? `* Passed at a supplementary examination: ${[...supplementary].map(([title, when]) => `${title} (${when})`).join('; ')}.`
      : '',
    t.record.open.length
      ? `Not cleared yet: ${t.record.open.map((c) => c.course_code).join(', ')}. The class is awarded when every course is cleared.`
      : '',
    gradeLegend(
      'SGPA = sum of (credits x grade points) / sum of credits over a semester’s courses; CGPA over every course passed.',
    ),
    t.classRule,
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(7.2);
  const notesH = notes.reduce((s, n) => s + doc.heightOfString(n, { width: doc.page.width - 2 * MARGIN }) + 2, 0);
  if (y + 52 + notesH > bottomOf(doc) + 8) y = continuation(doc, t);
  y = drawTiles(
    doc,
    [
      ['Credits registered', credits(t.record.creditsRegistered)],
      ['Credits earned', credits(t.record.creditsEarned)],
      ['CGPA', t.record.cgpa.toFixed(2)],
      ['Class', t.classText],
    ],
    y,
  );
  for (const n of notes) {
    doc
      .fillColor(n.startsWith('Not cleared') ? FAIL_INK : MUTED)
      .font('Helvetica')
      .fontSize(7.2)
      .text(n, MARGIN, y, { width: doc.page.width - 2 * MARGIN });
    y = doc.y + 2;
  }
  drawFoot(doc, t.verification, ['Controller of Examinations', 'Principal']);

  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    // below the bottom margin: without this pdfkit would start a new page for the line
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(7)
      .text(`Page ${p - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - 34, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
