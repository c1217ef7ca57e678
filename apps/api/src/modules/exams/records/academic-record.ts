import { sgpa } from '@erp/shared';
import type { Database } from '../../../db/index.js';
import { sectionInfo, sectionOfStudent } from '../../masters/index.js';
import { openFailedCourses, publishedRecordsOf, studentStanding, type PublishedRecord } from '../../results/index.js';
import { classOf, type AwardedClass } from './classes.js';
import * as repo from './records.repo.js';

/**
 * A student's academic record from the published results: every course once, under the semester
 * the regulation lists it in, at the result that stands for it. The convention: a course passed
 * at a supplementary exam shows that (final, passing) grade, marked with the supplementary exam's
 * name and month; the failed attempt before it is not printed. SGPA per semester is worked over
 * those final grades (a course still open counts its credits at 0 points, as the public lookup
 * does); CGPA and the open courses are the results module's own figures.
 */

export interface Attempt {
  titleId: number;
  title: string;
  supplementary: boolean;
  /** e.g. 'Nov 2025': the month the exam ended (the title's date when no exam of the cell made it) */
  monthYear: string;
}

export interface CourseLine {
  courseCode: string;
  course: string;
  credits: number;
  grade: string;
  gradePoints: number;
  passed: boolean;
  /** passed at the first exam that examined it */
  firstAttempt: boolean;
  /** the exam whose result stands for the course */
  standing: Attempt;
}

export interface SemesterBlock {
  /** e.g. 'Semester III-I', or the exam title for results from outside the regulation's list */
  label: string;
  courses: CourseLine[];
  sgpa: number;
  creditsRegistered: number;
  creditsEarned: number;
}

export interface ExamOfTitle {
  id: number;
  name: string;
  kind: string;
  regulation_id: number;
  ends_on: string;
  published_at: string | null;
  exam_title_id: number | null;
}

