import { bwipJs, newPdf } from '../../lib/libraries.js';
import { pdfBuffer } from '../../lib/pdf.js';
import { badRequest } from '../../lib/errors.js';
import { DEFAULT_PATRON_CATEGORIES, LIBRARY_MSG } from '@erp/shared';
import { findPatron } from './patrons.js';
import * as copiesRepo from './copies.repo.js';
import * as patronsRepo from './patrons.repo.js';
import * as rulesRepo from './rules.repo.js';
import type { Db } from '../../db/index.js';

/** Spine and book labels: Code 128 of the accession number with the short title, on A4 label sheets. */

export const LAYOUTS = {
  // columns × rows on A4 (595 × 842 pt), with the sheet's margins
  '3x8': { cols: 3, rows: 8, marginX: 14, marginY: 21 },
  '4x10': { cols: 4, rows: 10, marginX: 14, marginY: 21 },
} as const;

/** The generator, an object so a test can watch what it was asked to encode. */
export const barcodes = {
  png: async (text: string): Promise<Buffer> =>
    (await bwipJs()).toBuffer({
      bcid: 'code128',
      text,
      scale: 2,
      height: 9,
      includetext: false,
      paddingwidth: 2,
      paddingheight: 1,
    }),
};

const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export async function labelsPdf(
  db: Db,
  collegeId: number,
  q: { from: string; to?: string; layout: '3x8' | '4x10' },
): Promise<Buffer> {
  const from = q.from.trim().toUpperCase();
  const to = (q.to || q.from).trim().toUpperCase();
  if (to < from) throw badRequest('The last accession number comes before the first');
  const copies = await copiesRepo.copiesInRange(db, collegeId, from, to, 2000);
  if (copies.length === 0) throw badRequest(`No copies with accession numbers from ${from} to ${to}`);
  const l = LAYOUTS[q.layout];
  const doc = await newPdf({ size: 'A4', margin: 0, compress: false, info: { Title: `Labels ${from} to ${to}` } });
  const done = pdfBuffer(doc);
  const w = (595.28 - 2 * l.marginX) / l.cols;
  const h = (841.89 - 2 * l.marginY) / l.rows;
  const perPage = l.cols * l.rows;
  for (let i = 0; i < copies.length; i++) {
    if (i > 0 && i % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    const c = copies[i];
    const k = i % perPage;
    const x = l.marginX + (k % l.cols) * w;
    const y = l.marginY + Math.floor(k / l.cols) * h;
    const pad = 6;
    const font = q.layout === '3x8' ? 8 : 6.5;
    doc
      .font('Helvetica-Bold')
      .fontSize(font)
      .text(short(c.title, q.layout === '3x8' ? 40 : 30), x + pad, y + pad, {
        width: w - 2 * pad,
        height: font + 2,
        lineBreak: false,
      });
    const png = await barcodes.png(c.accession_no);
    const bh = h - 2 * pad - 2 * (font + 3);
    doc.image(png, x + pad, y + pad + font + 3, { fit: [w - 2 * pad, bh], align: 'center', valign: 'center' });
    doc
      .font('Courier-Bold')
      .fontSize(font + 1)
      .text(c.accession_no, x + pad, y + h - pad - font - 1, { width: (w - 2 * pad) / 2, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(font)
      .text(short(c.call_number, 18), x + w / 2, y + h - pad - font - 1, {
        width: w / 2 - pad,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

/** Patron ID cards: credit-card size (85.6 × 54 mm), 2 × 5 on A4, with crop outlines. */
const CARD = { w: 242.6, h: 153, cols: 2, rows: 5 };

export interface CardPatron {
  code: string;
  name: string;
  kind: 'student' | 'staff';
  category: string;
  detail: string;
  expiresOn: string | null;
}

/**
 * A printable sheet of library cards: the patron's name, code, category and validity, and a
 * Code 128 barcode of the code the desk scans (a roll number or employee code).
 */
export async function cardsPdf(collegeName: string, patrons: CardPatron[], categoryNames: Map<string, string>): Promise<Buffer> {
  const doc = await newPdf({ size: 'A4', margin: 0, compress: false, info: { Title: 'Library cards' } });
  const done = pdfBuffer(doc);
  const marginX = (595.28 - CARD.cols * CARD.w) / 2;
  const marginY = (841.89 - CARD.rows * CARD.h) / 2;
  const perPage = CARD.cols * CARD.rows;
  for (let i = 0; i < patrons.length; i++) {
    if (i > 0 && i % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
    const p = patrons[i];
    const k = i % perPage;
    const x = marginX + (k % CARD.cols) * CARD.w;
    const y = marginY + Math.floor(k / CARD.cols) * CARD.h;
    const pad = 10;
    const inner = CARD.w - 2 * pad;
    doc
      .roundedRect(x + 2, y + 2, CARD.w - 4, CARD.h - 4, 8)
      .lineWidth(0.5)
      .strokeColor('#888')
      .stroke();
    doc
      .rect(x + 2, y + 2, CARD.w - 4, 22)
      .fillColor('#1565c0')
      .fill();
    doc
      .fillColor('white')
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .text(short(collegeName, 52), x + pad, y + 7, { width: inner, align: 'center', lineBreak: false });
    doc
      .fillColor('black')
      .font('Helvetica-Bold')
      .fontSize(7)
      .text('LIBRARY CARD', x + pad, y + 28, { width: inner, align: 'center' });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(short(p.name, 34), x + pad, y + 40, { width: inner, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .text(`${p.kind === 'student' ? 'Roll No' : 'Emp Code'}: ${p.code}`, x + pad, y + 54, { width: inner, lineBreak: false })
      .text(`Category: ${categoryNames.get(p.category) ?? p.category}`, x + pad, y + 64, { width: inner, lineBreak: false })
      .text(short(p.detail, 50), x + pad, y + 74, { width: inner, lineBreak: false })
      .text(`Valid till: ${p.expiresOn ? p.expiresOn.split('-').reverse().join('-') : 'while in service'}`, x + pad, y + 84, {
        width: inner,
        lineBreak: false,
      });
    const png = await barcodes.png(p.code);
    doc.image(png, x + pad, y + 96, { fit: [inner, 38], align: 'center', valign: 'center' });
    doc
      .font('Courier-Bold')
      .fontSize(8)
      .text(p.code, x + pad, y + CARD.h - pad - 8, { width: inner, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

/** The cards of the named patrons (codes) or of a batch's students; unknown codes are refused by name. */
export async function patronCards(
  db: Db,
  college: { id: number; name: string },
  q: { codes?: string; batch?: string },
): Promise<Buffer> {
  const codes = q.batch
    ? await patronsRepo.rollsOfBatch(db, college.id, q.batch.trim(), 500)
    : [...new Set((q.codes ?? '').split(/[\s,;]+/).filter(Boolean))].slice(0, 500);
  if (!codes.length) throw badRequest(q.batch ? `No students in batch ${q.batch}` : "Give the patrons' codes or a batch");
  const patrons: CardPatron[] = [];
  const unknown: string[] = [];
  for (const c of codes) {
    const p = await findPatron(db, college.id, c);
    if (p) patrons.push(p);
    else unknown.push(c);
  }
  if (unknown.length) throw badRequest(`${LIBRARY_MSG.patronNotFound}: ${unknown.slice(0, 10).join(', ')}`);
  const names = new Map<string, string>(DEFAULT_PATRON_CATEGORIES.map((c) => [c.code, c.name]));
  for (const c of await rulesRepo.categories(db, college.id)) names.set(c.code, c.name);
  return cardsPdf(college.name, patrons, names);
}
