import { ROLES } from '@erp/shared';
import { sql } from 'kysely';
import type { SeedContext } from './context.js';
import { GRIEVANCE_NOT_YET_DECIDED } from '../row-defaults.js';
import { addWorkingDays } from './grievances.js';
import { createUserWithRoles } from '../../modules/auth/index.js';

/**
 * The demo parent: username `parent`, linked to the demo student 22A91A0501 and to 22A91A0502
 * (who gets a student login of their own, username = roll number), so the parent home shows two
 * children and the child switcher. The parent has lodged a grievance about the first child, which
 * the committee has acknowledged and answered (with an internal note the parent does not see).
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
  const s2User = await createUserWithRoles(
    db,
    user({ username: second, email: s2.email, fullName: s2.full_name, program: s2.branch, studentId: s2.id }),
    [ROLES.STUDENT],
  );
  main.users.set(second, s2User);

  const s1 = byRoll.get(first)!;
  const parentId = await createUserWithRoles(
    db,
    user({ username: 'parent', email: 'parent@svec.edu.in', fullName: s1.father_name || 'Demo Parent', program: '', studentId: null }),
    [ROLES.PARENT],
  );
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

  // The parent's grievance about the first child: transport, acknowledged, with a reply and an internal note.
  const committee = (await db.selectFrom('grievance_committees').select(['id', 'categories_json']).where('college_id', '=', main.id).execute()).find(
    (c) => (JSON.parse(c.categories_json) as string[]).includes('transport'),
  );
  const lodgedOn = new Date(Date.parse(now) - 3 * 86_400_000).toISOString().slice(0, 10);
  const { value } = await db
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('college_id', '=', main.id)
    .where('name', '=', 'grievance')
    .returning('value')
    .executeTakeFirstOrThrow();
  const incharge = main.users.get('grievance') ?? null;
  const at = (hour: number) => `${lodgedOn}T${String(hour - 5).padStart(2, '0')}:30:00.000Z`;
  const { id: grievanceId } = await db
    .insertInto('grievances')
    .values({
      college_id: main.id,
      number: `GRV-${lodgedOn.slice(0, 4)}-${String(value).padStart(5, '0')}`,
      category: 'transport',
      subject: 'College bus skips the Tiruchanoor stop',
      description: `Route 4 has not stopped at Tiruchanoor on three mornings this week, so ${s1.full_name} reached college late and was marked absent for the first period.`,
      anonymous: 0,
      lodged_by: parentId,
      complainant_role: ROLES.PARENT,
      committee_id: committee?.id ?? null,
      status: 'acknowledged',
      lodged_on: lodgedOn,
      due_on: await addWorkingDays(db, main.id, lodgedOn, 15),
      ...GRIEVANCE_NOT_YET_DECIDED,
      student_id: s1.id,
      created_at: at(8),
      updated_at: at(15),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const by = incharge ?? parentId;
  const name = (await db.selectFrom('users').select('full_name').where('id', '=', by).executeTakeFirstOrThrow()).full_name;
  await db
    .insertInto('grievance_comments')
    .values([
      { college_id: main.id, grievance_id: grievanceId, author_id: by, author_name: name, internal: 0, body: 'Status: Acknowledged', created_at: at(14) },
      {
        college_id: main.id,
        grievance_id: grievanceId,
        author_id: by,
        author_name: name,
        internal: 1,
        body: 'Transport officer to check the driver’s log for route 4.',
        created_at: at(14),
      },
      {
        college_id: main.id,
        grievance_id: grievanceId,
        author_id: by,
        author_name: name,
        internal: 0,
        body: 'We have asked the transport officer to check route 4; the attendance of the first period will be reviewed.',
        created_at: at(15),
      },
    ])
    .execute();
}
