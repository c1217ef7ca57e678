import { examSessionLabel } from '@erp/shared';
import { newPdf } from '../../lib/libraries.js';
import { pdfBuffer } from '../../lib/pdf.js';

/**
 * One room's papers for a session: the room chart (the grid of seats as the invigilator faces it,
 * front row first), the door list (roll numbers by paper, pinned at the door) and the attendance
 * sheet (answer script number and signature written in by hand).
 */

export interface RoomSheetSeat {
  seatNo: string;
  row: number;
  col: number;
  rollNo: string;
  name: string;
  paperCode: string;
  paperName: string;
}
export interface RoomSheetInput {
  collegeName: string;
  collegeAddress: string;
  examName: string;
  date: string;
  session: string;
  room: { name: string; block: string; rows: number; cols: number };
  seats: RoomSheetSeat[];
}

const INK = '#1a2433';
const MUTED = '#5b6675';
const LINE = '#9aa5b1';
const BRAND = '#0d47a1';
const M = 36;

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');
/** Lists and sheets are portrait whatever the chart's page was. */
const portrait = (doc: PDFKit.PDFDocument) => doc.addPage({ size: 'A4', layout: 'portrait', margin: M });

function header(doc: PDFKit.PDFDocument, input: RoomSheetInput, title: string) {
  const w = doc.page.width - 2 * M;
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(13).text(input.collegeName, M, M, { width: w, align: 'center' });
  if (input.collegeAddress)
    doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(input.collegeAddress, { width: w, align: 'center' });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10.5).text(input.examName, { width: w, align: 'center' });
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(12).text(title, { width: w, align: 'center' });
  const where = `Room ${input.room.name}${input.room.block ? ` · ${input.room.block}` : ''}`;
  const when = `${ddmmyyyy(input.date)} · ${input.session} (${examSessionLabel(input.session)})`;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(`${where}     ${when}     ${input.seats.length} students`, { width: w, align: 'center' });
  doc.moveDown(0.6);
  return doc.y;
}

/** The grid, front row (A) at the top; each seat shows its number, roll number and paper. Long rooms run on over pages. */
function roomChart(doc: PDFKit.PDFDocument, input: RoomSheetInput) {
  const { rows, cols } = input.room;
  const w = doc.page.width - 2 * M;
  const cellW = w / cols;
  const at = new Map(input.seats.map((s) => [`${s.row}|${s.col}`, s]));
  const small = Math.max(5, Math.min(7, cellW / 9));
  // the roll number's size: the widest one fits its seat
  doc.font('Helvetica-Bold').fontSize(8.5);
  const widest = Math.max(1, ...input.seats.map((s) => doc.widthOfString(s.rollNo)));
  const rollSize = Math.max(4.5, Math.min(8.5, (8.5 * (cellW - 5)) / widest));
  let first = 1;
  while (first <= rows) {
    if (first > 1) doc.addPage();
    let y = header(doc, input, first === 1 ? 'Room chart' : 'Room chart (continued)');
    if (first === 1) {
      doc.rect(M + w / 4, y, w / 2, 14).fill('#e8ecf1');
      doc
        .fillColor(MUTED)
        .font('Helvetica')
        .fontSize(8)
        .text('FRONT (board and invigilator)', M, y + 3.5, { width: w, align: 'center' });
      y += 20;
    }
    const room = doc.page.height - M - 18 - y;
    // at least 30 points a row, so the three lines of a seat never overlap
    const perPage = Math.max(1, Math.min(rows - first + 1, Math.floor(room / 30)));
    const cellH = Math.min(44, room / perPage);
    for (let r = first; r < first + perPage; r++)
      for (let c = 1; c <= cols; c++) {
        const x = M + (c - 1) * cellW;
        const top = y + (r - first) * cellH;
        doc.rect(x, top, cellW, cellH).lineWidth(0.5).strokeColor(LINE).stroke();
        const seat = at.get(`${r}|${c}`);
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(small)
          .text(`${String.fromCharCode(64 + r)}${c}`, x + 2, top + 2, { width: cellW - 4, lineBreak: false });
        if (!seat) continue;
        doc.fillColor(INK).font('Helvetica-Bold').fontSize(rollSize);
        doc.text(seat.rollNo, x + 2, top + cellH / 2 - rollSize / 2, {
          width: cellW - 4,
          align: 'center',
          lineBreak: false,
          ellipsis: true,
        });
        doc.fillColor(MUTED).font('Helvetica').fontSize(small);
        doc.text(seat.paperCode, x + 2, top + cellH - small - 3, {
          width: cellW - 4,
          align: 'right',
          lineBreak: false,
          ellipsis: true,
        });
      }
    first += perPage;
    if (first > rows)
      doc
        .fillColor(MUTED)
        .font('Helvetica')
        .fontSize(7.5)
        .text(
          'Rows A (front) onwards; seats numbered from the left as the invigilator faces the room.',
          M,
          y + perPage * cellH + 6,
          { width: w },
        );
  }
}

