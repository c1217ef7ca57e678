import { gradeFor, MSG, ZResultImportRow, type TExamType, type TResultImportReport, type TResultImportRow } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { auditMany, type AuditEntry } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { nowIso } from '../../db/index.js';
import * as repo from './results.repo.js';
import { readResultRows } from './results.sheet.js';
import { syncSuperseded } from './results.standing.js';
import { invalidate } from './results.lookup.js';

interface Accepted extends TResultImportRow {
  row: number;
}

const key = (title: string, roll: string, code: string) => `${title}\u0000${roll}\u0000${code}`;

/**
 * Validates every row of the exam cell's sheet and saves the good ones in one transaction.
 * Grades and points are computed here, once, so the public lookup only reads them.
 */
export async function importResults(
  db: Database,
  collegeId: number,
  files: UploadedFile[],
  dryRun: boolean,
  by: { actor: AuditEntry['actor']; ip: string },
): Promise<TResultImportReport> {
  const file = files.find((f) => f.fieldname === 'excelFileUpload') ?? files[0];
  if (!file) throw badRequest(MSG.unableToUploadExcel, { errors: [MSG.fileNotUploaded] });
  const rows = await readResultRows(file.buffer);
  const rejected: TResultImportReport['rejected'] = [];
  const parsed: Accepted[] = [];
  for (const { row, data } of rows) {
    const r = ZResultImportRow.safeParse(data);
    if (r.success) parsed.push({ ...r.data, row });
    else rejected.push({ row, errors: [...new Set(r.error.issues.map((i) => i.message))] });
  }

  const rollNos = [...new Set(parsed.map((p) => p.rollNo))];
  const [known, titles, existing] = await Promise.all([
    repo.studentNames(db, collegeId, rollNos),
    repo.titlesByName(db, collegeId, [...new Set(parsed.map((p) => p.examTitle))]),
    repo.resultsOfStudents(db, collegeId, rollNos),
  ]);
  const titleType = new Map<string, TExamType>(titles.map((t) => [t.title, t.exam_type as TExamType]));
  const titleIds = new Map(titles.map((t) => [t.title, t.id]));
  const newTitles = new Set<string>();
  // Courses a student failed or missed, which a supplementary result may replace.
  const failedCourses = new Set(existing.filter((e) => e.status !== 'Pass').map((e) => `${e.roll_no}\u0000${e.course_code}`));
  for (const p of parsed) {
    // A new title takes the type of its first row.
    if (!titleType.has(p.examTitle)) {
      titleType.set(p.examTitle, p.examType);
      newTitles.add(p.examTitle);
    }
    if (p.examType === 'regular' && gradeFor(p.marks).status !== 'Pass') failedCourses.add(`${p.rollNo}\u0000${p.courseCode}`);
  }

  const seen = new Map<string, number>();
  const accepted: Accepted[] = [];
  for (const p of parsed) {
    const errors: string[] = [];
    if (!known.has(p.rollNo)) errors.push(`Roll Number ${p.rollNo} is not a student of this college`);
    const type = titleType.get(p.examTitle);
    if (type !== p.examType) {
      errors.push(
        `Exam Title "${p.examTitle}" is a ${type === 'supply' ? 'Supply' : 'Regular'} examination, not ${p.examType === 'supply' ? 'Supply' : 'Regular'}`,
      );
    }
    const k = key(p.examTitle, p.rollNo, p.courseCode);
    const earlier = seen.get(k);
    if (earlier !== undefined) errors.push(`Duplicate of row ${earlier}: the same exam title, roll number and course code`);
    if (p.examType === 'supply' && known.has(p.rollNo) && !failedCourses.has(`${p.rollNo}\u0000${p.courseCode}`)) {
      errors.push(`No failed or absent result of ${p.courseCode} for ${p.rollNo} to replace with a supplementary result`);
    }
    if (errors.length) rejected.push({ row: p.row, errors });
    else {
      seen.set(k, p.row);
      accepted.push(p);
    }
  }
  rejected.sort((a, b) => a.row - b.row);

  const supplyKeys = new Set(accepted.filter((p) => p.examType === 'supply').map((p) => `${p.rollNo}\u0000${p.courseCode}`));
  const replacedFailures = existing.filter(
    (e) => e.exam_type === 'regular' && e.status !== 'Pass' && supplyKeys.has(`${e.roll_no}\u0000${e.course_code}`),
  ).length;
  const titleReport = [...new Set(accepted.map((a) => a.examTitle))].map((title) => ({
    title,
    examType: titleType.get(title)!,
    created: newTitles.has(title),
    rows: accepted.filter((a) => a.examTitle === title).length,
  }));

  if (!dryRun && accepted.length) {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      for (const title of titleReport.filter((t) => t.created)) {
        const id = await repo.insertTitle(trx, {
          college_id: collegeId,
          title: title.title,
          exam_type: title.examType,
          published: 0,
          created_at: now,
        });
        titleIds.set(title.title, id);
      }
      // A row already imported for the same title, student and course is a correction: update it in place.
      const existingIds = new Map(existing.map((e) => [`${e.exam_title_id}\u0000${e.roll_no}\u0000${e.course_code}`, e.id]));
      const fresh = [];
      for (const a of accepted) {
        const g = gradeFor(a.marks);
        const values = {
          course: a.course,
          credits: a.credits,
          marks: a.marks === 'AB' ? null : a.marks,
          grade: g.grade,
          grade_points: g.gradePoints,
          status: g.status,
          student_name: known.get(a.rollNo)!,
        };
        const id = existingIds.get(`${titleIds.get(a.examTitle)}\u0000${a.rollNo}\u0000${a.courseCode}`);
        if (id !== undefined) await repo.updateResult(trx, collegeId, id, values);
        else
          fresh.push({
            ...values,
            college_id: collegeId,
            exam_title_id: titleIds.get(a.examTitle)!,
            roll_no: a.rollNo,
            student_name: known.get(a.rollNo)!,
            course_code: a.courseCode,
            superseded: 0,
          });
      }
      await repo.insertResults(trx, fresh);
      // Which failures a published supplementary result replaces (course standing).
      await syncSuperseded(trx, collegeId, [...new Set(accepted.map((a) => titleIds.get(a.examTitle)!))]);
      await repo.bumpResultsVersion(trx, collegeId);
      // A row per exam title the sheet wrote to.
      await auditMany(
        trx,
        titleReport.map((t) => ({
          collegeId,
          ...by,
          action: 'results.import',
          entity: 'exam_title',
          entityId: titleIds.get(t.title)!,
          after: { title: t.title, examType: t.examType, created: t.created, rows: t.rows, file: file.filename },
        })),
      );
    });
    invalidate(collegeId);
  }

  return {
    message: dryRun ? `Checked ${rows.length} rows: nothing was saved (dry run)` : MSG.uploadedExcel,
    dryRun,
    saved: accepted.length,
    rejected,
    titles: titleReport,
    replacedFailures,
  };
}
