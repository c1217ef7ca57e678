import crypto from 'node:crypto';
import path from 'node:path';
import {
  ADMISSION_FIELDS,
  ADMISSION_FIELD_DEFS,
  ADMISSION_MSG,
  EXCEL_COLUMNS,
  FEE_FIELDS,
  MAX_PHOTO_BYTES,
  MSG,
  ZAdmission,
  notFoundMessage,
  type TApplicationPage,
  type TApplicationQuery,
  type TRejectedRow,
} from '@erp/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import { nowIso } from '../../db/index.js';
import { pacer } from '../../lib/chunked.js';
import { AppError, badRequest, conflict, isUniqueViolation, notFound, violatedConstraint } from '../../lib/errors.js';
import { sniffFileType } from '../../lib/file-type.js';
import { couldNotRead, MAX_IMAGE_PIXELS, parseInWorker } from '../../lib/parse-worker/index.js';
import type { UploadedFile } from '../../lib/multipart.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { readUpload, storeUpload } from '../../lib/uploads.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { admissionCatalog, admissionSettings, type Catalog } from '../lookups/index.js';
import { admissionPdf } from './admissions.pdf.js';
import * as repo from './admissions.repo.js';
import { DATE_COLUMNS, normaliseDate, readSheet } from './admissions.excel.js';
import { admittedIn, quotaOf } from './figures.js';

export interface Ctx {
  db: Database;
  college: RequestCollege;
  user: RequestUser | null;
  storage: FileStorage;
}

type Data = Record<string, string>;
const LABEL = new Map(ADMISSION_FIELD_DEFS.map((f) => [f.name, f.label]));

/** e.g. SVEC/2026/00001; the counter is per college, so numbers never repeat within one. */
export const formatAdmissionNo = (code: string, n: number, year = new Date().getFullYear()) =>
  `${code}/${year}/${String(n).padStart(5, '0')}`;

export async function generateAdmissionNumber(db: Database, college: RequestCollege): Promise<string> {
  const value = await db.transaction().execute((trx) => repo.reserveCounter(trx, college.id, 1));
  return formatAdmissionNo(college.code, value);
}

