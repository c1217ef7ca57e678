// Server side of results-lookup.bench.mjs, bundled by it with esbuild.
// `app <dbfile>`: migrate, seed the demo colleges plus 20,000 students with 8 courses in each of
// 2 published titles, then serve the real app. `bare`: a Fastify route returning a constant.
import Fastify from 'fastify';
import { gradeFor } from '@erp/shared';
import { createDb } from '../src/db/index.js';
import { benchConfig, listen, run, seeded, seededRandom, serve, sqliteBatch } from './serve.js';

export const BENCH_TITLES = ['B.Tech III-I Regular Examinations November 2024', 'B.Tech III-II Regular Examinations April 2025'];
export const BENCH_STUDENTS = 20_000;
export const benchRoll = (i: number) => `21B91A${String(i).padStart(5, '0')}`;

async function seedBench(file: string) {
  const { db, collegeId } = await seeded(benchConfig(file));
  await db.destroy();
  // Direct batch inserts: 320,000 result rows in one transaction.
  const now = new Date().toISOString();
  await sqliteBatch(file, (sqlite) => {
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
    const titleIds = BENCH_TITLES.map((t) => Number(title.run(collegeId, t, now).lastInsertRowid));
    const rand = seededRandom(12345);
    for (let i = 0; i < BENCH_STUDENTS; i++) {
      const roll = benchRoll(i);
      student.run(collegeId, roll, `Student ${i}`, `${roll.toLowerCase()}@bench.example`, now);
      titleIds.forEach((titleId, t) => {
        for (let c = 0; c < 8; c++) {
          const marks = rand() < 0.02 ? 'AB' : Math.round(35 + rand() * 6500) / 100;
          const g = gradeFor(marks);
          result.run(
            collegeId,
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
  });
}

run(async () => {
  const [mode, file] = process.argv.slice(2);
  if (mode === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ hello: 'world' }));
    // The lookup's path answered with a constant of the lookup's size (argv: bytes).
    const bytes = Number(process.argv[4] ?? 1500);
    const sample = JSON.stringify({ padding: 'x'.repeat(Math.max(0, bytes - 14)) });
    app.get('/api/v1/getExamResultByRollNoView', async (_req, reply) => reply.type('application/json').send(sample));
    await listen(app);
    return;
  }
  if (mode !== 'serve') await seedBench(file);
  if (mode === 'seed') return;
  const config = benchConfig(file);
  await serve(await createDb(config.database), config);
});
