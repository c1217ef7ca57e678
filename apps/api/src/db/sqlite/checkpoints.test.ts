import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { checkpointOffThread } from './checkpoints.js';
import { createDb } from '../index.js';

describe('SQLite checkpoints off the request path', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-checkpoint-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a commit does not copy the log into the database file; the checkpoint thread does, soon after', async () => {
    const file = path.join(dir, 'erp.sqlite');
    const db = await createDb({ dialect: 'sqlite', file, tuning: true });
    try {
      await sql`create table filler (id integer primary key, body text not null)`.execute(db);
      const before = fs.statSync(file).size;
      // About 8 MB in the log: past the 4 MB at which SQLite would checkpoint inside a commit.
      const body = 'x'.repeat(4000);
      for (let batch = 0; batch < 20; batch++) {
        await db.transaction().execute(async (trx) => {
          for (let i = 0; i < 100; i++) await sql`insert into filler (body) values (${body})`.execute(trx);
        });
      }
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(4 * 1024 * 1024);
      expect(fs.statSync(file).size).toBe(before);
      await expect.poll(() => fs.statSync(file).size, { timeout: 8000, interval: 200 }).toBeGreaterThan(before + 4 * 1024 * 1024);
      const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
      expect(Number(rows.rows[0].n)).toBe(2000);
    } finally {
      await db.destroy();
    }
  });
});

describe('SQLite log under writes that never pause', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-checkpoint-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is written again from its start once copied, instead of growing with every commit', async () => {
    const file = path.join(dir, 'erp.sqlite');
    const Sqlite = (await import('better-sqlite3')).default;
    const sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    const stop = checkpointOffThread(file, sqlite, { copyAtBytes: 64 * 1024, restartAtBytes: 1024 * 1024, everyMs: 50 });
    try {
      sqlite.exec('create table filler (id integer primary key, body text not null)');
      const insert = sqlite.prepare('insert into filler (body) values (?)');
      const body = 'x'.repeat(4000);
      // 2,000 commits of 10 pages (some 82 MB), each followed by a turn of the event loop (the
      // checkpoint thread's messages). A fixed count, not a time, so a busy machine writes as much.
      const commits = 2000;
      let largest = 0;
      for (let c = 0; c < commits; c++) {
        sqlite.transaction(() => {
          for (let i = 0; i < 10; i++) insert.run(body);
        })();
        largest = Math.max(largest, fs.statSync(`${file}-wal`).size);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      const written = commits * 10 * 4096;
      // Without a restart, the log would hold every commit. How far it grows before the thread
      // restarts it depends on how busy the machine is; half is far more than the thread lags.
      expect(largest).toBeLessThan(written / 2);
      expect((sqlite.prepare('select count(*) as n from filler').get() as { n: number }).n).toBe(commits * 10);
    } finally {
      stop();
      sqlite.close();
    }
  });
});
