// Server side of library.bench.mjs, bundled by it with esbuild.
// `app <database>`: migrate, seed the demo colleges, add a catalogue of 100,000 titles and 250,000
// copies to the main college, then serve the real app. Reports its peak RSS on request.
import { createDb } from '../src/db/index.js';
import { benchConfig, bulkLoad, run, seeded, seededRandom, serve } from './serve.js';

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

async function seedBench(database: string) {
  const config = benchConfig(database);
  const { db, collegeId } = await seeded(config);
  await db.destroy();
  const now = new Date().toISOString();
  const rand = seededRandom(4242);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  await bulkLoad(
    config.database,
    async (bulk) => {
      let acc = 0;
      // 1,000 titles (and their copies) a batch.
      for (let from = 0; from < BENCH_TITLES; from += 1000) {
        const titles = [];
        for (let i = from; i < Math.min(BENCH_TITLES, from + 1000); i++) {
          const w = pick(WORDS);
          titles.push({
            college_id: collegeId,
            title: `${pick(FORMS)} ${w} ${pick(WORDS)} Vol ${i}`,
            subtitle: '',
            authors: `${pick(AUTHORS)}, ${pick(AUTHORS)}`,
            isbn: null,
            publisher: 'Bench Press',
            year: 1990 + (i % 35),
            edition: '',
            subjects: w,
            call_number: `${500 + (i % 400)}.${i % 97} B${i}`,
            language: 'English',
            pages: 300,
            item_type: 'book',
            created_at: now,
            updated_at: now,
          });
        }
        const ids = await bulk.insertIds('library_titles', titles);
        const copies = [];
        for (const [k, id] of ids.entries()) {
          const i = from + k;
          const n = i % 2 === 0 ? 2 : 3;
          for (let c = 0; c < n && acc < BENCH_COPIES; c++)
            copies.push({
              college_id: collegeId,
              title_id: id,
              accession_no: `B${String(++acc).padStart(7, '0')}`,
              shelf_location: `Stack ${i % 40}`,
              status: 'available',
              hold_id: null,
              price: 50000,
              vendor: '',
              acquired_on: '2024-01-01',
              created_at: now,
            });
        }
        await bulk.insert('library_copies', copies);
      }
    },
    { optimize: true },
  );
}

run(async () => {
  const [mode, database] = process.argv.slice(2);
  if (mode !== 'serve') await seedBench(database);
  const config = benchConfig(database, { MAX_UPLOAD_MB: '100' });
  await serve(await createDb(config.database), config);
});
