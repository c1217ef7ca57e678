import crypto from 'node:crypto';
import { newWorkbook } from '../../lib/libraries.js';
import {
  HIGHER_STUDIES_STATUS_LABELS,
  PLACEMENT_MAX_FILE_MB,
  PLACEMENT_MSG,
  ROLES,
  type THigherStudiesDeclare,
  type THigherStudiesPage,
  type THigherStudiesQuery,
  type THigherStudiesRecord,
  type TMyHigherStudies,
  type ZHigherStudies,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sniffFileType } from '../../lib/file-type.js';
import type { UploadedFile } from '../../lib/multipart.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { openUpload, storeUpload } from '../../lib/uploads.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import * as repo from './placements.repo.js';

/**
 * Students progressing to higher studies (NAAC 5.2.2, NIRF graduation outcome). The placement
 * dean enters a record (verified at once) or verifies one a student declared; only verified records
 * are counted. A student holding an offer is counted as placed, so cannot also be recorded here.
 */

type Student = NonNullable<Awaited<ReturnType<typeof repo.studentByRoll>>>;

const view = (r: repo.HigherStudiesRow): THigherStudiesRecord => ({
  id: r.id,
  studentId: r.student_id,
  rollNo: r.roll_no,
  name: r.full_name,
  branch: r.branch,
  batch: r.batch,
  programme: r.programme,
  institution: r.institution,
  admissionYear: r.admission_year,
  status: r.status === 'declared' ? 'declared' : 'verified',
  hasEvidence: r.evidence_path !== null,
  evidenceName: r.evidence_name,
  declaredByStudent: r.declared_by !== null,
  verifiedAt: r.verified_at,
  createdAt: r.created_at,
});

async function recordOf(db: Database, collegeId: number, f: repo.HigherStudiesFilter) {
  const row = (await repo.higherStudiesRows(db, collegeId, f))[0];
  return row ? view(row) : null;
}

async function recordOr404(db: Database, collegeId: number, id: number) {
  const r = await recordOf(db, collegeId, { id });
  if (!r) throw notFound(PLACEMENT_MSG.higherStudiesNotFound);
  return r;
}

/** The rules both entry paths share: no offer held, and not admitted before the batch graduates. */
async function check(db: Database, collegeId: number, s: Student, admissionYear: number | null) {
  if ((await repo.offerCount(db, collegeId, s.id)) > 0) throw badRequest(PLACEMENT_MSG.higherStudiesPlaced);
  const graduates = Number(/^\d{4}-(\d{4})$/.exec(s.batch)?.[1] ?? 0);
  if (admissionYear !== null && graduates && admissionYear < graduates)
    throw badRequest(PLACEMENT_MSG.admissionYearEarly(graduates));
}

const auditView = (r: THigherStudiesRecord | null) =>
  r && { rollNo: r.rollNo, programme: r.programme, institution: r.institution, admissionYear: r.admissionYear, status: r.status };

export async function list(db: Database, collegeId: number, q: THigherStudiesQuery): Promise<THigherStudiesPage> {
  const f = { batch: q.batch, status: q.status, q: q.q };
  const [rows, total] = await Promise.all([
    repo.higherStudiesRows(db, collegeId, f, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    repo.higherStudiesCount(db, collegeId, f),
  ]);
  return { items: rows.map(view), total };
}

/** The dean's entry: recorded as verified, replacing what the student declared. Audited. */
export async function enter(db: Database, user: RequestUser, input: z.infer<typeof ZHigherStudies>, now: Date) {
  const collegeId = user.collegeId;
  const s = await repo.studentByRoll(db, collegeId, input.rollNo);
  if (!s) throw badRequest(PLACEMENT_MSG.studentNotFound);
  await check(db, collegeId, s, input.admissionYear ?? null);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await recordOf(trx, collegeId, { studentId: s.id });
    await repo.upsertHigherStudies(trx, {
      college_id: collegeId,
      student_id: s.id,
      programme: input.programme,
      institution: input.institution,
      admission_year: input.admissionYear ?? null,
      status: 'verified',
      verified_by: user.id,
      verified_at: stamp,
      created_at: stamp,
      updated_at: stamp,
    });
    const after = await recordOf(trx, collegeId, { studentId: s.id });
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      action: before ? 'placement.higher_studies.update' : 'placement.higher_studies.add',
      entity: 'placement_higher_studies',
      entityId: after!.id,
      before: auditView(before),
      after: auditView(after),
    });
  });
  return (await recordOf(db, collegeId, { studentId: s.id }))!;
}

async function ownStudent(db: Database, user: RequestUser) {
  const s = await repo.studentOfUser(db, user.collegeId, user.id);
  if (!s) throw badRequest(PLACEMENT_MSG.noStudent);
  return s;
}

export async function mine(db: Database, user: RequestUser): Promise<TMyHigherStudies> {
  const s = await ownStudent(db, user);
  return { record: await recordOf(db, user.collegeId, { studentId: s.id }) };
}

/** A student declares (or corrects) their own record; it waits for the dean's verification. */
export async function declare(db: Database, user: RequestUser, input: THigherStudiesDeclare, now: Date) {
  const collegeId = user.collegeId;
  const s = await ownStudent(db, user);
  const existing = await recordOf(db, collegeId, { studentId: s.id });
  if (existing?.status === 'verified') throw conflict(PLACEMENT_MSG.higherStudiesVerified);
  await check(db, collegeId, s, input.admissionYear);
  const stamp = now.toISOString();
  await repo.upsertHigherStudies(db, {
    college_id: collegeId,
    student_id: s.id,
    programme: input.programme,
    institution: input.institution,
    admission_year: input.admissionYear,
    status: 'declared',
    declared_by: user.id,
    verified_by: null,
    verified_at: null,
    created_at: stamp,
    updated_at: stamp,
  });
  return (await recordOf(db, collegeId, { studentId: s.id }))!;
}

