import { ACHIEVEMENT_MSG, MSG, notFoundMessage, ROLES, type TAchievement, type TAchievementRow, type TDepartmentRecord, type TFacultyName } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './achievements.repo.js';

/** Roles that see every department; a HoD is limited to their program, a faculty member to themselves. */
const COLLEGE_WIDE = [ROLES.ADMIN, ROLES.PRINCIPAL, ROLES.DEAN, ROLES.IQAC_INCHARGE, ROLES.IQAC_COORDINATOR] as string[];

export type Scope =
  | { kind: 'college' }
  | { kind: 'department'; department: string }
  | { kind: 'self'; name: string; email: string; department: string };

// The legacy role check accepts both spellings, HoD and HOD.
const isHod = (roles: string[]) => roles.some((r) => r.toUpperCase() === ROLES.HOD);

export async function scopeOf(db: Database, user: RequestUser): Promise<Scope> {
  if (user.roles.some((r) => COLLEGE_WIDE.includes(r))) return { kind: 'college' };
  const row = await repo.userById(db, user.collegeId, user.id);
  if (!row) throw forbidden(MSG.noPermission);
  if (isHod(user.roles)) return { kind: 'department', department: row.faculty_department || row.program };
  return {
    kind: 'self',
    name: row.faculty_name ?? row.full_name,
    email: (row.faculty_email ?? row.email).toLowerCase(),
    department: row.faculty_department || row.program,
  };
}

function assertDepartment(scope: Scope, department: string) {
  if (scope.kind !== 'college' && scope.department !== department) throw forbidden(MSG.noPermission);
}

function assertFaculty(scope: Scope, department: string, name: string, email: string) {
  assertDepartment(scope, department);
  if (scope.kind === 'self' && (scope.name !== name || (email && scope.email !== email.toLowerCase()))) throw forbidden(MSG.noPermission);
}

export async function departmentDetails(db: Database, collegeId: number, scope: Scope): Promise<TDepartmentRecord[]> {
  // Spec section 6: only a HoD's department list is narrowed.
  const rows = await repo.departments(db, collegeId, scope.kind === 'department' ? scope.department : undefined);
  return rows.map((d) => ({ departmentCreationPrimaryKey: { departmentName: d.name, collegeId }, departmentFullName: d.full_name }));
}

export async function facultyNames(db: Database, collegeId: number, scope: Scope, department: string): Promise<TFacultyName[]> {
  if (scope.kind === 'department') assertDepartment(scope, department);
  const list = await repo.facultyOfDepartment(db, collegeId, department);
  const visible = scope.kind === 'self' ? list.filter((f) => f.email.toLowerCase() === scope.email && department === scope.department) : list;
  return visible.map((f) => ({ facultyName: f.name, facultyEmail: f.email }));
}

export async function search(db: Database, collegeId: number, scope: Scope, department: string, facultyName: string): Promise<TAchievementRow[]> {
  assertFaculty(scope, department, facultyName, '');
  return repo.search(db, collegeId, department, facultyName);
}

/** Creates, or edits when `id` is given. Both the stored row and the new values must be in scope. */
export async function save(db: Database, user: RequestUser, scope: Scope, input: TAchievement) {
  const collegeId = user.collegeId;
  if (!(await repo.departmentExists(db, collegeId, input.departmentName))) throw badRequest(notFoundMessage('Program'));
  const candidates = (await repo.facultyOfDepartment(db, collegeId, input.departmentName)).filter(
    (f) => f.name === input.facultyName && (!input.facultyEmail || f.email.toLowerCase() === input.facultyEmail.toLowerCase()),
  );
  const faculty = candidates[0];
  if (!faculty) throw badRequest(ACHIEVEMENT_MSG.facultyNotInDepartment);
  assertFaculty(scope, input.departmentName, faculty.name, faculty.email);

  if (input.id !== undefined) {
    const existing = await repo.byId(db, collegeId, input.id);
    if (!existing) throw notFound(ACHIEVEMENT_MSG.notFound);
    assertFaculty(scope, existing.departmentName, existing.facultyName, existing.facultyEmail);
  }
  if (await repo.findDuplicate(db, collegeId, input, input.id)) throw conflict(ACHIEVEMENT_MSG.duplicate);

  const values = {
    department_name: input.departmentName,
    faculty_name: faculty.name,
    faculty_email: faculty.email,
    description: input.description,
    dates: input.dates,
  };
  if (input.id !== undefined) {
    await repo.update(db, collegeId, input.id, values);
    return { message: MSG.achievementEdited, id: input.id };
  }
  const id = await repo.insert(db, { ...values, college_id: collegeId, created_by: user.id, created_at: nowIso() });
  return { message: MSG.achievementSaved, id };
}

export async function remove(db: Database, collegeId: number, scope: Scope, id: number) {
  const existing = await repo.byId(db, collegeId, id);
  if (!existing) throw notFound(ACHIEVEMENT_MSG.notFound);
  assertFaculty(scope, existing.departmentName, existing.facultyName, existing.facultyEmail);
  await repo.remove(db, collegeId, id);
  return { message: MSG.achievementDeleted };
}
