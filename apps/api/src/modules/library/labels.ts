import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { pdfBuffer } from '../../lib/pdf.js';
import { badRequest } from '../../lib/errors.js';
import * as repo from './library.repo.js';
import type { Db } from './library.repo.js';

/** Spine and book labels: Code 128 of the accession number with the short title, on A4 label sheets. */

export const LAYOUTS = {
  // columns × rows on A4 (595 × 842 pt), with the sheet's margins
  '3x8': { cols: 3, rows: 8, marginX: 14, marginY: 21 },
  '4x10': { cols: 4, rows: 10, marginX: 14, marginY: 21 },
} as const;

/** The generator, an object so a test can watch what it was asked to encode. */
export const barcodes = {
  png: (text: string): Promise<Buffer> =>
    bwipjs.toBuffer({ bcid: 'code128', text, scale: 2, height: 9, includetext: false, paddingwidth: 2, paddingheight: 1 }),
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
  const copies = await repo.copiesInRange(db, collegeId, from, to, 2000);
  if (copies.length === 0) throw badRequest(`No copies with accession numbers from ${from} to ${to}`);
  const l = LAYOUTS[q.layout];
  const doc = new PDFDocument({ size: 'A4', margin: 0, compress: false, info: { Title: `Labels ${from} to ${to}` } });
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
