// Results day: the public lookup under load, against a bare Fastify route on the same machine,
// and the marks-memo PDF rate. Starts its own servers on a temp SQLite database; prints figures last.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const STUDENTS = 20_000;
const TITLES = ['B.Tech III-I Regular Examinations November 2024', 'B.Tech III-II Regular Examinations April 2025'];
const roll = (i) => `21B91A${String(i).padStart(5, '0')}`;

// Bundled next to apps/api so the npm packages resolve; removed at the end.
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
const children = [];

function cleanup() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function start(args) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(outDir, 'results-lookup.server.js'), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(child);
    child.once('message', (m) => resolve({ child, url: `http://127.0.0.1:${m.port}` }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const stop = (child) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));

function run(opts) {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

const randomPath = (base) => () =>
  `${base}?rollNo=${roll(Math.floor(Math.random() * STUDENTS))}&examTitle=${encodeURIComponent(TITLES[Math.floor(Math.random() * 2)])}`;

async function load(url, connections, seconds, pathFn) {
  const opts = {
    url,
    connections,
    duration: seconds,
    ...(pathFn ? { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathFn() }) }] } : {}),
  };
  const res = await run(opts);
  const bad = res.non2xx + res.errors + res.timeouts;
  if (bad) throw new Error(`${bad} failed requests against ${url}`);
  return res;
}

try {
  await bundleNode([path.join(here, 'results-lookup.server.ts')], outDir);

  console.log(`seeding ${STUDENTS} students x 8 courses x ${TITLES.length} titles ...`);
  const t0 = Date.now();
  const app = await start(['app', path.join(dataDir, 'bench.sqlite')]);
  console.log(`seeded and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const bare = await start(['bare']);
  const probe = await (await fetch(`${app.url}${randomPath('/api/v1/getExamResultByRollNoView')()}`)).json();
  if (probe.listofRecords?.length !== 8) throw new Error(`lookup returned ${JSON.stringify(probe).slice(0, 200)}`);

  // The two servers take turns in short rounds, so both see the same machine load.
  const lookupPath = randomPath('/api/v1/getExamResultByRollNoView');
  await load(`${bare.url}/bare`, 100, 2);
  await load(app.url, 100, 2, lookupPath);
  const ROUNDS = 3;
  const per = Math.max(2, Math.round(DURATION / ROUNDS));
  const bareRounds = [];
  const lookupRounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    bareRounds.push(await load(`${bare.url}/bare`, 100, per));
    lookupRounds.push(await load(app.url, 100, per, lookupPath));
  }
  const rate = (rounds) => rounds.reduce((s, x) => s + x.requests.total, 0) / rounds.reduce((s, x) => s + x.duration, 0);
  const bareRate = rate(bareRounds);
  const lookupRate = rate(lookupRounds);
  const p99s = lookupRounds.map((x) => x.latency.p99).sort((a, b) => a - b);
  const memoRes = await load(app.url, 8, DURATION, randomPath('/api/v1/getExamResultByRollNoReport'));
  // Results day: each student asks for their memo again (a print, a second device): the same
  // 1,000 students' memos, asked over and over, come from the memo cache.
  const warmPath = () =>
    `/api/v1/getExamResultByRollNoReport?rollNo=${roll(Math.floor(Math.random() * 1000))}&examTitle=${encodeURIComponent(TITLES[0])}`;
  await load(app.url, 8, 2, warmPath);
  const warmRes = await load(app.url, 8, DURATION, warmPath);
  // A browser asking again with If-None-Match: 304 without building the answer.
  const probePath = lookupPath();
  const etag = (await fetch(`${app.url}${probePath}`)).headers.get('etag');
  const res304 = await run({ url: `${app.url}${probePath}`, connections: 100, duration: per, headers: { 'if-none-match': etag } });
  if (res304['3xx'] !== res304.requests.total && res304['3xx'] === 0) throw new Error('no 304 for a repeat lookup');
  await stop(bare.child);
  await stop(app.child);

  const ratio = lookupRate / bareRate;
  const p99 = p99s[p99s.length - 1];
  const memos = memoRes.requests.total / memoRes.duration;
  console.log(
    `load average:      ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );
  console.log(`bare route:        ${bareRate.toFixed(0)} req/s`);
  console.log(
    `result lookup:     ${lookupRate.toFixed(0)} req/s (100 connections, ${ROUNDS} rounds of ${per} s, p99 per round ${p99s.join(' / ')} ms)`,
  );
  console.log(`lookup/bare ratio: ${(ratio * 100).toFixed(1)} % (target >= 80 %) ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'}`);
  console.log(`lookup p99:        ${p99} ms (target <= 10 ms) ${p99 <= 10 ? 'OK' : 'ABOVE TARGET'}`);
  const rate304 = res304.requests.total / res304.duration;
  console.log(`repeat lookup 304: ${rate304.toFixed(0)} req/s, ${((rate304 / bareRate) * 100).toFixed(1)} % of bare, p99 ${res304.latency.p99} ms`);
  console.log(`marks memo PDFs:   ${memos.toFixed(0)} /s, each a new student (any new memo is rendered once)`);
  const warm = warmRes.requests.total / warmRes.duration;
  console.log(`memos asked again: ${warm.toFixed(0)} /s (target >= 1000) ${warm >= 1000 ? 'OK' : 'BELOW TARGET'}`);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  cleanup();
}
