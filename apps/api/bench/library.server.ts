// Server side of library.bench.mjs, bundled by it with esbuild.
// `app <dbfile>`: migrate, seed the demo colleges, add a catalogue of 100,000 titles and 250,000
// copies to the main college, then serve the real app. Reports its peak RSS on request.
import { createDb } from '../src/db/index.js';
import { benchConfig, run, seeded, seededRandom, serve, sqliteBatch } from './serve.js';

export const BENCH_TITLES = 100_000;
export const BENCH_COPIES = 250_000;
const WORDS = [
  'Thermodynamics',
  'Algorithms',
  'Signals',
  'Structures',
  'Machines',
  'Networks',
  'Calculus',
  'Management',
  'Optics',
  'Concrete',
  'Circuits',
  'Databases',
  'Compilers',
  'Hydraulics',
  'Robotics',
  'Economics',
  'Statistics',
  'Materials',
  'Surveying',
  'Embedded',
];
const FORMS = [
  'Fundamentals of',
  'Introduction to',
  'Advanced',
  'Applied',
  'Principles of',
  'Handbook of',
  'Modern',
  'Elements of',
];
const AUTHORS = ['Rao', 'Sharma', 'Iyer', 'Reddy', 'Gupta', 'Nair', 'Kumar', 'Menon', 'Das', 'Patel', 'Singh', 'Murthy'];

async function seedBench(file: string) {
  const { db, collegeId } = await seeded(benchConfig(file));
  const college = { id: collegeId };
  await db.destroy();
  const now = new Date().toISOString();
  const rand = seededRandom(4242);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  await sqliteBatch(
    file,
    (sqlite) => {
      const title = sqlite.prepare(
        `insert into library_titles (college_id, title, subtitle, authors, isbn, publisher, year, edition, subjects, call_number, language, pages, item_type, created_at, updated_at)
       values (?, ?, '', ?, null, 'Bench Press', ?, '', ?, ?, 'English', 300, 'book', ?, ?)`,
      );
      const copy = sqlite.prepare(
        `insert into library_copies (college_id, title_id, accession_no, shelf_location, status, hold_id, price, vendor, acquired_on, created_at)
       values (?, ?, ?, ?, 'available', null, 50000, '', '2024-01-01', ?)`,
      );
      let acc = 0;
      for (let i = 0; i < BENCH_TITLES; i++) {
        const w = pick(WORDS);
        const id = Number(
          title.run(
            college.id,
            `${pick(FORMS)} ${w} ${pick(WORDS)} Vol ${i}`,
            `${pick(AUTHORS)}, ${pick(AUTHORS)}`,
            1990 + (i % 35),
            w,
            `${500 + (i % 400)}.${i % 97} B${i}`,
            now,
            now,
          ).lastInsertRowid,
        );
        const n = i % 2 === 0 ? 2 : 3;
        for (let k = 0; k < n && acc < BENCH_COPIES; k++)
          copy.run(college.id, id, `B${String(++acc).padStart(7, '0')}`, `Stack ${i % 40}`, now);
      }
    },
    { optimize: true },
  );
}

run(async () => {
  const [mode, file] = process.argv.slice(2);
  if (mode !== 'serve') await seedBench(file);
  const config = benchConfig(file, { MAX_UPLOAD_MB: '100' });
  await serve(await createDb(config.database), config);
});
