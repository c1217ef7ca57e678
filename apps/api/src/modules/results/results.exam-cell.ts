import type { TExamType } from '@erp/shared';
import type { Database, Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit, type AuditEntry } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import { notifyLater } from '../notifications/index.js';
import { invalidate } from './results.lookup.js';
import * as repo from './results.repo.js';
import { syncSuperseded } from './results.standing.js';

/**
 * The exam cell's processed results entering the published results: the same rows the workbook
 * import writes, so the public lookup, the marks memo, course standing and every figure read them
 * with no change. This module stays the one writer of exam_results.
 */

export interface ProcessedResult {
  rollNo: string;
  studentName: string;
  courseCode: string;
  course: string;
  credits: number;
  /** the percentage the grade came from; null when absent or withheld */
  marks: number | null;
  grade: string;
  gradePoints: number;
  status: string;
}

/** Replaces the title's rows with the exam's and publishes it; a title of the same name made elsewhere is refused. */
export async function publishProcessed(
  db: Database,
  collegeId: number,
  input: { titleId: number | null; title: string; examType: TExamType; rows: ProcessedResult[] },
  actor: AuditEntry['actor'],
): Promise<number> {
  const titleId = await db.transaction().execute(async (trx) => {
    let id = input.titleId;
    if (id === null) {
      if (await repo.titleByName(trx, collegeId, input.title))
        throw conflict(`A results title named "${input.title}" already exists: rename the exam or that title`);
      id = await repo.insertTitle(trx, {
        college_id: collegeId,
        title: input.title,
        exam_type: input.examType,
        published: 1,
        created_at: nowIso(),
      });
    }
    await trx.deleteFrom('exam_results').where('college_id', '=', collegeId).where('exam_title_id', '=', id).execute();
    await repo.insertResults(
      trx,
      input.rows.map((r) => ({
        college_id: collegeId,
        exam_title_id: id!,
        roll_no: r.rollNo,
        student_name: r.studentName,
        course_code: r.courseCode,
        course: r.course,
        credits: r.credits,
        marks: r.marks,
        grade: r.grade,
        grade_points: r.gradePoints,
        status: r.status,
        superseded: 0,
      })),
    );
    await repo.setPublished(trx, collegeId, id, true);
    await syncSuperseded(trx, collegeId, [id]);
    await repo.bumpResultsVersion(trx, collegeId);
    await audit(trx, {
      collegeId,
      actor,
      action: 'results.publish',
      entity: 'exam_title',
      entityId: id,
      after: { title: input.title, published: true, rows: input.rows.length, source: 'exam cell' },
    });
    await notifyLater(trx, {
      collegeId,
      kind: 'results-published',
      ref: `results:${id}`,
      subject: 'Results published: {title}',
      body: 'Your results for {title} are published. See your grades and memo on the portal.',
      link: '/examresults',
      to: [{ examTitleId: id }],
    });
    return id;
  });
  invalidate(collegeId);
  return titleId;
}

/** One published course result changed (a revaluation or recount), inside the caller's transaction. */
export async function reviseProcessed(
  trx: Db,
  collegeId: number,
  titleId: number,
  key: { rollNo: string; courseCode: string },
  values: { marks: number | null; grade: string; gradePoints: number; status: string },
) {
  await trx
    .updateTable('exam_results')
    .set({ marks: values.marks, grade: values.grade, grade_points: values.gradePoints, status: values.status })
    .where('college_id', '=', collegeId)
    .where('exam_title_id', '=', titleId)
    .where('roll_no', '=', key.rollNo)
    .where('course_code', '=', key.courseCode)
    .execute();
  await syncSuperseded(trx as never, collegeId, [titleId]);
  await repo.bumpResultsVersion(trx, collegeId);
}

/** Call after the transaction that revised results commits. */
export const resultsRevised = (collegeId: number) => invalidate(collegeId);
