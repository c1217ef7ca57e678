// NAAC and NIRF: the five-year NAAC metrics (target 3 s), one metric's evidence, the five-year
// export and the NIRF data over a large college's five years. In process (app.inject) on a temp
// SQLite database; prints each figure beside its target.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = fs.mkdtempSync(path.join(path.resolve(here, '..'), '.bench-'));
const TARGETS = {
  'NAAC metrics, five years': 3000,
  'NAAC evidence, 2.2.1': 3000,
  'NAAC export, five years': 10000,
  'NIRF data': 3000,
};

try {
  await bundleNode([path.join(here, 'naac.server.ts')], outDir);
  const results = await new Promise((resolve, reject) => {
    const child = fork(path.join(outDir, 'naac.server.js'), [], {
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
