import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultSheet, multipart } from './modules/results.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers.js';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The real server in a child process (tsx), resolved once it listens. */
function startServer(env: Record<string, string>): Promise<{ port: number; kill: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development', JOB_WORKER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 200_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          port: Number(m[1]),
          kill: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGKILL')))),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const TITLE = 'B.Tech Kill Test Regular Examinations 2026';
const rowsOfTitle = async () =>
  Number(
    (
      await t.db
        .selectFrom('exam_results')
        .innerJoin('exam_titles', 'exam_titles.id', 'exam_results.exam_title_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('exam_titles.title', '=', TITLE)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a server killed in the middle of an import', () => {
  it('leaves nothing half-saved: after SIGKILL and a restart the title has all its rows or none', async () => {
    const env = {
      DATABASE_URL: t.config.database.dialect === 'postgres' ? t.config.database.url : t.config.database.file,
      UPLOAD_DIR: t.config.UPLOAD_DIR,
      WEB_DIST: t.config.webDist,
    };
    const students = (await t.db.selectFrom('students').select('roll_no').where('college_id', '=', 1).execute()).map((s) => s.roll_no);
    const courses = Math.max(1, Math.min(40, Math.floor(12_000 / students.length)));
    const rows = students.flatMap((rollNo) =>
      Array.from({ length: courses }, (_, c) => [rollNo, TITLE, 'Regular', `KT${String(c).padStart(3, '0')}`, `Course ${c}`, 3, 40 + (c % 60)]),
    );
    const { payload, headers } = multipart(await resultSheet(rows));

    const server = await startServer(env);
    const signin = await fetch(`http://127.0.0.1:${server.port}/api/auth-service/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'examcell', password: DEMO_PASSWORD, module: 'erp' }),
    });
    const { token } = (await signin.json()) as { token: string };

    // Send the import, and kill the server while it works on it (before it answers).
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/exam-results/import',
      headers: { ...headers, 'content-length': payload.length, authorization: `Bearer ${token}` },
    });
    req.on('response', () => (answered = true));
    req.on('error', () => undefined);
    req.end(payload);
    await new Promise<void>((resolve) => req.on('finish', () => resolve()));
    await new Promise((r) => setTimeout(r, 400));
    await server.kill();
    expect(answered).toBe(false);

    // Restart: the database opens cleanly and the title has every row or none.
    const again = await startServer(env);
    try {
      expect((await fetch(`http://127.0.0.1:${again.port}/api/health`)).status).toBe(200);
      expect([0, rows.length]).toContain(await rowsOfTitle());
      // and the import, sent again to the restarted server, saves every row once
      const res = await fetch(`http://127.0.0.1:${again.port}/api/exam-results/import`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: payload,
      });
      expect(res.status).toBe(200);
      expect(await rowsOfTitle()).toBe(rows.length);
    } finally {
      await again.kill();
    }
  }, 400_000);
});
