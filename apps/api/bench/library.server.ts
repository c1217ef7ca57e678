// Server side of library.bench.mjs, bundled by it with esbuild.
// `app <dbfile>`: migrate, seed the demo colleges, add a catalogue of 100,000 titles and 250,000
// copies to the main college, then serve the real app. Reports its peak RSS on request.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb, migrateToLatest } from '../src/db/index.js';
import { seedDemo } from '../src/db/seed/index.js';

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
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: file, SEED_DEMO: 'false' });
  const db = await createDb(config.database);
  await migrateToLatest(db);
  await seedDemo(db, config);
  const college = await db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow();
  await db.destroy();
  const Sqlite = (await import('better-sqlite3')).default;
  const sqlite = new Sqlite(file);
  const now = new Date().toISOString();
  let seed = 4242;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  sqlite.transaction(() => {
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
  })();
  sqlite.pragma('optimize');
  sqlite.close();
}

async function main() {
  const [mode, file] = process.argv.slice(2);
  if (mode !== 'serve') await seedBench(file);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: file,
    JWT_SECRET: 'bench-secret-bench-secret-bench',
    CIPHER_KEY: 'bench-cipher-key',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent-web-dist',
    MAX_UPLOAD_MB: '100',
    SIGNIN_RATE_LIMIT: '1000',
  });
  const db = await createDb(config.database);
  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let peak = 0;
  let timer: NodeJS.Timeout | null = null;
  process.on('message', async (m) => {
    if (m === 'rss-start') {
      peak = process.memoryUsage().rss;
      timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    } else if (m === 'rss-stop') {
      if (timer) clearInterval(timer);
      process.send!({ rss: Math.max(peak, process.memoryUsage().rss) });
    } else if (m === 'stop') {
      await app.close();
      await db.destroy();
      process.exit(0);
    }
  });
  process.send!({ port: (app.server.address() as { port: number }).port });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
