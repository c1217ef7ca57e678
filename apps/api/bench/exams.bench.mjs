// Exam cell: seating 6,000 students into 100 rooms for one session, the timetable's clash check
// over 6,000 students (36,000 papers written), and one branch's 600 hall tickets made as one PDF
// by the job queue, watched through its progress. A temp database (SQLite, or PostgreSQL with
// BENCH_DATABASE_URL). The seating and the clash check are the operations halls.seating.test.ts and
// halls.timetable.test.ts check at this size for their answers; how long they take is measured here.
import { ascending, bench, loadAverageLine, main, pct, signIn, target } from './kit.mjs';

const SEATING_RUNS = 5;
const CLASH_RUNS = 10;

await main(async () => {
  const server = await bench('exams');
  const t0 = Date.now();
  const app = await server.start([server.database]);
  const { examId, day, branch, students } = app.info;
  console.log(`seeded ${students} students writing 6 papers each, started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const token = await signIn(app.url, 'examcell');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (method, path, body) => {
    const t = performance.now();
    const res = await fetch(`${app.url}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
    const json = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - t, json };
  };

  // a first call compiles the code paths
  await call('GET', `/api/exams/${examId}/clashes`);
  const seating = [];
  let seated = 0;
  for (let i = 0; i < SEATING_RUNS; i++) {
    const { ms, json } = await call('POST', `/api/exams/${examId}/seating`, { date: day, session: 'FN' });
    seating.push(ms);
    seated = json.students;
  }
  ascending(seating);
  const clashes = [];
  for (let i = 0; i < CLASH_RUNS; i++) clashes.push((await call('GET', `/api/exams/${examId}/clashes`)).ms);
  ascending(clashes);

  const b0 = performance.now();
  const { json: batch } = await call('POST', `/api/exams/${examId}/hall-tickets/batches`, { branch });
  let state = batch;
  const seen = [];
  while (state.status !== 'ready' && state.status !== 'failed' && performance.now() - b0 < 120_000) {
    await new Promise((r) => setTimeout(r, 250));
    state = (await call('GET', `/api/exams/${examId}/hall-tickets/batches/${batch.id}`)).json;
    if (!seen.includes(state.done)) seen.push(state.done);
  }
  const batchSeconds = (performance.now() - b0) / 1000;
  if (state.status !== 'ready') throw new Error(`the hall ticket batch ended ${state.status}: ${state.error}`);
  const file = await call('GET', `/api/exams/${examId}/hall-tickets/batches/${batch.id}.pdf`);
  await app.stop();

  console.log(
    `seating, one session: ${seated} students into 100 rooms, median ${pct(seating, 50).toFixed(0)} ms, worst ${seating.at(-1).toFixed(0)} ms ${target(seating.at(-1), '<=', 2000, 'ms')}`,
  );
  console.log(
    `clash check:          6,000 students, p50 ${pct(clashes, 50).toFixed(0)} ms, worst ${clashes.at(-1).toFixed(0)} ms ${target(clashes.at(-1), '<=', 1000, 'ms')}`,
  );
  console.log(
    `hall tickets, branch: ${state.total} tickets as one PDF (${(file.json.byteLength / 1048576).toFixed(1)} MB) in ${batchSeconds.toFixed(1)} s ${target(batchSeconds, '<=', 30, 's')}; progress seen ${seen.join(', ')}`,
  );
  console.log(loadAverageLine(22));
});
