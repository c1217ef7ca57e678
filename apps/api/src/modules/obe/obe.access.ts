import { MSG, OBE_ADMIN_ROLES, OBE_MSG, ROLES, type TSection, type TSubject, type TBranch, type TBatch } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as masters from '../masters/index.js';
import * as timetable from '../timetable/index.js';

/** The caller as OBE sees them: what they may read and change. */
export interface ObeUser {
  staff: masters.Staff;
  /** IQAC incharge, coordinator, admin: every subject, the settings and the program outcomes */
  admin: boolean;
  /** principal, dean, academics, exam cell: read every subject */
  readsAll: boolean;
  /** a HoD's department, or null */
  hodDepartment: string | null;
  /** the caller's allocations (faculty): subject → sections */
  allocated: Map<number, Set<number>>;
}

export async function obeUser(db: Database, user: RequestUser): Promise<ObeUser> {
  const staff = await masters.staffOf(db, user);
  const admin = user.roles.some((r) => (OBE_ADMIN_ROLES as string[]).includes(r));
  const allocated = new Map<number, Set<number>>();
  if (user.roles.includes(ROLES.FACULTY) || user.roles.includes(ROLES.HOD)) {
    for (const a of await timetable.allocations(db, staff, { mine: 'true' })) {
      if (!allocated.has(a.subjectId)) allocated.set(a.subjectId, new Set());
      allocated.get(a.subjectId)!.add(a.sectionId);
    }
  }
  return {
    staff,
    admin,
    readsAll: admin || staff.collegeWide,
    hodDepartment: staff.isHod ? staff.department : null,
    allocated,
  };
}

const everything = (collegeId: number) => ({ collegeId, collegeWide: true }) as masters.Staff;
const all = { q: '', includeRetired: 'true', page: 1, pageSize: 100000 } as const;

export async function allSubjects(db: Database, collegeId: number): Promise<TSubject[]> {
  return (await masters.list(db, everything(collegeId), 'subjects', { ...all })).items as TSubject[];
}
export async function allBranches(db: Database, collegeId: number): Promise<TBranch[]> {
  return (await masters.list(db, everything(collegeId), 'branches', { ...all })).items as TBranch[];
}
export async function allBatches(db: Database, collegeId: number): Promise<TBatch[]> {
  return (await masters.list(db, everything(collegeId), 'batches', { ...all })).items as TBatch[];
}
export async function allSections(db: Database, collegeId: number): Promise<TSection[]> {
  return (await masters.list(db, everything(collegeId), 'sections', { ...all })).items as TSection[];
}

export async function subjectOf(db: Database, collegeId: number, id: number): Promise<TSubject> {
  const s = (await allSubjects(db, collegeId)).find((x) => x.id === id);
  if (!s) throw notFound(OBE_MSG.subjectNotFound);
  return s;
}

export async function departmentOfBranch(db: Database, collegeId: number, branchId: number | null): Promise<string | null> {
  if (branchId == null) return null;
  return (await allBranches(db, collegeId)).find((b) => b.id === branchId)?.department ?? null;
}

/** May read this subject's outcomes, assessments and attainment. */
export async function canRead(db: Database, u: ObeUser, subject: TSubject): Promise<boolean> {
  if (u.readsAll || u.allocated.has(subject.id)) return true;
  if (u.hodDepartment) return (await departmentOfBranch(db, u.staff.collegeId, subject.branchId)) === u.hodDepartment;
  return false;
}

/** May change the subject's COs and mapping and create its assessments (a section's, with sectionId). */
export async function canEdit(db: Database, u: ObeUser, subject: TSubject, sectionId?: number): Promise<boolean> {
  if (u.admin) return true;
  if (u.hodDepartment && (await departmentOfBranch(db, u.staff.collegeId, subject.branchId)) === u.hodDepartment) return true;
  const sections = u.allocated.get(subject.id);
  return !!sections && (sectionId === undefined || sections.has(sectionId));
}

export async function mustRead(db: Database, u: ObeUser, subject: TSubject) {
  if (!(await canRead(db, u, subject))) throw forbidden(u.hodDepartment ? OBE_MSG.notYourDepartment : MSG.noPermission);
}
export async function mustEdit(db: Database, u: ObeUser, subject: TSubject, sectionId?: number) {
  if (!(await canEdit(db, u, subject, sectionId)))
    throw forbidden(u.hodDepartment ? OBE_MSG.notYourDepartment : OBE_MSG.notYourSubject);
}
