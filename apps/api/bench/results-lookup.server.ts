// Server side of results-lookup.bench.mjs, bundled by it with esbuild.
// `app <dbfile>`: migrate, seed the demo colleges plus 20,000 students with 8 courses in each of
// 2 published titles, then serve the real app. `bare`: a Fastify route returning a constant.
import Fastify from 'fastify';
import { gradeFor } from '@erp/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, migrateToLatest } from '../src/db/index.js';
import { seedDemo } from '../src/db/seed/index.js';

export const BENCH_TITLES = ['B.Tech III-I Regular Examinations November 2024', 'B.Tech III-II Regular Examinations April 2025'];
export const BENCH_STUDENTS = 20_000;
export const benchRoll = (i: number) => `21B91A${String(i).padStart(5, '0')}`;

async function seedBench(file: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: file, SEED_DEMO: 'false' });
  const db = await createDb(config.database);
  await migrateToLatest(db);
  await seedDemo(db, config);
  const college = await db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow();
  await db.destroy();
  // Direct batch inserts: 320,000 result rows in one transaction.
  const Sqlite = (await import('better-sqlite3')).default;
  const sqlite = new Sqlite(file);
  const now = new Date().toISOString();
  sqlite.transaction(() => {
    const student = sqlite.prepare(
      `insert into students (college_id, roll_no, full_name, course, batch, branch, semester, section, gender, email, mobile, father_name, admission_id, created_at)
       values (?, ?, ?, 'B.Tech', '2021-2025', 'CSE', 'IV-I', 'A', 'MALE', ?, '9000000000', 'Father', null, ?)`,
    );
    const title = sqlite.prepare(
      `insert into exam_titles (college_id, title, exam_type, published, created_at) values (?, ?, 'regular', 1, ?)`,
    );
    const result = sqlite.prepare(
      `insert into exam_results (college_id, exam_title_id, roll_no, student_name, course_code, course, credits, marks, grade, grade_points, status, superseded)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
    );
    const titleIds = BENCH_TITLES.map((t) => Number(title.run(college.id, t, now).lastInsertRowid));
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < BENCH_STUDENTS; i++) {
      const roll = benchRoll(i);
      student.run(college.id, roll, `Student ${i}`, `${roll.toLowerCase()}@bench.example`, now);
      titleIds.forEach((titleId, t) => {
        for (let c = 0; c < 8; c++) {
          const marks = rand() < 0.02 ? 'AB' : Math.round(35 + rand() * 6500) / 100;
          const g = gradeFor(marks);
          result.run(
            college.id,
            titleId,
            roll,
            `Student ${i}`,
            `CS${5 + t}0${c + 1}`,
            `Course ${t}-${c}`,
            c < 6 ? 3 : 1.5,
            marks === 'AB' ? null : marks,
            g.grade,
            g.gradePoints,
            g.status,
          );
        }
      });
    }
  })();
  sqlite.close();
}

async function main() {
  const [mode, file] = process.argv.slice(2);
  if (mode === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.send!({ port: (app.server.address() as { port: number }).port });
    return;
  }
  if (mode !== 'serve') await seedBench(file);
  if (mode === 'seed') return;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: file,
    JWT_SECRET: 'bench-secret-bench-secret-bench-k3Vb9qLr',
    CIPHER_KEY: 'bench-cipher-key',
    PAYMENT_GATEWAY: 'demo',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent-web-dist',
  });
  const db = await createDb(config.database);
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    await app.close();
    await db.destroy();
    process.exit(0);
  });
  process.send!({ port: (app.server.address() as { port: number }).port });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
