import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb, migrateToLatest, type Database } from '../db/index.js';
import { seedDemo } from '../db/seed/index.js';

const lines: string[] = [];
let app: FastifyInstance;
let db: Database;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-access-log-'));
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: path.join(dir, 'db.sqlite'), UPLOAD_DIR: dir, JOB_WORKER: 'off' });
  db = await createDb(config.database);
  await migrateToLatest(db);
  await seedDemo(db, config);
  app = await buildApp({ config, db, logStream: { write: (line) => void lines.push(line) } });
  app.get('/api/test-access-log/boom', { config: { access: 'public' } }, async () => {
    throw new Error('boom for the access log');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, any>);

describe('the access log', () => {
  it('writes one line per request, for an unknown route too, and the error line of a 500 beside it', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/test-access-log/boom' })).statusCode).toBe(500);
    const entries = parsed();
    const access = entries.filter((e) => e.msg === 'request completed');
    expect(access.map((e) => [e.req.method, e.req.url, e.res.statusCode])).toEqual([
      ['GET', '/api/no-such-route', 404],
      ['GET', '/api/test-access-log/boom', 500],
    ]);
    for (const e of access) expect([e.level, typeof e.time, typeof e.responseTime, e.reqId]).toEqual([30, 'number', 'number', expect.stringMatching(/^req-/)]);
    // the 500's error is logged with the same request id as its access line
    const errored = entries.find((e) => e.level >= 50 && e.err?.message === 'boom for the access log');
    expect(errored?.reqId).toBe(access[1].reqId);
    expect(entries.filter((e) => e.msg === 'incoming request')).toHaveLength(0);
  });
});

describe('the stdout sink', () => {
  it('writes out every buffered line when the process exits right after writing them', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const script = `
      import { AccessLog, stdoutSink } from ${JSON.stringify(path.join(here, 'access-log.ts'))};
      const log = new AccessLog(stdoutSink());
      for (let i = 0; i < 20000; i++) log.write('req-' + i, 'GET', '/api/x?i=' + i, 'h', '127.0.0.1', 200, 0.5);
      process.exit(0);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const written = out.trimEnd().split('\n');
    expect(written).toHaveLength(20000);
    expect(JSON.parse(written[19999]).req.url).toBe('/api/x?i=19999');
  });

  it('writes a line from a quiet moment within a second, long after the sink began (the server-listening line)', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    // A line written after the first flush tick, then nothing more: it must still go out.
    const script = `
      import { stdoutSink } from ${JSON.stringify(path.join(here, 'access-log.ts'))};
      const sink = stdoutSink();
      setTimeout(() => sink.write('{"msg":"late line"}\\n'), 1200);
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), 2600);
    `;
    let out = '';
    try {
      out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    } catch (e) {
      // killed on purpose, so that nothing is written at exit: what is on stdout went out on its own
      out = String((e as { stdout?: string }).stdout ?? '');
    }
    expect(out).toBe('{"msg":"late line"}\n');
  });
});
