import type { Transaction } from 'kysely';
import { sgpaOfSums } from '@erp/shared';
import type { Database } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import * as repo from './results.repo.js';
import * as standingRepo from './standing.repo.js';

/**
 * Course standing: which result stands for a course, and whether the course is still failed.
 * Only published titles count. A failed or absent course that a later published supplementary
 * title re-examined stands at the supplementary result; a supplementary result imported but not
 * yet published changes nothing, for the public lookup and for the fees a student owes alike.
 *
 * `exam_results.superseded` marks a failure replaced by a later published supplementary result.
 * syncSuperseded() keeps it so, and is called by every write that changes which supplementary
 * results are published (import, publish, unpublish).
 */

export interface CourseResult {
  title_id: number;
  exam_type: string;
  course_code: string;
  status: string;
  superseded?: number | boolean;
}

/**
 * The result that stands among one course's published results, in title order: the last one
 * that was not replaced (a supplementary result replaces only a failure it follows).
 */
export function standingOf<R extends CourseResult>(courseRows: R[]): R | undefined {
  let standing: R | undefined;
  for (const r of courseRows) {
    if (Number(r.superseded ?? 0) === 1) continue;
    if (!standing || r.exam_type !== 'supply' || standing.status !== 'Pass') standing = r;
  }
  return standing;
}

/**
 * The rows a title's result shows: each of its own rows, or, for a regular title, the later
 * published supplementary result that stands in for a failure. `rows`: the student's rows of the
 * title and of the later published supplementary titles, in title order.
 */
export function shownRows<R extends CourseResult>(rows: R[], titleId: number): R[] {
  const own = rows.filter((r) => r.title_id === titleId);
  if (own.length === 0 || own[0].exam_type !== 'regular') return own;
  return own.map((r) => {
    if (r.status === 'Pass') return r;
    const course = rows.filter(
      (x) => x.course_code === r.course_code && (x === r || (x.exam_type === 'supply' && x.title_id > titleId)),
    );
    return standingOf(course.map((x) => ({ ...x, superseded: 0 }))) ?? r;
  });
}

/** Courses still failed (or missed) among one student's published results, in course-code order. */
function stillFailed(rows: Array<CourseResult & { course: string }>): Array<{ course_code: string; course: string }> {
  const byCourse = new Map<string, typeof rows>();
  for (const r of rows) {
    let list = byCourse.get(r.course_code);
    if (!list) byCourse.set(r.course_code, (list = []));
    list.push(r);
  }
  const open: Array<{ course_code: string; course: string }> = [];
  for (const [code, list] of byCourse) {
    if (list.some((r) => r.status === 'Pass')) continue;
    const standing = standingOf(list);
    if (standing && standing.status !== 'Pass') open.push({ course_code: code, course: standing.course });
  }
  return open.sort((a, b) => (a.course_code < b.course_code ? -1 : a.course_code > b.course_code ? 1 : 0));
}

/** The student's courses that are still failed (or missed): the supplementary fee is due for each. */
export async function openFailedCourses(
  db: Database,
  collegeId: number,
  rollNo: string,
): Promise<Array<{ course_code: string; course: string }>> {
  return stillFailed(await repo.publishedResultsOfStudent(db, collegeId, rollNo));
}

/** openFailedCourses for many students at once, by roll number (students with none are left out). */
export async function openFailedCoursesOf(
  db: Database,
  collegeId: number,
  rollNos: readonly string[],
): Promise<Map<string, Array<{ course_code: string; course: string }>>> {
  const byStudent = new Map<string, Array<CourseResult & { course: string }>>();
  for (const r of await repo.publishedResultsOfStudents(db, collegeId, rollNos)) {
    let list = byStudent.get(r.roll_no);
    if (!list) byStudent.set(r.roll_no, (list = []));
    list.push(r);
  }
  const out = new Map<string, Array<{ course_code: string; course: string }>>();
  for (const [rollNo, rows] of byStudent) {
    const open = stillFailed(rows);
    if (open.length) out.set(rollNo, open);
  }
  return out;
}

export interface Standing {
  /** credit-weighted grade points of the courses passed so far, two decimals; 0 before any pass */
  cgpa: number;
  /** courses failed or missed and not passed since (the same rule as the supplementary fee) */
  activeBacklogs: number;
}

/**
 * The students' standing from their published results: CGPA over the passed courses (each by
 * its best pass: the secured credits), a backlog for each course still failed (stillFailed's rule).
 * Students without results stand at 0 and 0; every student with results when `rollNos` is left out.
 */
export async function studentStandings(db: Database, collegeId: number, rollNos?: readonly string[]): Promise<Map<string, Standing>> {
  // Added up in the database (standing.repo.ts): only the two sums and a count per student travel.
  const [sums, open] = await Promise.all([
    standingRepo.bestPassSums(db, collegeId, rollNos),
    standingRepo.openCourseCounts(db, collegeId, rollNos),
  ]);
  const openOf = new Map(open.map((o) => [o.roll_no, Number(o.courses)]));
  const sumsOf = new Map(sums.map((s) => [s.roll_no, s]));
  const rolls = rollNos ?? [...new Set([...sumsOf.keys(), ...openOf.keys()])];
  return new Map(
    rolls.map((roll) => {
      const s = sumsOf.get(roll);
      return [roll, { cgpa: s ? sgpaOfSums(Number(s.weighted), Number(s.credits)) : 0, activeBacklogs: openOf.get(roll) ?? 0 }];
    }),
  );
}

export async function studentStanding(db: Database, collegeId: number, rollNo: string): Promise<Standing> {
  return (await studentStandings(db, collegeId, [rollNo])).get(rollNo)!;
}

/** After a write to these titles: re-mark which failures of their students' courses a published supplementary result replaces. */
export async function syncSuperseded(trx: Transaction<DB>, collegeId: number, titleIds: number[]) {
  if (titleIds.length > 0) await repo.syncSuperseded(trx, collegeId, titleIds);
}