/** The dean verifies a declared record, after which it counts. Audited. */
export async function verify(db: Database, user: RequestUser, id: number, now: Date) {
  const collegeId = user.collegeId;
  const r = await recordOr404(db, collegeId, id);
  if (r.status === 'verified') throw conflict(PLACEMENT_MSG.higherStudiesAlreadyVerified);
  if ((await repo.offerCount(db, collegeId, r.studentId)) > 0) throw badRequest(PLACEMENT_MSG.higherStudiesPlaced);
  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.updateHigherStudies(trx, collegeId, id, { status: 'verified', verified_by: user.id, verified_at: stamp, updated_at: stamp });
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      action: 'placement.higher_studies.verify',
      entity: 'placement_higher_studies',
      entityId: id,
      before: auditView(r),
      after: { ...auditView(r), status: 'verified' },
    });
  });
  return recordOr404(db, collegeId, id);
}

export async function remove(db: Database, user: RequestUser, id: number) {
  const collegeId = user.collegeId;
  const r = await recordOr404(db, collegeId, id);
  await db.transaction().execute(async (trx) => {
    await repo.deleteHigherStudies(trx, collegeId, id);
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      action: 'placement.higher_studies.remove',
      entity: 'placement_higher_studies',
      entityId: id,
      before: auditView(r),
    });
  });
  return { ok: true as const };
}

const isDean = (user: RequestUser) => user.roles.includes(ROLES.PLACEMENT_DEAN);

/** Evidence (admission letter, ID card): the dean for any record, a student for their own unverified one. */
export async function attachEvidence(
  db: Database,
  college: RequestCollege,
  user: RequestUser,
  id: number,
  files: UploadedFile[],
  storage: FileStorage,
  now: Date,
) {
  const r = await recordOr404(db, college.id, id);
  if (!isDean(user)) {
    const s = await ownStudent(db, user);
    if (s.id !== r.studentId) throw notFound(PLACEMENT_MSG.higherStudiesNotFound);
    if (r.status === 'verified') throw conflict(PLACEMENT_MSG.higherStudiesVerified);
  }
  const file = files[0];
  const type = file ? sniffFileType(file.buffer) : null;
  if (!file || (type !== 'pdf' && type !== 'jpg' && type !== 'png')) throw badRequest(PLACEMENT_MSG.evidenceType);
  if (file.buffer.length > PLACEMENT_MAX_FILE_MB * 1024 * 1024) throw badRequest(PLACEMENT_MSG.fileTooLarge);
  const path = await storeUpload(storage, college.code, 'placements', `higher-${r.rollNo}-${crypto.randomUUID()}.${type}`, file.buffer);
  const name = (file.filename || `evidence.${type}`).replace(/[^\w .()-]/g, '_').slice(0, 200);
  await repo.updateHigherStudies(db, college.id, id, { evidence_path: path, evidence_name: name, updated_at: now.toISOString() });
  return recordOr404(db, college.id, id);
}

export async function evidenceFile(db: Database, user: RequestUser, id: number, storage: FileStorage) {
  const rows = await repo.higherStudiesRows(db, user.collegeId, { id });
  const row = rows[0];
  if (!row) throw notFound(PLACEMENT_MSG.higherStudiesNotFound);
  if (user.roles.every((r) => r === ROLES.STUDENT)) {
    const s = await ownStudent(db, user);
    if (s.id !== row.student_id) throw notFound(PLACEMENT_MSG.higherStudiesNotFound);
  }
  if (!row.evidence_path) throw notFound(PLACEMENT_MSG.noEvidence);
  const data = await openUpload(storage, row.evidence_path);
  if (!data) throw notFound(PLACEMENT_MSG.noEvidence);
  return { data, name: row.evidence_name || 'evidence' };
}

export async function workbook(db: Database, collegeId: number, q: { batch?: string; status?: string; q?: string }) {
  const rows = (await repo.higherStudiesRows(db, collegeId, q)).map(view);
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Higher studies');
  ws.columns = [
    { header: 'S.No', key: 'n', width: 6 },
    { header: 'Roll No', key: 'roll', width: 14 },
    { header: 'Name', key: 'name', width: 26 },
    { header: 'Batch', key: 'batch', width: 11 },
    { header: 'Branch', key: 'branch', width: 8 },
    { header: 'Programme', key: 'programme', width: 22 },
    { header: 'Institution', key: 'institution', width: 34 },
    { header: 'Admission year', key: 'year', width: 10 },
    { header: 'Status', key: 'status', width: 22 },
    { header: 'Evidence', key: 'evidence', width: 10 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  rows.forEach((r, i) =>
    ws.addRow({
      n: i + 1,
      roll: r.rollNo,
      name: r.name,
      batch: r.batch,
      branch: r.branch,
      programme: r.programme,
      institution: r.institution,
      year: r.admissionYear ?? '',
      status: HIGHER_STUDIES_STATUS_LABELS[r.status],
      evidence: r.hasEvidence ? 'Yes' : 'No',
    }),
  );
  return { data: Buffer.from(await wb.xlsx.writeBuffer()), name: `higher-studies${q.batch ? `-${q.batch}` : ''}.xlsx` };
}
