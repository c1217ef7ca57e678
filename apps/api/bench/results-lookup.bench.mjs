// Results day: the public lookup under load, against a bare Fastify route on the same machine,
// and the marks-memo PDF rate. Starts its own servers on a temp database (SQLite, or PostgreSQL
// with BENCH_DATABASE_URL); prints figures last. The lookup is measured twice, side by side: with
// the access log (LOG_LEVEL info, as colleges run it) and without (warn); the other figures at
// BENCH_LOG_LEVEL (info unless set).
import { bench, load, loadAverageLine, logLevel, main, seconds, target } from './kit.mjs';

const DURATION = seconds(10);
const STUDENTS = 20_000;
const TITLES = ['B.Tech III-I Regular Examinations November 2024', 'B.Tech III-II Regular Examinations April 2025'];
const roll = (i) => `21B91A${String(i).padStart(5, '0')}`;

const randomPath = (base) => () =>
  `${base}?rollNo=${roll(Math.floor(Math.random() * STUDENTS))}&examTitle=${encodeURIComponent(TITLES[Math.floor(Math.random() * 2)])}`;

/** `connections` for `seconds` against the url (a random path each request with pathFn); every request must succeed. */
const hammer = (url, connections, duration, pathFn, headers = {}) =>
  load(
    {
      url,
      connections,
      duration,
      headers,
      ...(pathFn ? { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathFn() }) }] } : {}),
    },
    { strict: true },
  );

