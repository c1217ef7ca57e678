// Attendance at college scale: 6,000 students, 8 subjects, 90 classes each (about 4.3 million
// marks; only absentees are stored). Measures a student's summary, 50 faculty submitting sheets
// of 70 at once, the college shortage report and the server's memory. Prints figures last.
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
const STUDENTS = 6000;
const FACULTY = 50;
const roll = (i) => `21C91A${String(i).padStart(5, '0')}`;

const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
let server = null;

function cleanup() {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function start(args) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(outDir, 'attendance.server.js'), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    server = child;
    child.once('message', (m) => resolve({ child, url: `http://127.0.0.1:${m.port}` }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const rssMb = (pid) => {
  if (!fs.existsSync(`/proc/${pid}/status`)) return 0;
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const run = (opts) => new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

async function signIn(url, username) {
  const res = await fetch(`${url}/api/auth-service/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo@1234' }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status}`);
  return (await res.json()).token;
}

try {
  await bundleNode([path.join(here, 'attendance.server.ts')], outDir);
  console.log(`seeding ${STUDENTS} students x 8 subjects x 90 classes ...`);
  const t0 = Date.now();
  const app = await start(['app', path.join(dataDir, 'bench.sqlite')]);
  console.log(`seeded and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  let peak = rssMb(app.child.pid);
  const sample = setInterval(() => (peak = Math.max(peak, rssMb(app.child.pid))), 200);

  const admin = await signIn(app.url, 'admin');
  const principal = await signIn(app.url, 'principal');
  const tokens = [];
  for (let f = 0; f < FACULTY; f++) tokens.push(await signIn(app.url, `bench${f}`));
  const probe = await (
    await fetch(`${app.url}/api/attendance/students/${roll(5)}`, { headers: { authorization: `Bearer ${admin}` } })
  ).json();
  if (probe.held !== 720) throw new Error(`summary returned ${JSON.stringify(probe).slice(0, 200)}`);

  // 1. A student's summary (by subject and overall), random students, 10 connections.
  const summary = await run({
    url: app.url,
    connections: 10,
    duration: DURATION,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path: `/api/attendance/students/${roll(Math.floor(Math.random() * STUDENTS))}`,
          headers: { authorization: `Bearer ${admin}` },
        }),
      },
    ],
  });
  if (summary.non2xx || summary.errors) throw new Error(`${summary.non2xx + summary.errors} failed summary requests`);

  // 2. 50 faculty at once, each submitting sheets of 70 for their own section on past dates.
  const classes = [];
  for (const token of tokens) {
    const sheet = await (
      await fetch(`${app.url}/api/attendance/sheet?date=2024-01-08`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    classes.push({ sectionId: sheet.classes[0].sectionId, rolls: sheet.classes[0].students.map((s) => s.rollNo) });
  }
  if (classes[0].rolls.length !== 70) throw new Error('a bench section should hold 70 students');
  let seq = 0;
  let conn = 0;
  const day0 = Date.parse('2023-01-02T00:00:00Z');
  const submit = await run({
    url: app.url,
    connections: FACULTY,
    duration: DURATION,
    requests: [
      {
        method: 'PUT',
        setupRequest: (req, context) => {
          context.f ??= conn++ % FACULTY;
          const n = seq++;
          let d = new Date(day0 + (n % 600) * 86400_000);
          if (d.getUTCDay() === 0) d = new Date(d.getTime() + 86400_000);
          const { sectionId, rolls: secRolls } = classes[context.f];
          return {
            ...req,
            path: '/api/attendance/sessions',
            headers: { authorization: `Bearer ${tokens[context.f]}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              sectionId,
              subjectCode: 'BN1',
              date: d.toISOString().slice(0, 10),
              period: 1 + (Math.floor(n / 600) % 8),
              absentRollNos: secRolls.filter(() => Math.random() < 0.1),
              clientId: `bench-${n}-${Date.now()}`,
            }),
          };
        },
      },
    ],
    initialContext: {},
  });
  const bad = submit.non2xx + submit.errors;

  // 3. The college shortage report (every section), five times.
  const times = [];
  let shortRows = 0;
  for (let i = 0; i < 5; i++) {
    const t = Date.now();
    const r = await (
      await fetch(`${app.url}/api/attendance/shortage`, { headers: { authorization: `Bearer ${principal}` } })
    ).json();
    times.push(Date.now() - t);
    shortRows = r.rows.length;
  }
  clearInterval(sample);
  peak = Math.max(peak, rssMb(app.child.pid));

  const worst = Math.max(...times);
  console.log(
    `load average:           ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );
  console.log(
    `student summary:        ${(summary.requests.total / summary.duration).toFixed(0)} req/s, p99 ${summary.latency.p99} ms (target <= 20 ms) ${summary.latency.p99 <= 20 ? 'OK' : 'ABOVE TARGET'}`,
  );
  console.log(
    `sheet of 70, 50 at once: ${(submit.requests.total / submit.duration).toFixed(0)} req/s, p99 ${submit.latency.p99} ms (target <= 30 ms) ${submit.latency.p99 <= 30 ? 'OK' : 'ABOVE TARGET'}${bad ? `, ${bad} failed` : ''}`,
  );
  console.log(
    `college shortage:       ${worst} ms worst of 5, ${shortRows} students short (target <= 1000 ms) ${worst <= 1000 ? 'OK' : 'ABOVE TARGET'}`,
  );
  console.log(`server RSS peak:        ${peak.toFixed(0)} MB (target <= 300 MB) ${peak <= 300 ? 'OK' : 'ABOVE TARGET'}`);
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  cleanup();
}
