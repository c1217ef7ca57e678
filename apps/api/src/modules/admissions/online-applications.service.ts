import crypto from 'node:crypto';
import path from 'node:path';
import {
  MAX_APPLICATION_DOCUMENTS,
  ONLINE_APPLICATION_MSG as M,
  ZOnlineApplication,
  applicantPayload,
  type TApplicationStatus,
  type TOnlineApplicationItem,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { sniffFileType } from '../../lib/file-type.js';
import { jsonPart, type MultipartBody, type UploadedFile } from '../../lib/multipart.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { openUpload, readUpload, removeUploads, storeUpload } from '../../lib/uploads.js';
import { admissionTypes } from '../lookups/index.js';
import { checkPhoto, saveAdmission, validateAdmission, type Ctx } from './admissions.service.js';
import * as repo from './online-applications.repo.js';

const today = () => nowIso().slice(0, 10);

/** e.g. APP-2026-00017: the counter is the college's, so a number is never given twice. */
export const formatApplicationNo = (n: number, year = new Date().getFullYear()) => `APP-${year}-${String(n).padStart(5, '0')}`;

/** What the public form's selects need beyond the public course lists. */
export async function options(db: Database, collegeId: number) {
  return { admissionTypes: await admissionTypes(db, collegeId) };
}

type StoredFile = { kind: 'photo' | 'document'; fileName: string; type: 'pdf' | 'jpg' | 'png'; size: number; path: string };

function documentType(f: UploadedFile): 'pdf' | 'jpg' | 'png' {
  const type = sniffFileType(f.buffer);
  if (type !== 'pdf' && type !== 'jpg' && type !== 'png') throw badRequest(M.documentType);
  return type;
}

const cleanName = (name: string, type: string) => {
  const base = path.basename(name || 'document').replace(/[^\w .()-]/g, '_').slice(0, 120) || 'document';
  return /\.(pdf|jpe?g|png)$/i.test(base) ? base : `${base}.${type}`;
};

/**
 * POST /api/public/applications: the applicant's fields are the admission payload's, checked by
 * the admission rules and the college's offer; the photo as the office's photo (.jpg), the
 * documents as pdf, jpg or png by their bytes. Files are stored first and removed if the row
 * is not saved.
 */
export async function submit(ctx: Ctx, body: MultipartBody) {
  const date = today();
  const payload = applicantPayload(jsonPart(body.fields, 'application'), date);
  const parsed = ZOnlineApplication.safeParse(payload);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(errors[0].message, { errors });
  }
  const { data } = await validateAdmission(ctx, parsed.data);

  const photos = body.files.filter((f) => f.fieldname === 'photo');
  const documents = body.files.filter((f) => f.fieldname === 'documents');
  if (!photos.length) throw badRequest(M.photoRequired);
  await checkPhoto(photos[0]);
  if (!documents.length) throw badRequest(M.documentsRequired);
  if (documents.length > MAX_APPLICATION_DOCUMENTS) throw badRequest(M.tooManyDocuments);
  const docTypes = documents.map(documentType);

  const stamp = crypto.randomUUID();
  const stored: StoredFile[] = [];
  const store = async (f: UploadedFile, kind: StoredFile['kind'], type: StoredFile['type'], i: number) => {
    const rel = await storeUpload(ctx.storage, ctx.college.code, 'applications', `${stamp}-${kind}-${i}.${type}`, f.buffer);
    stored.push({ kind, fileName: cleanName(f.filename, type), type, size: f.buffer.length, path: rel });
  };
  try {
    await store(photos[0], 'photo', 'jpg', 0);
    for (let i = 0; i < documents.length; i++) await store(documents[i], 'document', docTypes[i], i + 1);
    const now = nowIso();
    const number = await ctx.db.transaction().execute(async (trx) => {
      if (await repo.pendingByAadhar(trx, ctx.college.id, data.aadharNo)) throw conflict(M.pendingForAadhar);
      const no = formatApplicationNo(await repo.nextApplicationSeq(trx, ctx.college.id), Number(date.slice(0, 4)));
      const id = await repo.insert(trx, {
        college_id: ctx.college.id,
        application_no: no,
        aadhar_no: data.aadharNo,
        name: data.name,
        date_of_birth: data.dateOfBirth,
        course: data.courseAppliedFor,
        batch: data.batch,
        branch: data.branch,
        mobile: data.studentContactNo,
        email: data.emailId,
        data_json: JSON.stringify(data),
        status: 'pending',
        created_at: now,
      });
      await repo.insertFiles(
        trx,
        stored.map((f) => ({
          college_id: ctx.college.id,
          application_id: id,
          kind: f.kind,
          file_name: f.fileName,
          file_type: f.type,
          size: f.size,
          path: f.path,
          created_at: now,
        })),
      );
      return no;
    });
    return { message: M.submitted(number), number };
  } catch (e) {
    await removeUploads(ctx.storage, stored.map((f) => f.path));
    if (isUniqueViolation(e)) throw conflict(M.pendingForAadhar);
    throw e;
  }
}

/**
 * GET /api/public/applications/status: the application whose number AND date of birth match.
 * A wrong number, a wrong date or both give the same answer, so neither can be probed alone.
 */
export async function status(db: Database, collegeId: number, number: string, dob: string): Promise<TApplicationStatus> {
  const row = await repo.byNumber(db, collegeId, number);
  if (!row || row.date_of_birth !== dob) throw notFound(M.notFound);
  return {
    number: row.application_no,
    name: row.name,
    course: row.course,
    branch: row.branch,
    status: row.status as TApplicationStatus['status'],
    submittedAt: row.created_at,
    decidedAt: row.decided_at,
    reason: row.status === 'rejected' ? row.reason : '',
    admissionNo: row.status === 'accepted' ? row.admission_no : null,
  };
}

