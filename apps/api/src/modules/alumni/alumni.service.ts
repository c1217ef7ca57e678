import crypto from 'node:crypto';
import {
  ALUMNI_MSG,
  ALUMNI_STAFF_ROLES,
  ALUMNI_REGISTRATION_LABELS,
  MSG,
  ZAlumniHistory,
  ZAlumniRegistration,
  applyAlumniStatus,
  applyWorkingChoice,
  checkAlumniHistory,
  notFoundMessage,
  type TAlumniHistoryRecord,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import type { AlumniHistoryTable } from '../../db/tables.js';
import type { Selectable } from 'kysely';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { MIME_BY_TYPE, sniffFileType, type SniffedType } from '../../lib/file-type.js';
import { jsonPart, type MultipartBody, type UploadedFile } from '../../lib/multipart.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { openUpload, removeUploads, storeUpload } from '../../lib/uploads.js';
import type { RequestCollege } from '../../plugins/types.js';
import * as repo from './alumni.repo.js';

export interface UploadTarget {
  storage: FileStorage;
}

/** How many graduated batches getAlumniBatchesByCourse offers, newest last. */
const BATCH_WINDOW = 15;

/** Batches that have graduated by this year (start-end), plus any already on record. */
export function graduatedBatches(durationYears: number, currentYear: number, recorded: string[] = []): string[] {
  const out = new Set<string>();
  for (let end = currentYear - BATCH_WINDOW + 1; end <= currentYear; end++) out.add(`${end - durationYears}-${end}`);
  for (const b of recorded) if (/^\d{4}-\d{4}$/.test(b)) out.add(b);
  return [...out].sort();
}

export async function alumniBatches(db: Database, collegeId: number, degree: string, now = new Date()): Promise<string[]> {
  const course = await repo.courseByName(db, collegeId, degree);
  if (!course) throw notFound(notFoundMessage('Degree'));
  return graduatedBatches(course.duration_years, now.getFullYear(), await repo.recordedBatches(db, collegeId, degree));
}

function fileOfType(file: UploadedFile, allowed: SniffedType[], message: string): SniffedType {
  const type = sniffFileType(file.buffer);
  if (!type || !allowed.includes(type)) throw badRequest(message);
  return type;
}

/** saveAlumniStudentRegister: form 1. Errors are AppErrors whose message the route sends as text. */
export async function saveRegistration(db: Database, college: RequestCollege, body: MultipartBody, target: UploadTarget) {
  const parsed = ZAlumniRegistration.safeParse(jsonPart(body.fields, 'alumniStudentRegistration'));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? '');
    if (!field) throw badRequest('The multipart part "alumniStudentRegistration" must be a JSON object of the form\'s fields');
    throw badRequest(`${ALUMNI_REGISTRATION_LABELS[field] ?? field}: ${issue.message}`);
  }
  const v = applyWorkingChoice(parsed.data);
  const files = body.files.filter((f) => f.fieldname === 'file');
  if (files.length > 1) throw badRequest('Send one file only');
  const fileType = files[0] ? fileOfType(files[0], ['pdf', 'jpg', 'png', 'gif'], ALUMNI_MSG.registrationFileType) : null;

  const course = await repo.courseByName(db, college.id, v.degree);
  if (!course) throw badRequest(notFoundMessage('Degree'));
  if (v.course && v.course !== course.level) throw badRequest(notFoundMessage('Course'));
  const batches = graduatedBatches(
    course.duration_years,
    new Date().getFullYear(),
    await repo.recordedBatches(db, college.id, v.degree),
  );
  if (!batches.includes(v.batch)) throw badRequest(notFoundMessage('Batch'));
  if (await repo.registrationExists(db, college.id, v.rollNumber)) throw badRequest(ALUMNI_MSG.alreadyRegistered);

  const filePath = files[0]
    ? await storeUpload(
        target.storage,
        college.code,
        'alumni',
        `${v.rollNumber}-${crypto.randomUUID()}.${fileType}`,
        files[0].buffer,
      )
    : null;
  try {
    await repo.insertRegistration(db, {
      college_id: college.id,
      name: v.name,
      course: v.course,
      roll_number: v.rollNumber,
      batch: v.batch,
      mobile_number: v.mobileNumber,
      email: v.email,
      working: v.working,
      company_name: v.companyName,
      job_title: v.jobTitle,
      work_address: v.workAddress,
      institute_name: v.instituteName,
      course_name: v.courseName,
      edu_address: v.eduAddress,
      branch: v.branch,
      degree: v.degree,
      file_path: filePath,
      created_at: nowIso(),
    });
  } catch (e) {
    await removeUploads(target.storage, [filePath]);
    if (isUniqueViolation(e)) throw badRequest(ALUMNI_MSG.alreadyRegistered);
    throw e;
  }
  return { message: ALUMNI_MSG.registered };
}

