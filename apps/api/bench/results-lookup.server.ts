// Server side of results-lookup.bench.mjs, bundled by it with esbuild.
// `app <database>`: migrate, seed the demo colleges plus 20,000 students with 8 courses in each of
// 2 published titles, then serve the real app (`serve <database>`: serve it, already seeded). `bare`: a Fastify route returning a constant.
import Fastify from 'fastify';
import { gradeFor } from '@erp/shared';
import { createDb } from '../src/db/index.js';
import { benchConfig, bulkLoad, listen, run, seeded, seededRandom, serve } from './serve.js';

export const BENCH_TITLES = ['B.Tech III-I Regular Examinations November 2024', 'B.Tech III-II Regular Examinations April 2025'];
export const BENCH_STUDENTS = 20_000;
export const benchRoll = (i: number) => `21B91A${String(i).padStart(5, '0')}`;

async function seedBench(database: string) {
  const config = benchConfig(database);
  const { db, collegeId } = await seeded(config);
  await db.destroy();
  // Direct batch inserts: 320,000 result rows in one transaction.
  const now = new Date().toISOString();
  await bulkLoad(config.database, async (bulk) => {
    const titleIds = await bulk.insertIds(
      'exam_titles',
      BENCH_TITLES.map((title) => ({ college_id: collegeId, title, exam_type: 'regular', published: 1, created_at: now })),
    );
    const rand = seededRandom(12345);
    // 500 students (and their 8,000 results) a batch.
    for (let from = 0; from < BENCH_STUDENTS; from += 500) {
      const students: Array<Record<string, unknown>> = [];
      const results: Array<Record<string, unknown>> = [];
      for (let i = from; i < Math.min(BENCH_STUDENTS, from + 500); i++) {
        const roll = benchRoll(i);
        students.push({
          college_id: collegeId,
          roll_no: roll,
          full_name: `Student ${i}`,
          course: 'B.Tech',
          batch: '2021-2025',
          branch: 'CSE',
          semester: 'IV-I',
          section: 'A',
          gender: 'MALE',
          email: `${roll.toLowerCase()}@bench.example`,
          mobile: '9000000000',
          father_name: 'Father',
          admission_id: null,
          created_at: now,
        });
        titleIds.forEach((titleId, t) => {
          for (let c = 0; c < 8; c++) {
            const marks = rand() < 0.02 ? 'AB' : Math.round(35 + rand() * 6500) / 100;
            const g = gradeFor(marks);
            results.push({
              college_id: collegeId,
              exam_title_id: titleId,
              roll_no: roll,
              student_name: `Student ${i}`,
              course_code: `CS${5 + t}0${c + 1}`,
              course: `Course ${t}-${c}`,
              credits: c < 6 ? 3 : 1.5,
              marks: marks === 'AB' ? null : marks,
              grade: g.grade,
              grade_points: g.gradePoints,
              status: g.status,
              superseded: 0,
            });
          }
        });
      }
      await bulk.insert('students', students);
      await bulk.insert('exam_results', results);
    }
  });
}

run(async () => {
  const [mode, database] = process.argv.slice(2);
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
  if (mode !== 'serve') await seedBench(database);
  if (mode === 'seed') return;
  const config = benchConfig(database);
  await serve(await createDb(config.database), config);
});
