import { GRADE_SCALE, type TExamResultView } from '@erp/shared';
import { newPdf } from '../../lib/libraries.js';
import type { Database } from '../../db/index.js';
import { flattenPngOnWhite, useStandardFonts } from './results.pdf-cache.js';
import * as repo from './results.repo.js';
import { pdfBuffer } from '../../lib/pdf.js';
import { drawQr } from '../../lib/qr.js';

interface MemoCollege {
  name: string;
  address: string;
  logo: Buffer | null;
  at: number;
}

// What is constant per college is read and decoded once; a changed logo shows within a minute.
const CACHE_MS = 60_000;
const colleges = new Map<number, MemoCollege>();

async function memoCollege(db: Database, collegeId: number): Promise<MemoCollege> {
  const hit = colleges.get(collegeId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit;
  const row = await repo.collegeForMemo(db, collegeId);
  const logo = row.logo_base64 ? Buffer.from(row.logo_base64, 'base64') : null;
  const entry = {
    name: row.name,
    address: row.address,
    logo: logo && logo[0] === 0x89 ? flattenPngOnWhite(logo) : null,
    at: Date.now(),
  };
  colleges.set(collegeId, entry);
  return entry;
}

export interface MemoInput {
  view: TExamResultView;
  examTitle: string;
  code: string;
  verifyUrl: string;
  issuedAt: Date;
}

const INK = '#1a2433';
const MUTED = '#5b6675';
const BRAND = '#0d47a1';
const PASS_BG = '#eaf6ec';
const FAIL_BG = '#fdecea';
const FAIL_INK = '#b3261e';

/** Draws the QR code as vector squares: sharp at any zoom and cheaper than a PNG round trip. */
/** One line in a table cell, placed by hand: pdfkit's line wrapper is the slowest part of a page. */
function cellText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, w: number, align: 'left' | 'center') {
  let s = text;
  if (doc.widthOfString(s) > w) {
    while (s.length > 1 && doc.widthOfString(`${s}...`) > w) s = s.slice(0, -1);
    s = `${s.trimEnd()}...`;
  }
  const dx = align === 'center' ? (w - doc.widthOfString(s)) / 2 : 0;
  doc.text(s, x + dx, y, { lineBreak: false });
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The marks memo: A4, college header, student, the grade table, credits and SGPA, and the verification block. */
export async function renderMemo(db: Database, collegeId: number, input: MemoInput): Promise<Buffer> {
  const college = await memoCollege(db, collegeId);
  const { view } = input;
  const doc = await newPdf({
    size: 'A4',
    margin: 40,
    font: null as unknown as string, // fonts come from useStandardFonts

    info: {
      Title: `Marks memo ${view.studentRollNo} ${input.examTitle}`,
      Author: college.name,
      Subject: `Verification code ${input.code}`,
    },
  });
  useStandardFonts(doc, ['Helvetica', 'Helvetica-Bold', 'Courier-Bold']);
  doc.font('Helvetica');
  const done = pdfBuffer(doc);

  const left = 40;
  const width = doc.page.width - 80;

  // Header: logo, college name and address, a coloured rule.
  if (college.logo) doc.image(college.logo, left, 36, { width: 62, height: 62 });
  doc
    .fillColor(BRAND)
    .font('Helvetica-Bold')
    .fontSize(17)
    .text(college.name, left + 74, 44, { width: width - 74 });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(college.address, left + 74, doc.y + 2, { width: width - 74 });
  doc.rect(left, 108, width, 2.5).fill(BRAND);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text('MEMORANDUM OF GRADES', left, 122, { width, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(input.examTitle, left, doc.y + 3, { width, align: 'center' });

  // Student block.
  const by = 170;
  doc.roundedRect(left, by, width, 46, 4).fill('#f3f6fb');
  const field = (label: string, value: string, x: number, w: number) => {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(label.toUpperCase(), x, by + 9, { width: w });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(value, x, by + 22, { width: w, lineBreak: false, ellipsis: true });
  };
  field('Student name', view.studentName || '-', left + 12, 220);
  field('Roll number', view.studentRollNo, left + 240, 120);
  field('Date of issue', input.issuedAt.toISOString().slice(0, 10), left + 370, 130);

  // Grade table.
  const cols = [
    { h: 'S.No', w: 34, a: 'center' },
    { h: 'Course Code', w: 72, a: 'left' },
    { h: 'Course', w: 172, a: 'left' },
    { h: 'Credits', w: 46, a: 'center' },
    { h: 'Grade', w: 44, a: 'center' },
    { h: 'Grade Points', w: 72, a: 'center' },
    { h: 'Result', w: width - 440, a: 'center' },
  ] as const;
  let y = 232;
  const rowH = 20;
  const row = (cells: string[], opts: { bg?: string; ink?: string; bold?: boolean; h?: number }) => {
    const h = opts.h ?? rowH;
    if (opts.bg) doc.rect(left, y, width, h).fill(opts.bg);
    let x = left;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    doc.fillColor(opts.ink ?? INK);
    cols.forEach((c, i) => {
      cellText(doc, cells[i], x + 4, y + (h - 9) / 2, c.w - 8, c.a);
      x += c.w;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor('#d5dbe3')
      .stroke();
    y += h;
  };
  row(
    cols.map((c) => c.h),
    { bg: BRAND, ink: '#ffffff', bold: true, h: 22 },
  );
  view.listofRecords.forEach((r, i) => {
    const pass = r.status === 'Pass';
    const note = r.examTitle !== input.examTitle ? ' *' : '';
    row([String(i + 1), r.courseCode, r.course + note, fmt(r.credits), r.grade, String(r.gradePoints), r.status], {
      bg: pass ? PASS_BG : FAIL_BG,
      ink: pass ? INK : FAIL_INK,
    });
  });
  const replaced = view.listofRecords.filter((r) => r.examTitle !== input.examTitle);
  if (replaced.length) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(7.5)
      .text(
        `* Grade from the supplementary examination: ${[...new Set(replaced.map((r) => r.examTitle))].join('; ')}`,
        left,
        y + 4,
        { width },
      );
    y = doc.y;
  }

  // Summary tiles.
  y += 14;
  const tiles: Array<[string, string]> = [
    ['Total credits', fmt(view.totalCredits)],
    ['Credits earned', fmt(view.earnedCredits)],
    ['Passed', String(view.passCount)],
    ['Failed / absent', String(view.failCount)],
    ['SGPA', view.sgpa.toFixed(2)],
  ];
  const tw = (width - 4 * 8) / 5;
  tiles.forEach(([label, value], i) => {
    const x = left + i * (tw + 8);
    const last = i === tiles.length - 1;
    doc.roundedRect(x, y, tw, 46, 4).fill(last ? BRAND : '#f3f6fb');
    doc
      .fillColor(last ? '#ffffff' : MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(label.toUpperCase(), x, y + 8, { width: tw, align: 'center' });
    doc
      .fillColor(last ? '#ffffff' : INK)
      .font('Helvetica-Bold')
      .fontSize(15)
      .text(value, x, y + 21, { width: tw, align: 'center' });
  });
  y += 58;
  const scale = GRADE_SCALE.map((s) => (s.grade === 'F' ? `F < 50% (0)` : `${s.grade} ≥ ${s.min}% (${s.points})`)).join('   ');
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(7.5)
    .text(
      `Grade scale: ${scale.replaceAll('≥', '>=')}   AB absent (0).   SGPA = Σ(credits × grade points) / Σ credits.`
        .replaceAll('Σ', 'sum')
        .replaceAll('×', 'x'),
      left,
      y,
      { width },
    );

  // Verification block at the foot of the page.
  const fy = doc.page.height - 40 - 118;
  doc.roundedRect(left, fy, width, 118, 6).lineWidth(1).strokeColor('#c7d0dc').stroke();
  drawQr(doc, input.verifyUrl, left + 8, fy + 8, 102);
  const tx = left + 124;
  const tw2 = width - 124 - 150;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Verify this memo', tx, fy + 14, { width: tw2 });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Scan the code, or open the address below, to see this result as the college issued it. A memo whose result differs from that page is not genuine.',
      tx,
      doc.y + 3,
      { width: tw2 },
    );
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text('Verification code', tx, doc.y + 6, { width: tw2 });
  doc
    .fillColor(INK)
    .font('Courier-Bold')
    .fontSize(11)
    .text(input.code, tx, doc.y + 1, { width: tw2 });
  doc
    .fillColor(BRAND)
    .font('Helvetica')
    .fontSize(7.5)
    .text(input.verifyUrl, tx, doc.y + 3, { width: tw2, link: input.verifyUrl });
  const sx = left + width - 140;
  doc
    .moveTo(sx, fy + 84)
    .lineTo(sx + 128, fy + 84)
    .lineWidth(0.7)
    .strokeColor(INK)
    .stroke();
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(8.5)
    .text('Controller of Examinations', sx, fy + 90, { width: 128, align: 'center' });

  doc.end();
  return done;
}
