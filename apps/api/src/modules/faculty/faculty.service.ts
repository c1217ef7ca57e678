import { FACULTY_MSG, MSG, ROLES, type TAward, type TFacultyProfile, type TMou, type TPublication } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './faculty.repo.js';

const COLLEGE_WIDE = [ROLES.ADMIN, ROLES.PRINCIPAL, ROLES.DEAN, ROLES.IQAC_INCHARGE, ROLES.IQAC_COORDINATOR] as string[];

/**
 * Who may read whose figures: college-wide roles anyone's, a HoD their department's, anyone else
 * only their own. Returns the target user, or null when the college has no such user.
 */
async function readableTarget(db: Database, caller: RequestUser, username: string) {
  const collegeWide = caller.roles.some((r) => COLLEGE_WIDE.includes(r));
  const isHod = caller.roles.some((r) => r.toUpperCase() === ROLES.HOD);
  if (!collegeWide && !isHod && username !== caller.username) throw forbidden(MSG.noPermission);
  const target = await repo.userByName(db, caller.collegeId, username);
  if (!target || collegeWide || username === caller.username) return target ?? null;
  const department = target.faculty_department || target.program;
  if (department !== (await repo.programOf(db, caller.collegeId, caller.id))) throw forbidden(MSG.noPermission);
  return target;
}

export type CountName = keyof repo.Counts;

export async function count(db: Database, caller: RequestUser, username: string, which: CountName): Promise<number> {
  const target = await readableTarget(db, caller, username);
  if (!target) return 0;
  return (await repo.counts(db, caller.collegeId, target.id))[which];
}

export async function profiles(
  db: Database,
  caller: RequestUser,
  q: { collegeId: number; financialYear: string; typeofInstitution: string; userId: string },
): Promise<TFacultyProfile[]> {
  if (q.collegeId !== caller.collegeId) throw forbidden(FACULTY_MSG.otherCollege);
  const target = await readableTarget(db, caller, q.userId);
  if (!target) return [];
  const stored = await repo.profileFor(db, caller.collegeId, target.id, q.financialYear);
  const data = stored ? (JSON.parse(stored.data_json) as Partial<TFacultyProfile>) : {};
  return [
    {
      userId: target.username,
      collegeId: caller.collegeId,
      financialYear: q.financialYear,
      typeofInstitution: stored?.institution_type || q.typeofInstitution || target.institute_type,
      fullName: target.full_name,
      email: target.email,
      department: target.faculty_department || target.program,
      designation: data.designation || target.designation || '',
      empCode: target.emp_code ?? '',
      qualification: data.qualification ?? '',
      specialization: data.specialization ?? '',
      experienceYears: Number(data.experienceYears ?? 0),
    },
  ];
}

// ---- own records: every query is keyed by the caller's id, so nobody edits another's ----

type Kind = 'publications' | 'mous' | 'awards';
const TABLE = { publications: 'faculty_publications', mous: 'faculty_mous', awards: 'faculty_awards' } as const;

export async function list(db: Database, me: RequestUser, kind: Kind) {
  if (kind === 'publications') return repo.listPublications(db, me.collegeId, me.id);
  if (kind === 'mous') return repo.listMous(db, me.collegeId, me.id);
  return repo.listAwards(db, me.collegeId, me.id);
}

function columns(kind: Kind, input: TPublication | TMou | TAward): Record<string, unknown> {
  if (kind === 'publications') {
    const p = input as TPublication;
    return { title: p.title, journal: p.journal, year: p.year, scopus_indexed: p.scopusIndexed ? 1 : 0, citations: p.citations };
  }
  if (kind === 'mous') {
    const m = input as TMou;
    return { organisation: m.organisation, purpose: m.purpose, signed_on: m.signedOn };
  }
  const a = input as TAward;
  return { title: a.title, awarded_by: a.awardedBy, awarded_on: a.awardedOn };
}

async function assertNotDuplicate(db: Database, me: RequestUser, kind: Kind, input: TPublication | TMou | TAward, exceptId?: number) {
  const key =
    kind === 'publications'
      ? { text: ['title', (input as TPublication).title] as ['title', string], other: ['year', (input as TPublication).year] as ['year', number] }
      : kind === 'mous'
        ? { text: ['organisation', (input as TMou).organisation] as ['organisation', string], other: ['signed_on', (input as TMou).signedOn] as ['signed_on', string] }
        : { text: ['title', (input as TAward).title] as ['title', string], other: ['awarded_on', (input as TAward).awardedOn] as ['awarded_on', string] };
  if (await repo.sameKey(db, TABLE[kind], me.collegeId, me.id, key, exceptId)) {
    throw conflict(kind === 'publications' ? FACULTY_MSG.duplicatePublication : kind === 'mous' ? FACULTY_MSG.duplicateMou : FACULTY_MSG.duplicateAward);
  }
}

export async function create(db: Database, me: RequestUser, kind: Kind, input: TPublication | TMou | TAward) {
  await assertNotDuplicate(db, me, kind, input);
  const id = await repo.insertRow(db, TABLE[kind], { ...columns(kind, input), college_id: me.collegeId, user_id: me.id, created_at: nowIso() });
  return { message: MSG.recordSaved, id };
}

export async function update(db: Database, me: RequestUser, kind: Kind, id: number, input: TPublication | TMou | TAward) {
  if (!(await repo.ownedId(db, TABLE[kind], me.collegeId, me.id, id))) throw notFound(FACULTY_MSG.notFound);
  await assertNotDuplicate(db, me, kind, input, id);
  await repo.updateRow(db, TABLE[kind], me.collegeId, me.id, id, columns(kind, input));
  return { message: MSG.recordModified, id };
}

export async function remove(db: Database, me: RequestUser, kind: Kind, id: number) {
  if (!(await repo.ownedId(db, TABLE[kind], me.collegeId, me.id, id))) throw notFound(FACULTY_MSG.notFound);
  await repo.deleteRow(db, TABLE[kind], me.collegeId, me.id, id);
  return { message: MSG.deletedRecord };
}

/** Read-only inputs for IQAC's NAAC and NIRF figures: the faculty register and the publications. */
export async function naacInputs(db: Database, collegeId: number) {
  const [faculty, publications] = await Promise.all([repo.naacFaculty(db, collegeId), repo.naacPublications(db, collegeId)]);
  return { faculty, publications };
}
