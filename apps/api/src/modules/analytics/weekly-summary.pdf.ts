import { drawVerification, issueDocument } from '../../lib/documents.js';
import { newPdf } from '../../lib/libraries.js';
import { pdfBuffer, rupeeText } from '../../lib/pdf.js';
import type { Database } from '../../db/index.js';
import type { WeeklyFigures } from './weekly-summary.figures.js';

const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
const num = (n: number) => n.toLocaleString('en-IN');
const pct = (p: number | null) => (p === null ? '—' : `${p.toFixed(2)}%`);
const orDash = (n: number | null) => (n === null ? '—' : num(n));

/** The figures as printed, section by section: also the verification record's fields. */
export function summaryLines(f: WeeklyFigures): Array<{ section: string; rows: Array<[string, string]> }> {
  return [
    {
      section: 'At a glance',
      rows: [
        ['Students on the rolls', num(f.overview.studentsOnRolls)],
        ['Faculty in service', num(f.overview.facultyInService)],
        ['Collected this financial year', rupeeText(f.overview.collectedThisYearPaise)],
        ['Same stretch last year', rupeeText(f.overview.collectedLastYearToDatePaise)],
        ['Students owe now', rupeeText(f.overview.studentDuesPaise)],
      ],
    },
    {
      section: `Money, ${dmy(f.from)} to ${dmy(f.to)}`,
      rows: [
        ['Demand falling due', rupeeText(f.money.demandPaise)],
        ['Collected', rupeeText(f.money.collectedPaise)],
        ['Collected, same week last year', rupeeText(f.money.lastYearCollectedPaise)],
      ],
    },
    {
      section: `Admissions ${f.admissions.year}`,
      rows: [
        ['Applications', num(f.admissions.applications)],
        ['Admitted', num(f.admissions.admitted)],
        ['Sanctioned intake', orDash(f.admissions.intake)],
        ['Seats still open', orDash(f.admissions.open)],
      ],
    },
    {
      section: `Attendance, ${dmy(f.from)} to ${dmy(f.to)}`,
      rows: [
        ['Attended of classes held (student-classes)', `${num(f.attendance.attended)} of ${num(f.attendance.held)}`],
        ['Attendance', pct(f.attendance.percent)],
        ['Students below the threshold (now)', num(f.attendance.belowThreshold)],
        ['Classes whose sheet was never submitted', num(f.attendance.unsubmittedClasses)],
      ],
    },
    {
      section: `Results ${f.results.year}`,
      rows: [
        ['Passed every course of regular examinations', `${num(f.results.passed)} of ${num(f.results.appeared)}`],
        ['Pass %', pct(f.results.passPercent)],
        ['Students with backlogs', num(f.results.backlogStudents)],
      ],
    },
  ];
}

/** The week's figures on one A4 page with the verification QR every issued document carries. */
export async function weeklySummaryPdf(db: Database, f: WeeklyFigures, baseUrl: string): Promise<Buffer> {
  const sections = summaryLines(f);
  const issued = await issueDocument(
    db,
    {
      collegeId: f.college.id,
      kind: 'weekly-summary',
      title: `Weekly summary ${f.week}`,
      holder: f.college.name,
      fields: [{ label: 'Week', value: `${dmy(f.from)} to ${dmy(f.to)}` }, ...sections.flatMap((s) => s.rows.map(([label, value]) => ({ label, value })))],
    },
    baseUrl,
  );
  const doc = await newPdf({ size: 'A4', margin: 40, info: { Title: `Weekly summary ${f.week}` } });
  const done = pdfBuffer(doc);
  doc.font('Helvetica-Bold').fontSize(15).text(f.college.name, { align: 'center' });
  doc.moveDown(0.3).fontSize(13).text('WEEKLY SUMMARY', { align: 'center' });
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .text(`Week ${f.week}: ${dmy(f.from)} to ${dmy(f.to)}`, { align: 'center' });
  const left = 50;
  const valueX = 360;
  let y = doc.y + 16;
  for (const s of sections) {
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#0b4f8a').text(s.section, left, y);
    y = doc.y + 4;
    doc.moveTo(left, y).lineTo(545, y).strokeColor('#bbbbbb').lineWidth(0.5).stroke();
    y += 5;
    for (const [label, value] of s.rows) {
      doc.font('Helvetica').fontSize(10).fillColor('#000000').text(label, left, y, { width: valueX - left - 10 });
      doc.font('Helvetica-Bold').text(value, valueX, y, { width: 185, align: 'right' });
      y = Math.max(doc.y, y + 14) + 2;
    }
    y += 10;
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#444444')
    .text('Each figure is the owning office’s own, as the Analytics page shows it.', left, y, { width: 495 });
  drawVerification(doc, issued, left, Math.min(doc.y + 16, 841 - 40 - 100));
  doc.end();
  return done;
}
