// Hostel: the first week of term. 10 clerks at once allot 2,000 students (boys and girls to their
// own hostels), each allotment one transaction with its counter, history and fee due; then the
// occupancy board of every bed of the college (about 3,000). A temp database (SQLite, or
// PostgreSQL with BENCH_DATABASE_URL).
import { ascending, bench, keepAliveClient, main, pct, signIn } from './kit.mjs';

const STUDENTS = 2000;
const CLERKS = 10;
const BOARD_RUNS = 40;
// Allotted before the clock starts: a server's first requests compile its code (40-117 ms each).
const WARM_UP = 100;

await main(async () => {
  const server = await bench('hostel');
  const t0 = Date.now();
  const app = await server.start([server.database, STUDENTS]);
  const { beds, rolls, totalBeds } = app.info;
  console.log(`seeded, ${STUDENTS} students and ${totalBeds} beds, started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = app.url;
  const token = await signIn(base, 'hostel');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  // Each clerk takes the next student and the next free bed of their hostel.
  const next = { MALE: 0, FEMALE: 0 };
  const request = keepAliveClient(base, CLERKS);
  const queue = rolls.slice(0, WARM_UP);
  const times = [];
  let failed = 0;
  const clerk = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const [rollNo, gender] = job;
      const bedId = beds[gender === 'MALE' ? 'BOYS' : 'GIRLS'][next[gender]++];
      const t = performance.now();
      const res = await request('POST', '/api/hostel/allotments', { headers, body: JSON.stringify({ rollNo, bedId }) });
      times.push(performance.now() - t);
      if (res.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: CLERKS }, clerk));
  queue.push(...rolls.slice(WARM_UP));
  times.length = 0;
  const TIMED = queue.length;
  const { ask } = app;
  await ask('mark');
  const a0 = performance.now();
  await Promise.all(Array.from({ length: CLERKS }, clerk));
  const elapsed = (performance.now() - a0) / 1000;
  const { cpuMs, handledP50, handledP99 } = await ask('cpu');
  ascending(times);

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
  ascending(board);
  const boardCpu = (await ask('cpu')).cpuMs / BOARD_RUNS;

  const check = await app.stop();
  if (failed) throw new Error(`${failed} allotments failed`);
  console.log(
    `allotments:        ${TIMED} by ${CLERKS} clerks in ${elapsed.toFixed(1)} s (${(TIMED / elapsed).toFixed(0)}/s), after ${WARM_UP} to warm the server up`,
  );
  console.log(
    `server CPU:        ${(cpuMs / TIMED).toFixed(2)} ms per allotment (the machine's load does not change this figure much)`,
  );
  console.log(
    `allot latency:     p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms (target p99 <= 30 ms)`,
  );
  console.log(
    `  in the server:   p50 ${handledP50.toFixed(1)} ms, p99 ${handledP99.toFixed(1)} ms (from Fastify's onRequest to the answer; the rest is waiting for the event loop)`,
  );
  console.log(
    `no bed twice:      ${check.active} active allotments on ${check.distinctBeds} distinct beds; a held bed raced by ${CLERKS}: ${race.filter((s) => s === 409).length} refused`,
  );
  console.log(
    `occupancy board:   ${bedsShown} beds, p50 ${pct(board, 50).toFixed(1)} ms, p99 ${pct(board, 99).toFixed(1)} ms (target <= 100 ms); server CPU ${boardCpu.toFixed(1)} ms per board`,
  );
});
