// Accounts office: raising the demand of a 6,000-student batch, the dues list of that batch, and
// admission day at 20 counters (receipt numbers allocated in the transaction: none skipped or
// repeated). Temp SQLite database, the real app over HTTP.
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
const STUDENTS = 6_000;
const BATCH = '2026-2030';
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
let child;

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const line = (label, value, target) => console.log(`${label.padEnd(34)} ${value.padEnd(22)} target ${target}`);

try {
  await bundleNode([path.join(here, 'accounts.server.ts')], outDir);
  const t0 = Date.now();
  child = fork(path.join(outDir, 'accounts.server.js'), [path.join(dataDir, 'bench.sqlite'), String(STUDENTS)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
  });
  console.log(`seeded ${STUDENTS} students and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = `http://127.0.0.1:${port}`;
  const signin = await fetch(`${base}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    body: JSON.stringify({ username: 'accountant', password: 'Demo@1234', module: 'erp', domain: 'http://localhost' }),
  });
  const { token } = await signin.json();
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  let t = process.hrtime.bigint();
  const demand = await (
    await fetch(`${base}/api/accounts/demands`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ batch: BATCH, year: 1 }),
    })
  ).json();
  const demandMs = ms(t);
  if (demand.raised !== STUDENTS * 4) throw new Error(`demand raised ${JSON.stringify(demand)}`);
  t = process.hrtime.bigint();
  const again = await (
    await fetch(`${base}/api/accounts/demands`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ batch: BATCH, year: 1 }),
    })
  ).json();
  const againMs = ms(t);
  if (again.raised !== 0) throw new Error('second demand raised lines');

  const times = [];
  let dues;
  for (let i = 0; i < 5; i++) {
    t = process.hrtime.bigint();
    dues = await (await fetch(`${base}/api/accounts/dues?batch=${BATCH}&pageSize=50`, { headers: auth })).json();
    times.push(ms(t));
  }
  if (dues.total !== STUDENTS) throw new Error(`dues list has ${dues.total}`);
  t = process.hrtime.bigint();
  const xlsx = await fetch(`${base}/api/accounts/dues.xlsx?batch=${BATCH}`, { headers: auth });
  const bytes = (await xlsx.arrayBuffer()).byteLength;
  const xlsxMs = ms(t);

  let next = 0;
  const modes = ['cash', 'upi', 'card', 'bank_transfer'];
  const res = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: 20,
        duration: DURATION,
        requests: [
          {
            method: 'POST',
            path: '/api/accounts/receipts',
            headers: auth,
            setupRequest: (req) => {
              const i = next++;
              const mode = modes[i % 4];
              return {
                ...req,
                body: JSON.stringify({
                  rollNo: `26BENCH${String(i % STUDENTS).padStart(5, '0')}`,
                  mode,
                  reference: mode === 'cash' ? '' : `R${i}`,
                  amount: 10_000,
                }),
              };
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  const bad = res.non2xx + res.errors + res.timeouts;
  child.send('stop');
  const check = await new Promise((resolve) => child.once('message', resolve));
  if (bad) throw new Error(`${bad} failed collections`);

  line('demand for 6,000 students', `${demandMs.toFixed(0)} ms (${demand.raised} lines)`, '≤ 3000 ms');
  line('same demand again (idempotent)', `${againMs.toFixed(0)} ms (0 lines)`, '-');
  line('dues list of 6,000 (JSON page)', `${Math.max(...times).toFixed(0)} ms worst of 5`, '≤ 1000 ms');
  line('dues list of 6,000 (Excel)', `${xlsxMs.toFixed(0)} ms (${(bytes / 1024).toFixed(0)} KB)`, '-');
  line('20 counters collecting', `p99 ${res.latency.p99} ms`, '≤ 50 ms');
  line('  receipts per second', `${res.requests.average.toFixed(0)}/s`, '-');
  line(
    '  receipt numbers',
    `${check.receipts} numbered ${check.first}..${check.last}`,
    `no gap/duplicate: ${check.gaps} gaps, ${check.dups} duplicates, counter ${check.counter}`,
  );
  if (check.gaps || check.dups || check.counter !== check.last) process.exitCode = 1;
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
