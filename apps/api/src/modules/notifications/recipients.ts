import type { TNotificationKind } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { parentContacts } from '../portal/index.js';
import { titleAudience } from '../results/index.js';
import * as repo from './notifications.repo.js';

/** Someone a notification reaches: a login (inbox + email per their choices) or an email address alone. */
export interface Contact {
  /** null for a contact with no login: email only, no inbox, no choices */
  userId: number | null;
  email: string;
  name: string;
  /** self | parent (the portal adds parents) */
  relation: string;
}

/** Who an event is for, as the module raising it knows them. */
export type Recipient =
  | { userId: number }
  | { studentId: number }
  | { facultyId: number }
  /** a library patron code: a roll number or an employee code */
  | { patron: string }
  /** every student with results in an exam title; `{title}` in the subject and body becomes its name */
  | { examTitleId: number };

/**
 * Everyone told about a student: the student's own login (or, without one, the email on the
 * student record) and each linked parent, less parents the student hid `kind` from. Every
 * student-facing notification (attendance, library, fees, results, holds) comes through here.
 */
export async function recipientsForStudent(
  db: Database,
  collegeId: number,
  studentId: number,
  kind?: TNotificationKind,
): Promise<Contact[]> {
  const found = await repo.studentWithLogin(db, collegeId, studentId);
  if (!found) return [];
  const { student, login } = found;
  const parents = await parentContacts(db, collegeId, studentId, kind);
  if (login) return [{ userId: login.id, email: login.email || student.email, name: login.full_name, relation: 'self' }, ...parents];
  return student.email ? [{ userId: null, email: student.email, name: student.full_name, relation: 'self' }, ...parents] : parents;
}

async function ofUser(db: Database, collegeId: number, userId: number | null): Promise<Contact[]> {
  const u = userId == null ? undefined : await repo.activeUser(db, collegeId, userId);
  return u ? [{ userId: u.id, email: u.email, name: u.full_name, relation: 'self' }] : [];
}

/** The contacts of one recipient, and words to put in the message (`{title}`). */
export async function resolve(
  db: Database,
  collegeId: number,
  r: Recipient,
  kind: TNotificationKind,
): Promise<{ contacts: Contact[]; vars: Record<string, string> }> {
  if ('userId' in r) return { contacts: await ofUser(db, collegeId, r.userId), vars: {} };
  if ('studentId' in r) return { contacts: await recipientsForStudent(db, collegeId, r.studentId, kind), vars: {} };
  if ('facultyId' in r)
    return { contacts: await ofUser(db, collegeId, await repo.userIdOfFaculty(db, collegeId, r.facultyId)), vars: {} };
  if ('patron' in r) {
    const [studentId] = await repo.studentIdsByRoll(db, collegeId, [r.patron]);
    if (studentId) return { contacts: await recipientsForStudent(db, collegeId, studentId, kind), vars: {} };
    return { contacts: await ofUser(db, collegeId, await repo.userIdOfEmpCode(db, collegeId, r.patron)), vars: {} };
  }
  const audience = await titleAudience(db, collegeId, r.examTitleId);
  if (!audience?.published) return { contacts: [], vars: {} };
  const contacts: Contact[] = [];
  for (const id of await repo.studentIdsByRoll(db, collegeId, audience.rollNos))
    contacts.push(...(await recipientsForStudent(db, collegeId, id, kind)));
  return { contacts, vars: { title: audience.title } };
}
