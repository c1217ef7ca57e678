import type { Database } from '../../db/index.js';
import * as repo from './published.repo.js';

/**
 * Published results as the exam cell's documents read them (grade cards, transcripts, certificates,
 * the NAD export): one row per course result with its title. Only published titles count, as for the
 * public lookup; `superseded` marks a failure a later published supplementary result replaced.
 */
export interface PublishedRecord {
  titleId: number;
  title: string;
  examType: 'regular' | 'supply';
  titleCreatedAt: string;
  rollNo: string;
  studentName: string;
  courseCode: string;
  course: string;
  credits: number;
  /** null when absent */
  marks: number | null;
  grade: string;
  gradePoints: number;
  status: string;
  superseded: boolean;
}

const toRecord = (r: Awaited<ReturnType<typeof repo.publishedOfTitle>>[number]): PublishedRecord => ({
  titleId: Number(r.title_id),
  title: r.title,
  examType: r.exam_type === 'supply' ? 'supply' : 'regular',
  titleCreatedAt: r.title_created_at,
  rollNo: r.roll_no,
  studentName: r.student_name,
  courseCode: r.course_code,
  course: r.course,
  credits: Number(r.credits),
  marks: r.marks === null ? null : Number(r.marks),
  grade: r.grade,
  gradePoints: Number(r.grade_points),
  status: r.status,
  superseded: Number(r.superseded) === 1,
});

/** Every published result of these students, in title order (then roll number and course code). */
export async function publishedRecordsOf(
  db: Database,
  collegeId: number,
  rollNos: readonly string[],
): Promise<PublishedRecord[]> {
  return (await repo.publishedOfStudents(db, collegeId, rollNos)).map(toRecord);
}

/** A title with its results (every student's, or these students' only) when it is published; null when it is missing or not published. */
export async function publishedTitle(
  db: Database,
  collegeId: number,
  titleId: number,
  only?: readonly string[],
): Promise<{ id: number; title: string; examType: 'regular' | 'supply'; records: PublishedRecord[] } | null> {
  const title = await repo.titleRow(db, collegeId, titleId);
  if (!title || Number(title.published) !== 1) return null;
  const records = only?.length === 0 ? [] : (await repo.publishedOfTitle(db, collegeId, titleId, only)).map(toRecord);
  return { id: title.id, title: title.title, examType: title.exam_type === 'supply' ? 'supply' : 'regular', records };
}
