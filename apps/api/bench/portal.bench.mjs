// Portals: the student overview (attendance, results, fees, library, hostel, bus pass and
// certificates of one student, composed from the other modules' services) for 500 students online
// at once. Two figures: (1) 500 students each opening their home and coming back after a few
// seconds (think time 2-8 s, about 100 overviews a second): the latency a student sees, the target;
// (2) the server saturated by 50 connections: its throughput and CPU per overview. Temp SQLite.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const STUDENTS = 500;
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
let child;

const run = (opts) => new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
const ask = (m) =>
  new Promise((resolve) => {
    child.once('message', resolve);
    child.send(m);
  });

try {
  await bundleNode([path.join(here, 'portal.server.ts')], outDir);
  const t0 = Date.now();
  child = fork(path.join(outDir, 'portal.server.js'), [path.join(dataDir, 'bench.sqlite'), String(STUDENTS)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, tokens } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
  });
  console.log(`seeded, ${tokens.length} student logins, started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const url = `http://127.0.0.1:${port}/api/me/overview`;
  const check = await fetch(url, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const sample = await check.json();
  if (check.status !== 200) throw new Error(`overview: ${check.status} ${JSON.stringify(sample)}`);
  console.log(`sample overview:   ${JSON.stringify(sample.children[0]).slice(0, 300)}…`);

  // Warm-up: every student once.
  for (let i = 0; i < tokens.length; i += 50)
    await Promise.all(tokens.slice(i, i + 50).map((t) => fetch(url, { headers: { authorization: `Bearer ${t}` } }).then((r) => r.arrayBuffer())));

  const figures = [];
  // (1) 500 students online, each: open the overview, read it for 2-8 s, open it again.
  await ask('mark');
  const times = [];
  let failed = 0;
  const statuses = {};
  const end = performance.now() + DURATION * 1000;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    tokens.map(async (token) => {
      await sleep(Math.random() * 5000);
      while (performance.now() < end) {
        const t = performance.now();
        const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await r.arrayBuffer();
        times.push(performance.now() - t);
        if (r.status !== 200) {
          failed++;
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }
        await sleep(2000 + Math.random() * 6000);
      }
    }),
  );
  const online = await ask('cpu');
  if (failed) throw new Error(`${failed} failed overview requests: ${JSON.stringify(statuses)}`);
  times.sort((x, y) => x - y);
  const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  figures.push(
    `overview, ${tokens.length} students online: ${times.length} overviews in ${DURATION} s (${(times.length / DURATION).toFixed(0)}/s), ` +
      `p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms (target p99 <= 50 ms); server CPU ${(online.cpuMs / times.length).toFixed(2)} ms per overview`,
  );
  console.log(figures[0]);

  // (2) Saturated: 50 connections back to back, random students.
  await ask('mark');
  const res = await run({
    url,
    connections: 50,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${tokens[Math.floor(Math.random() * tokens.length)]}` },
        }),
      },
    ],
  });
  const { cpuMs } = await ask('cpu');
  if (res.non2xx) throw new Error(`${res.non2xx} overviews answered other than 200`);
  figures.push(
    `overview, saturated (50 connections): ${res.requests.total} in ${DURATION} s (${res.requests.average.toFixed(0)}/s), ` +
      `p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms${res.timeouts ? `, ${res.timeouts} timed out after 10 s` : ''}; ` +
      `server CPU ${(cpuMs / res.requests.total).toFixed(2)} ms per overview`,
  );
  child.send('stop');
  console.log(figures[1]);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
