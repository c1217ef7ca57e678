// Library: OPAC search over 100,000 titles / 250,000 copies, issue + return with 20 desks at once,
// and a 50,000-record MARC import (time and peak RSS). Starts its own server on a temp database
// (SQLite, or PostgreSQL with BENCH_DATABASE_URL; the catalogue is built here); prints figures last.
import marcjs from 'marcjs';
import { ascending, bench, keepAliveClient, load, loadAverageLine, main, pct, seconds, signIn, target } from './kit.mjs';

const DURATION = seconds(10);
const DESKS = 20;
const MARC_RECORDS = 50_000;

await main(async () => {
  const server = await bench('library');
  console.log('seeding the demo colleges and 100,000 titles / 250,000 copies ...');
  const t0 = Date.now();
  const app = await server.start(['app', server.database]);
  const { url } = app;
  console.log(`seeded and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // OPAC: public search, one to two words (prefix matching), random each request.
  const WORDS = [
    'thermo',
    'algorithms',
    'signals',
    'structures',
    'machines',
    'networks',
    'calculus',
    'management',
    'optics',
    'concrete',
    'circuits',
    'databases',
    'compilers',
    'hydraulics',
    'robotics',
    'economics',
    'statistics',
    'materials',
    'surveying',
    'embedded',
    'rao',
    'iyer',
  ];
  const q = () => {
    const a = WORDS[Math.floor(Math.random() * WORDS.length)];
    return Math.random() < 0.5 ? a : `${a} ${WORDS[Math.floor(Math.random() * WORDS.length)]}`;
  };
  const probe = await (await fetch(`${url}/api/library/opac?q=thermo`)).json();
  if (!(probe.total > 0)) throw new Error(`search returned ${JSON.stringify(probe).slice(0, 200)}`);
  const opac = await load({
    url,
    connections: 20,
    duration: DURATION,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/library/opac?q=${encodeURIComponent(q())}` }) }],
  });
  if (opac.non2xx) throw new Error(`${opac.non2xx} failed OPAC searches`);

  // One client at a time, for the latency of the work itself on this machine.
  const solo = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await (await fetch(`${url}/api/library/opac?q=${encodeURIComponent(q())}`)).arrayBuffer();
    solo.push(performance.now() - t);
  }
  ascending(solo);

  // Circulation: 20 desks, each issuing a copy to its own student and returning it, over and over.
  const token = await signIn(url, 'libraryassistant');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const rolls = Array.from(
    { length: DESKS },
    (_, d) => `${['22', '23', '24', '25'][d % 4]}A91A05${String(10 + d).padStart(2, '0')}`,
  );
  const request = keepAliveClient(url, DESKS);
  const latencies = { issue: [], return: [] };
  let failures = 0;
  const next = rolls.map(() => 0);
  /** Every desk issues and returns until `seconds` have passed. */
  const circulate = (seconds) => {
    const end = Date.now() + seconds * 1000;
    return Promise.all(
      rolls.map(async (roll, d) => {
        while (Date.now() < end) {
          const barcode = `B${String(100_000 + d * 5000 + (next[d]++ % 5000)).padStart(7, '0')}`;
          let t = performance.now();
          const a = await request('POST', '/api/library/loans', { headers, body: JSON.stringify({ patron: roll, barcode }) });
          latencies.issue.push(performance.now() - t);
          if (!a.ok) {
            failures++;
            console.error(a.text);
            continue;
          }
          t = performance.now();
          const b = await request('POST', '/api/library/returns', { headers, body: JSON.stringify({ barcode }) });
          latencies.return.push(performance.now() - t);
          if (!b.ok) {
            failures++;
            console.error(b.text);
          }
        }
      }),
    );
  };
  // A second untimed, so the server's first issues and returns (compiling its code) are not counted.
  await circulate(1);
  latencies.issue.length = 0;
  latencies.return.length = 0;
  await circulate(DURATION);
  if (failures) throw new Error(`${failures} failed issues or returns`);
  for (const k of ['issue', 'return']) ascending(latencies[k]);

  // MARC import: 50,000 records with one 952 item each, built here with marcjs's writer.
  const parts = [];
  for (let i = 0; i < MARC_RECORDS; i++) {
    const r = new marcjs.Record();
    r.leader = '00000nam a2200000 a 4500';
    r.append(
      ['082', '04', 'a', `${600 + (i % 99)}.${i % 13}`],
      ['100', '1 ', 'a', `Author ${i % 977}`],
      ['245', '10', 'a', `Imported Record Number ${i} /`],
      ['260', '  ', 'b', 'Koha Export', 'c', '2019'],
      ['650', ' 0', 'a', 'Imports'],
      ['952', '  ', 'p', `M${String(i).padStart(7, '0')}`, 'c', 'Stack M', 'v', '300'],
    );
    parts.push(marcjs.Marc.format(r, 'iso2709'));
  }
  const mrc = Buffer.from(parts.join(''));
  const form = new FormData();
  form.set('dryRun', 'false');
  form.set('file', new Blob([mrc]), 'export.mrc');
  // The server has served the OPAC and the desks above: its RSS before the import is printed too.
  const memory = await app.ask('memory');
  const { rss: rssBefore } = await app.ask('rss-start');
  const ti = Date.now();
  const imp = await fetch(`${url}/api/library/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const importSeconds = (Date.now() - ti) / 1000;
  const report = await imp.json();
  const { rss } = await app.ask('rss-stop');
  if (!imp.ok || report.copiesCreated !== MARC_RECORDS) throw new Error(`import: ${JSON.stringify(report).slice(0, 300)}`);
  await app.stop();

  const mb = (b) => (b / 1024 / 1024).toFixed(0);
  console.log(loadAverageLine());
  console.log(
    `OPAC search:       ${(opac.requests.total / opac.duration).toFixed(0)} req/s, p99 ${opac.latency.p99} ms ${target(opac.latency.p99, '<=', 30, 'ms')}`,
  );
  console.log(`OPAC, one client:  p50 ${pct(solo, 50).toFixed(1)} ms, p99 ${pct(solo, 99).toFixed(1)} ms`);
  for (const k of ['issue', 'return']) {
    const p99 = pct(latencies[k], 99);
    console.log(
      `${k.padEnd(6)} (${DESKS} desks): ${latencies[k].length} calls, p50 ${pct(latencies[k], 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms ${target(p99, '<=', 20, 'ms')}`,
    );
  }
  console.log(
    `MARC import:       ${MARC_RECORDS} records (${mb(mrc.length)} MB) in ${importSeconds.toFixed(1)} s ${target(importSeconds, '<=', 30, 's')}, peak RSS ${mb(rss)} MB ${target(rss / 1024 / 1024, '<=', 400, 'MB')} (${mb(rssBefore)} MB before it)`,
  );
  console.log(
    `  before the import: RSS ${memory.rssMb} MB (${memory.anonMb} MB anonymous, ${memory.fileMb} MB file pages mapped in), V8 heap ${memory.heapTotalMb} MB (${memory.heapUsedMb} MB in use)`,
  );
});
