// Transport: 2,400 students asking for passes in the first week with 10 clerks at once on 40
// buses of 50 seats (2,000 seats): every seat goes once, the rest are refused as full; then the
// monthly report and the incharge dashboard under load. Temp SQLite database.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const STUDENTS = 2_400;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
let child;

const run = (opts) => new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));

try {
  await bundleNode([path.join(here, 'transport.server.ts')], outDir);
  const t0 = Date.now();
  child = fork(path.join(outDir, 'transport.server.js'), [path.join(dataDir, 'bench.sqlite'), String(STUDENTS)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, stops } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
  });
  console.log(`seeded and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const url = `http://127.0.0.1:${port}`;
  const signin = await fetch(`${url}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'transport', password: 'Demo@1234', module: 'erp', domain: url }),
  });
  const { token } = await signin.json();
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

  let next = 0;
  const issue = await run({
    url,
    connections: 10,
    amount: STUDENTS,
    requests: [
      {
        method: 'POST',
        path: '/api/transport/passes',
        headers,
        setupRequest: (req) => {
          const i = next++;
          return { ...req, body: JSON.stringify({ holderType: 'student', holder: `BENCH${String(i).padStart(5, '0')}`, stopId: stops[i % stops.length] }) };
        },
      },
    ],
  });
  const month = new Date().toISOString().slice(0, 7);
  const report = await run({ url, connections: 4, duration: DURATION, requests: [{ method: 'GET', path: `/api/transport/reports/monthly?month=${month}`, headers }] });
  const dash = await run({ url, connections: 4, duration: DURATION, requests: [{ method: 'GET', path: '/api/transport/dashboard', headers }] });
  child.send('stop');
  const check = await new Promise((resolve) => child.once('message', resolve));
  if (report.non2xx || dash.non2xx || issue.errors) throw new Error('failed requests');
  console.log(`pass issue:        ${issue.requests.average.toFixed(0)} req/s, p99 ${issue.latency.p99} ms (target p99 <= 30 ms), 10 clerks, ${STUDENTS} requests`);
  console.log(`seats:             ${check.issued} of ${check.seats} seats issued, ${issue['2xx']} ok and ${issue.non2xx} refused as full; vehicles with seats_taken != passes: ${check.mismatched} (target 0)`);
  console.log(`pass numbers:      ${check.passNumbers} passes, ${check.distinctNumbers} distinct numbers (target equal)`);
  console.log(`monthly report:    ${report.requests.average.toFixed(0)} req/s, p99 ${report.latency.p99} ms (target p99 <= 100 ms, 48 buses, a year of expenses)`);
  console.log(`dashboard:         ${dash.requests.average.toFixed(0)} req/s, p99 ${dash.latency.p99} ms (target p99 <= 50 ms)`);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
