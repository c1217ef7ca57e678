import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../index.js';
import { openReadDb } from './read-db.js';

/** SQLITE_TUNING on and off, on the same tables: what each connection does with a transaction. */
describe('the SQLite machinery switch (SQLITE_TUNING)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-sqlite-tuning-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let n = 0;

  async function open(tuning: boolean) {
    const target = { dialect: 'sqlite' as const, file: path.join(dir, `db${++n}.sqlite`), tuning };
    const db = await createDb(target);
    await sql`create table items (id integer primary key, name text not null)`.execute(db);
    await sql`create table parents (id integer primary key)`.execute(db);
    await sql`create table children (id integer primary key,
      parent_id integer not null references parents (id) deferrable initially deferred)`.execute(db);
    return { db, target };
  }

  const names = async (db: Database) =>
    (await sql<{ name: string }>`select name from items order by id`.execute(db)).rows.map((r) => r.name);

  /** One transaction that is fine, one that fails only at its commit (a deferred foreign key), begun in the same turn. */
  const innocentAndDoomed = (db: Database) =>
    Promise.allSettled([
      db.transaction().execute((trx) => sql`insert into items (name) values ('innocent')`.execute(trx)),
      db.transaction().execute((trx) => sql`insert into children (parent_id) values (99)`.execute(trx)),
    ]);

  /** A savepoint inside a transaction, rolled back, then the transaction committed. */
  async function withSavepoint(db: Database) {
    const trx = await db.startTransaction().execute();
    try {
      await sql`insert into items (name) values ('kept')`.execute(trx);
      const inner = await trx.savepoint('maybe').execute();
      await sql`insert into items (name) values ('undone')`.execute(inner);
      await inner.rollbackToSavepoint('maybe').execute();
      await trx.commit().execute();
    } catch (e) {
      await trx.rollback().execute();
      throw e;
    }
  }

  it('off: each transaction commits on its own, savepoints work, no checkpoint thread, no second connection', async () => {
    const { db, target } = await open(false);
    try {
      const [innocent, doomed] = await innocentAndDoomed(db);
      expect(innocent.status).toBe('fulfilled');
      expect(String((doomed as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
      expect(await names(db)).toEqual(['innocent']);

      await withSavepoint(db);
      expect(await names(db)).toEqual(['innocent', 'kept']);

      // SQLite's own checkpoints (its default of 1,000 pages), not the thread's.
      expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0].wal_autocheckpoint).toBe(
        1000,
      );
      const read = await openReadDb(target, db);
      expect(read.db).toBe(db);
      await read.close();
    } finally {
      await db.destroy();
    }
  });

  it('off: a transaction that reads before it writes waits for another process holding the write lock', async () => {
    const { db, target } = await open(false);
    // Another connection (a replica, `npm run setup`) takes the write lock and keeps it for 300 ms.
    const holder = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      const db = new (require(workerData.module))(workerData.file);
      db.exec('begin immediate');
      parentPort.postMessage('locked');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      db.exec('commit');
      db.close();`,
      { eval: true, workerData: { file: target.file, module: createRequire(import.meta.url).resolve('better-sqlite3') } },
    );
    try {
      await new Promise((resolve) => holder.once('message', resolve));
      // Begun deferred, it would read, then get SQLITE_BUSY at once on its first write.
      await db.transaction().execute(async (trx) => {
        await names(trx);
        await sql`insert into items (name) values ('after the lock')`.execute(trx);
      });
      expect(await names(db)).toEqual(['after the lock']);
    } finally {
      await holder.terminate();
      await db.destroy();
    }
  });

  it('on: the transactions of a turn share one commit, savepoints are refused, the checkpoint thread and read connection are there', async () => {
    const { db, target } = await open(true);
    try {
      const results = await innocentAndDoomed(db);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(await names(db)).toEqual([]);

      await expect(withSavepoint(db)).rejects.toThrow(/Savepoints inside a transaction are not supported/);
      expect(await names(db)).toEqual([]);

      expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)).rows[0].wal_autocheckpoint).toBe(
        0,
      );
      const read = await openReadDb(target, db);
      try {
        expect(read.db).not.toBe(db);
      } finally {
        await read.close();
      }
    } finally {
      await db.destroy();
    }
  });
});
