// Grievances and placements: the eligibility list of a 2,000-student batch, the incharge's list
// and report over 5,000 grievances, lodging, and a student's drive list. In process (app.inject)
// on a temp SQLite database; prints each figure beside its target.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = fs.mkdtempSync(path.join(path.resolve(here, '..'), '.bench-'));
const TARGETS = {
  'eligibility, 2,000 students': 1000,
  'grievance list, 5,017 rows, page 1': 50,
  'grievance list, overdue filter': 50,
  'grievance report, 5,017 rows': 300,
  'lodge a grievance': 30,
  'student drive list': 100,
};

try {
  await bundleNode([path.join(here, 'grievances-placements.server.ts')], outDir);
  const results = await new Promise((resolve, reject) => {
    const child = fork(path.join(outDir, 'grievances-placements.server.js'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve(m.results));
    child.once('exit', (code) => (code ? reject(new Error(`bench server exited with ${code}`)) : null));
  });
  for (const r of results) {
    const target = TARGETS[r.label];
    console.log(
      `${r.label.padEnd(38)} p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (target p95 < ${target} ms) ${r.p95 < target ? 'OK' : 'ABOVE TARGET'}`,
    );
  }
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  fs.rmSync(outDir, { recursive: true, force: true });
}
