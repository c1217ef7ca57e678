import { EXAM_CELL_ROLES, PORTAL_MSG, ROLES } from '@erp/shared';
import type { Database } from '../../../db/index.js';
import { forbidden, notFound } from '../../../lib/errors.js';
import type { RequestUser } from '../../../plugins/types.js';
import { isParent, privacyFor, subjectOf } from '../../portal/index.js';
import * as repo from './records.repo.js';

export const RECORDS_MSG = {
  noStudent: (rollNo: string) => `No student has roll number ${rollNo}`,
  notOwn: 'You can download only your own grade cards, transcripts and certificates',
  notChild: 'You can download the records of your own child only',
  cellOnly: (what: string) => `The ${what} is issued by the exam cell only`,
  notForParents: (what: string) => `The ${what} is issued to the student, not to the parent`,
} as const;

/** Who may download a kind of record besides the exam cell. */
export interface Readers {
  /** what the refusal names, e.g. 'degree certificate' */
  what: string;
  student: boolean;
  parent: boolean;
}

const isExamCell = (user: RequestUser) => user.roles.some((r) => EXAM_CELL_ROLES.includes(r as never));

/**
 * The student whose record is asked for, when the caller may have it: the exam cell anyone's, a
 * student their own, a parent their linked child's (unless the student hides marks from parents).
 * Refusals read the same whether or not the roll number exists, so nobody learns who is enrolled.
 */
export async function recordHolder(db: Database, user: RequestUser, rollNo: string, readers: Readers): Promise<repo.StudentRow> {
  const student = await repo.studentByRoll(db, user.collegeId, rollNo);
  if (isExamCell(user)) {
    if (!student) throw notFound(RECORDS_MSG.noStudent(rollNo));
    return student;
  }
  if (isParent(user)) {
    if (!readers.parent)
      throw forbidden(readers.student ? RECORDS_MSG.notForParents(readers.what) : RECORDS_MSG.cellOnly(readers.what));
    const child = await subjectOf(db, user, student?.id ?? -1).catch(() => null);
    if (!child || !student) throw forbidden(RECORDS_MSG.notChild);
    if ((await privacyFor(db, user.collegeId, [student.id])).get(student.id)?.hideMarks) throw forbidden(PORTAL_MSG.marksHidden);
    return student;
  }
  if (user.roles.includes(ROLES.STUDENT)) {
    if (!readers.student) throw forbidden(RECORDS_MSG.cellOnly(readers.what));
    const own = await repo.studentOfLogin(db, user.collegeId, user.id);
    if (!own) throw forbidden(PORTAL_MSG.noStudentLink);
    if (!student || own.id !== student.id) throw forbidden(RECORDS_MSG.notOwn);
    return student;
  }
  throw forbidden(RECORDS_MSG.cellOnly(readers.what));
}
