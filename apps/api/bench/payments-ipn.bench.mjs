// Fee collection: how many gateway notifications (IPN) the server records per second, each one
// verified, idempotent and given the next receipt number in one transaction. A temp database
// (SQLite, or PostgreSQL with BENCH_DATABASE_URL).
import crypto from 'node:crypto';
import { bench, load, main, seconds } from './kit.mjs';

const DURATION = seconds(10);
const ORDERS = 60_000;

const sign = (fields, key) => {
  const text = [
    ...Object.keys(fields)
      .sort()
      .map((k) => fields[k]),
    key,
  ].join('+');
  return crypto.createHmac('sha256', key).update(text).digest('base64');
};

await main(async () => {
  const server = await bench('payments-ipn');
  const t0 = Date.now();
  const app = await server.start([server.database, ORDERS]);
  const { key } = app.info;
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
      vads_cust_name: `26IPN${String(i).padStart(6, '0')}`, // the order's own student (payments-ipn.server.ts)
      vads_order_id: `ORD-BENCH-${i}`,
      vads_trans_date: '20261121100000',
      vads_trans_status: 'AUTHORISED',
      vads_trans_uuid: uuid,
    };
    return new URLSearchParams({ ...f, signature: sign(f, key) }).toString();
  };
  const res = await load({
    url: app.url,
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
  });
  const bad = res.non2xx + res.errors + res.timeouts;
  const check = await app.stop();
  if (bad) throw new Error(`${bad} failed notifications`);
  console.log(
    `IPN recorded:      ${res.requests.average.toFixed(0)} payments/s (20 connections, ${DURATION} s), p99 ${res.latency.p99} ms`,
  );
  console.log(
    `rows / receipts:   ${check.recorded} payments recorded, ${check.receipts} receipts numbered ${check.minReceipt}..${check.maxReceipt}, ${check.distinct} distinct, ${check.maxReceipt - check.minReceipt + 1 - check.receipts} gaps (target every payment a receipt, no gaps)`,
  );
});
