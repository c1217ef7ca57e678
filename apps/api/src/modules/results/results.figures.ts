import { qualityYearLabel, sgpaOfSums, type TAnalyticsResults } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { academicYearOf, onRollsInYear } from '../masters/index.js';
import * as repo from './figures.repo.js';
import { studentStandings } from './results.standing.js';

/**
 * The exam cell's figures from published results. A title belongs to the academic year (May to
 * April) it was published in; its semester is the one its title names (II-I, ...), else the
 * student's own. Pass % counts the regular examinations only (a supplementary one is a second
 * try): a student passed when every course of the title is a Pass. Backlogs are the standing's
 * own (`openFailedCoursesOf`: courses still failed), for the students on the rolls that year;
 * toppers are those who passed every course, by SGPA of the title, then CGPA (`studentStandings`).
 */

const YEARS_SHOWN = 5;
const TOPPERS = 5;
const SEMESTER = /\b(IV|III|II|I)\s*-\s*(II|I)\b/;
export const titleYear = (createdAt: string) => academicYearOf(createdAt.slice(0, 10));
export const titleSemester = (title: string) => {
  const m = SEMESTER.exec(title);
  return m ? `${m[1]}-${m[2]}` : null;
};
const pct = (passed: number, appeared: number) => (appeared ? Math.round((passed * 10000) / appeared) / 100 : null);

export async function resultFigures(db: Database, collegeId: number, year: number): Promise<TAnalyticsResults> {
  const years = Array.from({ length: YEARS_SHOWN }, (_, i) => year - YEARS_SHOWN + 1 + i);
  const [published, students] = await Promise.all([repo.publishedTitles(db, collegeId), repo.studentsOfCollege(db, collegeId)]);
  const titles = published.map((t) => ({ ...t, year: titleYear(t.created_at) }));
  const regular = titles.filter((t) => t.exam_type === 'regular' && t.year >= years[0] && t.year <= year);
  const titleOf = new Map(regular.map((t) => [t.id, t]));
  const studentOf = new Map(students.map((s) => [s.roll_no, s]));
  // The database adds up sittings, courses and open backlogs; only those totals travel.
  const ids = regular.map((t) => t.id);
  const [sittingRows, subjectRows, standings] = await Promise.all([
    repo.sittingsOfTitles(db, collegeId, ids),
    repo.subjectsOfTitles(db, collegeId, ids),
    studentStandings(db, collegeId),
  ]);

  const sittings = sittingRows.map((r) => {
    const t = titleOf.get(r.title_id)!;
    const st = studentOf.get(r.roll_no);
    return {
      titleId: t.id,
      year: t.year,
      rollNo: r.roll_no,
      name: st?.full_name ?? r.student_name ?? '',
      branch: st?.branch ?? 'Not on the rolls',
      batch: st?.batch ?? '',
      semester: titleSemester(t.title) ?? st?.semester ?? '',
      passed: Number(r.passed) === Number(r.courses),
      sgpa: sgpaOfSums(Number(r.weighted), Number(r.credits)),
    };
  });
  const subjects = new Map<string, { courseCode: string; course: string; year: number; appeared: number; passed: number }>();
  for (const r of subjectRows) {
    const t = titleOf.get(r.title_id)!;
    const k = `${t.year}|${r.course_code}`;
    let sub = subjects.get(k);
    if (!sub)
      subjects.set(k, (sub = { courseCode: r.course_code, course: r.course ?? '', year: t.year, appeared: 0, passed: 0 }));
    sub.appeared += Number(r.appeared);
    sub.passed += Number(r.passed);
  }

  const groups = new Map<string, { branch: string; semester: string; year: number; appeared: number; passed: number }>();
  for (const s of sittings) {
    const k = `${s.year}|${s.branch}|${s.semester}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { branch: s.branch, semester: s.semester, year: s.year, appeared: 0, passed: 0 }));
    g.appeared++;
    if (s.passed) g.passed++;
  }
  const byBranchSemester = [...groups.values()]
    .map((g) => ({ ...g, passPercent: pct(g.passed, g.appeared) }))
    .sort((a, b) => a.branch.localeCompare(b.branch) || a.semester.localeCompare(b.semester) || a.year - b.year);
  const bySubject = [...subjects.values()]
    .map((g) => ({ ...g, passPercent: pct(g.passed, g.appeared) }))
    .sort((a, b) => a.courseCode.localeCompare(b.courseCode) || a.year - b.year);

  // Backlogs: the students on the rolls that year, each course still failed by the standing's rule.
  const backlogGroups = new Map<string, { branch: string; batch: string; students: number; courses: number }>();
  for (const s of students) {
    const courses = standings.get(s.roll_no)?.activeBacklogs ?? 0;
    if (!courses || !onRollsInYear(s.batch, year)) continue;
    const k = `${s.branch}|${s.batch}`;
    let g = backlogGroups.get(k);
    if (!g) backlogGroups.set(k, (g = { branch: s.branch, batch: s.batch, students: 0, courses: 0 }));
    g.students++;
    g.courses += courses;
  }
  const backlogByBranch = [...backlogGroups.values()].sort(
    (a, b) => a.branch.localeCompare(b.branch) || a.batch.localeCompare(b.batch),
  );

  return {
    year: { year, label: qualityYearLabel(year) },
    years,
    byBranchSemester,
    bySubject,
    backlogs: {
      students: backlogByBranch.reduce((s, g) => s + g.students, 0),
      courses: backlogByBranch.reduce((s, g) => s + g.courses, 0),
      byBranch: backlogByBranch,
    },
    toppers: toppersOf(
      sittings.filter((s) => s.year === year && s.passed),
      titleOf,
      (rollNo) => standings.get(rollNo)?.cgpa ?? 0,
    ),
    titles: titles.filter((t) => t.year === year).map((t) => t.title),
  };
}

type Sitting = { titleId: number; rollNo: string; name: string; branch: string; batch: string; sgpa: number };

/** Toppers of the year: passed every course of a regular title (a student's best such sitting); by SGPA, then CGPA, then roll number. */
function toppersOf(clean: Sitting[], titleOf: Map<number, { title: string }>, cgpa: (rollNo: string) => number) {
  const best = new Map<string, Sitting>();
  for (const s of clean) {
    const k = `${s.branch}|${s.rollNo}`;
    const seen = best.get(k);
    if (!seen || s.sgpa > seen.sgpa) best.set(k, s);
  }
  const byBranch = new Map<string, Sitting[]>();
  for (const s of best.values()) byBranch.set(s.branch, [...(byBranch.get(s.branch) ?? []), s]);
  return [...byBranch.keys()].sort().flatMap((branch) =>
    byBranch
      .get(branch)!
      .sort((a, b) => b.sgpa - a.sgpa || cgpa(b.rollNo) - cgpa(a.rollNo) || a.rollNo.localeCompare(b.rollNo))
      .slice(0, TOPPERS)
      .map((s, i) => ({
        branch,
        rank: i + 1,
        rollNo: s.rollNo,
        name: s.name,
        batch: s.batch,
        title: titleOf.get(s.titleId)!.title,
        sgpa: s.sgpa,
        cgpa: cgpa(s.rollNo),
      })),
  );
}
