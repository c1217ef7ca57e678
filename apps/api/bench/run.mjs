// `npm run bench`: runs every apps/api/bench/*.bench.mjs in turn; each starts its own server and
// prints its figures as its last lines (then its servers' log sizes). Benchmarks measure; tests
// never assert on time.
// The servers run as colleges run them: LOG_LEVEL info (a log line per request, to a file), on a
// temp SQLite file. `BENCH_DATABASE_URL=postgres://user@host:5432/db npm run bench`: on a fresh
// PostgreSQL database per bench on that server instead; `BENCH_LOG_LEVEL=warn`: without the access
// log, to compare (see kit.mjs).
// To see where a bench spends its time: `node --cpu-prof --cpu-prof-dir=/tmp/prof apps/api/bench/<name>.bench.mjs`
// (forked servers inherit the flag and write their own profile when stopped).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseLabel, logLevel } from './kit.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
if (files.length === 0) {
  console.error(`No benchmark matches ${only ?? '*.bench.mjs'}`);
  process.exit(1);
}
const setting = `database ${databaseLabel()}, servers' LOG_LEVEL ${logLevel()}`;
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} (${setting})`);
  const run = spawnSync(process.execPath, [path.join(here, file)], { stdio: 'inherit', cwd: path.resolve(here, '../../..') });
  if (run.status !== 0) {
    failed++;
    console.error(`${file} failed (exit ${run.status})`);
  }
}
process.exit(failed ? 1 : 0);
