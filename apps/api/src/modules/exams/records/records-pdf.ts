import { drawVerification } from '../../../lib/documents.js';
import { newPdf } from '../../../lib/libraries.js';
import { pdfBuffer } from '../../../lib/pdf.js';

/**
 * What every record the exam cell issues shares: an A4 page in a double rule, the college's
 * letterhead (logo, name, address, the Controller of Examinations' office), a faint watermark of
 * the college's code, the holder's facts beside the photo, and at the foot the verification QR
 * with the signatures.
 */

export const INK = '#1a2433';
export const MUTED = '#5b6675';
export const BRAND = '#0b3c7a';
export const RULE = '#c9d2de';
export const TINT = '#eef3fa';
export const FAIL_INK = '#b3261e';

export const MARGIN = 44;

export interface Letterhead {
  code: string;
  name: string;
  address: string;
  logo_base64: string | null;
}

export interface Verification {
  verifyUrl: string;
  code: string;
  /** ISO timestamp of the issue */
  issuedAt: string;
}

export const ddmmyyyy = (iso: string) => (iso ? iso.slice(0, 10).split('-').reverse().join('-') : '');

/** A new A4 document with its output collected; `done` resolves after doc.end(). */
export async function recordDocument(info: {
  title: string;
  author: string;
  subject: string;
  bufferPages?: boolean;
  layout?: 'portrait' | 'landscape';
}) {
  const doc = await newPdf({
    size: 'A4',
    layout: info.layout ?? 'portrait',
    margin: MARGIN,
    bufferPages: info.bufferPages ?? false,
    info: { Title: info.title, Author: info.author, Subject: info.subject },
  });
  const done = pdfBuffer(doc);
  return { doc, done };
}

/** The frame, watermark and letterhead of a page; returns the y below the letterhead. */
export function drawLetterhead(doc: PDFKit.PDFDocument, college: Letterhead): number {
  const W = doc.page.width;
  const H = doc.page.height;
  doc.save();
  doc
    .rect(16, 16, W - 32, H - 32)
    .lineWidth(1.6)
    .strokeColor(BRAND)
    .stroke();
  doc
    .rect(21, 21, W - 42, H - 42)
    .lineWidth(0.5)
    .strokeColor(BRAND)
    .stroke();
  // The watermark goes down first so everything else prints over it.
  doc.rotate(-35, { origin: [W / 2, H / 2] });
  doc
    .font('Helvetica-Bold')
    .fontSize(110)
    .fillColor('#f3f6fa')
    .text(college.code, 0, H / 2 - 60, { width: W, align: 'center', lineBreak: false });
  doc.restore();

  const top = 34;
  let logoDrawn = false;
  if (college.logo_base64) {
    try {
      doc.image(Buffer.from(college.logo_base64, 'base64'), MARGIN, top, { fit: [58, 58] });
      logoDrawn = true;
    } catch {
      // a broken logo must not stop the document
    }
  }
  const inset = logoDrawn ? 66 : 0;
  const textW = W - 2 * MARGIN - 2 * inset;
  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(17)
    .text(college.name.toUpperCase(), MARGIN + inset, top + 2, { width: textW, align: 'center' });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8.5)
    .text(college.address, MARGIN + inset, doc.y + 2, { width: textW, align: 'center' });
  doc
    .fillColor(INK)
    .font('Helvetica-Oblique')
    .fontSize(9)
    .text('Office of the Controller of Examinations', MARGIN + inset, doc.y + 3, { width: textW, align: 'center' });
  const y = Math.max(doc.y + 6, top + 64);
  doc
    .moveTo(MARGIN, y)
    .lineTo(W - MARGIN, y)
    .lineWidth(1.4)
    .strokeColor(BRAND)
    .stroke();
  doc
    .moveTo(MARGIN, y + 3)
    .lineTo(W - MARGIN, y + 3)
    .lineWidth(0.5)
    .strokeColor(BRAND)
    .stroke();
  return y + 12;
}

/** The document's name (spaced capitals) and a line under it; returns the y below. */
export function drawTitle(doc: PDFKit.PDFDocument, title: string, subtitle: string, y: number): number {
  const W = doc.page.width;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(title.toUpperCase(), MARGIN, y, { width: W - 2 * MARGIN, align: 'center', characterSpacing: 2 });
  if (subtitle)
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9.5)
      .text(subtitle, MARGIN, doc.y + 2, { width: W - 2 * MARGIN, align: 'center' });
  return doc.y + 10;
}

/**
 * The holder's facts in two columns of label and value, with the photo (or its box) on the right;
 * returns the y below.
 */
export function drawHolder(
  doc: PDFKit.PDFDocument,
  facts: Array<[string, string]>,
  photo: Buffer | null | undefined,
  y: number,
): number {
  const W = doc.page.width;
  const withPhoto = photo !== undefined;
  const pw = 72;
  const ph = 88;
  const right = withPhoto ? W - MARGIN - pw - 12 : W - MARGIN;
  const colW = (right - MARGIN) / 2;
  const rows = Math.ceil(facts.length / 2);
  const rowH = 24;
  const boxH = Math.max(rows * rowH + 10, withPhoto ? ph : 0);
  doc.roundedRect(MARGIN, y, right - MARGIN, boxH, 3).fill(TINT);
  facts.forEach(([label, value], i) => {
    const x = MARGIN + 10 + (i % 2) * colW;
    const fy = y + 7 + Math.floor(i / 2) * rowH;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(7)
      .text(label.toUpperCase(), x, fy, { width: colW - 16, lineBreak: false });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .text(value || '-', x, fy + 9, { width: colW - 16, lineBreak: false, ellipsis: true });
  });
  if (withPhoto) {
    const px = W - MARGIN - pw;
    doc.rect(px, y, pw, ph).lineWidth(0.7).strokeColor(RULE).stroke();
    let drawn = false;
    if (photo) {
      try {
        doc.image(photo, px + 2, y + 2, { fit: [pw - 4, ph - 4], align: 'center', valign: 'center' });
        drawn = true;
      } catch {
        drawn = false;
      }
    }
    if (!drawn)
      doc
        .fillColor(MUTED)
        .font('Helvetica')
        .fontSize(7)
        .text('Photograph', px, y + ph / 2 - 4, { width: pw, align: 'center' });
  }
  return y + boxH + 12;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'center' | 'right';
}

