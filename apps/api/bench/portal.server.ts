// Server side of portal.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp database,
// SQLite or PostgreSQL (the demo college's 600 students with their results, fees, library, hostel
// and attendance), gives the first 500 of them a student login, serves the real app and reports its
// port and one token per student (signed here, so the bench measures the overview, not argon2).
import { ROLES } from '@erp/shared';
import { signToken } from '../src/lib/tokens.js';
import { benchConfig, run, seeded, serve } from './serve.js';

run(async () => {
  const [database, count] = process.argv.slice(2);
  const wanted = Number(count);
  const config = benchConfig(database, { JOB_WORKER: 'off' });
  const { db, collegeId: college } = await seeded(config);
  const students = await db
    .selectFrom('students')
    .leftJoin('users', 'users.student_id', 'students.id')
    .select(['students.id', 'students.roll_no', 'students.email', 'students.full_name', 'users.id as user_id'])
    .where('students.college_id', '=', college)
    .orderBy('students.id')
    .limit(wanted)
    .execute();
  const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow())
    .password_hash;
  const now = new Date().toISOString();
  const tokens: string[] = [];
  for (const s of students) {
    let userId = s.user_id;
    if (!userId) {
      userId = (
        await db
          .insertInto('users')
          .values({
            college_id: college,
            username: s.roll_no,
            email: s.email,
            password_hash: hash,
            full_name: s.full_name,
            program: '',
            institute_type: '',
            eamcet_code: '',
            college_name: '',
            affiliated_to: '',
            modules: '',
            emp_code: null,
            status: 'active',
            must_change_password: 0,
            student_id: s.id,
            faculty_id: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db.insertInto('user_roles').values({ user_id: userId, role: ROLES.STUDENT }).execute();
    }
    tokens.push(
      signToken(
        { sub: String(userId), username: s.roll_no, roles: [ROLES.STUDENT], collegeId: college, tokenVersion: 0 },
        config.JWT_SECRET,
      ),
    );
  }
  await serve(db, config, { info: { tokens } });
});
