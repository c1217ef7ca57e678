// Transport: 2,400 students asking for passes in the first week with 10 clerks at once on 40
// buses of 50 seats (2,000 seats): every seat goes once, the rest are refused as full; then the
// monthly report and the incharge dashboard under load. A temp database (SQLite, or PostgreSQL
// with BENCH_DATABASE_URL).
import { bench, load, main, seconds, signIn } from './kit.mjs';

const STUDENTS = 2_400;
// Issued before the clock starts: a server's first requests compile its code.
const WARM_UP = 100;
const DURATION = seconds(5);

await main(async () => {
  const server = await bench('transport');
  const t0 = Date.now();
  const app = await server.start([server.database, STUDENTS]);
  const { stops } = app.info;
  console.log(`seeded and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const { url } = app;
  const token = await signIn(url, 'transport');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

  let next = 0;
  const passes = (amount) =>
    load({
      url,
      connections: 10,
      amount,
      requests: [
        {
          method: 'POST',
          path: '/api/transport/passes',
          headers,
          setupRequest: (req) => {
            const i = next++;
            return {
              ...req,
              body: JSON.stringify({
                holderType: 'student',
                holder: `BENCH${String(i).padStart(5, '0')}`,
                stopId: stops[i % stops.length],
              }),
            };
          },
        },
      ],
    });
  const warm = await passes(WARM_UP);
  const issue = await passes(STUDENTS - WARM_UP);
  const month = new Date().toISOString().slice(0, 7);
  const report = await load({
    url,
    connections: 4,
    duration: DURATION,
    requests: [{ method: 'GET', path: `/api/transport/reports/monthly?month=${month}`, headers }],
  });
  const dash = await load({
    url,
    connections: 4,
    duration: DURATION,
    requests: [{ method: 'GET', path: '/api/transport/dashboard', headers }],
  });
  const check = await app.stop();
  if (report.non2xx || dash.non2xx || issue.errors || warm.errors) throw new Error('failed requests');
  console.log(
    `pass issue:        ${issue.requests.average.toFixed(0)} req/s, p99 ${issue.latency.p99} ms (target p99 <= 30 ms), 10 clerks, ${STUDENTS - WARM_UP} requests after ${WARM_UP} to warm the server up`,
  );
  console.log(
    `seats:             ${check.issued} of ${check.seats} seats issued, ${warm['2xx'] + issue['2xx']} ok and ${warm.non2xx + issue.non2xx} refused as full; vehicles with seats_taken != passes: ${check.mismatched} (target 0)`,
  );
  console.log(`pass numbers:      ${check.passNumbers} passes, ${check.distinctNumbers} distinct numbers (target equal)`);
  console.log(
    `monthly report:    ${report.requests.average.toFixed(0)} req/s, p99 ${report.latency.p99} ms (target p99 <= 100 ms, 48 buses, a year of expenses)`,
  );
  console.log(`dashboard:         ${dash.requests.average.toFixed(0)} req/s, p99 ${dash.latency.p99} ms (target p99 <= 50 ms)`);
});
