import { DEFAULT_PATRON_CATEGORIES, LIBRARY_MSG } from '@erp/shared';
import type { TPatronOverride } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './library.repo.js';
import type { Db } from './library.repo.js';

/** A borrower: one of the college's students (roll number) or staff (employee code). */
export interface Patron {
  code: string;
  name: string;
  kind: 'student' | 'staff';
  studentId: number | null;
  category: string;
  detail: string;
  contact: string;
  /** the last day the patron may borrow: the end of the course for a student */
  expiresOn: string | null;
}

/** A date n days after an ISO date (UTC arithmetic, so no time zone moves a day). */
export const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Today in India (the colleges' time zone), yyyy-mm-dd. */
export const todayIso = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

/** A batch like "2022-2026" ends with its last year; the course ends on 31 December of that year. */
export function courseEnd(batch: string): string | null {
  const m = /(\d{4})\s*-\s*(\d{4})/.exec(batch);
  return m ? `${m[2]}-12-31` : null;
}

/** Finds the patron a desk scanned or typed: a roll number, an employee code or the ID-card barcode (the same code). */
export async function findPatron(db: Db, collegeId: number, raw: string): Promise<Patron | null> {
  const code = raw.trim().toUpperCase();
  if (!code) return null;
  const override = await repo.patronOverride(db, collegeId, code);
  const s = await repo.studentByRoll(db, collegeId, code);
  if (s) {
    return {
      code: s.roll_no,
      name: s.full_name,
      kind: 'student',
      studentId: s.id,
      category: override?.category ?? (s.level === 'PG' ? 'PG' : 'UG'),
      detail: [s.course, s.branch, s.semester && `Sem ${s.semester}`, s.batch].filter(Boolean).join(' · '),
      contact: s.mobile || s.email,
      expiresOn: override?.expires_on ?? courseEnd(s.batch),
    };
  }
  const f = (await repo.facultyByEmp(db, collegeId, code)) ?? (await repo.facultyByEmp(db, collegeId, raw.trim()));
  if (f) {
    return {
      code: f.emp_code,
      name: f.full_name,
      kind: 'staff',
      studentId: null,
      category: override?.category ?? 'FACULTY',
      detail: [f.designation, f.department].filter(Boolean).join(' · '),
      contact: f.email,
      expiresOn: override?.expires_on ?? null,
    };
  }
  const u = (await repo.staffUserByEmp(db, collegeId, code)) ?? (await repo.staffUserByEmp(db, collegeId, raw.trim()));
  if (u?.emp_code) {
    return {
      code: u.emp_code,
      name: u.full_name,
      kind: 'staff',
      studentId: null,
      category: override?.category ?? (u.faculty_id ? 'FACULTY' : 'STAFF'),
      detail: u.program,
      contact: u.email,
      expiresOn: override?.expires_on ?? null,
    };
  }
  return null;
}

export async function requirePatron(db: Db, collegeId: number, raw: string): Promise<Patron> {
  const p = await findPatron(db, collegeId, raw);
  if (!p) throw notFound(LIBRARY_MSG.patronNotFound);
  return p;
}

/** The patron a signed-in student or staff member is, or null when the login has no such record. */
export async function patronOfUser(db: Db, user: RequestUser): Promise<Patron | null> {
  const links = await repo.userLinks(db, user.collegeId, user.id);
  const code = links?.roll_no ?? links?.faculty_emp ?? links?.emp_code;
  return code ? findPatron(db, user.collegeId, code) : null;
}

export async function categoryName(db: Db, collegeId: number, code: string): Promise<string> {
  const rows = await repo.categories(db, collegeId);
  return rows.find((r) => r.code === code)?.name ?? DEFAULT_PATRON_CATEGORIES.find((c) => c.code === code)?.name ?? code;
}

/**
 * The incharge puts a patron in another category (a PG scholar borrowing as faculty, a staff
 * member as non-teaching) or changes the last day they may borrow; null values go back to the
 * defaults. Recorded in the audit log.
 */
export async function overridePatron(
  db: Database,
  user: RequestUser,
  raw: string,
  input: { category: string | null; expiresOn: string | null },
): Promise<TPatronOverride> {
  const collegeId = user.collegeId;
  const before = await requirePatron(db, collegeId, raw);
  if (input.category) {
    const known = new Set([
      ...DEFAULT_PATRON_CATEGORIES.map((c) => c.code),
      ...(await repo.categories(db, collegeId)).map((c) => c.code),
    ]);
    if (!known.has(input.category)) throw badRequest(`No patron category ${input.category}`);
  }
  await db.transaction().execute(async (trx) => {
    await repo.saveOverride(trx, collegeId, before.code, input.category, input.expiresOn);
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      action: 'library.patron.override',
      entity: 'library_patron',
      entityId: before.code,
      before: { category: before.category, expiresOn: before.expiresOn },
      after: input,
    });
  });
  const after = await requirePatron(db, collegeId, before.code);
  return {
    patron: after.code,
    name: after.name,
    category: after.category,
    expiresOn: after.expiresOn,
    message: `${after.name} borrows as ${await categoryName(db, collegeId, after.category)}${after.expiresOn ? ` until ${after.expiresOn.split('-').reverse().join('-')}` : ''}`,
  };
}
