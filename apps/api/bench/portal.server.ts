// Server side of portal.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp SQLite
// database (the demo college's 600 students with their results, fees, library, hostel and
// attendance), gives the first 500 of them a student login, serves the real app and reports its
// port and one token per student (signed here, so the bench measures the overview, not argon2).
import { ROLES } from '@erp/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, migrateToLatest } from '../src/db/index.js';
import { seedDemo } from '../src/db/seed/index.js';
import { signToken } from '../src/lib/tokens.js';

async function main() {
  const [file, count] = process.argv.slice(2);
  const wanted = Number(count);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: file,
    JWT_SECRET: 'portal-bench-secret-portal-bench-secret',
    CIPHER_KEY: 'bench-cipher-key',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent-web-dist',
    SIGNIN_RATE_LIMIT: '1000',
    JOB_WORKER: 'off',
    PAYMENT_GATEWAY: 'demo',
  });
  const db = await createDb(config.database);
  await migrateToLatest(db);
  await seedDemo(db, config);
  const college = (await db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;
  const students = await db
    .selectFrom('students')
    .leftJoin('users', 'users.student_id', 'students.id')
    .select(['students.id', 'students.roll_no', 'students.email', 'students.full_name', 'users.id as user_id'])
    .where('students.college_id', '=', college)
    .orderBy('students.id')
    .limit(wanted)
    .execute();
  const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'admin').executeTakeFirstOrThrow()).password_hash;
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
      signToken({ sub: String(userId), username: s.roll_no, roles: [ROLES.STUDENT], collegeId: college, tokenVersion: 0 }, config.JWT_SECRET),
    );
  }
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as { port: number }).port, tokens });
  let cpu = process.cpuUsage();
  process.on('message', async (m) => {
    if (m === 'mark') {
      cpu = process.cpuUsage();
      process.send!({ marked: true });
      return;
    }
    if (m === 'cpu') {
      const used = process.cpuUsage(cpu);
      process.send!({ cpuMs: (used.user + used.system) / 1000 });
      return;
    }
    if (m !== 'stop') return;
    await app.close();
    await db.destroy();
    process.exit(0);
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