/** One line of text in a cell, cut with an ellipsis to fit (a table row never wraps). */
export function cellText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  w: number,
  align: Column['align'] = 'left',
) {
  let s = text;
  if (doc.widthOfString(s) > w) {
    while (s.length > 1 && doc.widthOfString(`${s}…`) > w) s = s.slice(0, -1);
    s = `${s.trimEnd()}…`;
  }
  const dx = align === 'center' ? (w - doc.widthOfString(s)) / 2 : align === 'right' ? w - doc.widthOfString(s) : 0;
  doc.text(s, x + dx, y, { lineBreak: false });
}

/** A ruled table: a brand-coloured header, light zebra rows; `inkOf` colours a row. Returns the y below. */
export function drawTable(
  doc: PDFKit.PDFDocument,
  at: { x: number; y: number; size?: number; rowH?: number },
  columns: Column[],
  rows: string[][],
  inkOf: (i: number) => string = () => INK,
): number {
  const size = at.size ?? 8.5;
  const rowH = at.rowH ?? 17;
  const width = columns.reduce((s, c) => s + c.width, 0);
  let y = at.y;
  doc.rect(at.x, y, width, rowH + 1).fill(BRAND);
  doc.font('Helvetica-Bold').fontSize(size).fillColor('#ffffff');
  let x = at.x;
  for (const c of columns) {
    cellText(doc, c.header, x + 4, y + (rowH + 1 - size) / 2, c.width - 8, c.align);
    x += c.width;
  }
  y += rowH + 1;
  rows.forEach((cells, i) => {
    if (i % 2 === 1) doc.rect(at.x, y, width, rowH).fill('#f6f8fb');
    doc.font('Helvetica').fontSize(size).fillColor(inkOf(i));
    x = at.x;
    columns.forEach((c, j) => {
      cellText(doc, cells[j] ?? '', x + 4, y + (rowH - size) / 2, c.width - 8, c.align);
      x += c.width;
    });
    y += rowH;
    doc
      .moveTo(at.x, y)
      .lineTo(at.x + width, y)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  });
  doc
    .rect(at.x, at.y, width, y - at.y)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  return y;
}

/** Figures in a row of tiles (label over value); the last one in the brand colour. Returns the y below. */
export function drawTiles(doc: PDFKit.PDFDocument, tiles: Array<[string, string]>, y: number): number {
  const W = doc.page.width;
  const gap = 8;
  const tw = (W - 2 * MARGIN - gap * (tiles.length - 1)) / tiles.length;
  tiles.forEach(([label, value], i) => {
    const x = MARGIN + i * (tw + gap);
    const last = i === tiles.length - 1;
    doc.roundedRect(x, y, tw, 40, 3).fill(last ? BRAND : TINT);
    doc
      .fillColor(last ? '#ffffff' : MUTED)
      .font('Helvetica')
      .fontSize(7)
      .text(label.toUpperCase(), x + 4, y + 7, { width: tw - 8, align: 'center', lineBreak: false });
    // The value shrinks to fit its tile rather than wrap.
    doc.font('Helvetica-Bold').fontSize(12.5);
    let size = 12.5;
    while (size > 7 && doc.widthOfString(value) > tw - 8) doc.fontSize((size -= 0.5));
    doc
      .fillColor(last ? '#ffffff' : INK)
      .text(value, x + 4, y + 19 + (12.5 - size) / 2, { width: tw - 8, align: 'center', lineBreak: false });
  });
  return y + 52;
}

/** Height the foot takes at the bottom of the page. */
export const FOOT_H = 118;

/** The verification QR with the issue date, and the signatures, at the foot of the page. */
export function drawFoot(doc: PDFKit.PDFDocument, v: Verification, signatures: string[] = ['Controller of Examinations']) {
  const W = doc.page.width;
  const H = doc.page.height;
  const y = H - 36 - FOOT_H + 14;
  doc
    .moveTo(MARGIN, y - 8)
    .lineTo(W - MARGIN, y - 8)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  drawVerification(doc, { verifyUrl: v.verifyUrl, code: v.code }, MARGIN, y, 78);
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(8)
    .text(`Date of issue: ${ddmmyyyy(v.issuedAt)}`, MARGIN + 4, y + 84, { width: 200, lineBreak: false });
  // The QR's text runs to about 310 pt from the left margin; the signatures share what is right of it.
  const sw = signatures.length > 1 ? 92 : 130;
  signatures.forEach((who, i) => {
    const sx = W - MARGIN - sw - i * (sw + 8);
    doc
      .moveTo(sx, y + 52)
      .lineTo(sx + sw, y + 52)
      .lineWidth(0.6)
      .strokeColor(INK)
      .stroke();
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .text(who, sx, y + 57, { width: sw, align: 'center' });
  });
  doc.fillColor(INK);
}
