// Portals: the student overview (attendance, results, fees, library, hostel, bus pass and
// certificates of one student, composed from the other modules' services) for 500 students online
// at once. Two figures: (1) 500 students each opening their home and coming back after a few
// seconds (think time 2-8 s, about 100 overviews a second): the latency a student sees, the target;
// (2) the server saturated by 50 connections: its throughput and CPU per overview. A temp database
// (SQLite, or PostgreSQL with BENCH_DATABASE_URL).
import { ascending, bench, load, main, pct as percentile, seconds } from './kit.mjs';

const DURATION = seconds(20);
const STUDENTS = 500;

await main(async () => {
  const server = await bench('portal');
  const t0 = Date.now();
  const app = await server.start([server.database, STUDENTS]);
  const { tokens } = app.info;
  const { ask } = app;
  console.log(`seeded, ${tokens.length} student logins, started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const url = `${app.url}/api/me/overview`;
  const check = await fetch(url, { headers: { authorization: `Bearer ${tokens[0]}` } });
  const sample = await check.json();
  if (check.status !== 200) throw new Error(`overview: ${check.status} ${JSON.stringify(sample)}`);
  console.log(`sample overview:   ${JSON.stringify(sample.children[0]).slice(0, 300)}…`);

  // Warm-up: every student once.
  for (let i = 0; i < tokens.length; i += 50)
    await Promise.all(
      tokens.slice(i, i + 50).map((t) => fetch(url, { headers: { authorization: `Bearer ${t}` } }).then((r) => r.arrayBuffer())),
    );

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
  ascending(times);
  const pct = (p) => percentile(times, p);
  figures.push(
    `overview, ${tokens.length} students online: ${times.length} overviews in ${DURATION} s (${(times.length / DURATION).toFixed(0)}/s), ` +
      `p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms (target p99 <= 50 ms); server CPU ${(online.cpuMs / times.length).toFixed(2)} ms per overview`,
  );
  console.log(figures[0]);

  // (2) Saturated: 50 connections back to back, random students.
  await ask('mark');
  const res = await load({
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
  await app.stop();
  console.log(figures[1]);
});
