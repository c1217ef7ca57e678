import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';
import { Kysely, sql, type Generated } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './group-commit.js';
import { withStatementCache } from './statement-cache.js';

interface T {
  items: { id: Generated<number>; name: string };
  parents: { id: Generated<number> };
  children: { id: Generated<number>; parent_id: number };
}

describe('group commit on the embedded database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-group-commit-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let n = 0;

  /** A database file with the test tables, the app's connection to it (counting its commits) and a second, read-only one. */
  async function open() {
    const file = path.join(dir, `db${++n}.sqlite`);
    const sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.exec(`create table items (id integer primary key, name text not null unique);
      create table parents (id integer primary key);
      create table children (id integer primary key,
        parent_id integer not null references parents (id) deferrable initially deferred);`);
    const commits = { n: 0 };
    const cache = withStatementCache(sqlite);
    const prepare = cache.prepare;
    cache.prepare = (text: string) => {
      if (text === 'commit') commits.n++;
      return prepare(text);
    };
    const db = new Kysely<T>({ dialect: new GroupCommitSqliteDialect(sqlite, cache) });
    const reader = new Sqlite(file, { readonly: true });
    const committedNames = () =>
      (reader.prepare('select name from items order by id').all() as Array<{ name: string }>).map((r) => r.name);
    return { db, file, commits, committedNames, close: async () => (reader.close(), await db.destroy()) };
  }

  const insert = (db: Kysely<T>, name: string) =>
    db.transaction().execute((trx) => trx.insertInto('items').values({ name }).execute());

  it('commits the transactions of one turn together, and each settles only once it is committed', async () => {
    const { db, commits, committedNames, close } = await open();
    try {
      const seen: string[][] = [];
      await Promise.all(['a', 'b', 'c'].map((name) => insert(db, name).then(() => seen.push(committedNames()))));
      expect(commits.n).toBe(1);
      // Another connection saw all three rows when the first promise settled.
      expect(seen).toEqual([
        ['a', 'b', 'c'],
        ['a', 'b', 'c'],
        ['a', 'b', 'c'],
      ]);
      await insert(db, 'd');
      expect(commits.n).toBe(2);
    } finally {
      await close();
    }
  });

  it('a transaction that fails undoes its own work only', async () => {
    const { db, committedNames, close } = await open();
    try {
      const results = await Promise.allSettled([
        insert(db, 'first'),
        db.transaction().execute(async (trx) => {
          await trx.insertInto('items').values({ name: 'half' }).execute();
          await trx.insertInto('items').values({ name: 'first' }).execute(); // a unique violation
        }),
        insert(db, 'last'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed: items.name/);
      expect(committedNames()).toEqual(['first', 'last']);
    } finally {
      await close();
    }
  });

  it('a write outside any transaction commits the waiting batch first, then runs on its own', async () => {
    const { db, commits, committedNames, close } = await open();
    try {
      const waiting = insert(db, 'in a batch');
      // Asked for before the batch's own commit (after this turn): it waits for the transaction to end.
      await db.insertInto('items').values({ name: 'on its own' }).execute();
      // Both are committed already, in one commit (the batch's); the write was not held for the batch.
      expect(committedNames()).toEqual(['in a batch', 'on its own']);
      expect(commits.n).toBe(1);
      await waiting;
    } finally {
      await close();
    }
  });

  it('when the commit fails, every transaction of the batch fails and nothing of it is saved', async () => {
    const { db, committedNames, close } = await open();
    try {
      const results = await Promise.allSettled([
        insert(db, 'innocent'),
        // Checked only at commit: a child of a parent that does not exist.
        db.transaction().execute((trx) => trx.insertInto('children').values({ parent_id: 99 }).execute()),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
      expect(committedNames()).toEqual([]);
      // The connection is usable again.
      await insert(db, 'later');
      expect(committedNames()).toEqual(['later']);
      expect((await sql<{ n: number }>`select count(*) as n from children`.execute(db)).rows[0].n).toBe(0);
    } finally {
      await close();
    }
  });

  it('a transaction that reads before it writes waits for another connection holding the write lock, like the checkpoint thread', async () => {
    const { db, file, committedNames, close } = await open();
    // Another thread takes the write lock and keeps it for 300 ms, as the checkpoint thread's RESTART does.
    const holder = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      const db = new (require(workerData.module))(workerData.file);
      db.exec('begin immediate');
      parentPort.postMessage('locked');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      db.exec('commit');
      db.close();`,
      { eval: true, workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3') } },
    );
    try {
      await new Promise((resolve) => holder.once('message', resolve));
      // A deferred transaction that has read gets SQLITE_BUSY at once on its first write, without waiting.
      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('items').selectAll().execute();
        await trx.insertInto('items').values({ name: 'after the lock' }).execute();
      });
      expect(committedNames()).toEqual(['after the lock']);
    } finally {
      await holder.terminate();
      await close();
    }
  });
});
