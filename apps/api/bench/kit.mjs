// The client side of every bench: bundle and fork its `<name>.server.ts`, wait for the port it
// reports, sign in, load it with autocannon, work out percentiles and print figures beside their
// targets. Temp folders, forked servers and PostgreSQL databases are cleaned up when the bench
// exits, however it ends. The server side is bench/serve.ts.
//
// What the servers run as (a college's production setting by default):
//   BENCH_DATABASE_URL=postgres://user@host:5432/db  each bench makes a fresh database on that server
//                    (erp_bench_<random>, dropped at the end); unset, a temp SQLite file.
//   BENCH_LOG_LEVEL  the servers' LOG_LEVEL, info unless set (a line per request, as colleges run);
//                    warn to compare without the access log. Each server's stdout (its log) goes to a
//                    file in the bench's temp folder (kept with BENCH_KEEP=1), its stderr to the terminal.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { bundleNode } from '../build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');

/** Seconds each load lasts: BENCH_SECONDS, else the bench's own default. */
export const seconds = (fallback) => Number(process.env.BENCH_SECONDS ?? fallback);

/** The servers' LOG_LEVEL unless a start asks for another. */
export const logLevel = () => process.env.BENCH_LOG_LEVEL || 'info';

/** "PostgreSQL at host:port" (no user or password) or "SQLite", from BENCH_DATABASE_URL. */
export function databaseLabel() {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return 'SQLite (a temp file)';
  if (!/^postgres(ql)?:\/\//.test(base)) throw new Error(`BENCH_DATABASE_URL must be a postgres:// URL, not "${base}"`);
  const { hostname, port } = new URL(base);
  return `PostgreSQL at ${hostname}:${port || 5432} (a fresh database)`;
}

const children = new Set();
/**
 * Every server started: its child, log file, level, port, and the answers the bench had from it
 * through `load` and `keepAliveClient` (at info its log should have a line for each).
 */
const started = [];
const tempDirs = [];
/** PostgreSQL databases made for this bench: dropped by `dropDatabases`. */
const databases = [];
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});
/** Ctrl-C or a kill: stop the servers and drop the databases before going (once a bench starts). */
let onSignals = false;
function cleanUpOnSignals() {
  if (onSignals) return;
  onSignals = true;
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      stopAll()
        .then(dropDatabases)
        .finally(() => process.exit(128 + os.constants.signals[signal]));
    });
}

/** A fresh, empty database on BENCH_DATABASE_URL's server (the servers migrate it); answers its URL. */
async function createPgDatabase(base) {
  const pg = (await import('pg')).default;
  const name = `erp_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  databases.push({ base, name });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabases() {
  if (!databases.length) return;
  const pg = (await import('pg')).default;
  for (const { base, name } of databases.splice(0)) {
    const admin = new pg.Client({ connectionString: base });
    try {
      await admin.connect();
      // FORCE: a server killed mid-query may leave its backends a moment longer.
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (e) {
      console.error(`could not drop the bench database ${name}: ${e.message}`);
    } finally {
      await admin.end().catch(() => {});
    }
  }
}

/**
 * Bundles `bench/<name>.server.ts` (next to apps/api, so the npm packages resolve) and gives a way
 * to fork it. `database` is what the servers take as their database: a SQLite file in a temp
 * folder of its own, or a fresh PostgreSQL database's URL when BENCH_DATABASE_URL is set.
 */
export async function bench(name) {
  cleanUpOnSignals();
  const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
  tempDirs.push(outDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
  // BENCH_KEEP=1 leaves the data folder (database file and the servers' logs) to look at after.
  if (!process.env.BENCH_KEEP) tempDirs.push(dataDir);
  const label = databaseLabel();
  const database = process.env.BENCH_DATABASE_URL
    ? await createPgDatabase(process.env.BENCH_DATABASE_URL)
    : path.join(dataDir, 'bench.sqlite');
  console.log(`database: ${label}; servers' LOG_LEVEL ${logLevel()} (their log in ${dataDir})`);
  await bundleNode([path.join(here, `${name}.server.ts`)], outDir);
  let n = 0;
  return {
    dataDir,
    database,
    /**
     * Forks the server and waits for its first message (its port and whatever else it reports).
     * `options.logLevel` runs this one server at another LOG_LEVEL; other options go to fork.
     */
    start: (args = [], { logLevel: level = logLevel(), ...options } = {}) =>
      startServer(path.join(outDir, `${name}.server.js`), args, {
        level,
        logFile: path.join(dataDir, `${name}-${++n}.log`),
        dataDir,
        options,
      }),
  };
}