await main(async () => {
  const server = await bench('results-lookup');

  console.log(`seeding ${STUDENTS} students x 8 courses x ${TITLES.length} titles ...`);
  const t0 = Date.now();
  // Two app servers on the one database: the lookup with the access log and without.
  const logged = await server.start(['app', server.database], { logLevel: 'info' });
  const quiet = await server.start(['serve', server.database], { logLevel: 'warn' });
  // ... and the lookup as logged, with the express lane switched off (what the lane earns).
  const laneless = await server.start(['serve', server.database], { logLevel: 'info', env: { RESULTS_EXPRESS_LANE: 'false' } });
  console.log(`seeded and started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // The other figures are the configuration asked for (BENCH_LOG_LEVEL, info unless set).
  const app = logLevel() === 'warn' ? quiet : logged;
  const probeText = await (await fetch(`${app.url}${randomPath('/api/v1/getExamResultByRollNoView')()}`)).text();
  const probe = JSON.parse(probeText);
  if (probe.listofRecords?.length !== 8) throw new Error(`lookup returned ${probeText.slice(0, 200)}`);
  // The bare server also answers the lookup's path with a constant of the lookup's size, so the
  // client's share (random paths, bigger answers) can be told from the server's own work. It has
  // no logger at all.
  const bare = await server.start(['bare', '', Buffer.byteLength(probeText)], { logLevel: 'silent' });

  // Every student asks once for each title before the rounds: a first ask builds the answer, and
  // results day is the repeats (the rounds ask at random, so some of them would still be first).
  // Each app server keeps its own answers, so each is asked.
  const PAIRS = STUDENTS * TITLES.length;
  /** Every student's answer in each title asked for once of the server, with these headers. */
  const askEachOnce = (srv, headers = {}) => {
    let k = 0;
    const nextPath = () =>
      `/api/v1/getExamResultByRollNoView?rollNo=${roll(k % STUDENTS)}&examTitle=${encodeURIComponent(TITLES[Math.floor(k++ / STUDENTS) % 2])}`;
    return load(
      {
        url: srv.url,
        connections: 100,
        amount: PAIRS,
        headers,
        // Not a timed figure: on a machine shared with other work, a first ask can wait past
        // autocannon's 10 s, which would fail the bench before it measures anything.
        timeout: 60,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
      },
      { strict: true },
    );
  };
  const first = await askEachOnce(app);
  await askEachOnce(app === logged ? quiet : logged);
  await askEachOnce(laneless);

  // The servers take turns in short rounds, so all see the same machine load.
  const lookupPath = randomPath('/api/v1/getExamResultByRollNoView');
  // The bare route is asked with the lookup's random queries too: the load generator spends about
  // 12 us more per request on a random address than on a constant one (measured against a plain
  // Node server), so a constant address would measure the client, not the server.
  const barePath = randomPath('/bare');
  await hammer(`${bare.url}/bare`, 100, 2, barePath);
  await hammer(logged.url, 100, 2, lookupPath);
  await hammer(quiet.url, 100, 2, lookupPath);
  await hammer(laneless.url, 100, 2, lookupPath);
  const ROUNDS = 3;
  const per = Math.max(2, Math.round(DURATION / ROUNDS));
  const bareRounds = [];
  const loggedRounds = [];
  const quietRounds = [];
  const lanelessRounds = [];
  const sameRounds = [];
  const onePathRounds = [];
  // Each round's server CPU: what the server spends per answer, apart from what the client can send.
  const cpuOf = async (srv, work) => {
    await srv.ask('mark');
    const res = await work();
    res.cpuMs = (await srv.ask('cpu')).cpuMs;
    return res;
  };
  for (let r = 0; r < ROUNDS; r++) {
    bareRounds.push(await cpuOf(bare, () => hammer(`${bare.url}/bare`, 100, per, barePath)));
    onePathRounds.push(await cpuOf(bare, () => hammer(`${bare.url}/bare`, 100, per)));
    sameRounds.push(await cpuOf(bare, () => hammer(bare.url, 100, per, lookupPath)));
    loggedRounds.push(await cpuOf(logged, () => hammer(logged.url, 100, per, lookupPath)));
    quietRounds.push(await cpuOf(quiet, () => hammer(quiet.url, 100, per, lookupPath)));
    lanelessRounds.push(await cpuOf(laneless, () => hammer(laneless.url, 100, per, lookupPath)));
  }
  const usPer = (rounds) => (rounds.reduce((s, x) => s + x.cpuMs, 0) * 1000) / rounds.reduce((s, x) => s + x.requests.total, 0);
  const rate = (rounds) => rounds.reduce((s, x) => s + x.requests.total, 0) / rounds.reduce((s, x) => s + x.duration, 0);
  const bareRate = rate(bareRounds);
  /** The lookup's rate, its share of the bare route's, its p99 of each round and the worst. */
  const lookupOf = (rounds) => {
    const p99s = rounds.map((x) => x.latency.p99).sort((a, b) => a - b);
    return { rate: rate(rounds), ratio: rate(rounds) / bareRate, p99s, p99: p99s[p99s.length - 1], usPer: usPer(rounds) };
  };
  const withLog = lookupOf(loggedRounds);
  const withoutLog = lookupOf(quietRounds);
  const withoutLane = lookupOf(lanelessRounds);
  const lookup = app === logged ? withLog : withoutLog;
  const lookupRate = lookup.rate;
  // Browsers ask with Accept-Encoding: the answer goes compressed (brotli). Each answer is
  // compressed on its first such ask (all of them, as above), then sent as it is.
  const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const browserFirst = await askEachOnce(app, BROWSER);
  const browserRes = await hammer(app.url, 100, per, lookupPath, BROWSER);
  const memoRes = await hammer(app.url, 8, DURATION, randomPath('/api/v1/getExamResultByRollNoReport'));
  // Results day: each student asks for their memo again (a print, a second device): the same
  // 300 students' memos, asked over and over, come from the memo cache.
  const WARM = 300;
  const memoPath = (i) => `/api/v1/getExamResultByRollNoReport?rollNo=${roll(i)}&examTitle=${encodeURIComponent(TITLES[0])}`;
  const warmPath = () => memoPath(Math.floor(Math.random() * WARM));
  // Every one of them has printed once before the measurement (a first memo is a render, above).
  for (let i = 0; i < WARM; i += 8)
    await Promise.all(Array.from({ length: 8 }, (_, k) => fetch(`${app.url}${memoPath(i + k)}`).then((r) => r.arrayBuffer())));
  const warmRes = await hammer(app.url, 8, DURATION, warmPath);
  // A browser asking again with If-None-Match: 304 without building the answer.
  const probePath = lookupPath();
  const etag = (await fetch(`${app.url}${probePath}`)).headers.get('etag');
  const res304 = await load({
    url: `${app.url}${probePath}`,
    connections: 100,
    duration: per,
    headers: { 'if-none-match': etag },
  });
  if (res304['3xx'] !== res304.requests.total && res304['3xx'] === 0) throw new Error('no 304 for a repeat lookup');
  await bare.stop();
  await logged.stop();
  await quiet.stop();
  await laneless.stop();

  const memos = memoRes.requests.total / memoRes.duration;
  console.log(loadAverageLine());
  console.log(
    `bare route:        ${bareRate.toFixed(0)} req/s, p99 per round ${bareRounds.map((x) => x.latency.p99).join(' / ')} ms (asked with the lookup's random queries, as the lookup is; its p99 is this machine's floor for the lookup's)`,
  );
  console.log(
    `bare, one address: ${rate(onePathRounds).toFixed(0)} req/s (the load generator's cost of random addresses shows against it; the lookup is ${((lookupRate / rate(onePathRounds)) * 100).toFixed(1)} % of it)`,
  );
  console.log(
    `bare, same asks:   ${rate(sameRounds).toFixed(0)} req/s (the lookup's random paths, a constant answer of its size); the lookup is ${((lookupRate / rate(sameRounds)) * 100).toFixed(1)} % of it`,
  );
  for (const [level, l] of [
    ['info', withLog],
    ['warn', withoutLog],
    ['info, no express lane,', withoutLane],
  ])
    console.log(
      `result lookup:     ${l.rate.toFixed(0)} req/s at LOG_LEVEL ${level} (100 connections, ${ROUNDS} rounds of ${per} s, p99 per round ${l.p99s.join(' / ')} ms)`,
    );
  console.log(
    `first asks:        ${(first.requests.total / first.duration).toFixed(0)} req/s (each of the ${PAIRS} answers built once)`,
  );
  // The figure to hold: the lookup as colleges run it (a log line per request), beside it without.
  console.log(
    `lookup, LOG_LEVEL info: ${withLog.ratio.toFixed(2)} of the bare route, p99 ${withLog.p99} ms ${target(withLog.ratio, '>=', 0.8)} ${target(withLog.p99, '<=', 15, 'ms', 'p99')}`,
  );
  console.log(
    `lookup, LOG_LEVEL warn: ${withoutLog.ratio.toFixed(2)} of the bare route, p99 ${withoutLog.p99} ms ${target(withoutLog.ratio, '>=', 0.8)} ${target(withoutLog.p99, '<=', 10, 'ms', 'p99')} (no access log)`,
  );
  console.log(
    `lookup, no express lane (LOG_LEVEL info): ${withoutLane.ratio.toFixed(2)} of the bare route, p99 ${withoutLane.p99} ms, ${withoutLane.usPer.toFixed(1)} us of server CPU per ask: the lane earns ${((withLog.rate / withoutLane.rate - 1) * 100).toFixed(0)} % more lookups a second`,
  );
  console.log(
    `server CPU per ask: bare ${usPer(bareRounds).toFixed(1)} us, same asks ${usPer(sameRounds).toFixed(1)} us, lookup ${withLog.usPer.toFixed(1)} us at info, ${withoutLog.usPer.toFixed(1)} us at warn (a server core answers ${((usPer(bareRounds) / withLog.usPer) * 100).toFixed(1)} % as many lookups at info as bare asks, ${((usPer(bareRounds) / withoutLog.usPer) * 100).toFixed(1)} % at warn)`,
  );
  console.log(`at LOG_LEVEL ${app.logLevel}:`);
  console.log(
    `browsers' asks:    ${(browserRes.requests.total / browserRes.duration).toFixed(0)} req/s, brotli (Accept-Encoding: gzip, deflate, br, zstd), p99 ${browserRes.latency.p99} ms; their first asks ${(browserFirst.requests.total / browserFirst.duration).toFixed(0)} req/s`,
  );
  const rate304 = res304.requests.total / res304.duration;
  console.log(
    `repeat lookup 304: ${rate304.toFixed(0)} req/s, ${((rate304 / bareRate) * 100).toFixed(1)} % of bare, p99 ${res304.latency.p99} ms`,
  );
  console.log(`marks memo PDFs:   ${memos.toFixed(0)} /s, each a new student (any new memo is rendered once)`);
  const warm = warmRes.requests.total / warmRes.duration;
  console.log(`memos asked again: ${warm.toFixed(0)} /s ${target(warm, '>=', 1000)}`);
});
