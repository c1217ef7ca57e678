import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './index.js';

describe('SQLite checkpoints off the request path', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-checkpoint-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a commit does not copy the log into the database file; the checkpoint thread does, soon after', async () => {
    const file = path.join(dir, 'erp.sqlite');
    const db = await createDb({ dialect: 'sqlite', file });
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
