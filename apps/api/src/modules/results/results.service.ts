import crypto from 'node:crypto';
import {
  MSG,
  type TExamResultView,
  type TExamTitleSummary,
  type TExamType,
  type TMemoVerification,
  type TResultReport,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit, type AuditEntry } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { RequestCollege } from '../../plugins/types.js';
import { renderMemo } from './results.memo.js';
import { buildLookup, collegeKey, invalidate, lookup, lookupNow, resultsVersion, type Lookup } from './results.lookup.js';
import * as repo from './results.repo.js';
import { syncSuperseded } from './results.standing.js';
import { notifyLater } from '../notifications/index.js';

type RowsOf = (db: Database, collegeId: number, rollNo: string, titleIds: number[]) => Promise<repo.ResultRow[]>;

/** The public lookup's answer as JSON text, through the results read path (results.lookup.ts). */
export async function resultViewJson(db: Database, collegeId: number, rollNo: string, title: string): Promise<string> {
  return (await lookup(db, collegeId, rollNo, title)).json;
}

/** A student's result in a title, built without the view cache (rowsOf: by query, or from hot titles). */
export async function resultView(
  db: Database,
  collegeId: number,
  rollNo: string,
  title: string,
  rowsOf: RowsOf = repo.resultsOf,
): Promise<TExamResultView> {
  return (await buildLookup(db, collegeId, rollNo, title, rowsOf)).view;
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

/**
 * The marks memo: the same result the public lookup shows, read through the same path (read: the
 * lookup's connection), printed with a verification code recorded through `db`. A memo is the same
 * bytes until the college's results change, so it is kept under the results version (a bounded
 * number of them, oldest out first).
 */
export async function resultReport(
  db: Database,
  read: Database,
  college: RequestCollege,
  rollNo: string,
  title: string,
  origin: string,
): Promise<TResultReport> {
  const version = await resultsVersion(read, college.id);
  const key = `${collegeKey(read, college.id)}|${version}|${origin}|${rollNo.trim().toUpperCase()}|${title}`;
  const hit = memos.get(key);
  if (hit) return hit;
  const memo = renderReport(db, read, college, rollNo, title, origin);
  memos.set(key, memo);
  memo.catch(() => memos.delete(key));
  if (memos.size > MAX_MEMOS) memos.delete(memos.keys().next().value!);
  return memo;
}

/** Memos kept (about 40 KB each as base64): 2,000 is some 80 MB at most. */
export const MAX_MEMOS = 2_000;
const memos = new Map<string, Promise<TResultReport>>();

async function renderReport(
  db: Database,
  read: Database,
  college: RequestCollege,
  rollNo: string,
  title: string,
  origin: string,
): Promise<TResultReport> {
  const found = await lookup(read, college.id, rollNo, title);
  if (found.titleId === null) return { success: 'False', message: MSG.noDataToDownload };
  const code = await verificationCode(db, college.id, found.titleId, found.view);
  const pdf = await renderMemo(db, college.id, {
    view: found.view,
    examTitle: title,
    code,
    verifyUrl: `${origin}/verify/${code}`,
    issuedAt: new Date(),
  });
  return { success: 'True', data: pdf.toString('base64') };
}

/**
 * The public lookup's answer and its ETag, from one read of the view cache (results.lookup.ts):
 * the same bytes until the results version changes, so a repeat can be a 304.
 */
export function lookupAnswer(read: Database, collegeId: number, rollNo: string, title: string): Promise<Lookup> {
  return lookup(read, collegeId, rollNo, title);
}

export type { Lookup };

/** The same answer when it is already built (results day's repeats), without waiting; else undefined. */
export function lookupAnswerNow(read: Database, collegeId: number, rollNo: string, title: string): Lookup | undefined {
  return lookupNow(read, collegeId, rollNo, title);
}

export const MEMO_NOT_GENUINE = 'No marks memo with this verification code was issued by this college. The memo is not genuine.';

export async function verifyMemo(db: Database, college: RequestCollege, code: string): Promise<TMemoVerification> {
  const found = /^[A-Za-z0-9_-]{10,40}$/.test(code) ? await repo.verificationByCode(db, college.id, code) : undefined;
  if (!found) throw notFound(MEMO_NOT_GENUINE);
  const issued = JSON.parse(found.snapshot_json) as TExamResultView;
  const current = await lookup(db, college.id, found.roll_no, found.title);
  const revised = current.titleId === null || digestOf(current.json) !== found.digest;
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

/** The published titles, newest first (getDistinctExamTitlesBy). */
export const publishedTitles = (db: Database, collegeId: number) => repo.publishedTitles(db, collegeId);

export async function titleList(db: Database, collegeId: number): Promise<TExamTitleSummary[]> {
  const rows = await repo.titleSummaries(db, collegeId);
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    examType: r.exam_type as TExamType,
    published: Number(r.published) === 1,
    students: Number(r.students),
    results: Number(r.results),
    failed: Number(r.failed ?? 0),
    absent: Number(r.absent ?? 0),
    createdAt: r.created_at,
  }));
}

export async function publish(
  db: Database,
  collegeId: number,
  id: number,
  published: boolean,
  by: { actor: AuditEntry['actor']; ip: string },
) {
  const changed = await db.transaction().execute(async (trx) => {
    const before = await repo.titleById(trx, collegeId, id);
    if (!before || !(await repo.setPublished(trx, collegeId, id, published))) return false;
    await audit(trx, {
      collegeId,
      ...by,
      action: published ? 'results.publish' : 'results.unpublish',
      entity: 'exam_title',
      entityId: id,
      before: { title: before.title, published: before.published === 1 },
      after: { title: before.title, published },
    });
    await syncSuperseded(trx, collegeId, [id]);
    await repo.bumpResultsVersion(trx, collegeId);
    if (published)
      await notifyLater(trx, {
        collegeId,
        kind: 'results-published',
        ref: `results:${id}`,
        subject: 'Results published: {title}',
        body: 'Your results for {title} are published. See your grades and memo on the portal.',
        link: '/examresults',
        to: [{ examTitleId: id }],
      });
    return true;
  });
  if (!changed) throw notFound('Exam title not found');
  invalidate(collegeId);
  return (await titleList(db, collegeId)).find((t) => t.id === id)!;
}


/** Read-only input for IQAC's NAAC and NIRF figures: per roll number, results held and still failed. */
export async function naacInputs(db: Database, collegeId: number) {
  const rows = await repo.naacResultSummary(db, collegeId);
  return rows.map((r) => ({ rollNo: r.roll_no, results: Number(r.results), failed: Number(r.failed ?? 0), lastExamAt: String(r.last_exam_at ?? '') }));
}
