import { RESULT_MSG } from '@erp/shared';
import type { Database } from '../../../db/index.js';
import { conflict } from '../../../lib/errors.js';
import type { FileStorage } from '../../../lib/storage/index.js';
import type { RequestUser } from '../../../plugins/types.js';
import { academicRecord, unpassedRequired, type AcademicRecord } from './academic-record.js';
import { recordHolder } from './access.js';
import { certificatePdf } from './certificate-pdf.js';
import { issueRecord, photoOf } from './holder.js';
import * as repo from './records.repo.js';
import { regulationCode } from './transcript.js';

/** The first few codes of a list, and how many more. */
const codes = (list: string[], shown = 8) =>
  list.length <= shown ? list.join(', ') : `${list.slice(0, shown).join(', ')} and ${list.length - shown} more`;

export const CERTIFICATE_MSG = {
  noResults: (rollNo: string) => `${rollNo} has no published results`,
  notCleared: (list: string[]) =>
    list.length === 1 ? `1 course is not cleared yet: ${list[0]}` : `${list.length} courses are not cleared yet: ${codes(list)}`,
  notCompleted: (status: string, regulation: string, missing: string[]) =>
    `The programme is not complete: the student's status is '${status}' and ${missing.length} ${missing.length === 1 ? 'course' : 'courses'} of regulation ${regulation} ${missing.length === 1 ? 'has' : 'have'} no pass yet: ${codes(missing)}`,
  nothingToCheck: (status: string) =>
    `The programme is not complete: the student's status is '${status}' and the regulation lists no courses to check against; mark the student 'completed' first`,
} as const;

/**
 * Whether the programme is complete, so a certificate may be issued: no course is open (failed and
 * not cleared), the regulation sets the class lines, and either the student's status is
 * 'completed' or every course the regulation lists for the student's branch, semester by semester
 * (electives aside), has a pass.
 */
export async function completedRecord(db: Database, collegeId: number, student: repo.StudentRow) {
  const record = await academicRecord(db, collegeId, student);
  if (record.semesters.length === 0) throw conflict(CERTIFICATE_MSG.noResults(student.roll_no));
  if (record.open.length) throw conflict(CERTIFICATE_MSG.notCleared(record.open.map((c) => c.course_code)));
  const regulation = await regulationCode(db, collegeId, record);
  if (!record.lines || !record.awardedClass) throw conflict(RESULT_MSG.noRules);
  if (student.status !== 'completed') {
    const required = await unpassedRequired(db, collegeId, record, student.branch);
    if (required.listed === 0) throw conflict(CERTIFICATE_MSG.nothingToCheck(student.status));
    if (required.missing.length) throw conflict(CERTIFICATE_MSG.notCompleted(student.status, regulation, required.missing));
  }
  return { record: record as AcademicRecord & { awardedClass: string }, regulation };
}

const relationOf = (gender: string) => (/^f/i.test(gender) ? 'daughter' : /^m/i.test(gender) ? 'son' : 'son/daughter');

/** The provisional or degree certificate, issued as a verifiable document. */
export async function certificateFile(
  db: Database,
  storage: FileStorage,
  user: RequestUser,
  kind: 'provisional' | 'degree',
  rollNo: string,
  baseUrl: string,
) {
  const collegeId = user.collegeId;
  const what = kind === 'degree' ? 'degree certificate' : 'provisional certificate';
  const student = await recordHolder(db, user, rollNo, { what, student: kind === 'provisional', parent: false });
  const { record, regulation } = await completedRecord(db, collegeId, student);
  const college = await repo.letterhead(db, collegeId);
  const monthYear = record.lastPassed?.monthYear ?? '';
  const verification = await issueRecord(db, collegeId, baseUrl, {
    kind: `${kind}-certificate`,
    title:
      kind === 'degree'
        ? `Degree certificate: ${student.course} ${student.branch}`
        : `Provisional certificate: ${student.course} ${student.branch}`,
    student,
    fields: [
      ['Roll number', student.roll_no],
      ['Degree', `${student.course} in ${student.branch}`],
      ['Passed in', monthYear],
      ['Class', record.awardedClass],
      ['CGPA', record.cgpa.toFixed(2)],
    ],
  });
  const pdf = await certificatePdf({
    kind,
    college,
    name: student.full_name,
    rollNo: student.roll_no,
    fatherName: student.father_name,
    relation: relationOf(student.gender),
    course: student.course,
    branch: student.branch,
    regulation,
    monthYear,
    awardedClass: record.awardedClass,
    cgpa: record.cgpa,
    creditsEarned: record.creditsEarned,
    photo: await photoOf(storage, student),
    verification,
  });
  return { pdf, name: `${kind}-certificate-${student.roll_no}` };
}
