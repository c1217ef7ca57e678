import type { TNotificationKind } from '@erp/shared';
import type { Database } from '../../db/index.js';
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

/**
 * What the portal (a student's parents) and results (an exam's audience) know about who is told.
 * Those modules queue notifications through this one, so they are handed in (modules/wiring.ts)
 * rather than imported: no import cycle between the modules.
 */
export interface RecipientSources {
  /** the linked parents told about a student, less those the student hid `kind` from */
  parentContacts: (db: Database, collegeId: number, studentId: number, kind?: string) => Promise<Contact[]>;
  /** an exam title's name, whether it is published, and the roll numbers with results in it */
  examAudience: (
    db: Database,
    collegeId: number,
    titleId: number,
  ) => Promise<{ title: string; published: boolean; rollNos: string[] } | null>;
}
let sources: RecipientSources | null = null;

export function setRecipientSources(s: RecipientSources | null) {
  sources = s;
}

function wired(): RecipientSources {
  if (!sources) throw new Error('notifications: the recipient sources are not wired (modules/wiring.ts)');
  return sources;
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
  const parents = await wired().parentContacts(db, collegeId, studentId, kind);
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
  const audience = await wired().examAudience(db, collegeId, r.examTitleId);
  if (!audience?.published) return { contacts: [], vars: {} };
  const contacts: Contact[] = [];
  for (const id of await repo.studentIdsByRoll(db, collegeId, audience.rollNos))
    contacts.push(...(await recipientsForStudent(db, collegeId, id, kind)));
  return { contacts, vars: { title: audience.title } };
}