/** Size and lines of a log file (0 when there is none). */
export function logStats(file) {
  if (!fs.existsSync(file)) return { bytes: 0, lines: 0 };
  const fd = fs.openSync(file, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  let lines = 0;
  let bytes = 0;
  try {
    for (let got; (got = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) {
      bytes += got;
      const read = buf.subarray(0, got);
      for (let i = read.indexOf(10); i !== -1; i = read.indexOf(10, i + 1)) lines++;
    }
  } finally {
    fs.closeSync(fd);
  }
  return { bytes, lines };
}

/** "412,345 lines, 98.1 MB" */
export const logSize = ({ bytes, lines }) => `${lines.toLocaleString('en-US')} lines, ${(bytes / 1048576).toFixed(1)} MB`;

/**
 * A forked bench server: `url`, `info` (its first message), `ask` (a message, its answer), `stop`,
 * `logFile` (its stdout: the access log at info) and `logLevel`.
 */
function startServer(file, args, { level, logFile, dataDir, options }) {
  // BENCH_PROFILE=<dir>: each server writes a CPU profile there when it stops (open it in DevTools).
  // BENCH_NODE_ARGS: more flags for the servers' node (`--trace-gc`, a V8 heap setting to try).
  const execArgv = [
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const profile = execArgv.length ? { execArgv } : {};
  const env = { ...process.env, ...options.env, BENCH_LOG_LEVEL: level, BENCH_DATA_DIR: dataDir };
  const log = fs.openSync(logFile, 'a');
  let child;
  try {
    child = fork(file, args.map(String), { stdio: ['ignore', log, 'inherit', 'ipc'], ...profile, ...options, env });
  } finally {
    fs.closeSync(log); // the child has its own copy
  }
  children.add(child);
  const entry = { child, logFile, level, port: 0, answered: 0 };
  started.push(entry);
  const exited = new Promise((res) => child.once('exit', res));
  return new Promise((resolve, reject) => {
    const failed = (code) => reject(new Error(`server exited with ${code} (its log: ${logFile})`));
    child.once('exit', failed);
    child.once('message', (info) => {
      child.off('exit', failed);
      entry.port = info?.port ?? 0;
      resolve({
        child,
        info,
        pid: child.pid,
        logFile,
        logLevel: level,
        url: info?.port ? `http://127.0.0.1:${info.port}` : undefined,
        ask: (m) =>
          new Promise((res) => {
            child.once('message', res);
            child.send(m);
          }),
        /**
         * Asks the server to stop; answers what it reports on the way out (if anything), once it
         * has exited (so its log is written out).
         */
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return undefined;
          let report;
          child.once('message', (m) => (report = m));
          child.send('stop');
          const slow = setTimeout(() => child.kill('SIGTERM'), 30_000);
          await exited;
          clearTimeout(slow);
          return report;
        },
      });
    });
  });
}

/** Stops every server still running (SIGTERM: each exits and writes out its log) and waits for them. */
async function stopAll() {
  await Promise.all(
    [...children].map((c) => {
      if (c.exitCode !== null || c.signalCode !== null) return undefined;
      const gone = new Promise((res) => c.once('exit', res));
      c.kill('SIGTERM');
      return gone;
    }),
  );
}

/** Signs in with the demo password and answers the bearer token. */
export async function signIn(url, username, { domain = url, headers = {} } = {}) {
  const res = await fetch(`${url}/api/auth-service/auth/signin?module=admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username, password: 'Demo@1234', module: 'erp', domain }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/**
 * A keep-alive HTTP client for benches whose clients each wait for their answer (desks, clerks):
 * node's http is several times lighter per request than fetch, so with 20 clients in this one
 * process the latency measured is the server's and not this process's own queue.
 * `request(method, path, { headers, body })` answers `{ status, ok, text }`.
 */
export function keepAliveClient(base, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  return (method, path, { headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const all = body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) };
      const req = http.request({ agent, hostname, port, method, path, headers: all }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          answeredBy(base, 1);
          resolve({ status, ok: status >= 200 && status < 300, text: Buffer.concat(chunks).toString() });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** The p-th percentile (nearest rank) of ascending numbers. */
export const pct = (sorted, p) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];

/** Sorts the numbers (in place) and answers them, for `pct`. */
export const ascending = (xs) => xs.sort((a, b) => a - b);

/** autocannon as a promise; with `strict`, a failed, non-2xx or timed-out request throws. */
export async function load(opts, { strict = false } = {}) {
  const res = await new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));
  answeredBy(opts.url, res.requests.total);
  const bad = res.non2xx + res.errors + res.timeouts;
  if (strict && bad)
    throw new Error(
      `${bad} failed requests against ${opts.url} (${res.non2xx} not 2xx, ${res.errors} errors, ${res.timeouts} timed out)`,
    );
  return res;
}

/**
 * A figure's target and verdict: `target(p99, '<=', 10, 'ms')` is "(target <= 10 ms) OK", or
 * "ABOVE TARGET" / "BELOW TARGET" when it misses. `label` goes before the operator ("p95").
 */
export function target(value, op, limit, unit = '', label = '') {
  const ok = { '<': value < limit, '<=': value <= limit, '>': value > limit, '>=': value >= limit }[op];
  const miss = op.startsWith('<') ? 'ABOVE TARGET' : 'BELOW TARGET';
  return `(target ${label ? `${label} ` : ''}${op} ${limit}${unit ? ` ${unit}` : ''}) ${ok ? 'OK' : miss}`;
}

/** "load average: 1.2 0.9 0.8 on 2 CPUs", the label padded to `width`. */
export const loadAverageLine = (width = 18) =>
  `${'load average:'.padEnd(width)} ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`;

/**
 * Runs the bench's body; an error is printed and fails the run. Then stops the servers, prints the
 * size of each server's log (lines were written at info) and drops the bench's PostgreSQL
 * database; temp folders go on exit.
 */
export async function main(body) {
  try {
    await body();
  } catch (e) {
    console.error(e);
    process.exitCode = 1;
  } finally {
    // A server still up (the bench failed, or it never asked it to stop) would keep this process alive.
    await stopAll();
    printLogSizes();
    await dropDatabases();
  }
}

/** Counts answers from the server at `url` (for its log's check). */
function answeredBy(url, n) {
  const port = Number(new URL(url).port);
  const entry = started.findLast((s) => s.port === port);
  if (entry) entry.answered += n;
}

/**
 * One line per server that wrote a log or listened. At info each answer is a line of the access
 * log: fewer lines than the answers counted fails the bench.
 */
function printLogSizes() {
  for (const { logFile, level, port, answered } of started) {
    const stats = logStats(logFile);
    const atInfo = ['info', 'debug', 'trace'].includes(level);
    if (stats.bytes === 0 && !(port && atInfo)) continue;
    let check = '';
    if (atInfo && answered) {
      const ok = stats.lines >= answered;
      check = ` for ${answered.toLocaleString('en-US')} answers counted by the bench (target lines >= answers) ${ok ? 'OK' : 'TOO FEW LINES'}`;
      if (!ok) process.exitCode = 1;
    }
    console.log(`server log:        ${path.basename(logFile)} (LOG_LEVEL ${level}): ${logSize(stats)}${check}`);
  }
}

/**
 * A bench timed inside its server (app.inject): forks `<name>.server.ts`, which reports
 * `{ results: [{ label, p50, p95 }] }`, and prints each p95 beside its target in `targets` (ms).
 */
export async function inProcessBench(name, targets) {
  await main(async () => {
    const server = await bench(name);
    const { info } = await server.start([server.database]);
    for (const r of info.results) {
      console.log(
        `${r.label.padEnd(38)} p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms ${target(r.p95, '<', targets[r.label], 'ms', 'p95')}`,
      );
    }
  });
}