/** Roll numbers by paper, with their seats, for the door. */
function doorList(doc: PDFKit.PDFDocument, input: RoomSheetInput) {
  let y = header(doc, input, 'Door list');
  const w = doc.page.width - 2 * M;
  const byPaper = new Map<string, RoomSheetSeat[]>();
  for (const s of input.seats) (byPaper.get(s.paperCode) ?? byPaper.set(s.paperCode, []).get(s.paperCode)!).push(s);
  const perLine = 4;
  const colW = w / perLine;
  for (const [code, seats] of [...byPaper].sort((a, b) => a[0].localeCompare(b[0]))) {
    seats.sort((a, b) => a.rollNo.localeCompare(b.rollNo));
    if (y > doc.page.height - M - 40) {
      portrait(doc);
      y = M;
    }
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(`${code} ${seats[0]!.paperName} (${seats.length})`, M, y, { width: w });
    y = doc.y + 3;
    for (let i = 0; i < seats.length; i += perLine) {
      if (y > doc.page.height - M - 14) {
        portrait(doc);
        y = M;
      }
      seats.slice(i, i + perLine).forEach((s, k) => {
        doc
          .fillColor(INK)
          .font('Helvetica-Bold')
          .fontSize(9.5)
          .text(s.rollNo, M + k * colW, y, { width: colW * 0.62, lineBreak: false });
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(8.5)
          .text(s.seatNo, M + k * colW + colW * 0.6, y + 1, { width: colW * 0.4, lineBreak: false });
      });
      y += 14;
    }
    y += 8;
  }
}

const SHEET_COLS: Array<[string, number]> = [
  ['S.No', 0.06],
  ['Seat', 0.12],
  ['Roll No', 0.15],
  ['Name', 0.25],
  ['Paper', 0.1],
  ['Answer script no.', 0.15],
  ['Signature', 0.17],
];

/** The attendance sheet in seat order: answer script number and signature left blank. */
function attendanceSheet(doc: PDFKit.PDFDocument, input: RoomSheetInput) {
  const w = doc.page.width - 2 * M;
  const rowH = 22;
  const head = (y: number) => {
    let x = M;
    doc.rect(M, y, w, rowH).fill('#e8ecf1');
    for (const [label, share] of SHEET_COLS) {
      doc
        .fillColor(INK)
        .font('Helvetica-Bold')
        .fontSize(8)
        .text(label, x + 3, y + 7, { width: w * share - 6, lineBreak: false });
      x += w * share;
    }
    return y + rowH;
  };
  let y = head(header(doc, input, 'Attendance sheet'));
  input.seats.forEach((s, i) => {
    if (y + rowH > doc.page.height - M - 40) {
      portrait(doc);
      y = head(M);
    }
    const cells = [String(i + 1), s.seatNo, s.rollNo, s.name, s.paperCode, '', ''];
    let x = M;
    SHEET_COLS.forEach(([, share], k) => {
      doc
        .rect(x, y, w * share, rowH)
        .lineWidth(0.5)
        .strokeColor(LINE)
        .stroke();
      doc
        .fillColor(INK)
        .font(k === 2 ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8.5);
      doc.text(cells[k]!, x + 3, y + 7, { width: w * share - 6, lineBreak: false, ellipsis: true });
      x += w * share;
    });
    y += rowH;
  });
  y += 16;
  if (y + 30 > doc.page.height - M) {
    portrait(doc);
    y = M;
  }
  doc.fillColor(INK).font('Helvetica').fontSize(9);
  doc.text('Present: ________     Absent: ________     Malpractice: ________', M, y, { width: w });
  doc.text('Invigilator name and signature: ______________________________', M, y + 18, { width: w });
}

export async function roomSheetsPdf(input: RoomSheetInput): Promise<Buffer> {
  const doc = await newPdf({
    size: 'A4',
    layout: input.room.cols > 8 ? 'landscape' : 'portrait',
    margin: M,
    info: { Title: `Room ${input.room.name} ${input.date} ${input.session}`, Author: input.collegeName },
  });
  const out = pdfBuffer(doc);
  roomChart(doc, input);
  portrait(doc);
  doorList(doc, input);
  portrait(doc);
  attendanceSheet(doc, input);
  doc.end();
  return out;
}
