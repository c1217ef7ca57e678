// Results day through nginx (deploy/nginx, run as a process with its shipped configuration): the
// public lookup straight to one replica, through the proxy with one replica behind it, and with
// three, taking turns in short rounds; lookups a second and p99 of each, and how many answers came
// from the proxy's cache. The replicas are the results-lookup bench's server (20,000 students, two
// published titles) on one database: set BENCH_DATABASE_URL for PostgreSQL, as replicas run.
// Needs nginx (apt-get install -y nginx). On one machine the replicas share its cores, so three
// replicas measure the proxy's cost and its cache, not what three machines would give.
import { bench, load, loadAverageLine, main, seconds } from './kit.mjs';
import { startNginx } from '../test/scale/nginx.mjs';

const DURATION = seconds(10);
const STUDENTS = 20_000;
/** the students who ask in the rounds (a quarter of the seeded: each replica's answers built once first) */
const ASKED = 5_000;
const HOT = 500;
const TITLES = ['B.Tech III-I Regular Examinations November 2024', 'B.Tech III-II Regular Examinations April 2025'];
const roll = (i) => `21B91A${String(i).padStart(5, '0')}`;
/** A random student's lookup in a random title, out of `students`. */
const randomPath = (students) => () =>
  `/api/v1/getExamResultByRollNoView?rollNo=${roll(Math.floor(Math.random() * students))}&examTitle=${encodeURIComponent(TITLES[Math.floor(Math.random() * 2)])}`;

/** `connections` for `duration` seconds of random lookups; every request must succeed. */
const hammer = (url, duration, pathFn, connections = 100) =>
  load(
    { url, connections, duration, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathFn() }) }] },
    { strict: true },
  );

await main(async () => {
  const server = await bench('results-lookup');
  console.log(`seeding ${STUDENTS} students x 8 courses x ${TITLES.length} titles, starting three replicas ...`);
  // Behind nginx as a college runs them: its X-Forwarded-For believed (so the express lane steps aside).
  const env = { TRUSTED_PROXIES: '127.0.0.1' };
  const first = await server.start(['app', server.database], { env });
  const replicas = [
    first,
    await server.start(['serve', server.database], { env }),
    await server.start(['serve', server.database], { env }),
  ];
  const upstream = (r) => r.url.replace('http://', '');
  const proxies = [];
  try {
    const viaOne = await startNginx({ upstreams: [upstream(first)] });
    proxies.push(viaOne);
    const viaThree = await startNginx({ upstreams: replicas.map(upstream) });
    proxies.push(viaThree);
    const probe = await (await fetch(`${viaThree.url}${randomPath(ASKED)()}`)).json();
    if (probe.listofRecords?.length !== 8)
      throw new Error(`lookup through the proxy returned ${JSON.stringify(probe).slice(0, 200)}`);

    const runs = [
      { label: 'straight to one replica', url: first.url, rounds: [] },
      { label: 'nginx, one replica', url: viaOne.url, rounds: [] },
      { label: 'nginx, three replicas', url: viaThree.url, rounds: [] },
    ];
    // Every answer asked once of each replica (built, titles read into memory), as results day's
    // repeats find them; then a short pass through each way in, and the rounds in turn.
    for (const r of replicas) {
      let k = 0;
      const next = () =>
        `/api/v1/getExamResultByRollNoView?rollNo=${roll(k % ASKED)}&examTitle=${encodeURIComponent(TITLES[Math.floor(k++ / ASKED) % 2])}`;
      await load(
        {
          url: r.url,
          connections: 50,
          amount: ASKED * 2,
          timeout: 60,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
        },
        { strict: true },
      );
    }
    for (const run of runs) await hammer(run.url, 2, randomPath(ASKED));
    const ROUNDS = 3;
    const per = Math.max(2, Math.round(DURATION / ROUNDS));
    for (let r = 0; r < ROUNDS; r++) for (const run of runs) run.rounds.push(await hammer(run.url, per, randomPath(ASKED)));
    // Students asking again and again (a refreshing crowd): the same 500, through three replicas.
    const before = viaThree.accessLines().length;
    const hot = await hammer(viaThree.url, per, randomPath(HOT));
    const hotLines = viaThree.accessLines().slice(before);
    const hits = hotLines.filter((l) => l.includes(' cache=HIT ')).length;

    const rate = (rounds) => rounds.reduce((s, x) => s + x.requests.total, 0) / rounds.reduce((s, x) => s + x.duration, 0);
    const hitShare = (proxy) => {
      const lines = proxy.accessLines().filter((l) => l.includes('getExamResultByRollNoView'));
      return `${((lines.filter((l) => l.includes(' cache=HIT ')).length / lines.length) * 100).toFixed(1)} % from its cache`;
    };
    console.log(loadAverageLine(26));
    for (const run of runs) {
      const p99s = run.rounds.map((x) => x.latency.p99);
      const cache = run.url === viaOne.url ? hitShare(viaOne) : run.url === viaThree.url ? hitShare(viaThree) : 'no proxy';
      console.log(
        `${`${run.label}:`.padEnd(26)} ${rate(run.rounds).toFixed(0)} lookups/s, p99 per round ${p99s.join(' / ')} ms (worst ${Math.max(...p99s)} ms); ${cache}`,
      );
    }
    console.log(
      `${'nginx, three, 500 hot:'.padEnd(26)} ${(hot.requests.total / hot.duration).toFixed(0)} lookups/s, p99 ${hot.latency.p99} ms; ${((hits / hotLines.length) * 100).toFixed(1)} % from its cache (each answer kept through the second its version was read in)`,
    );
    console.log(
      `(${ASKED} students' ${TITLES.length * ASKED} answers asked at random by 100 connections, ${ROUNDS} rounds of ${per} s each, taking turns)`,
    );
  } finally {
    for (const p of proxies) await p.stop();
  }
});
