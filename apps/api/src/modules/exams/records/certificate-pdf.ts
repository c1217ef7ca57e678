import {
  BRAND,
  drawFoot,
  drawHolder,
  drawLetterhead,
  drawTitle,
  INK,
  MARGIN,
  MUTED,
  RULE,
  recordDocument,
  type Letterhead,
  type Verification,
} from './records-pdf.js';

export interface CertificateInput {
  kind: 'provisional' | 'degree';
  college: Letterhead;
  name: string;
  rollNo: string;
  fatherName: string;
  /** 'son' | 'daughter' | 'son/daughter' */
  relation: string;
  course: string;
  branch: string;
  regulation: string;
  monthYear: string;
  awardedClass: string;
  cgpa: number;
  creditsEarned: number;
  photo: Buffer | null;
  verification: Verification;
}

/** A paragraph of plain and bold runs ([text, bold]), left-aligned (pdfkit cannot justify mixed runs). */
function paragraph(doc: PDFKit.PDFDocument, runs: Array<[string, boolean]>, x: number, y: number, width: number, size: number) {
  doc.fillColor(INK).fontSize(size);
  runs.forEach(([text, bold], i) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const opts = { width, lineGap: 5, continued: i < runs.length - 1 };
    if (i === 0) doc.text(text, x, y, opts);
    else doc.text(text, opts);
  });
  return doc.y;
}

/** One centred line of the degree certificate; returns the y below it. */
function centred(
  doc: PDFKit.PDFDocument,
  text: string,
  y: number,
  o: { size: number; bold?: boolean; color?: string; gap?: number },
) {
  doc
    .fillColor(o.color ?? INK)
    .font(o.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(o.size)
    .text(text, MARGIN, y, { width: doc.page.width - 2 * MARGIN, align: 'center' });
  return doc.y + (o.gap ?? 4);
}

/** The provisional certificate: A4 portrait, the holder's facts and photo, the certificate in words. */
function drawProvisional(doc: PDFKit.PDFDocument, c: CertificateInput) {
  const W = doc.page.width;
  let y = drawLetterhead(doc, c.college);
  y = drawTitle(doc, 'Provisional Certificate', `${c.course} · ${c.branch}`, y + 4);
  y = drawHolder(
    doc,
    [
      ['Name of the student', c.name],
      ['Roll number', c.rollNo],
      ["Father's name", c.fatherName],
      ['Regulation', c.regulation],
    ],
    c.photo,
    y,
  );
  const width = W - 2 * MARGIN - 16;
  y = paragraph(
    doc,
    [
      ['This is to certify that ', false],
      [c.name, true],
      [`, ${c.relation} of ${c.fatherName}, bearing Roll Number `, false],
      [c.rollNo, true],
      [', has passed the ', false],
      [`${c.course} degree examination in ${c.branch}`, true],
      [' held in ', false],
      [c.monthYear, true],
      [' and is placed in ', false],
      [c.awardedClass, true],
      [' with a Cumulative Grade Point Average (CGPA) of ', false],
      [c.cgpa.toFixed(2), true],
      [
        ` on a 10-point scale. The candidate has earned ${c.creditsEarned} credits and has satisfied every requirement of the regulation for the award of the degree.`,
        false,
      ],
    ],
    MARGIN + 8,
    y + 14,
    width,
    11.5,
  );
  doc
    .fillColor(MUTED)
    .font('Helvetica-Oblique')
    .fontSize(9.5)
    .text(
      'This certificate is issued provisionally, pending the conferment of the degree at the convocation, and stands until the degree certificate is issued.',
      MARGIN + 8,
      y + 16,
      { width },
    );
}

/** The degree certificate: A4 landscape, the conferment in centred lines of large type. */
function drawDegree(doc: PDFKit.PDFDocument, c: CertificateInput) {
  const W = doc.page.width;
  let y = drawLetterhead(doc, c.college);
  y = centred(doc, 'DEGREE CERTIFICATE', y + 2, { size: 20, bold: true, color: BRAND, gap: 2 });
  doc
    .moveTo(W / 2 - 70, y + 2)
    .lineTo(W / 2 + 70, y + 2)
    .lineWidth(0.8)
    .strokeColor(BRAND)
    .stroke();
  y += 12;
  if (c.photo) {
    try {
      doc.image(c.photo, W - MARGIN - 70, y - 6, { fit: [62, 76], align: 'center', valign: 'center' });
      doc
        .rect(W - MARGIN - 70, y - 6, 62, 76)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke();
    } catch {
      // an unreadable photo leaves the certificate without one
    }
  }
  y = centred(doc, 'This is to certify that', y, { size: 11.5, color: MUTED });
  y = centred(doc, c.name, y + 2, { size: 22, bold: true, color: BRAND, gap: 2 });
  y = centred(doc, `${c.relation} of ${c.fatherName}, Roll Number ${c.rollNo},`, y, { size: 11 });
  y = centred(doc, 'having passed the examinations held in ' + c.monthYear + ' has been admitted to the degree of', y + 4, {
    size: 11.5,
  });
  y = centred(doc, `${c.course} in ${c.branch}`, y + 2, { size: 18, bold: true, gap: 2 });
  y = centred(doc, 'and placed in', y + 2, { size: 11.5, color: MUTED });
  y = centred(doc, c.awardedClass, y + 2, { size: 15, bold: true, color: BRAND, gap: 2 });
  y = centred(doc, `with a Cumulative Grade Point Average (CGPA) of ${c.cgpa.toFixed(2)} on a 10-point scale.`, y + 2, {
    size: 11.5,
  });
  centred(doc, `Regulation ${c.regulation} · Credits earned ${c.creditsEarned}`, y + 6, { size: 8.5, color: MUTED });
}

/** The provisional or the degree certificate, each carrying the class and the CGPA and the verification QR. */
export async function certificatePdf(c: CertificateInput): Promise<Buffer> {
  const title = c.kind === 'degree' ? 'Degree Certificate' : 'Provisional Certificate';
  const { doc, done } = await recordDocument({
    title: `${title} ${c.rollNo}`,
    author: c.college.name,
    subject: `Verification code ${c.verification.code}`,
    layout: c.kind === 'degree' ? 'landscape' : 'portrait',
  });
  if (c.kind === 'degree') drawDegree(doc, c);
  else drawProvisional(doc, c);
  drawFoot(doc, c.verification, ['Controller of Examinations', 'Principal']);
  doc.end();
  return done;
}
