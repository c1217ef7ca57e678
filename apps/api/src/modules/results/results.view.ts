import { sgpa, type TExamResultView, type TResultRecord } from '@erp/shared';
import type { LookupRow } from './results.repo.js';
import { shownRows } from './results.standing.js';

export const emptyView = (rollNo: string): TExamResultView => ({
  studentName: '',
  studentRollNo: rollNo,
  totalCredits: 0,
  earnedCredits: 0,
  passCount: 0,
  failCount: 0,
  sgpa: 0,
  listofRecords: [],
});

/**
 * The result of one title from all of a student's published rows. In a regular title, a failed
 * or absent course that a later published supplementary exam re-examined shows the supplementary
 * grade, under the supplementary title's name.
 */
export function buildView(rows: LookupRow[], title: string, rollNo: string): { view: TExamResultView; titleId: number } | null {
  const first = rows.find((r) => r.title === title);
  if (!first) return null;
  const titleId = first.title_id;
  const shown = shownRows(rows, titleId);
  const credits = (r: LookupRow) => Number(r.credits);
  const value = sgpa(shown.map((r) => ({ credits: credits(r), gradePoints: Number(r.grade_points) })));
  const records: TResultRecord[] = shown.map((r) => ({
    examTitle: r.title,
    sgpa: value,
    courseCode: r.course_code,
    course: r.course,
    credits: credits(r),
    grade: r.grade,
    gradePoints: Number(r.grade_points),
    status: r.status,
  }));
  const passed = records.filter((r) => r.status === 'Pass');
  return {
    titleId,
    view: {
      studentName: first.full_name ?? '',
      studentRollNo: rollNo,
      totalCredits: records.reduce((s, r) => s + r.credits, 0),
      earnedCredits: passed.reduce((s, r) => s + r.credits, 0),
      passCount: passed.length,
      failCount: records.length - passed.length,
      sgpa: value,
      listofRecords: records,
    },
  };
}