function itemOf(row: repo.ApplicationRow, files: repo.FileRow[]): TOnlineApplicationItem {
  let data: Record<string, string> = {};
  try {
    data = JSON.parse(row.data_json) as Record<string, string>;
  } catch {
    data = {};
  }
  return {
    id: row.id,
    number: row.application_no,
    name: row.name,
    course: row.course,
    batch: row.batch,
    branch: row.branch,
    dateOfBirth: row.date_of_birth,
    mobile: row.mobile,
    email: row.email,
    status: row.status as TOnlineApplicationItem['status'],
    reason: row.reason,
    admissionId: row.admission_id,
    admissionNo: row.admission_no,
    submittedAt: row.created_at,
    decidedAt: row.decided_at,
    data,
    files: files
      .filter((f) => f.application_id === row.id)
      .map((f) => ({
        id: f.id,
        kind: f.kind as 'photo' | 'document',
        fileName: f.file_name,
        type: f.file_type as 'pdf' | 'jpg' | 'png',
        size: f.size,
      })),
  };
}

/** The office's queue: by status, searched by number, name, mobile, course or branch; newest first. */
export async function list(db: Database, collegeId: number, q: { status: string; q: string; page: number; pageSize: number }) {
  const { rows, total } = await repo.page(db, collegeId, q);
  const files = await repo.filesOf(
    db,
    collegeId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => itemOf(r, files)), total, page: q.page, pageSize: q.pageSize };
}

async function load(db: Database, collegeId: number, id: number) {
  const row = await repo.byId(db, collegeId, id);
  if (!row) throw notFound('No such application');
  return row;
}

export async function fileOf(db: Database, collegeId: number, id: number, fileId: number, storage: FileStorage) {
  const f = await repo.file(db, collegeId, id, fileId);
  const data = f ? await openUpload(storage, f.path) : null;
  if (!f || !data) throw notFound('The file is not available');
  return { data, fileName: f.file_name };
}

/**
 * Accepts a pending application into an admission: the admissions save itself (its rules, its
 * counter, its photo handling), dated today, with the application marked accepted in the same
 * transaction. Two clerks accepting at once: one admission, the other is told it was decided.
 */
export async function accept(ctx: Ctx, id: number, ip: string) {
  const row = await load(ctx.db, ctx.college.id, id);
  if (row.status !== 'pending') throw conflict(M.alreadyDecided);
  const files = await repo.filesOf(ctx.db, ctx.college.id, [row.id]);
  const photoRow = files.find((f) => f.kind === 'photo');
  const photoData = photoRow ? await readUpload(ctx.storage, photoRow.path) : null;
  const photo: UploadedFile | undefined = photoData
    ? { fieldname: 'imageUpload', filename: photoRow!.file_name, mimetype: 'image/jpeg', buffer: photoData }
    : undefined;
  const data = { ...(JSON.parse(row.data_json) as Record<string, string>), dateOfAdmission: today(), adminNo: '' };
  const decidedAt = nowIso();
  // A second clerk racing the first can meet the first's admission (its Aadhaar, on PostgreSQL)
  // before it meets the decided row; either way the application was decided by the other clerk.
  const saved = await saveAdmission(ctx, data, photo, undefined, async (trx, admission) => {
    const changed = await repo.decide(trx, ctx.college.id, row.id, {
      status: 'accepted',
      admission_id: admission.id,
      admission_no: admission.adminNo,
      decided_by: ctx.user?.id ?? null,
      decided_at: decidedAt,
    });
    if (!changed) throw conflict(M.alreadyDecided);
    await audit(trx, {
      collegeId: ctx.college.id,
      actor: ctx.user,
      ip,
      action: 'online_application.accept',
      entity: 'online_application',
      entityId: row.id,
      before: { status: 'pending', number: row.application_no },
      after: { status: 'accepted', admissionId: admission.id, admissionNo: admission.adminNo },
    });
  }).catch(async (e: unknown) => {
    if ((await load(ctx.db, ctx.college.id, id)).status !== 'pending') throw conflict(M.alreadyDecided);
    throw e;
  });
  const after = await load(ctx.db, ctx.college.id, id);
  return {
    message: M.accepted(saved.adminNo),
    adminNo: saved.adminNo,
    admissionId: saved.id,
    pdf: saved.pdf,
    application: itemOf(after, files),
  };
}

/** Rejects a pending application with the reason the applicant will read. */
export async function reject(ctx: Ctx, id: number, reason: string, ip: string) {
  const row = await load(ctx.db, ctx.college.id, id);
  if (row.status !== 'pending') throw conflict(M.alreadyDecided);
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await repo.decide(trx, ctx.college.id, id, {
      status: 'rejected',
      reason,
      decided_by: ctx.user?.id ?? null,
      decided_at: nowIso(),
    });
    if (!changed) throw conflict(M.alreadyDecided);
    await audit(trx, {
      collegeId: ctx.college.id,
      actor: ctx.user,
      ip,
      action: 'online_application.reject',
      entity: 'online_application',
      entityId: id,
      before: { status: 'pending', number: row.application_no },
      after: { status: 'rejected', reason },
    });
  });
  const files = await repo.filesOf(ctx.db, ctx.college.id, [id]);
  return { message: M.rejected, application: itemOf(await load(ctx.db, ctx.college.id, id), files) };
}