/** saveAluminiHistoryByUrl: form 2, with the spec's checks in its order; a duplicate is a 409. */
export async function saveHistory(db: Database, college: RequestCollege, body: MultipartBody, target: UploadTarget) {
  const parsed = ZAlumniHistory.safeParse(jsonPart(body.fields, 'alumniData'));
  if (!parsed.success) throw badRequest(parsed.error.issues[0].message, { field: parsed.error.issues[0].path.join('.') });
  const v = applyAlumniStatus(parsed.data);
  const files = body.files.filter((f) => f.fieldname === 'file');
  if (files.length > 2) throw badRequest(ALUMNI_MSG.tooManyFiles);
  // The certificate is required for both statuses, so a single file is the certificate.
  const [photo, certificate] = files.length === 2 ? files : [undefined, files[0]];

  const exists = v.rollNumber ? await repo.historyRollExists(db, college.id, v.rollNumber) : false;
  const course = v.course ? await repo.courseByName(db, college.id, v.course) : undefined;
  const branches = course ? await repo.branchesOfCourse(db, college.id, course.id) : [];
  const batches = course
    ? graduatedBatches(course.duration_years, new Date().getFullYear(), await repo.recordedBatches(db, college.id, course.name))
    : [];
  const problem = checkAlumniHistory(v, {
    rollNumberExists: () => exists,
    hasCertificate: Boolean(certificate),
    isKnownSelection: (_c, batch, branch) => Boolean(course) && batches.includes(batch) && branches.includes(branch),
  });
  if (problem?.duplicate) throw conflict(problem.message);
  if (problem) throw badRequest(problem.message, { field: problem.field });
  const photoType = photo ? fileOfType(photo, ['jpg', 'png'], ALUMNI_MSG.photoFileType) : null;
  const certType = fileOfType(certificate!, ['pdf', 'jpg', 'png'], ALUMNI_MSG.certificateFileType);

  const stamp = crypto.randomUUID();
  const stored: Array<string | null> = [];
  try {
    const photoPath = photo
      ? await storeUpload(
          target.storage,
          college.code,
          'alumni-history',
          `${v.rollNumber}-photo-${stamp}.${photoType}`,
          photo.buffer,
        )
      : null;
    stored.push(photoPath);
    const certificatePath = await storeUpload(
      target.storage,
      college.code,
      'alumni-history',
      `${v.rollNumber}-certificate-${stamp}.${certType}`,
      certificate!.buffer,
    );
    stored.push(certificatePath);
    await repo.insertHistory(db, {
      college_id: college.id,
      status: v.status,
      roll_number: v.rollNumber,
      name: v.name,
      branch: v.branch,
      batch: v.batch,
      student_mobile: v.studentMobile,
      student_email: v.studentEmail,
      course: v.course,
      father_name: v.fatherName,
      section: v.section,
      company: v.company,
      packages: v.packages,
      designation: v.designation,
      experience: v.experience,
      location: v.location,
      institute_name: v.instituteName,
      photo_path: photoPath,
      certificate_path: certificatePath,
      share_contact: v.shareContact ? 1 : 0,
      created_at: nowIso(),
    });
  } catch (e) {
    await removeUploads(target.storage, stored);
    if (isUniqueViolation(e)) throw conflict(MSG.rollNumberExists);
    throw e;
  }
  return { message: MSG.alumniHistorySaved };
}

export function toRecord(r: Selectable<AlumniHistoryTable>): TAlumniHistoryRecord {
  return {
    id: r.id,
    status: r.status as TAlumniHistoryRecord['status'],
    rollNumber: r.roll_number,
    name: r.name,
    branch: r.branch,
    batch: r.batch,
    studentMobile: r.student_mobile,
    studentEmail: r.student_email,
    course: r.course,
    fatherName: r.father_name,
    section: r.section,
    company: r.company,
    packages: r.packages,
    designation: r.designation,
    experience: r.experience,
    location: r.location,
    instituteName: r.institute_name,
    hasPhoto: Boolean(r.photo_path),
    hasCertificate: Boolean(r.certificate_path),
    createdAt: r.created_at,
    shareContact: r.share_contact === 1,
    limited: false,
  };
}

/**
 * The directory as an alumnus sees it: the name, batch, branch (with course and status) and the
 * employer or institute; the phone and email only of alumni who chose to share them. Roll
 * number, father's name, package, location and files are the staff's.
 */
export function directoryView(r: TAlumniHistoryRecord): TAlumniHistoryRecord {
  return {
    id: r.id,
    status: r.status,
    rollNumber: '',
    name: r.name,
    branch: r.branch,
    batch: r.batch,
    studentMobile: r.shareContact ? r.studentMobile : '',
    studentEmail: r.shareContact ? r.studentEmail : '',
    course: r.course,
    fatherName: '',
    section: '',
    company: r.company,
    packages: '',
    designation: r.designation,
    experience: '',
    location: '',
    instituteName: r.instituteName,
    hasPhoto: false,
    hasCertificate: false,
    createdAt: r.createdAt,
    shareContact: r.shareContact,
    limited: true,
  };
}

/** Courses with their branches, for the alumni forms' selects. */
export const courses = (db: Database, collegeId: number) => repo.coursesWithBranches(db, collegeId);

/** getAlumniData: whole records for the staff; the directory view for anyone else allowed (the alumni). */
export async function alumniData(db: Database, collegeId: number, viewerRoles: readonly string[]) {
  const records = (await repo.listHistory(db, collegeId)).map(toRecord);
  const staff = viewerRoles.some((r) => (ALUMNI_STAFF_ROLES as string[]).includes(r));
  return staff ? records : records.map(directoryView);
}

/** A history record's photo or certificate, for the roles that may read the records. */
export async function historyFile(
  db: Database,
  collegeId: number,
  id: number,
  which: 'photo' | 'certificate',
  storage: FileStorage,
) {
  const row = await repo.historyFile(db, collegeId, id);
  const key = which === 'photo' ? row?.photo_path : row?.certificate_path;
  const file = key ? await openUpload(storage, key) : null;
  if (!row || !file) throw notFound(MSG.fileNotUploaded);
  const type = sniffFileType(file.head) ?? 'pdf';
  return { file, mime: MIME_BY_TYPE[type], fileName: `${row.roll_number}-${which}.${type}` };
}
