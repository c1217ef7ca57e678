import crypto from 'node:crypto';
import { MSG, type TExamResultView, type TMemoVerification } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';
import type { RequestCollege } from '../../plugins/types.js';
import { renderMemo } from './results.memo.js';
import * as repo from './results.repo.js';
import type { LookupRow } from './results.repo.js';
import { titlesOf, type CachedTitle } from './results.titles-cache.js';
import { buildView, emptyView } from './results.view.js';
import { hotResultsOf } from './results.hot-titles.js';
import { forgetResultsVersion } from './results.version.js';
import { cachedViewJson } from './results.view-cache.js';

type RowsOf = (db: Database, collegeId: number, rollNo: string, titleIds: number[]) => Promise<repo.ResultRow[]>;

/**
 * The student's rows of a published title and of the later published supplementary titles that
 * may replace its failures, in title then course order. Nothing is read for an unknown title.
 */
async function titleRows(
  db: Database,
  collegeId: number,
  rollNo: string,
  title: string,
  rowsOf: RowsOf = repo.resultsOf,
): Promise<LookupRow[]> {
  const titles = await titlesOf(db, collegeId);
  let own: [number, CachedTitle] | undefined;
  for (const entry of titles) if (entry[1].published && entry[1].title === title) own = entry;
  if (!own) return [];
  const ids = [own[0]];
  if (own[1].exam_type === 'regular') {
    for (const [id, t] of titles) if (t.published && t.exam_type === 'supply' && id > own[0]) ids.push(id);
  }
  const rows = await rowsOf(db, collegeId, rollNo, ids);
  const out: LookupRow[] = rows.map((r) => {
    const t = titles.get(r.exam_title_id)!;
    return {
      title_id: r.exam_title_id,
      title: t.title,
      exam_type: t.exam_type,
      course_code: r.course_code,
      course: r.course,
      credits: r.credits,
      grade: r.grade,
      grade_points: r.grade_points,
      status: r.status,
      full_name: r.student_name,
    };
  });
  return out.sort(
    (a, b) => a.title_id - b.title_id || (a.course_code < b.course_code ? -1 : a.course_code > b.course_code ? 1 : 0),
  );
}

/** The public lookup's answer as JSON text, from the view cache when the results have not changed. */
export function resultViewJson(db: Database, collegeId: number, rollNo: string, title: string): Promise<string> {
  return cachedViewJson(db, collegeId, title, rollNo, () => resultView(db, collegeId, rollNo, title, hotResultsOf));
}

export async function resultView(
  db: Database,
  collegeId: number,
  rollNo: string,
  title: string,
  rowsOf: RowsOf = repo.resultsOf,
): Promise<TExamResultView> {
  const rows = await titleRows(db, collegeId, rollNo, title, rowsOf);
  const view = buildView(rows, title, rollNo)?.view ?? emptyView(rollNo);
  return withName(db, collegeId, view);
}

/** Rows written without a name (not through the import) take it from students. */
async function withName(db: Database, collegeId: number, view: TExamResultView): Promise<TExamResultView> {
  if (view.studentName || view.listofRecords.length === 0) return view;
  const name = (await repo.studentNames(db, collegeId, [view.studentRollNo])).get(view.studentRollNo) ?? '';
  return { ...view, studentName: name };
}

const digestOf = (json: string) => crypto.createHash('sha256').update(json).digest('hex');

/** The same printed result keeps its code, so downloading twice does not mint a second memo. */
async function verificationCode(db: Database, collegeId: number, titleId: number, view: TExamResultView): Promise<string> {
  const snapshot = JSON.stringify(view);
  const digest = digestOf(snapshot);
  const existing = await repo.findVerification(db, collegeId, titleId, view.studentRollNo, digest);
  if (existing) return existing.code;
  // 120 random bits: not guessable, and short enough to type from a printed memo.
  const code = crypto.randomBytes(15).toString('base64url');
  await repo.insertVerification(db, {
    code,
    college_id: collegeId,
    exam_title_id: titleId,
    roll_no: view.studentRollNo,
    snapshot_json: snapshot,
    digest,
    created_at: nowIso(),
  });
  return code;
}

export type ReportAnswer = { success: 'True'; data: string } | { success: 'False'; message: string };

export async function resultReport(
  db: Database,
  college: RequestCollege,
  rollNo: string,
  title: string,
  origin: string,
): Promise<ReportAnswer> {
  const rows = await titleRows(db, college.id, rollNo, title);
  const built = buildView(rows, title, rollNo);
  if (!built) return { success: 'False', message: MSG.noDataToDownload };
  built.view = await withName(db, college.id, built.view);
  const code = await verificationCode(db, college.id, built.titleId, built.view);
  const pdf = await renderMemo(db, college.id, {
    view: built.view,
    examTitle: title,
    code,
    verifyUrl: `${origin}/verify/${code}`,
    issuedAt: new Date(),
  });
  return { success: 'True', data: pdf.toString('base64') };
}

export const MEMO_NOT_GENUINE = 'No marks memo with this verification code was issued by this college. The memo is not genuine.';

export async function verifyMemo(db: Database, college: RequestCollege, code: string): Promise<TMemoVerification> {
  const found = /^[A-Za-z0-9_-]{10,40}$/.test(code) ? await repo.verificationByCode(db, college.id, code) : undefined;
  if (!found) throw notFound(MEMO_NOT_GENUINE);
  const issued = JSON.parse(found.snapshot_json) as TExamResultView;
  const current = buildView(await titleRows(db, college.id, found.roll_no, found.title), found.title, found.roll_no);
  const revised = !current || digestOf(JSON.stringify(await withName(db, college.id, current.view))) !== found.digest;
  return {
    genuine: true,
    message: `Genuine: this marks memo was issued by ${college.name}.`,
    code: found.code,
    collegeName: college.name,
    examTitle: found.title,
    issuedAt: found.created_at,
    result: issued,
    revisedSinceIssue: revised,
  };
}

export async function titleList(db: Database, collegeId: number) {
  const rows = await repo.titleSummaries(db, collegeId);
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    examType: r.exam_type,
    published: Number(r.published) === 1,
    students: Number(r.students),
    results: Number(r.results),
    failed: Number(r.failed ?? 0),
    absent: Number(r.absent ?? 0),
    createdAt: r.created_at,
  }));
}

export async function publish(db: Database, collegeId: number, id: number, published: boolean) {
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await repo.setPublished(trx, collegeId, id, published))) return false;
    await repo.bumpResultsVersion(trx, collegeId);
    return true;
  });
  if (!changed) throw notFound('Exam title not found');
  forgetResultsVersion(collegeId);
  return (await titleList(db, collegeId)).find((t) => t.id === id)!;
}
