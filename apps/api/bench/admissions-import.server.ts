// Server side of admissions-import.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp
// database (SQLite or PostgreSQL) with the demo colleges, serves the real app and reports its port and the
// admissions template's columns. The bench asks for the event loop's delay around the import
// ('eld-start' / 'eld-stop', see serve.ts).
import { EXCEL_COLUMNS } from '@erp/shared';
import { benchConfig, run, seeded, serve } from './serve.js';

run(async () => {
  const [database] = process.argv.slice(2);
  const config = benchConfig(database, { SIGNIN_IP_LIMIT: '100000' });
  const { db } = await seeded(config);
  await serve(db, config, { info: { columns: EXCEL_COLUMNS } });
});
