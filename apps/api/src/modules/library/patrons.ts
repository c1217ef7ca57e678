import { DEFAULT_PATRON_CATEGORIES, LIBRARY_MSG, type TOverrideAllowance, type TPatronMatch } from '@erp/shared';
import { notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as patronsRepo from './patrons.repo.js';
import * as rulesRepo from './rules.repo.js';
import type { Db } from '../../db/index.js';

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
  /** the category and end date without any override */
  defaultCategory: string;
  defaultExpiresOn: string | null;
  /** allowances an active override sets for this patron */
  allowances: Partial<Record<TOverrideAllowance, number>>;
  /** the stored override, active or lapsed */
  override: OverrideRow | null;
}

/** A date n days after an ISO date (the one implementation, which refuses dates past 9999). */
export { addDays } from '../../lib/clock.js';

/** Today in India (the colleges' time zone), yyyy-mm-dd. */
export const todayIso = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

/** A batch like "2022-2026" ends with its last year; the course ends on 31 December of that year. */
export function courseEnd(batch: string): string | null {
  const m = /(\d{4})\s*-\s*(\d{4})/.exec(batch);
  return m ? `${m[2]}-12-31` : null;
}

type OverrideRow = NonNullable<Awaited<ReturnType<typeof patronsRepo.patronOverride>>>;

/** An override counts until its end date; after it the patron is back on the defaults. */
export const overrideActive = (o: OverrideRow | undefined, today = todayIso()): o is OverrideRow =>
  !!o && (!o.ends_on || o.ends_on >= today);

/** The allowances an active override sets for a patron (only those it sets). */
export function overrideAllowances(o: OverrideRow | undefined): Partial<Record<TOverrideAllowance, number>> {
  if (!overrideActive(o)) return {};
  const out: Partial<Record<TOverrideAllowance, number>> = {};
  if (o.max_loans !== null) out.maxLoans = o.max_loans;
  if (o.loan_days !== null) out.loanDays = o.loan_days;
  if (o.renewals !== null) out.renewals = o.renewals;
  if (o.hold_limit !== null) out.holdLimit = o.hold_limit;
  return out;
}

function withOverride(
  base: Omit<Patron, 'category' | 'expiresOn' | 'allowances' | 'override'>,
  o: OverrideRow | undefined,
): Patron {
  const active = overrideActive(o) ? o : undefined;
  return {
    ...base,
    category: active?.category ?? base.defaultCategory,
    expiresOn: active?.expires_on ?? base.defaultExpiresOn,
    allowances: overrideAllowances(active),
    override: o ?? null,
  };
}

/** Finds the patron a desk scanned or typed: a roll number, an employee code or the ID-card barcode (the same code). */
export async function findPatron(db: Db, collegeId: number, raw: string): Promise<Patron | null> {
  const code = raw.trim().toUpperCase();
  if (!code) return null;
  const s = await patronsRepo.studentByRoll(db, collegeId, code);
  if (s) {
    return withOverride(
      {
        code: s.roll_no,
        name: s.full_name,
        kind: 'student',
        studentId: s.id,
        defaultCategory: s.level === 'PG' ? 'PG' : 'UG',
        detail: [s.course, s.branch, s.semester && `Sem ${s.semester}`, s.batch].filter(Boolean).join(' · '),
        contact: s.mobile || s.email,
        defaultExpiresOn: courseEnd(s.batch),
      },
      await patronsRepo.patronOverride(db, collegeId, s.roll_no),
    );
  }
  const f = (await patronsRepo.facultyByEmp(db, collegeId, code)) ?? (await patronsRepo.facultyByEmp(db, collegeId, raw.trim()));
  if (f) {
    return withOverride(
      {
        code: f.emp_code,
        name: f.full_name,
        kind: 'staff',
        studentId: null,
        defaultCategory: 'FACULTY',
        detail: [f.designation, f.department].filter(Boolean).join(' · '),
        contact: f.email,
        defaultExpiresOn: null,
      },
      await patronsRepo.patronOverride(db, collegeId, f.emp_code),
    );
  }
  const u = (await patronsRepo.staffUserByEmp(db, collegeId, code)) ?? (await patronsRepo.staffUserByEmp(db, collegeId, raw.trim()));
  if (u?.emp_code) {
    return withOverride(
      {
        code: u.emp_code,
        name: u.full_name,
        kind: 'staff',
        studentId: null,
        defaultCategory: u.faculty_id ? 'FACULTY' : 'STAFF',
        detail: u.program,
        contact: u.email,
        defaultExpiresOn: null,
      },
      await patronsRepo.patronOverride(db, collegeId, u.emp_code),
    );
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
  const links = await patronsRepo.userLinks(db, user.collegeId, user.id);
  const code = links?.roll_no ?? links?.faculty_emp ?? links?.emp_code;
  return code ? findPatron(db, user.collegeId, code) : null;
}

export async function categoryName(db: Db, collegeId: number, code: string): Promise<string> {
  const rows = await rulesRepo.categories(db, collegeId);
  return rows.find((r) => r.code === code)?.name ?? DEFAULT_PATRON_CATEGORIES.find((c) => c.code === code)?.name ?? code;
}

/** The desk's patron search: roll numbers and employee codes from their start, names anywhere; exact codes first. */
export async function searchPatrons(db: Db, collegeId: number, typed: string): Promise<TPatronMatch[]> {
  const { students, faculty, staff } = await patronsRepo.patronsMatching(db, collegeId, typed, 10);
  const found: TPatronMatch[] = [
    ...students.map((s) => ({
      code: s.code,
      name: s.name,
      kind: 'student' as const,
      detail: [s.course, s.branch, s.semester && `Sem ${s.semester}`, s.batch].filter(Boolean).join(' · '),
    })),
    ...faculty.map((f) => ({
      code: f.code,
      name: f.name,
      kind: 'staff' as const,
      detail: [f.designation, f.department].filter(Boolean).join(' · '),
    })),
    ...staff.map((u) => ({ code: u.code ?? '', name: u.name, kind: 'staff' as const, detail: u.program })),
  ];
  const exact = typed.trim().toUpperCase();
  return [...found.filter((p) => p.code.toUpperCase() === exact), ...found.filter((p) => p.code.toUpperCase() !== exact)].slice(
    0,
    15,
  );
}
