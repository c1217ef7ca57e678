import { GRADE_SCALE } from '@erp/shared';
import {
  drawFoot,
  drawHolder,
  drawLetterhead,
  drawTable,
  drawTiles,
  drawTitle,
  FAIL_INK,
  INK,
  MARGIN,
  MUTED,
  recordDocument,
  type Letterhead,
  type Verification,
} from './records-pdf.js';

export interface GradeCardInput {
  college: Letterhead;
  examName: string;
  monthYear: string;
  supplementary: boolean;
  holder: {
    rollNo: string;
    name: string;
    fatherName: string;
    programme: string;
    semester: string;
    batch: string;
    regulation: string;
  };
  photo: Buffer | null;
  courses: Array<{ code: string; name: string; credits: number; grade: string; gradePoints: number; status: string }>;
  creditsRegistered: number;
  creditsEarned: number;
  /** null for a supplementary exam, which examines part of a semester */
  sgpa: number | null;
  cgpa: number;
  result: string;
  verification: Verification;
}

/** A course's result as printed. */
const RESULT_WORD: Record<string, string> = {
  Pass: 'Passed',
  Fail: 'Failed',
  Absent: 'Absent',
  Withheld: 'Withheld',
  Malpractice: 'Malpractice',
};

export const credits = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The legend under a table of grades: the scale and how the averages are worked. */
export function gradeLegend(extra: string) {
  const scale = GRADE_SCALE.map((s) =>
    s.grade === 'F' ? `F below ${GRADE_SCALE.at(-2)!.min}% (0)` : `${s.grade} ${s.min}%+ (${s.points})`,
  ).join(', ');
  return `Grades (grade points): ${scale}; AB absent (0). ${extra}`;
}

/** A student's grade card for one exam: one A4 page. Grace marks are never printed: grades, credits and averages only. */
export async function gradeCardPdf(g: GradeCardInput): Promise<Buffer> {
  const { doc, done } = await recordDocument({
    title: `Grade card ${g.holder.rollNo} ${g.examName}`,
    author: g.college.name,
    subject: `Verification code ${g.verification.code}`,
  });
  let y = drawLetterhead(doc, g.college);
  y = drawTitle(doc, 'Grade Card', `${g.examName} · ${g.monthYear}`, y);
  y = drawHolder(
    doc,
    [
      ['Name of the student', g.holder.name],
      ['Roll number', g.holder.rollNo],
      ["Father's name", g.holder.fatherName],
      ['Programme', g.holder.programme],
      ['Semester', g.holder.semester],
      ['Examination', g.supplementary ? `Supplementary, ${g.monthYear}` : `Regular, ${g.monthYear}`],
      ['Batch', g.holder.batch],
      ['Regulation', g.holder.regulation],
    ],
    g.photo,
    y,
  );
  const W = doc.page.width - 2 * MARGIN;
  y = drawTable(
    doc,
    { x: MARGIN, y, size: 8.5, rowH: 18 },
    [
      { header: 'S.No', width: 32, align: 'center' },
      { header: 'Course code', width: 74 },
      { header: 'Course title', width: W - 32 - 74 - 48 - 44 - 74 - 64 },
      { header: 'Credits', width: 48, align: 'center' },
      { header: 'Grade', width: 44, align: 'center' },
      { header: 'Grade points', width: 74, align: 'center' },
      { header: 'Result', width: 64, align: 'center' },
    ],
    g.courses.map((c, i) => [
      String(i + 1),
      c.code,
      c.name,
      credits(c.credits),
      c.grade,
      String(c.gradePoints),
      RESULT_WORD[c.status] ?? c.status,
    ]),
    (i) => (g.courses[i].status === 'Pass' ? INK : FAIL_INK),
  );
  y += 14;
  y = drawTiles(
    doc,
    [
      ['Credits registered', credits(g.creditsRegistered)],
      ['Credits earned', credits(g.creditsEarned)],
      ['SGPA', g.sgpa === null ? '—' : g.sgpa.toFixed(2)],
      ['CGPA to date', g.cgpa.toFixed(2)],
      ['Result', g.result],
    ],
    y,
  );
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(7.5)
    .text(
      gradeLegend(
        `SGPA = sum of (credits x grade points) / sum of credits over the courses of this examination${g.sgpa === null ? ' (not worked for a supplementary examination)' : ''}; CGPA over every course passed to the date of issue.`,
      ),
      MARGIN,
      y,
      { width: W },
    );
  drawFoot(doc, g.verification);
  doc.end();
  return done;
}
