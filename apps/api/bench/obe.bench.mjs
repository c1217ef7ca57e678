// OBE: the program outcome attainment of one batch, 360 students in six sections and 60 subjects
// (345,600 marks, about 86,000 survey ratings), through GET /api/obe/attainment/program as the
// IQAC incharge asks for it. Target: at most 2 s. Temp SQLite database.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const RUNS = 5;
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
let child;

try {
  await bundleNode([path.join(here, 'obe.server.ts')], outDir);
  const t0 = Date.now();
  child = fork(path.join(outDir, 'obe.server.js'), [path.join(dataDir, 'bench.sqlite')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: process.env.OBE_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.OBE_BENCH_PROFILE}`] : [],
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
  });
  console.log(`seeded and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = `http://127.0.0.1:${port}`;
  const signin = await fetch(`${base}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'iqac', password: 'Demo@1234', module: 'erp', domain: base }),
  });
  const { token } = await signin.json();
  const headers = { authorization: `Bearer ${token}` };
  const ask = (m) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(m);
    });
  await ask('mark');
  const times = [];
  let body;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/obe/attainment/program?branch=BNC&batch=2030-2034`, { headers });
    body = await res.json();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`program attainment answered ${res.status}: ${JSON.stringify(body)}`);
  }
  const { cpuMs } = await ask('cpu');
  const subjects = body.subjects.length;
  const figures = body.outcomes.filter((o) => o.value !== null).length;
  if (subjects !== 60 || figures !== 15) throw new Error(`expected 60 subjects and 15 outcome figures, got ${subjects} and ${figures}`);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`program attainment: 360 students, ${subjects} subjects, ${figures} PO/PSO figures`);
  console.log(
    `                    first ${(times[0] / 1000).toFixed(2)} s, median ${(sorted[Math.floor(RUNS / 2)] / 1000).toFixed(2)} s, worst ${(sorted.at(-1) / 1000).toFixed(2)} s (target <= 2 s)`,
  );
  console.log(`server CPU:         ${(cpuMs / RUNS / 1000).toFixed(2)} s per request (the machine's load changes this figure little)`);
  child.send('stop');
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) setTimeout(() => child.kill('SIGTERM'), 2000).unref();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
