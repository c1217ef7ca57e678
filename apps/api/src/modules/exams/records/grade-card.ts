import { RESULT_MSG, sgpa } from '@erp/shared';
import type { Database } from '../../../db/index.js';
import { conflict, notFound } from '../../../lib/errors.js';
import type { FileStorage } from '../../../lib/storage/index.js';
import type { RequestUser } from '../../../plugins/types.js';
import { publishedTitle, studentStanding, type PublishedRecord } from '../../results/index.js';
import * as examsRepo from '../exams.repo.js';
import { monthYear, semesterOfCode } from './academic-record.js';
import { recordHolder } from './access.js';
import { gradeCardPdf } from './grade-card-pdf.js';
import { issueRecord, photoOf, programmeOf } from './holder.js';
import * as repo from './records.repo.js';

/** An exam the exam cell published, with its title's results; 409 until it is published. */
export async function publishedExam(db: Database, collegeId: number, examId: number, only?: readonly string[]) {
  const exam = await examsRepo.examById(db, collegeId, examId);
  if (!exam) throw notFound('Exam not found');
  const title =
    exam.exam_title_id !== null && exam.published_at ? await publishedTitle(db, collegeId, exam.exam_title_id, only) : null;
  if (!title) throw conflict(RESULT_MSG.notPublished);
  return { exam, title };
}

/** 'PASSED', 'WITHHELD' while a result is withheld, or how many courses are not cleared. */
export const resultOf = (rows: Array<Pick<PublishedRecord, 'status'>>) => {
  if (rows.some((r) => r.status === 'Withheld')) return 'WITHHELD';
  const open = rows.filter((r) => r.status !== 'Pass').length;
  return open === 0 ? 'PASSED' : `${open} NOT CLEARED`;
};

/**
 * The semester grade card of one published exam: this exam's own grades for the student (a later
 * supplementary pass gets its own card), SGPA over them for a regular exam, CGPA to the date of issue.
 */
export async function gradeCardFile(
  db: Database,
  storage: FileStorage,
  user: RequestUser,
  examId: number,
  rollNo: string,
  baseUrl: string,
) {
  const collegeId = user.collegeId;
  const student = await recordHolder(db, user, rollNo, { what: 'grade card', student: true, parent: true });
  const { exam, title } = await publishedExam(db, collegeId, examId, [student.roll_no]);
  const rows = title.records;
  if (rows.length === 0) throw notFound(`${student.roll_no} has no result in ${exam.name}`);

  const [college, standing, subjects, regulation] = await Promise.all([
    repo.letterhead(db, collegeId),
    studentStanding(db, collegeId, student.roll_no),
    repo.subjectsWithSemesters(db, collegeId, [exam.regulation_id]),
    repo.regulation(db, collegeId, exam.regulation_id),
  ]);
  const where = semesterOfCode(subjects, exam.regulation_id);
  const semesters = [...new Set(rows.map((r) => where.get(r.courseCode)?.semester).filter((s): s is string => !!s))];
  const supplementary = title.examType === 'supply' || exam.kind === 'supplementary';
  const creditsRegistered = rows.reduce((s, r) => s + r.credits, 0);
  const creditsEarned = rows.filter((r) => r.status === 'Pass').reduce((s, r) => s + r.credits, 0);
  const sgpaValue = supplementary ? null : sgpa(rows.map((r) => ({ credits: r.credits, gradePoints: r.gradePoints })));
  const result = resultOf(rows);
  const when = monthYear(exam.ends_on);

  const verification = await issueRecord(db, collegeId, baseUrl, {
    kind: 'grade-card',
    title: `Grade card: ${exam.name}`,
    student,
    fields: [
      ['Roll number', student.roll_no],
      ['Examination', `${exam.name} (${when})`],
      ['Credits earned', `${creditsEarned} of ${creditsRegistered}`],
      ...(sgpaValue === null ? [] : ([['SGPA', sgpaValue.toFixed(2)]] as Array<[string, string]>)),
      ['CGPA to date', standing.cgpa.toFixed(2)],
      ['Result', result],
    ],
  });
  const pdf = await gradeCardPdf({
    college,
    examName: exam.name,
    monthYear: when,
    supplementary,
    holder: {
      rollNo: student.roll_no,
      name: student.full_name,
      fatherName: student.father_name,
      programme: programmeOf(student),
      semester: semesters.join(', ') || student.semester,
      batch: student.batch,
      regulation: regulation?.code ?? '',
    },
    photo: await photoOf(storage, student),
    courses: rows.map((r) => ({
      code: r.courseCode,
      name: r.course,
      credits: r.credits,
      grade: r.grade,
      gradePoints: r.gradePoints,
      status: r.status,
    })),
    creditsRegistered,
    creditsEarned,
    sgpa: sgpaValue,
    cgpa: standing.cgpa,
    result,
    verification,
  });
  return { pdf, name: `grade-card-${student.roll_no}-${exam.id}` };
}
