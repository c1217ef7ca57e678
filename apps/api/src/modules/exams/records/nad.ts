import { neutraliseCellText, sgpa } from '@erp/shared';
import type { Database } from '../../../db/index.js';
import { academicYearOf } from '../../masters/index.js';
import { studentStandings, type PublishedRecord } from '../../results/index.js';
import { semesterOfCode } from './academic-record.js';
import { publishedExam } from './grade-card.js';
import { admissionForm } from './holder.js';
import * as repo from './records.repo.js';

/**
 * The marksheet data of a published exam in the NAD (National Academic Depository, DigiLocker)
 * upload layout: the "University Marksheet" student data template (v2.x) that colleges fill for
 * NAD, one row per student, its student and result columns, then one group of columns per subject
 * (SUB1NM, SUB1, SUB1_TH_MRKS, ...) for as many subjects as the widest student wrote. Columns the
 * college has no data for (regional-language names, ORG_CODE, the photo file) are left out;
 * PHOTO stays, empty, because NAD takes the photographs as a separate upload.
 */
export const NAD_COLUMNS = [
  'ORG_NAME',
  'ACADEMIC_COURSE_ID',
  'COURSE_NAME',
  'STREAM',
  'SESSION',
  'REGN_NO',
  'RROLL',
  'CNAME',
  'GENDER',
  'DOB',
  'FNAME',
  'MNAME',
  'PHOTO',
  'MRKS_REC_STATUS',
  'RESULT',
  'YEAR',
  'MONTH',
  'PERCENT',
  'DOI',
  'CERT_NO',
  'SEM',
  'EXAM_TYPE',
  'TOT',
  'TOT_MRKS',
  'TOT_CREDIT',
  'TOT_CREDIT_POINTS',
  'CGPA',
  'SGPA',
  'ABC_ACCOUNT_ID',
  'TERM_TYPE',
] as const;

export const nadSubjectColumns = (n: number) => [
  `SUB${n}NM`,
  `SUB${n}`,
  `SUB${n}_TH_MRKS`,
  `SUB${n}_PR_MRKS`,
  `SUB${n}_CE_MRKS`,
  `SUB${n}_GRACE`,
  `SUB${n}_TOT`,
  `SUB${n}_GRADE`,
  `SUB${n}_GRADE_POINTS`,
  `SUB${n}_CREDIT`,
  `SUB${n}_CREDIT_POINTS`,
  `SUB${n}_REMARKS`,
  `SUB${n}_CREDIT_ELIGIBILITY`,
];

const MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];
const dmy = (iso: string | null | undefined) =>
  iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10).split('-').reverse().join('/') : '';
