import { ADMISSION_FIELD_DEFS, FEE_PARTS, FEE_YEARS, maskAadhaar } from '@erp/shared';
import { newPdf } from '../../lib/libraries.js';
import { hasRupeeFont, pdfBuffer } from '../../lib/pdf.js';

export interface PdfCollege {
  name: string;
  address: string;
  logo_base64: string;
}

const HIDDEN = new Set([
  'imageName',
  'imageType',
  'imagePath',
  'name',
  'adminNo',
  'dateOfAdmission',
  'agentAmount',
  'feeCommitment',
  'studentPaidamount',
]);
const FEE_FIELD = /Year(Donation|TutionFee|MiscFee)$/;

function rupees(v: string | undefined) {
  return v ? `${hasRupeeFont() ? '₹' : 'Rs. '}${Number(v).toLocaleString('en-IN')}` : '-';
}

/**
 * The admission PDF: college logo and name, the student's details and photo, and the fee
 * commitment (with the year-wise fee package when the college uses one).
 */
export async function admissionPdf(college: PdfCollege, data: Record<string, string>, photo: Buffer | null): Promise<Buffer> {
  const doc = await newPdf({
    size: 'A4',
    margin: 40,
    info: { Title: `Admission ${data.adminNo ?? ''}`, Author: college.name },
  });
  const done = pdfBuffer(doc);

  const left = 40;
  const width = doc.page.width - 80;
  if (college.logo_base64) {
    try {
      doc.image(Buffer.from(college.logo_base64, 'base64'), left, 36, { fit: [56, 56] });
    } catch {
      /* a broken logo must not stop the admission PDF */
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(college.name, left + 66, 42, { width: width - 66 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444')
    .text(college.address, left + 66, doc.y + 2, { width: width - 66 });
  doc
    .moveTo(left, 104)
    .lineTo(left + width, 104)
    .strokeColor('#0d47a1')
    .lineWidth(1.5)
    .stroke();
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(13).text('ADMISSION FORM', left, 114, { width, align: 'center' });

  // Photo box at the top right, beside the key facts.
  const photoX = left + width - 100;
  doc.rect(photoX, 140, 100, 120).strokeColor('#999').lineWidth(0.8).stroke();
  if (photo) {
    try {
      doc.image(photo, photoX + 2, 142, { fit: [96, 116], align: 'center', valign: 'center' });
    } catch {
      doc.fontSize(8).text('Photo unreadable', photoX + 10, 195);
    }
  } else {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#777')
      .text('Photo', photoX, 195, { width: 100, align: 'center' })
      .fillColor('#000');
  }
  const facts: Array<[string, string]> = [
    ['Admission No', data.adminNo],
    ['Student Name', data.name],
    ['Date of Admission', data.dateOfAdmission],
    ['Course / Branch', [data.courseAppliedFor, data.branch].filter(Boolean).join(' / ')],
    ['Batch', data.batch],
  ];
  let y = 146;
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}:`, left, y, { width: 120 });
    doc.font('Helvetica').text(value || '-', left + 125, y, { width: photoX - left - 135 });
    y += 22;
  }

  // Every other filled field, two columns.
  y = 276;
  doc.font('Helvetica-Bold').fontSize(11).text('Student Details', left, y);
  y += 18;
  const rows = ADMISSION_FIELD_DEFS.filter((f) => !HIDDEN.has(f.name) && !FEE_FIELD.test(f.name) && data[f.name]);
  const colW = width / 2;
  rows.forEach((f, i) => {
    const x = left + (i % 2) * colW;
    if (i % 2 === 0 && i > 0) y += 16;
    if (y > doc.page.height - 120) {
      doc.addPage();
      y = 50;
    }
    doc.font('Helvetica-Bold').fontSize(8.5).text(`${f.label}:`, x, y, { width: 110, lineBreak: false });
    // Printed documents show an Aadhaar number masked but for its last four digits.
    const value = f.name === 'aadharNo' ? maskAadhaar(data[f.name]) : String(data[f.name]);
    doc.font('Helvetica').text(value.slice(0, 80), x + 112, y, { width: colW - 118, height: 14, ellipsis: true });
  });
  y += 28;

  if (y > doc.page.height - 200) {
    doc.addPage();
    y = 50;
  }
  doc.font('Helvetica-Bold').fontSize(11).text('Fee Commitment', left, y);
  y += 18;
  const fees: Array<[string, string]> = [
    ['Fee Commitment', rupees(data.feeCommitment)],
    ['Student Paid Amount', rupees(data.studentPaidamount)],
    ['Agent', data.agent || '-'],
    ['Agent Amount', rupees(data.agentAmount)],
  ];
  for (const [label, value] of fees) {
    doc.font('Helvetica-Bold').fontSize(9.5).text(`${label}:`, left, y, { width: 150 });
    doc.font('Helvetica').text(value, left + 155, y);
    y += 16;
  }
  if (FEE_YEARS.some((yr) => FEE_PARTS.some((p) => data[`${yr.key}Year${p}`]))) {
    y += 6;
    const cols = ['Year', ...FEE_PARTS.map((p) => (p === 'TutionFee' ? 'Tution Fee' : p === 'MiscFee' ? 'Misc Fee' : p))];
    const cw = width / cols.length;
    cols.forEach((c, i) =>
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(c, left + i * cw, y, { width: cw }),
    );
    y += 14;
    for (const yr of FEE_YEARS) {
      doc.font('Helvetica').text(yr.label, left, y, { width: cw });
      FEE_PARTS.forEach((p, i) => doc.text(rupees(data[`${yr.key}Year${p}`]), left + (i + 1) * cw, y, { width: cw }));
      y += 14;
    }
  }

  const sigY = Math.max(y + 50, doc.page.height - 110);
  if (sigY < doc.page.height - 50) {
    doc.font('Helvetica').fontSize(9);
    doc.text('Signature of the Student', left, sigY);
    doc.text('Signature of the Parent', left + width / 2 - 60, sigY);
    doc.text('Principal', left + width - 60, sigY);
  }
  doc.end();
  return done;
}
