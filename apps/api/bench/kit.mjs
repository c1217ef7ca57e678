// The client side of every bench: bundle and fork its `<name>.server.ts`, wait for the port it
// reports, sign in, load it with autocannon, work out percentiles and print figures beside their
// targets. Temp folders and forked servers are cleaned up when the bench exits, however it ends.
// The server side is bench/serve.ts.
import { fork } from 'node:child_process';
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

const children = new Set();
const tempDirs = [];
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * Bundles `bench/<name>.server.ts` (next to apps/api, so the npm packages resolve) and gives a way
 * to fork it. `dbFile` is a SQLite file in a temp folder of its own.
 */
export async function bench(name) {
  const outDir = fs.mkdtempSync(path.join(apiDir, '.bench-'));
  tempDirs.push(outDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-bench-'));
  tempDirs.push(dataDir);
  await bundleNode([path.join(here, `${name}.server.ts`)], outDir);
  return {
    dataDir,
    dbFile: path.join(dataDir, 'bench.sqlite'),
    /** Forks the server and waits for its first message (its port and whatever else it reports). */
    start: (args = [], options = {}) => startServer(path.join(outDir, `${name}.server.js`), args, options),
  };
}

/** A forked bench server: `url`, `info` (its first message), `ask` (a message, its answer), `stop`. */
function startServer(file, args, options) {
  // BENCH_PROFILE=<dir>: each server writes a CPU profile there when it stops (open it in DevTools).
  // BENCH_NODE_ARGS: more flags for the servers' node (`--trace-gc`, a V8 heap setting to try).
  const execArgv = [
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const profile = execArgv.length ? { execArgv } : {};
  const child = fork(file, args.map(String), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], ...profile, ...options });
  children.add(child);
  return new Promise((resolve, reject) => {
    const exited = (code) => reject(new Error(`server exited with ${code}`));
    child.once('exit', exited);
    child.once('message', (info) => {
      child.off('exit', exited);
      resolve({
        child,
        info,
        pid: child.pid,
        url: info?.port ? `http://127.0.0.1:${info.port}` : undefined,
        ask: (m) =>
          new Promise((res) => {
            child.once('message', res);
            child.send(m);
          }),
        /** Asks the server to stop; answers what it reports on the way out (if anything). */
        stop: () =>
          new Promise((res) => {
            if (child.exitCode !== null || child.signalCode !== null) return res(undefined);
            child.once('message', res);
            child.once('exit', () => res(undefined));
            child.send('stop');
          }),
      });
    });
  });
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
  const bad = res.non2xx + res.errors + res.timeouts;
  if (strict && bad) throw new Error(`${bad} failed requests against ${opts.url}`);
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

/** Runs the bench's body; an error is printed and fails the run (cleanup happens on exit). */
export async function main(body) {
  try {
    await body();
  } catch (e) {
    console.error(e);
    process.exitCode = 1;
  } finally {
    // A server still up (the bench failed, or it never asked it to stop) would keep this process alive.
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  }
}

/**
 * A bench timed inside its server (app.inject): forks `<name>.server.ts`, which reports
 * `{ results: [{ label, p50, p95 }] }`, and prints each p95 beside its target in `targets` (ms).
 */
export async function inProcessBench(name, targets) {
  await main(async () => {
    const server = await bench(name);
    const { info } = await server.start([server.dbFile]);
    for (const r of info.results) {
      console.log(
        `${r.label.padEnd(38)} p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms ${target(r.p95, '<', targets[r.label], 'ms', 'p95')}`,
      );
    }
  });
}
