// Library: OPAC search over 100,000 titles / 250,000 copies, issue + return with 20 desks at once,
// and a 50,000-record MARC import (time and peak RSS). Starts its own server on a temp SQLite
// database (the catalogue is built here); prints figures last.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import marcjs from 'marcjs';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const DESKS = 20;
const MARC_RECORDS = 50_000;
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
let child = null;

function cleanup() {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const ask = (msg, key) =>
  new Promise((resolve) => {
    const on = (m) => {
      if (m && key in m) {
        child.off('message', on);
        resolve(m[key]);
      }
    };
    child.on('message', on);
    child.send(msg);
  });
const pct = (arr, p) => arr[Math.min(arr.length - 1, Math.floor((p / 100) * arr.length))];

try {
  await bundleNode([path.join(here, 'library.server.ts')], outDir);
  console.log('seeding the demo colleges and 100,000 titles / 250,000 copies ...');
  const t0 = Date.now();
  child = fork(path.join(outDir, 'library.server.js'), ['app', path.join(dataDir, 'bench.sqlite')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
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
  const opac = await new Promise((resolve, reject) =>
    autocannon(
      {
        url,
        connections: 20,
        duration: DURATION,
        requests: [
          { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/library/opac?q=${encodeURIComponent(q())}` }) },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    ),
  );
  if (opac.non2xx) throw new Error(`${opac.non2xx} failed OPAC searches`);

  // One client at a time, for the latency of the work itself on this machine.
  const solo = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await (await fetch(`${url}/api/library/opac?q=${encodeURIComponent(q())}`)).arrayBuffer();
    solo.push(performance.now() - t);
  }
  solo.sort((x, y) => x - y);

  // Circulation: 20 desks, each issuing a copy to its own student and returning it, over and over.
  const signin = await fetch(`${url}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'libraryassistant', password: 'Demo@1234', module: 'erp', domain: url }),
  });
  const token = (await signin.json()).token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const rolls = Array.from(
    { length: DESKS },
    (_, d) => `${['22', '23', '24', '25'][d % 4]}A91A05${String(10 + d).padStart(2, '0')}`,
  );
  const latencies = { issue: [], return: [] };
  const end = Date.now() + DURATION * 1000;
  let failures = 0;
  await Promise.all(
    rolls.map(async (roll, d) => {
      let n = 0;
      while (Date.now() < end) {
        const barcode = `B${String(100_000 + d * 5000 + (n++ % 5000)).padStart(7, '0')}`;
        let t = performance.now();
        const a = await fetch(`${url}/api/library/loans`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ patron: roll, barcode }),
        });
        latencies.issue.push(performance.now() - t);
        if (!a.ok) {
          failures++;
          console.error(await a.text());
          continue;
        }
        t = performance.now();
        const b = await fetch(`${url}/api/library/returns`, { method: 'POST', headers, body: JSON.stringify({ barcode }) });
        latencies.return.push(performance.now() - t);
        if (!b.ok) {
          failures++;
          console.error(await b.text());
        }
        await b.arrayBuffer();
      }
    }),
  );
  if (failures) throw new Error(`${failures} failed issues or returns`);
  for (const k of ['issue', 'return']) latencies[k].sort((x, y) => x - y);

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
  child.send('rss-start');
  const ti = Date.now();
  const imp = await fetch(`${url}/api/library/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const importSeconds = (Date.now() - ti) / 1000;
  const report = await imp.json();
  const rss = await ask('rss-stop', 'rss');
  if (!imp.ok || report.copiesCreated !== MARC_RECORDS) throw new Error(`import: ${JSON.stringify(report).slice(0, 300)}`);
  child.send('stop');

  const mb = (b) => (b / 1024 / 1024).toFixed(0);
  console.log(
    `load average:      ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );
  console.log(
    `OPAC search:       ${(opac.requests.total / opac.duration).toFixed(0)} req/s, p99 ${opac.latency.p99} ms (target <= 30 ms) ${opac.latency.p99 <= 30 ? 'OK' : 'ABOVE TARGET'}`,
  );
  console.log(`OPAC, one client:  p50 ${pct(solo, 50).toFixed(1)} ms, p99 ${pct(solo, 99).toFixed(1)} ms`);
  for (const k of ['issue', 'return']) {
    const p99 = pct(latencies[k], 99);
    console.log(
      `${k.padEnd(6)} (${DESKS} desks): ${latencies[k].length} calls, p50 ${pct(latencies[k], 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (target <= 20 ms) ${p99 <= 20 ? 'OK' : 'ABOVE TARGET'}`,
    );
  }
  console.log(
    `MARC import:       ${MARC_RECORDS} records (${mb(mrc.length)} MB) in ${importSeconds.toFixed(1)} s (target <= 30 s) ${importSeconds <= 30 ? 'OK' : 'ABOVE TARGET'}, peak RSS ${mb(rss)} MB (target <= 400 MB) ${rss <= 400 * 1024 * 1024 ? 'OK' : 'ABOVE TARGET'}`,
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  cleanup();
}
