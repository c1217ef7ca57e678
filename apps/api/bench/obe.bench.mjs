// OBE: the program outcome attainment of one batch, 360 students in six sections and 60 subjects
// (345,600 marks, about 86,000 survey ratings), through GET /api/obe/attainment/program as the
// IQAC incharge asks for it. Target: at most 2 s. A temp database (SQLite, or PostgreSQL with
// BENCH_DATABASE_URL).
import { ascending, bench, main, signIn } from './kit.mjs';

const RUNS = 5;

await main(async () => {
  const server = await bench('obe');
  const t0 = Date.now();
  const app = await server.start([server.database], {
    execArgv: process.env.OBE_BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.OBE_BENCH_PROFILE}`] : [],
  });
  console.log(`seeded and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = app.url;
  const headers = { authorization: `Bearer ${await signIn(base, 'iqac')}` };
  const { ask } = app;
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
  if (subjects !== 60 || figures !== 15)
    throw new Error(`expected 60 subjects and 15 outcome figures, got ${subjects} and ${figures}`);
  const sorted = ascending([...times]);
  console.log(`program attainment: 360 students, ${subjects} subjects, ${figures} PO/PSO figures`);
  console.log(
    `                    first ${(times[0] / 1000).toFixed(2)} s, median ${(sorted[Math.floor(RUNS / 2)] / 1000).toFixed(2)} s, worst ${(sorted.at(-1) / 1000).toFixed(2)} s (target <= 2 s)`,
  );
  console.log(
    `server CPU:         ${(cpuMs / RUNS / 1000).toFixed(2)} s per request (the machine's load changes this figure little)`,
  );
  await app.stop();
});
