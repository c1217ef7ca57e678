import { RESULT_MSG, type TExamResults, type ZExamResultsQuery } from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../../db/index.js';
import { pagedRows } from '../../../lib/capped.js';
import { conflict } from '../../../lib/errors.js';
import { publishProcessed } from '../../results/index.js';
import { examOrThrow, type Actor } from '../exams.service.js';
import * as examsRepo from '../exams.repo.js';
import * as repo from './grading.repo.js';

/**
 * The ledger of results (grace in its own column, withheld rows saying why) and publication into
 * the results the public lookup and the marks memo read. Publishing again after a correction
 * replaces the exam's rows in its title.
 */

const PAGE_SIZE = 100;

export async function examResults(
  db: Database,
  collegeId: number,
  examId: number,
  q: z.output<typeof ZExamResultsQuery>,
  onlyStudentId?: number,
): Promise<TExamResults> {
  const exam = await examOrThrow(db, collegeId, examId);
  if (onlyStudentId !== undefined && !exam.published_at) throw conflict(RESULT_MSG.notPublished);
  const [page, counts] = await Promise.all([
    pagedRows(repo.outcomeList(db, collegeId, examId, { ...q, studentId: onlyStudentId }), q.page, PAGE_SIZE),
    repo.outcomeCounts(db, collegeId, examId),
  ]);
  return {
    processedAt: exam.processed_at,
    publishedAt: exam.published_at,
    title: exam.name,
    items: page.items.map((o) => ({
      rollNo: o.roll_no,
      name: o.full_name,
      paperId: o.paper_id,
      courseCode: o.code,
      course: o.subject,
      credits: Number(o.credits),
      internal: o.internal_marks,
      external: o.external_marks,
      grace: o.grace_marks,
      graceRule: o.grace_rule ?? '',
      total: o.total_marks,
      grade: o.grade,
      gradePoints: o.grade_points,
      status: o.status,
      withheldReason: o.withheld_reason,
    })),
    total: page.total,
    limit: PAGE_SIZE,
    page: q.page,
    counts: onlyStudentId === undefined ? Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) : {},
  };
}

export async function publish(db: Database, collegeId: number, actor: Actor, examId: number) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!exam.decoded_at) throw conflict(RESULT_MSG.notDecoded);
  if (!exam.processed_at) throw conflict(exam.published_at ? RESULT_MSG.stale : RESULT_MSG.notProcessed);
  const rows = await repo.outcomeList(db, collegeId, examId, {}).execute();
  if (rows.length === 0) throw conflict(RESULT_MSG.notProcessed);
  const titleId = await publishProcessed(
    db,
    collegeId,
    {
      titleId: exam.exam_title_id,
      title: exam.name,
      examType: exam.kind === 'supplementary' ? 'supply' : 'regular',
      rows: rows.map((o) => ({
        rollNo: o.roll_no,
        studentName: o.full_name,
        courseCode: o.code,
        course: o.subject,
        credits: Number(o.credits),
        marks: o.status === 'Absent' || o.status === 'Withheld' ? null : Math.min(100, o.percent),
        grade: o.grade,
        gradePoints: o.grade_points,
        status: o.status,
      })),
    },
    { id: actor.id, username: actor.username },
  );
  const at = nowIso();
  await examsRepo.updateExam(db, collegeId, examId, {
    exam_title_id: titleId,
    published_at: at,
    status: 'published',
    updated_at: at,
  });
  const students = new Set(rows.map((r) => r.student_id)).size;
  return { message: `Results of ${students} students published as "${exam.name}"`, title: exam.name, results: rows.length };
}