function issuesOf(raw: unknown): { data: Data | null; errors: Array<{ path: string; message: string }> } {
  const r = ZAdmission.safeParse(raw);
  if (r.success) return { data: r.data as Data, errors: [] };
  return { data: null, errors: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}

/** The form's own rules first (same messages as the forms), then what the college offers. */
function referenceErrors(d: Data, catalog: Catalog): Array<{ path: string; message: string }> {
  const errors: Array<{ path: string; message: string }> = [];
  if (!catalog.admissionTypes.has(d.admissionType)) {
    errors.push({ path: 'admissionType', message: ADMISSION_MSG.notListed('Admission type', d.admissionType) });
  }
  const course = catalog.courses.get(d.courseAppliedFor);
  if (!course) errors.push({ path: 'courseAppliedFor', message: notFoundMessage('Course') });
  else {
    if (!course.branches.has(d.branch)) errors.push({ path: 'branch', message: notFoundMessage('Branch') });
    if (d.batch && !course.batches.has(d.batch)) errors.push({ path: 'batch', message: notFoundMessage('Batch') });
  }
  return errors;
}

/** The admission rules and the college's offer (courses, branches, batches, admission types) for a payload. */
export const validateAdmission = (ctx: Ctx, raw: unknown) => validated(ctx, raw);

async function validated(ctx: Ctx, raw: unknown): Promise<{ data: Data; feePackage: boolean }> {
  const { data, errors } = issuesOf(raw);
  if (!data) throw badRequest(errors[0].message, { errors });
  const [catalog, settings] = await Promise.all([
    admissionCatalog(ctx.db, ctx.college.id),
    admissionSettings(ctx.db, ctx.college.id),
  ]);
  const refErrors = referenceErrors(data, catalog);
  if (refErrors.length) throw badRequest(refErrors[0].message, { errors: refErrors });
  // The year-wise fee package exists only for colleges configured with it.
  if (!settings.feePackage) for (const f of FEE_FIELDS) data[f] = '';
  return { data, feePackage: settings.feePackage };
}

/**
 * An admission photo: a .jpg told by its bytes, within the size limit, whose frame header the
 * parse worker reads (the admission PDF and the bus pass draw it later).
 */
export async function checkPhoto(photo: UploadedFile | undefined) {
  if (!photo) return;
  if (photo.buffer.length > MAX_PHOTO_BYTES) throw badRequest(ADMISSION_MSG.photoTooLarge);
  if (sniffFileType(photo.buffer) !== 'jpg') throw badRequest(ADMISSION_MSG.photoJpgOnly);
  const read = await parseInWorker('image', { buf: photo.buffer, maxPixels: MAX_IMAGE_PIXELS });
  if (!read.ok) throw couldNotRead(read);
}

function uniqueViolation(e: unknown): AppError | null {
  if (!isUniqueViolation(e)) return null;
  return violatedConstraint(e).includes('aadhar')
    ? conflict(ADMISSION_MSG.duplicateAadhar(''))
    : conflict(ADMISSION_MSG.duplicateAdmissionNo(''));
}

const rowOf = (ctx: Ctx, data: Data, now: string): repo.NewAdmission => ({
  college_id: ctx.college.id,
  admission_no: data.adminNo,
  aadhar_no: data.aadharNo,
  name: data.name,
  course: data.courseAppliedFor,
  batch: data.batch,
  branch: data.branch,
  gender: data.gender,
  date_of_admission: data.dateOfAdmission,
  data_json: JSON.stringify(data),
  photo_path: null,
  created_by: ctx.user?.id ?? null,
  created_at: now,
  updated_at: now,
});

export async function renderPdf(ctx: Ctx, data: Data, photoPath: string | null): Promise<string> {
  const [college, photo] = await Promise.all([
    repo.college(ctx.db, ctx.college.id),
    photoPath ? readUpload(ctx.storage, photoPath) : Promise.resolve(null),
  ]);
  return (await admissionPdf(college, data, photo)).toString('base64');
}

/** Work that must commit with a new admission (e.g. marking the application it came from accepted). */
export type WithinSave = (trx: Transaction<DB>, saved: { id: number; adminNo: string }) => Promise<void>;

/**
 * saveApplicationFormData: validates with the shared schema, stores the admission (or updates
 * the one with editedAadharNumber) and its photo in one transaction, and returns the PDF.
 * `within` runs inside that transaction after the row is written; if it throws, nothing is saved.
 */
export async function saveAdmission(
  ctx: Ctx,
  raw: unknown,
  photo: UploadedFile | undefined,
  editedAadhar?: string,
  within?: WithinSave,
) {
  await checkPhoto(photo);
  const { data } = await validated(ctx, raw);
  const now = nowIso();
  let stored: { id: number; photoPath: string | null };
  // The photo is written under a temporary key inside the transaction and moved once the row is
  // committed, so a failed save leaves neither a row nor a replaced photo behind.
  let tempPhoto: string | null = null;
  try {
    stored = await ctx.db.transaction().execute(async (trx) => {
      const existing = editedAadhar ? await repo.byAadhar(trx, ctx.college.id, editedAadhar) : undefined;
      if (editedAadhar && !existing) throw notFound(ADMISSION_MSG.noAdmissionForAadhar(editedAadhar));
      const clash = await repo.byAadhar(trx, ctx.college.id, data.aadharNo);
      if (clash && clash.id !== existing?.id) throw conflict(ADMISSION_MSG.duplicateAadhar(data.aadharNo));
      if (existing) data.adminNo = existing.admission_no;
      else if (data.adminNo) {
        if (await repo.byAdmissionNo(trx, ctx.college.id, data.adminNo))
          throw conflict(ADMISSION_MSG.duplicateAdmissionNo(data.adminNo));
      } else data.adminNo = formatAdmissionNo(ctx.college.code, await repo.reserveCounter(trx, ctx.college.id, 1));

      let photoPath = existing?.photo_path ?? null;
      if (photo) {
        tempPhoto = await storeUpload(
          ctx.storage,
          ctx.college.code,
          'admissions',
          `.${crypto.randomUUID()}.tmp`,
          photo.buffer,
        );
        photoPath = path.posix.join(path.posix.dirname(tempPhoto), `${data.adminNo}.jpg`.replace(/[^A-Za-z0-9._-]/g, '_'));
        data.imageName = photoPath.split(/[\\/]/).pop()!;
        data.imageType = 'image/jpeg';
        data.imagePath = photoPath;
      } else if (existing) {
        const old = JSON.parse(existing.data_json) as Data;
        data.imageName = old.imageName ?? '';
        data.imageType = old.imageType ?? '';
        data.imagePath = old.imagePath ?? '';
      } else {
        data.imageName = data.imageType = data.imagePath = '';
      }
      const row = { ...rowOf(ctx, data, now), photo_path: photoPath };
      let id: number;
      if (existing) {
        const { created_at: _c, created_by: _b, college_id: _col, ...changes } = row;
        await repo.update(trx, ctx.college.id, existing.id, changes);
        id = existing.id;
      } else id = await repo.insert(trx, row);
      if (data.rollNumber) {
        const student = await repo.studentByRoll(trx, ctx.college.id, data.rollNumber);
        if (student) await repo.linkStudent(trx, ctx.college.id, student.id, id);
      }
      if (within) await within(trx, { id, adminNo: data.adminNo });
      return { id, photoPath };
    });
    if (tempPhoto && stored.photoPath) await ctx.storage.move(tempPhoto, stored.photoPath);
  } catch (e) {
    if (tempPhoto) await ctx.storage.delete(tempPhoto);
    throw uniqueViolation(e) ?? e;
  }
  const pdf = await renderPdf(ctx, data, stored.photoPath);
  return { message: editedAadhar ? MSG.recordModified : MSG.recordSaved, adminNo: data.adminNo, id: stored.id, pdf };
}

/** getStudentadmissiondata: the same PDF for a posted form, without saving it. */
export async function formPdf(ctx: Ctx, raw: unknown): Promise<string> {
  const { data } = await validated(ctx, raw);
  const saved = data.adminNo ? await repo.byAdmissionNo(ctx.db, ctx.college.id, data.adminNo) : undefined;
  return renderPdf(ctx, data, saved?.photo_path ?? null);
}

export async function pdfFor(ctx: Ctx, id: number): Promise<string> {
  const row = await repo.byId(ctx.db, ctx.college.id, id);
  if (!row) throw notFound(MSG.noRecordsFound);
  return renderPdf(ctx, JSON.parse(row.data_json), row.photo_path);
}

type ListedRow = Awaited<ReturnType<typeof repo.list>>[number];
const listed = (r: ListedRow) => ({
  applicationFormExcelM: {
    ...(JSON.parse(r.data_json) as Data),
    id: r.id,
    aadharNo: r.aadhar_no,
    adminNo: r.admission_no,
    createdAt: r.created_at,
  },
});

export async function listApplications(db: Database, collegeId: number, limit: number, offset: number) {
  return (await repo.list(db, collegeId, limit, offset)).map(listed);
}

/** The applications list: a page of saved admissions matching what was typed, and how many match in all. */
export async function searchApplications(db: Database, collegeId: number, query: TApplicationQuery): Promise<TApplicationPage> {
  const filters = { branch: query.branch, ...(query.year ? { admittedFrom: admittedIn(query.year).from, admittedTo: admittedIn(query.year).to } : {}) };
  if (!query.quota) {
    const { rows, total } = await repo.search(db, collegeId, query.q, query.limit, query.offset, filters);
    return { items: rows.map(listed), total };
  }
  // The quota is the admission's own Seat Type read by the figures' rule (quotaOf), so it is
  // matched here rather than in SQL: a branch's year is a few hundred rows at most.
  const { rows } = await repo.search(db, collegeId, query.q, null, 0, filters);
  const matching = rows.filter((r) => quotaOf(r.data_json) === query.quota);
  return { items: matching.slice(query.offset, query.offset + query.limit).map(listed), total: matching.length };
}

export async function summary(db: Database, collegeId: number) {
  const since = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
  const [total, lastWeek] = await Promise.all([repo.count(db, collegeId), repo.count(db, collegeId, since)]);
  return { total, lastWeek };
}

/**
 * getNormalData: the form fields for modify mode. The roll number may be a student's (their
 * linked admission, or their student record when none was saved) or an admission number.
 */
export async function normalData(db: Database, collegeId: number, rollNumber: string) {
  const byNo = await repo.byAdmissionNo(db, collegeId, rollNumber);
  if (byNo) return { ...JSON.parse(byNo.data_json), adminNo: byNo.admission_no, aadharNo: byNo.aadhar_no };
  const student = await repo.studentByRoll(db, collegeId, rollNumber);
  if (!student) throw notFound(ADMISSION_MSG.noAdmissionForRoll(rollNumber));
  if (student.admission_id) {
    const adm = await repo.byId(db, collegeId, student.admission_id);
    if (adm)
      return {
        ...JSON.parse(adm.data_json),
        adminNo: adm.admission_no,
        aadharNo: adm.aadhar_no,
        rollNumber,
        semester: student.semester,
      };
  }
  const blank = Object.fromEntries(ADMISSION_FIELDS.map((f) => [f, '']));
  return {
    ...blank,
    name: student.full_name,
    courseAppliedFor: student.course,
    batch: student.batch,
    branch: student.branch,
    semester: student.semester,
    gender: student.gender,
    emailId: student.email,
    studentContactNo: student.mobile,
    fathersName: student.father_name,
    rollNumber: student.roll_no,
  };
}

const KNOWN_COLUMNS = new Set<string>(ADMISSION_FIELDS);
/** Rows per insert statement of an import: each statement runs without a pause, so keep it short. */
const IMPORT_ROWS_PER_INSERT = 100;

/**
 * masterDataExcelsUploads?fileType=newAdmissionsForm: every row is checked with the shared
 * schema; the valid ones are saved together in one transaction with generated admission numbers;
 * the rest come back with their sheet row numbers. A file that is not a workbook, is empty, has
 * the wrong headers or too many rows is refused as a whole.
 */
export async function importAdmissions(ctx: Ctx, fileType: string | undefined, files: UploadedFile[], dryRun: boolean) {
  if (fileType !== 'newAdmissionsForm') throw badRequest('fileType must be newAdmissionsForm');
  const file = files.find((f) => f.fieldname === 'excelFileUpload') ?? files[0];
  const refuse = (reason: string) =>
    badRequest(MSG.unableToUploadExcel, { reason, errors: [{ path: 'excelFileUpload', message: reason }] });
  if (!file) throw refuse(ADMISSION_MSG.excelMissingFile);
  const type = sniffFileType(file.buffer);
  if (type !== 'xlsx' && type !== 'xls') throw refuse(ADMISSION_MSG.excelTypeOnly);
  const sheet = await readSheet(file.buffer);
  if (!sheet.ok) {
    throw refuse(
      sheet.error === 'tooMany'
        ? ADMISSION_MSG.excelTooManyRows
        : sheet.error === 'tooLarge'
          ? sheet.message
          : ADMISSION_MSG.excelTypeOnly,
    );
  }

  const headers = sheet.headers;
  const named = headers.filter(Boolean);
  const missing = EXCEL_COLUMNS.filter((c) => !named.includes(c));
  const unknown = named.filter((h) => !KNOWN_COLUMNS.has(h));
  if (missing.length || unknown.length) throw refuse(ADMISSION_MSG.excelHeaders(missing, unknown));

  const [catalog, settings] = await Promise.all([
    admissionCatalog(ctx.db, ctx.college.id),
    admissionSettings(ctx.db, ctx.college.id),
  ]);
  // Checking and saving thousands of rows takes seconds: the work pauses whenever it has held the
  // event loop for a few milliseconds, so other requests are answered meanwhile (see pacer).
  const pause = pacer();
  const rejected: TRejectedRow[] = [];
  const valid: Array<{ row: number; data: Data }> = [];
  const aadharRow = new Map<string, number>();
  const adminNoRow = new Map<string, number>();
  let filled = 0;
  for (let i = 0; i < sheet.rows.length; i++) {
    await pause();
    const line = sheet.rows[i];
    if (!line) continue;
    const cells = JSON.parse(line) as unknown[];
    if (!cells.some((c) => c !== '' && c !== null && c !== undefined)) continue;
    filled++;
    const rowNo = i + 2;
    const raw: Record<string, unknown> = {};
    headers.forEach((h, c) => {
      if (h) raw[h] = DATE_COLUMNS.includes(h) ? normaliseDate(cells[c]) : cells[c];
    });
    const { data, errors } = issuesOf(raw);
    const all = data ? referenceErrors(data, catalog) : errors;
    if (data) {
      const first = aadharRow.get(data.aadharNo);
      if (first) all.push({ path: 'aadharNo', message: ADMISSION_MSG.duplicateAadharInFile(data.aadharNo, first) });
      else aadharRow.set(data.aadharNo, rowNo);
      if (data.adminNo) {
        const firstNo = adminNoRow.get(data.adminNo);
        if (firstNo)
          all.push({ path: 'adminNo', message: `${ADMISSION_MSG.duplicateAdmissionNo(data.adminNo)} (row ${firstNo})` });
        else adminNoRow.set(data.adminNo, rowNo);
      }
    }
    if (all.length) rejected.push({ row: rowNo, errors: all.map((e) => `${LABEL.get(e.path) ?? e.path}: ${e.message}`) });
    else valid.push({ row: rowNo, data: data! });
  }
  if (filled === 0) throw refuse(ADMISSION_MSG.excelEmpty);

  // Against what is already saved.
  const takenAadhar = await repo.existing(
    ctx.db,
    ctx.college.id,
    'aadhar_no',
    valid.map((v) => v.data.aadharNo),
    pause,
  );
  const givenNos = valid.map((v) => v.data.adminNo).filter(Boolean);
  const takenNos = givenNos.length
    ? await repo.existing(ctx.db, ctx.college.id, 'admission_no', givenNos, pause)
    : new Set<string>();
  const toSave = valid.filter((v) => {
    const errors: string[] = [];
    if (takenAadhar.has(v.data.aadharNo))
      errors.push(`${LABEL.get('aadharNo')}: ${ADMISSION_MSG.duplicateAadhar(v.data.aadharNo)}`);
    if (v.data.adminNo && takenNos.has(v.data.adminNo))
      errors.push(`${LABEL.get('adminNo')}: ${ADMISSION_MSG.duplicateAdmissionNo(v.data.adminNo)}`);
    if (errors.length) rejected.push({ row: v.row, errors });
    return errors.length === 0;
  });
  rejected.sort((a, b) => a.row - b.row);

  if (dryRun) return { message: ADMISSION_MSG.dryRunDone(toSave.length), saved: 0, valid: toSave.length, rejected, dryRun: true };

  if (toSave.length) {
    const now = nowIso();
    // Numbers are reserved first (a gap if the insert then fails, as with generateAdmistionNumber),
    // and the rows built outside the transaction, so it holds the database only for the inserts.
    const needNumbers = toSave.filter((v) => !v.data.adminNo).length;
    let next = needNumbers
      ? (await ctx.db.transaction().execute((trx) => repo.reserveCounter(trx, ctx.college.id, needNumbers))) - needNumbers + 1
      : 0;
    const rows: repo.NewAdmission[] = [];
    for (const { data } of toSave) {
      await pause();
      if (!data.adminNo) data.adminNo = formatAdmissionNo(ctx.college.code, next++);
      if (!settings.feePackage) for (const f of FEE_FIELDS) data[f] = '';
      rows.push(rowOf(ctx, data, now));
    }
    // One transaction, so readers see all of the import or none of it (SQLite's readers use their
    // own connection; PostgreSQL's don't see an uncommitted transaction). It pauses between short
    // statements: SQLite's driver is synchronous, and 10,000 rows in one stretch held every other
    // request for seconds.
    try {
      await ctx.db.transaction().execute((trx) => repo.insertMany(trx, rows, { rowsPerInsert: IMPORT_ROWS_PER_INSERT, pause }));
    } catch (e) {
      throw uniqueViolation(e) ?? e;
    }
  }
  return { message: MSG.uploadedExcel, saved: toSave.length, rejected };
}

/** An admission as the NAAC / NIRF figures read it (category, seat type, address, income). */
export interface NaacAdmission {
  id: number;
  admissionNo: string;
  name: string;
  course: string;
  batch: string;
  branch: string;
  gender: string;
  dateOfAdmission: string;
  category: string;
  seatType: string;
  nationality: string;
  permanentAddress: string;
  annualIncome: number | null;
  rollNumber: string;
}

/** Read-only inputs for IQAC's NAAC and NIRF figures: the students on the rolls and the admissions. */
export async function naacInputs(db: Database, collegeId: number) {
  const [students, rows] = await Promise.all([repo.naacStudents(db, collegeId), repo.naacAdmissions(db, collegeId)]);
  const admissions: NaacAdmission[] = rows.map((r) => {
    let d: Record<string, unknown> = {};
    try {
      d = JSON.parse(r.data_json) as Record<string, unknown>;
    } catch {
      d = {};
    }
    const s = (k: string) => (typeof d[k] === 'string' ? (d[k] as string).trim() : '');
    const income = Number(s('annualIncome'));
    return {
      id: r.id,
      admissionNo: r.admission_no,
      name: r.name,
      course: r.course,
      batch: r.batch,
      branch: r.branch,
      gender: r.gender,
      dateOfAdmission: r.date_of_admission,
      category: s('category'),
      seatType: s('seatType'),
      nationality: s('nationality'),
      permanentAddress: s('permanentAddress'),
      annualIncome: s('annualIncome') && Number.isFinite(income) ? income : null,
      rollNumber: s('rollNumber'),
    };
  });
  return { students, admissions };
}
