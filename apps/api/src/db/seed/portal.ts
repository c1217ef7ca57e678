import { ROLES } from '@erp/shared';
import type { SeedContext } from './context.js';

/**
 * The demo parent: username `parent`, linked to the demo student 22A91A0501 and to 22A91A0502
 * (who gets a student login of their own, username = roll number), so the parent home shows two
 * children and the child switcher.
 */
export async function seedPortal(ctx: SeedContext) {
  const { db, main, passwordHash, now } = ctx;
  const [first, second] = main.rollNos;
  const students = await db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name', 'email', 'branch', 'father_name'])
    .where('college_id', '=', main.id)
    .where('roll_no', 'in', [first, second])
    .execute();
  const byRoll = new Map(students.map((s) => [s.roll_no, s]));
  const user = (v: { username: string; email: string; fullName: string; program: string; studentId: number | null }) => ({
    college_id: main.id,
    username: v.username,
    email: v.email,
    password_hash: passwordHash,
    full_name: v.fullName,
    program: v.program,
    institute_type: 'engineering',
    eamcet_code: main.code,
    college_name: main.name,
    affiliated_to: '',
    modules: 'erp',
    emp_code: null,
    status: 'active',
    must_change_password: 0,
    student_id: v.studentId,
    faculty_id: null,
    created_at: now,
  });

  const s2 = byRoll.get(second)!;
  const { id: s2User } = await db
    .insertInto('users')
    .values(user({ username: second, email: s2.email, fullName: s2.full_name, program: s2.branch, studentId: s2.id }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: s2User, role: ROLES.STUDENT }).execute();
  main.users.set(second, s2User);

  const s1 = byRoll.get(first)!;
  const { id: parentId } = await db
    .insertInto('users')
    .values(user({ username: 'parent', email: 'parent@svec.edu.in', fullName: s1.father_name || 'Demo Parent', program: '', studentId: null }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: parentId, role: ROLES.PARENT }).execute();
  main.users.set('parent', parentId);
  await db
    .insertInto('parent_links')
    .values(
      [s1, s2].map((s) => ({
        college_id: main.id,
        parent_user_id: parentId,
        student_id: s.id,
        relation: 'father',
        via: 'office',
        created_by: null,
        created_at: now,
      })),
    )
    .execute();
}