const num = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));
const genderCode = (g: string) => (/^f/i.test(g) ? 'F' : /^m/i.test(g) ? 'M' : /^t/i.test(g) ? 'T' : '');
const programmeId = (course: string, branch: string) =>
  [course, branch]
    .map((s) => s.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .filter(Boolean)
    .join('-');

/** One CSV field (RFC 4180): text a spreadsheet would take for a formula is neutralised first. */
export function csvField(value: string): string {
  const safe = neutraliseCellText(value);
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: string[]) => cells.map(csvField).join(',');

export async function nadFile(db: Database, collegeId: number, examId: number): Promise<{ csv: Buffer; name: string }> {
  const { exam, title } = await publishedExam(db, collegeId, examId);
  const byStudent = new Map<string, PublishedRecord[]>();
  for (const r of title.records) {
    let list = byStudent.get(r.rollNo);
    if (!list) byStudent.set(r.rollNo, (list = []));
    list.push(r);
  }
  const rolls = [...byStudent.keys()].sort();
  const [college, students, outcomes, subjects, rules, standings, branches] = await Promise.all([
    repo.letterhead(db, collegeId),
    repo.studentsByRolls(db, collegeId, rolls),
    repo.outcomesOfExam(db, collegeId, exam.id),
    repo.subjectsWithSemesters(db, collegeId, [exam.regulation_id]),
    repo.examRules(db, collegeId, exam.regulation_id),
    studentStandings(db, collegeId, rolls),
    repo.branchNames(db, collegeId),
  ]);
  const studentOf = new Map(students.map((s) => [s.roll_no, s]));
  const outcomeOf = new Map(outcomes.map((o) => [`${o.roll_no}|${o.code}`, o]));
  const where = semesterOfCode(subjects, exam.regulation_id);
  const streamOf = new Map(branches.map((b) => [b.short_name, b.name]));
  const paperMax = rules ? Number(rules.cie_max) + Number(rules.see_max) : null;
  const supplementary = title.examType === 'supply' || exam.kind === 'supplementary';
  const year = academicYearOf(exam.starts_on);
  const widest = Math.max(0, ...[...byStudent.values()].map((l) => l.length));

  const header = [...NAD_COLUMNS, ...Array.from({ length: widest }, (_, i) => nadSubjectColumns(i + 1)).flat()];
  const lines = [csvLine(header)];
  for (const roll of rolls) {
    const courses = byStudent.get(roll)!;
    const s = studentOf.get(roll);
    const form = s ? admissionForm(s) : {};
    const marks = courses.map((c) => outcomeOf.get(`${roll}|${c.courseCode}`));
    const allMarked = paperMax !== null && marks.every((m) => m !== undefined);
    const totalMarks = marks.reduce((t, m) => t + Number(m?.total_marks ?? 0), 0);
    const maxMarks = paperMax === null ? 0 : paperMax * courses.length;
    const semesters = [
      ...new Set(courses.map((c) => Number(where.get(c.courseCode)?.semester_no ?? 0)).filter((n) => n > 0)),
    ].sort((a, b) => a - b);
    const earned = courses.filter((c) => c.status === 'Pass');
    const cells: string[] = [
      college.name,
      programmeId(s?.course ?? '', s?.branch ?? ''),
      s?.course ?? '',
      (s && streamOf.get(s.branch)) ?? s?.branch ?? '',
      `${year}-${String(year + 1).slice(2)}`,
      s?.admission_no || roll,
      roll,
      s?.full_name ?? courses[0].studentName,
      genderCode(s?.gender ?? ''),
      dmy(form.dateOfBirth),
      s?.father_name ?? '',
      form.mothersName ?? '',
      '',
      'O',
      earned.length === courses.length ? 'PASS' : 'FAIL',
      exam.ends_on.slice(0, 4),
      MONTHS[Number(exam.ends_on.slice(5, 7)) - 1] ?? '',
      allMarked && maxMarks > 0 ? (Math.round((totalMarks / maxMarks) * 10_000) / 100).toFixed(2) : '',
      dmy(exam.published_at),
      '',
      semesters.join('/'),
      supplementary ? 'SUPPLEMENTARY' : 'REGULAR',
      allMarked ? String(maxMarks) : '',
      allMarked ? String(totalMarks) : '',
      num(earned.reduce((t, c) => t + c.credits, 0)),
      num(courses.reduce((t, c) => t + c.credits * c.gradePoints, 0)),
      (standings.get(roll)?.cgpa ?? 0).toFixed(2),
      supplementary ? '' : sgpa(courses.map((c) => ({ credits: c.credits, gradePoints: c.gradePoints }))).toFixed(2),
      s?.abc_id ?? '',
      'SEMESTER',
    ];
    courses.forEach((c, i) => {
      const m = marks[i];
      const lab = m?.kind === 'lab';
      const external = m ? (m.external_marks === null ? 'AB' : String(m.external_marks)) : '';
      cells.push(
        c.course,
        c.courseCode,
        lab ? '' : external,
        lab ? external : '',
        m?.internal_marks === null || m === undefined ? '' : String(m.internal_marks),
        m && Number(m.grace_marks) > 0 ? String(m.grace_marks) : '',
        m ? String(m.total_marks) : '',
        c.grade,
        String(c.gradePoints),
        num(c.credits),
        num(c.credits * c.gradePoints),
        c.status === 'Pass' ? '' : c.status.toUpperCase(),
        c.status === 'Pass' ? 'Y' : 'N',
      );
    });
    for (let i = courses.length; i < widest; i++) cells.push(...nadSubjectColumns(i + 1).map(() => ''));
    lines.push(csvLine(cells));
  }
  const slug = exam.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || String(exam.id);
  return { csv: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), name: `nad-${slug}.csv` };
}
