// Server side of admissions-import.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp
// SQLite database with the demo colleges, serves the real app and reports its port and the
// admissions template's columns. The bench asks for the event loop's delay around the import
// ('eld-start' / 'eld-stop', see serve.ts).
import path from 'node:path';
import { EXCEL_COLUMNS } from '@erp/shared';
import { benchConfig, run, seeded, serve } from './serve.js';

run(async () => {
  const [file] = process.argv.slice(2);
  const config = benchConfig(file, { UPLOAD_DIR: path.join(path.dirname(file), 'uploads'), SIGNIN_IP_LIMIT: '100000' });
  const { db } = await seeded(config);
  await serve(db, config, { info: { columns: EXCEL_COLUMNS } });
});
