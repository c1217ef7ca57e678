// Fee collection: how many gateway notifications (IPN) the server records per second, each one
// verified, idempotent and given the next receipt number in one transaction. Temp SQLite database.
import crypto from 'node:crypto';
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
const ORDERS = 60_000;
const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
let child;

const sign = (fields, key) => {
  const text = [
    ...Object.keys(fields)
      .sort()
      .map((k) => fields[k]),
    key,
  ].join('+');
  return crypto.createHmac('sha256', key).update(text).digest('base64');
};

try {
  await bundleNode([path.join(here, 'payments-ipn.server.ts')], outDir);
  const t0 = Date.now();
  child = fork(path.join(outDir, 'payments-ipn.server.js'), [path.join(dataDir, 'bench.sqlite'), String(ORDERS)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, key } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
  });
  console.log(`seeded ${ORDERS} orders and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  let next = 0;
  const body = () => {
    const i = next++;
    if (i >= ORDERS) throw new Error('ran out of orders: raise ORDERS');
    const uuid = crypto.randomUUID().replace(/-/g, '');
    const f = {
      vads_amount: '4500000',
      vads_charge_status: 'paid',
      vads_charge_uuid: uuid,
      vads_currency: '356',
      vads_cust_name: '22A91A0501',
      vads_order_id: `ORD-BENCH-${i}`,
      vads_trans_date: '20261121100000',
      vads_trans_status: 'AUTHORISED',
      vads_trans_uuid: uuid,
    };
    return new URLSearchParams({ ...f, signature: sign(f, key) }).toString();
  };
  const res = await new Promise((resolve, reject) =>
    autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 20,
        duration: DURATION,
        requests: [
          {
            method: 'POST',
            path: '/api/payments/lyra/ipn',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (req) => ({ ...req, body: body() }),
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  const bad = res.non2xx + res.errors + res.timeouts;
  child.send('stop');
  const check = await new Promise((resolve) => child.once('message', resolve));
  if (bad) throw new Error(`${bad} failed notifications`);
  console.log(
    `IPN recorded:      ${res.requests.average.toFixed(0)} payments/s (20 connections, ${DURATION} s), p99 ${res.latency.p99} ms`,
  );
  console.log(
    `rows / receipts:   ${check.recorded} recorded, highest receipt ${check.maxReceipt} (${check.maxReceipt - check.recorded} seeded before)`,
  );
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