export interface AcademicRecord {
  semesters: SemesterBlock[];
  cgpa: number;
  creditsRegistered: number;
  creditsEarned: number;
  open: Array<{ course_code: string; course: string }>;
  allFirstAttempt: boolean;
  regulationId: number | null;
  /** null when the regulation sets no class lines */
  lines: Awaited<ReturnType<typeof repo.examRules>> | null;
  /** null while a course is open or without class lines */
  awardedClass: AwardedClass | null;
  /** the last exam a course was passed in */
  lastPassed: Attempt | null;
  /** codes of the courses with a pass */
  passedCodes: Set<string>;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthYear = (isoDate: string) => `${MONTHS[Number(isoDate.slice(5, 7)) - 1] ?? ''} ${isoDate.slice(0, 4)}`.trim();

/** Exam titles' exams, by title id. */
export async function examsByTitle(db: Database, collegeId: number, titleIds: number[]): Promise<Map<number, ExamOfTitle>> {
  const exams = await repo.examsOfTitles(db, collegeId, titleIds);
  return new Map(exams.map((e) => [Number(e.exam_title_id), e]));
}

const attemptOf = (r: PublishedRecord, exams: Map<number, ExamOfTitle>): Attempt => ({
  titleId: r.titleId,
  title: r.title,
  supplementary: r.examType === 'supply',
  monthYear: monthYear(exams.get(r.titleId)?.ends_on ?? r.titleCreatedAt),
});

/** One course from its published results in title order: the best pass, else the last result not replaced. */
export function courseLine(rows: PublishedRecord[], exams: Map<number, ExamOfTitle>): CourseLine {
  const passes = rows.filter((r) => r.status === 'Pass');
  const best = passes.reduce<PublishedRecord | undefined>((b, r) => (!b || r.gradePoints > b.gradePoints ? r : b), undefined);
  const stands = best ?? [...rows].reverse().find((r) => !r.superseded) ?? rows[rows.length - 1];
  return {
    courseCode: stands.courseCode,
    course: stands.course,
    credits: stands.credits,
    grade: stands.grade,
    gradePoints: stands.gradePoints,
    passed: best !== undefined,
    firstAttempt: rows[0].status === 'Pass',
    standing: attemptOf(stands, exams),
  };
}

/** The regulation the student studies under: their section's batch, else the last exam they have results from. */
export async function regulationOfStudent(
  db: Database,
  collegeId: number,
  studentId: number,
  exams: Iterable<ExamOfTitle>,
): Promise<number | null> {
  const sectionId = await sectionOfStudent(db, collegeId, studentId);
  const info = sectionId ? await sectionInfo(db, collegeId, sectionId) : undefined;
  if (info?.regulation_id) return Number(info.regulation_id);
  const latest = [...exams].sort((a, b) => (a.ends_on < b.ends_on ? 1 : -1))[0];
  return latest ? Number(latest.regulation_id) : null;
}

type SubjectRow = Awaited<ReturnType<typeof repo.subjectsWithSemesters>>[number];

/** Subject code → where the regulation lists it (the student's regulation first). */
export function semesterOfCode(subjects: SubjectRow[], preferRegulation: number | null) {
  const byCode = new Map<string, SubjectRow>();
  for (const s of subjects) {
    const had = byCode.get(s.code);
    if (!had || (had.regulation_id !== preferRegulation && s.regulation_id === preferRegulation)) byCode.set(s.code, s);
  }
  return byCode;
}

export async function academicRecord(db: Database, collegeId: number, student: repo.StudentRow): Promise<AcademicRecord> {
  const rows = await publishedRecordsOf(db, collegeId, [student.roll_no]);
  const exams = await examsByTitle(db, collegeId, [...new Set(rows.map((r) => r.titleId))]);
  const regulationId = await regulationOfStudent(db, collegeId, student.id, exams.values());
  const regulationIds = [...new Set([regulationId, ...[...exams.values()].map((e) => Number(e.regulation_id))])].filter(
    (id): id is number => id !== null,
  );
  const [subjects, open, standing, lines] = await Promise.all([
    repo.subjectsWithSemesters(db, collegeId, regulationIds),
    openFailedCourses(db, collegeId, student.roll_no),
    studentStanding(db, collegeId, student.roll_no),
    regulationId === null ? Promise.resolve(undefined) : repo.examRules(db, collegeId, regulationId),
  ]);
  const where = semesterOfCode(subjects, regulationId);

  const byCourse = new Map<string, PublishedRecord[]>();
  for (const r of rows) {
    let list = byCourse.get(r.courseCode);
    if (!list) byCourse.set(r.courseCode, (list = []));
    list.push(r);
  }
  // Blocks: the regulation's semesters in their order, then results it does not list, by exam.
  const blocks = new Map<string, { label: string; order: [number, number]; courses: CourseLine[] }>();
  for (const [code, list] of byCourse) {
    const line = courseLine(list, exams);
    const sem = where.get(code);
    const key = sem?.semester ? `sem|${sem.semester}` : `title|${list[0].titleId}`;
    let block = blocks.get(key);
    if (!block) {
      block = sem?.semester
        ? { label: `Semester ${sem.semester}`, order: [0, Number(sem.semester_no ?? sem.sort_order ?? 0)], courses: [] }
        : { label: list[0].title, order: [1, list[0].titleId], courses: [] };
      blocks.set(key, block);
    }
    block.courses.push(line);
  }
  const semesters = [...blocks.values()]
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .map((b) => {
      const courses = b.courses.sort((x, y) => (x.courseCode < y.courseCode ? -1 : x.courseCode > y.courseCode ? 1 : 0));
      return {
        label: b.label,
        courses,
        sgpa: sgpa(courses.map((c) => ({ credits: c.credits, gradePoints: c.gradePoints }))),
        creditsRegistered: courses.reduce((s, c) => s + c.credits, 0),
        creditsEarned: courses.filter((c) => c.passed).reduce((s, c) => s + c.credits, 0),
      };
    });
  const all = semesters.flatMap((s) => s.courses);
  const allFirstAttempt = all.every((c) => c.firstAttempt);
  const passedLines = all.filter((c) => c.passed);
  const lastPassed = passedLines.reduce<Attempt | null>((l, c) => (!l || c.standing.titleId > l.titleId ? c.standing : l), null);
  return {
    semesters,
    cgpa: standing.cgpa,
    creditsRegistered: semesters.reduce((s, b) => s + b.creditsRegistered, 0),
    creditsEarned: semesters.reduce((s, b) => s + b.creditsEarned, 0),
    open,
    allFirstAttempt,
    regulationId,
    lines: lines ?? null,
    awardedClass: lines && all.length ? classOf(standing.cgpa, lines, { openCourses: open.length, allFirstAttempt }) : null,
    lastPassed,
    passedCodes: new Set(passedLines.map((c) => c.courseCode)),
  };
}

/**
 * The courses the regulation requires of the student that have no pass yet: every live subject of
 * the regulation for the student's branch (or common to all branches) that is not an elective.
 * Electives are open choices, so only the ones the student wrote count (through the open courses).
 */
export async function unpassedRequired(
  db: Database,
  collegeId: number,
  record: AcademicRecord,
  branch: string,
): Promise<{ listed: number; missing: string[] }> {
  if (record.regulationId === null) return { listed: 0, missing: [] };
  const subjects = (await repo.subjectsWithSemesters(db, collegeId, [record.regulationId])).filter(
    (s) => s.kind !== 'elective' && (s.branch === null || s.branch === branch),
  );
  const missing = [...new Set(subjects.filter((s) => !record.passedCodes.has(s.code)).map((s) => s.code))].sort();
  return { listed: subjects.length, missing };
}
