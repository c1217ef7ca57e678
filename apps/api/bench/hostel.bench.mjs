// Hostel: the first week of term. 10 clerks at once allot 2,000 students (boys and girls to their
// own hostels), each allotment one transaction with its counter, history and fee due; then the
// occupancy board of every bed of the college (about 3,000). Temp SQLite database.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const STUDENTS = 2000;
const CLERKS = 10;
const BOARD_RUNS = 40;
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
let child;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  await bundleNode([path.join(here, 'hostel.server.ts')], outDir);
  const t0 = Date.now();
  child = fork(path.join(outDir, 'hostel.server.js'), [path.join(dataDir, 'bench.sqlite'), String(STUDENTS)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, beds, rolls, totalBeds } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
  });
  console.log(`seeded, ${STUDENTS} students and ${totalBeds} beds, started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = `http://127.0.0.1:${port}`;
  const signin = await fetch(`${base}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'hostel', password: 'Demo@1234', module: 'erp', domain: base }),
  });
  const { token } = await signin.json();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  // Each clerk takes the next student and the next free bed of their hostel.
  const next = { MALE: 0, FEMALE: 0 };
  const queue = rolls.slice();
  const times = [];
  let failed = 0;
  const clerk = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const [rollNo, gender] = job;
      const bedId = beds[gender === 'MALE' ? 'BOYS' : 'GIRLS'][next[gender]++];
      const t = performance.now();
      const res = await fetch(`${base}/api/hostel/allotments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ rollNo, bedId }),
      });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status !== 200) failed++;
    }
  };
  const ask = (m) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(m);
    });
  await ask('mark');
  const a0 = performance.now();
  await Promise.all(Array.from({ length: CLERKS }, clerk));
  const elapsed = (performance.now() - a0) / 1000;
  const { cpuMs } = await ask('cpu');
  times.sort((x, y) => x - y);

  // Two clerks racing for one bed: 10 at once for each of 20 beds already taken above.
  const race = await Promise.all(
    Array.from({ length: CLERKS }, (_, i) =>
      fetch(`${base}/api/hostel/allotments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ rollNo: rolls[i * 2][0], bedId: beds.BOYS[0] }),
      }).then((r) => r.status),
    ),
  );

  await ask('mark');
  const board = [];
  let bedsShown = 0;
  for (let i = 0; i < BOARD_RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/hostel/occupancy`, { headers });
    const body = await res.json();
    board.push(performance.now() - t);
    bedsShown = body.rooms.reduce((n, r) => n + r.beds.length, 0);
  }
  board.sort((x, y) => x - y);
  const boardCpu = (await ask('cpu')).cpuMs / BOARD_RUNS;

  child.send('stop');
  const check = await new Promise((resolve) => child.once('message', resolve));
  if (failed) throw new Error(`${failed} allotments failed`);
  console.log(
    `allotments:        ${STUDENTS} by ${CLERKS} clerks in ${elapsed.toFixed(1)} s (${(STUDENTS / elapsed).toFixed(0)}/s)`,
  );
  console.log(
    `server CPU:        ${(cpuMs / STUDENTS).toFixed(2)} ms per allotment (the machine's load does not change this figure much)`,
  );
  console.log(
    `allot latency:     p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms (target p99 <= 30 ms)`,
  );
  console.log(
    `no bed twice:      ${check.active} active allotments on ${check.distinctBeds} distinct beds; a held bed raced by ${CLERKS}: ${race.filter((s) => s === 409).length} refused`,
  );
  console.log(
    `occupancy board:   ${bedsShown} beds, p50 ${pct(board, 50).toFixed(1)} ms, p99 ${pct(board, 99).toFixed(1)} ms (target <= 100 ms); server CPU ${boardCpu.toFixed(1)} ms per board`,
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
