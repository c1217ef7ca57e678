// The server side of every bench (bundled with its `<name>.server.ts` by bench/kit.mjs): a migrated
// and seeded temp database (SQLite, or PostgreSQL when kit.mjs makes one), fast bulk inserts on
// either, the real app listening on a free port that is reported over IPC, answers to the bench's
// questions (CPU used, peak memory, event-loop delay), and a clean stop on 'stop' or SIGTERM with
// process.exit, so `node --cpu-prof` profiles get written.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import type { Config, DatabaseTarget } from '../src/config.js';
import { createDb, migrateToLatest, type Database } from '../src/db/index.js';
import { isPostgres } from '../src/db/migrations/helpers.js';
import { seedDemo } from '../src/db/seed/index.js';
import { benchConfig } from './bench-config.js';

export { benchConfig };

// Exit cleanly when stopped, so a profiled run (`node --cpu-prof <bench>.bench.mjs`) writes its profile.
process.on('SIGTERM', () => process.exit(0));

/** Runs the server's main; a failure is printed and ends the process with 1. */
export function run(main: () => Promise<unknown>) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

/** The bench college (the demo's main college). */
export async function benchCollegeId(db: Database): Promise<number> {
  return (await db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;
}

/** Migrates the database and seeds the demo colleges; answers the open database and the bench college. */
export async function seeded(config: Config) {
  const db = await createDb(config.database);
  await migrateToLatest(db);
  await seedDemo(db, config);
  return { db, collegeId: await benchCollegeId(db) };
}

type Row = Record<string, unknown>;

/** A bench data set's rows, written by `bulkLoad` in one transaction on either database. */
export interface Bulk {
  /** Inserts the rows (each with the same columns, in the same order). */
  insert(table: string, rows: Row[]): Promise<void>;
  /** Inserts the rows and answers their ids, in the rows' order. */
  insertIds(table: string, rows: Row[]): Promise<number[]>;
  /** Runs a statement, `?` for each parameter (SQL both databases read alike). */
  run(sql: string, params?: unknown[]): Promise<void>;
}

// PostgreSQL takes at most 65,535 parameters a statement; more than 1,000 rows a statement gain little.
const PG_MAX_PARAMS = 65_535;
const PG_MAX_ROWS = 1_000;

/**
 * Bulk rows for a bench's data set, far faster than the app's path, in one transaction: on SQLite
 * a prepared statement per table run row by row through better-sqlite3 (a connection of its own),
 * on PostgreSQL multi-row INSERTs of up to 1,000 rows. `optimize` runs SQLite's `pragma optimize`
 * after (PostgreSQL's statistics are taken by `serve`).
 */
export async function bulkLoad<T>(
  target: DatabaseTarget,
  fill: (bulk: Bulk) => Promise<T>,
  { optimize = false } = {},
): Promise<T> {
  return target.dialect === 'sqlite' ? sqliteBulk(target.file, fill, optimize) : pgBulk(target.url, fill);
}

const columnsOf = (rows: Row[]) => Object.keys(rows[0]);

async function sqliteBulk<T>(file: string, fill: (bulk: Bulk) => Promise<T>, optimize: boolean): Promise<T> {
  const Sqlite = (await import('better-sqlite3')).default;
  const sqlite = new Sqlite(file);
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepared = (text: string) => {
    let stmt = statements.get(text);
    if (!stmt) statements.set(text, (stmt = sqlite.prepare(text)));
    return stmt;
  };
  const insertSql = (table: string, columns: string[]) =>
    `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`;
  const insert = (table: string, rows: Row[]) => {
    if (!rows.length) return [];
    const columns = columnsOf(rows);
    const stmt = prepared(insertSql(table, columns));
    return rows.map((row) => Number(stmt.run(columns.map((c) => row[c])).lastInsertRowid));
  };
  try {
    sqlite.exec('begin');
    const out = await fill({
      insert: async (table, rows) => void insert(table, rows),
      insertIds: async (table, rows) => insert(table, rows),
      run: async (statement, params = []) => void prepared(statement).run(params),
    });
    sqlite.exec('commit');
    if (optimize) sqlite.pragma('optimize');
    return out;
  } finally {
    if (sqlite.inTransaction) sqlite.exec('rollback');
    sqlite.close();
  }
}

async function pgBulk<T>(url: string, fill: (bulk: Bulk) => Promise<T>): Promise<T> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const quote = (name: string) => `"${name}"`;
  const insert = async (table: string, rows: Row[], returning: boolean) => {
    const ids: number[] = [];
    if (!rows.length) return ids;
    const columns = columnsOf(rows);
    const size = Math.max(1, Math.min(PG_MAX_ROWS, Math.floor(PG_MAX_PARAMS / columns.length)));
    for (let i = 0; i < rows.length; i += size) {
      const chunk = rows.slice(i, i + size);
      const params: unknown[] = [];
      const tuples = chunk.map((row) => `(${columns.map((c) => `$${params.push(row[c])}`).join(', ')})`);
      const res = await client.query(
        `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples.join(', ')}${returning ? ' returning id' : ''}`,
        params,
      );
      // PostgreSQL answers RETURNING rows in the order of the VALUES list.
      if (returning) for (const r of res.rows) ids.push(Number(r.id));
    }
    return ids;
  };
  try {
    await client.query('begin');
    const out = await fill({
      insert: async (table, rows) => void (await insert(table, rows, false)),
      insertIds: (table, rows) => insert(table, rows, true),
      run: async (statement, params = []) => {
        let n = 0;
        await client.query(
          statement.replace(/\?/g, () => `$${++n}`),
          params,
        );
      },
    });
    await client.query('commit');
    return out;
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: statistics of the freshly loaded tables, as a college's database has them (else
 * autovacuum takes them a minute later, in the middle of a measurement). SQLite: nothing, as before.
 */
export async function analyzed(db: Database) {
  if (isPostgres(db)) await sql`analyze`.execute(db);
}

/** A repeatable pseudo-random sequence in [0, 1). */
export function seededRandom(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

type Answer = Record<string, unknown> | undefined | void;
export interface ServeOptions {
  /** More to report with the port (bench data the client needs). */
  info?: Record<string, unknown>;
  /** Answers to the bench's own messages (by name), beside the common ones. */
  on?: Record<string, () => Answer | Promise<Answer>>;
  /** Reported to the bench on 'stop', before the server closes (checks on the saved rows). */
  onStop?: () => Answer | Promise<Answer>;
}

/** Builds the real app on `db` (its statistics taken on PostgreSQL) and serves it (see `listen`). */
export async function serve(db: Database, config: Config, options: ServeOptions = {}): Promise<FastifyInstance> {
  await analyzed(db);
  return listen(await buildApp({ config, db }), options, db);
}

/**
 * Listens on a free port and reports it with `options.info`. Answers the common messages:
 * 'mark' / 'cpu' (CPU used since the mark, and the p50 and p99 of the requests' time inside the server), 'rss-start' / 'rss-stop' (peak RSS in between),
 * 'eld-start' / 'eld-stop' (the event loop's delay in between: max and p99 in ms), 'memory' (rss and
 * V8's heap now), and 'stop'
 * (onStop's report, then close the app and `db`, and exit).
 */
export async function listen(app: FastifyInstance, options: ServeOptions = {}, db?: Database): Promise<FastifyInstance> {
  // Each request's time inside the server (Fastify's onRequest to its answer) since the last 'mark':
  // set beside the latency a client sees, the difference is the wait for the event loop.
  const handled: number[] = [];
  app.addHook('onResponse', (_request, reply, done) => {
    if (handled.length < 1_000_000) handled.push(reply.elapsedTime);
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });

  let cpu = process.cpuUsage();
  let peakRss = 0;
  let rssTimer: NodeJS.Timeout | null = null;
  let loop: ReturnType<typeof monitorEventLoopDelay> | null = null;
  const common: Record<string, () => Answer> = {
    mark: () => {
      cpu = process.cpuUsage();
      handled.length = 0;
      return { marked: true };
    },
    cpu: () => {
      const used = process.cpuUsage(cpu);
      const times = handled.slice().sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
      return { cpuMs: (used.user + used.system) / 1000, handledP50: at(50), handledP99: at(99) };
    },
    'rss-start': () => {
      peakRss = process.memoryUsage().rss;
      rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
      return { rss: peakRss };
    },
    'rss-stop': () => {
      if (rssTimer) clearInterval(rssTimer);
      return { rss: Math.max(peakRss, process.memoryUsage().rss) };
    },
    /** Where the memory is: V8's heap (total and used), memory outside it (SQLite, buffers) is the rest of rss. */
    memory: () => {
      const m = process.memoryUsage();
      const mb = (n: number) => Math.round(n / 1048576);
      return {
        rssMb: mb(m.rss),
        heapTotalMb: mb(m.heapTotal),
        heapUsedMb: mb(m.heapUsed),
        externalMb: mb(m.external),
        ...rssParts(),
      };
    },
    'eld-start': () => {
      loop?.disable();
      loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      return { marked: true };
    },
    'eld-stop': () => {
      loop?.disable();
      const ms = (ns: number) => ns / 1e6;
      return { loopMaxMs: ms(loop?.max ?? 0), loopP99Ms: ms(loop?.percentile(99) ?? 0), loopMeanMs: ms(loop?.mean ?? 0) };
    },
  };
  const handlers = { ...common, ...options.on };
  process.on('message', async (m: string) => {
    if (m === 'stop') {
      const report = await options.onStop?.();
      if (report) process.send!(report);
      await app.close();
      await db?.destroy();
      process.exit(0);
    }
    const handler = handlers[m];
    if (!handler) return;
    const answer = await handler();
    if (answer) process.send!(answer);
  });
  process.send!({ port: (app.server.address() as { port: number }).port, ...options.info });
  return app;
}

/**
 * RSS in its parts, from /proc (Linux): anonymous memory (V8's heap, SQLite's page caches, buffers)
 * and file pages mapped in (the node binary, and database pages SQLite reads through mmap, which
 * are the kernel's page cache shared with every reader of the file).
 */
function rssParts(): { anonMb?: number; fileMb?: number } {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { anonMb: Math.round(kb('RssAnon') / 1024), fileMb: Math.round((kb('RssFile') + kb('RssShmem')) / 1024) };
  } catch {
    return {};
  }
}

/** In-process timing (app.inject): p50 and p95 of `n` calls, each must answer 200. */
export async function timeCalls(label: string, n: number, call: () => Promise<{ statusCode: number }>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await call();
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode}`);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { label, p50: ms[Math.floor(n / 2)], p95: ms[Math.min(n - 1, Math.floor(n * 0.95))] };
}

/** A bearer token from the in-process app's sign-in, with the demo password. */
export async function injectToken(app: FastifyInstance, username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth-service/auth/signin?module=admin',
    payload: { username, password: 'Demo@1234', module: 'erp', domain: 'http://localhost' },
  });
  return res.json().token as string;
}
