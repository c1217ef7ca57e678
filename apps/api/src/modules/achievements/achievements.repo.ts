import type { Database } from '../../db/index.js';
import type { Insertable } from 'kysely';
import type { FacultyAchievementsTable } from '../../db/tables.js';

const ROW = ['id', 'department_name as departmentName', 'faculty_name as facultyName', 'faculty_email as facultyEmail', 'description', 'dates'] as const;

export async function departments(db: Database, collegeId: number, onlyName?: string) {
  let q = db.selectFrom('departments').select(['name', 'full_name']).where('college_id', '=', collegeId);
  if (onlyName !== undefined) q = q.where('name', '=', onlyName);
  return q.orderBy('name').execute();
}

export async function departmentExists(db: Database, collegeId: number, name: string) {
  return Boolean(await db.selectFrom('departments').select('id').where('college_id', '=', collegeId).where('name', '=', name).executeTakeFirst());
}

/** Faculty of a department: the faculty register plus active faculty/HoD users not linked to it. */
export async function facultyOfDepartment(db: Database, collegeId: number, department: string) {
  const register = await db
    .selectFrom('faculty')
    .select(['full_name as name', 'email'])
    .where('college_id', '=', collegeId)
    .where('department', '=', department)
    .execute();
  const users = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.full_name as name', 'users.email'])
    .where('users.college_id', '=', collegeId)
    .where('users.program', '=', department)
    .where('users.status', '=', 'active')
    .where('users.faculty_id', 'is', null)
    .where('user_roles.role', 'in', ['ROLE_FACULTY', 'ROLE_HOD'])
    .execute();
  const byEmail = new Map<string, { name: string; email: string }>();
  for (const f of [...register, ...users]) if (!byEmail.has(f.email.toLowerCase())) byEmail.set(f.email.toLowerCase(), f);
  return [...byEmail.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function userById(db: Database, collegeId: number, id: number) {
  return db
    .selectFrom('users')
    .leftJoin('faculty', 'faculty.id', 'users.faculty_id')
    .select(['users.full_name', 'users.email', 'users.program', 'faculty.full_name as faculty_name', 'faculty.email as faculty_email', 'faculty.department as faculty_department'])
    .where('users.college_id', '=', collegeId)
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export async function search(db: Database, collegeId: number, department: string, facultyName: string) {
  return db
    .selectFrom('faculty_achievements')
    .select(ROW)
    .where('college_id', '=', collegeId)
    .where('department_name', '=', department)
    .where('faculty_name', '=', facultyName)
    .orderBy('dates', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function byId(db: Database, collegeId: number, id: number) {
  return db.selectFrom('faculty_achievements').select(ROW).where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

/** Same faculty, same date, same text (case and spacing aside) counts as a duplicate. */
export async function findDuplicate(
  db: Database,
  collegeId: number,
  a: { departmentName: string; facultyName: string; dates: string; description: string },
  exceptId?: number,
) {
  let q = db
    .selectFrom('faculty_achievements')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('department_name', '=', a.departmentName)
    .where('faculty_name', '=', a.facultyName)
    .where('dates', '=', a.dates)
    .where((eb) => eb(eb.fn('lower', ['description']), '=', a.description.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insert(db: Database, row: Insertable<FacultyAchievementsTable>) {
  const { id } = await db.insertInto('faculty_achievements').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function update(
  db: Database,
  collegeId: number,
  id: number,
  set: { department_name: string; faculty_name: string; faculty_email: string; description: string; dates: string },
) {
  await db.updateTable('faculty_achievements').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function remove(db: Database, collegeId: number, id: number) {
  await db.deleteFrom('faculty_achievements').where('college_id', '=', collegeId).where('id', '=', id).execute();
}
