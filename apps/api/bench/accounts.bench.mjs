// Accounts office: raising the demand of a 6,000-student batch, the dues list of that batch, and
// admission day at 20 counters (receipt numbers allocated in the transaction: none skipped or
// repeated). A temp database (SQLite, or PostgreSQL with BENCH_DATABASE_URL), the real app over HTTP.
import { bench, load, main, seconds, signIn } from './kit.mjs';

const DURATION = seconds(10);
const STUDENTS = 6_000;
const BATCH = '2026-2030';

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const line = (label, value, target) => console.log(`${label.padEnd(34)} ${value.padEnd(22)} target ${target}`);

await main(async () => {
  const server = await bench('accounts');
  const t0 = Date.now();
  const app = await server.start([server.database, STUDENTS]);
  console.log(`seeded ${STUDENTS} students and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const base = app.url;
  const token = await signIn(base, 'accountant', { domain: 'http://localhost', headers: { host: 'localhost' } });
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
  const res = await load({
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
  });
  const bad = res.non2xx + res.errors + res.timeouts;
  const check = await app.stop();
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
});
