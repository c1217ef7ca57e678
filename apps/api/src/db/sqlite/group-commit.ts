import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
} from 'kysely';
import { TransactionalDdlAdapter } from './dialect.js';

/**
 * Group commit for the embedded database. SQLite has one writer, and a commit writes every page
 * the transaction touched to the log: when ten clerks allot beds at once, each commit writes the
 * same counter, audit and index pages again, one after the other. Here the transactions of one
 * turn of the event loop share a single database transaction: each runs inside a savepoint of it
 * (its own failure rolls back only its own work), and the batch commits once, after the turn.
 * A transaction's promise settles only after that commit, so nothing is answered as saved before
 * it is in the write-ahead log; if the commit fails, every transaction in the batch fails with it.
 *
 * Between a transaction's end and the batch's commit, other queries on this connection already
 * see its rows (as they will once committed); the read-only connection (read-db.ts) sees them after
 * the commit. A write outside any transaction commits the open batch first and runs on its own,
 * as it did before.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #sqlite: BetterSqlite3.Database;
  readonly #database: SqliteDatabase;
  #driver: GroupCommitDriver | null = null;

  constructor(sqlite: BetterSqlite3.Database, database: SqliteDatabase) {
    super({ database });
    this.#sqlite = sqlite;
    this.#database = database;
  }

  override createDriver(): Driver {
    return (this.#driver = new GroupCommitDriver(this.#sqlite, this.#database));
  }

  override createAdapter() {
    const adapter = new TransactionalDdlAdapter();
    dialects.set(adapter, this);
    return adapter;
  }

  runNow(inTransaction: boolean, query: CompiledQuery): QueryResult<unknown> | undefined {
    return this.#driver?.runNow(inTransaction, query);
  }
}

/** The dialect of a Kysely instance, found by its adapter (which its transactions share). */
const dialects = new WeakMap<object, GroupCommitSqliteDialect>();

/**
 * Runs a query at once, when that is its turn anyway: in the transaction that holds the connection,
 * or outside any when nobody holds it. Answers undefined when it must queue (on another database,
 * or the connection is taken): the caller then goes through Kysely. A statement takes microseconds
 * here; Kysely's way to the connection (a lock, a connection object, five promises) took as long again.
 */
export function runNow(adapter: object, inTransaction: boolean, query: CompiledQuery): QueryResult<unknown> | undefined {
  return dialects.get(adapter)?.runNow(inTransaction, query);
}

/** One waiter per transaction in the batch: settled when the batch commits or fails. */
interface Batch {
  waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }>;
}

class GroupCommitDriver implements Driver {
  readonly #sqlite: BetterSqlite3.Database;
  readonly #database: SqliteDatabase;
  readonly #mutex = new Mutex();
  #batch: Batch | null = null;
  #commitScheduled = false;
  /** The connection of the transaction running now, if one is. */
  #current: Connection | null = null;
  /** Stands for a query outside any transaction run by `runNow`: it holds nothing to release. */
  readonly #loose = new Connection(this, false);

  constructor(sqlite: BetterSqlite3.Database, database: SqliteDatabase) {
    this.#sqlite = sqlite;
    this.#database = database;
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new Connection(this);
  }

  async beginTransaction(connection: DatabaseConnection) {
    const conn = connection as Connection;
    if (!this.#batch) {
      // IMMEDIATE: takes the write lock now, waiting (busy_timeout) if the checkpoint thread holds it.
      // A deferred batch that had read would get SQLITE_BUSY at once on its first write instead.
      this.#run('begin immediate');
      this.#batch = { waiters: [] };
      this.#scheduleCommit();
    }
    this.#run('savepoint member');
    conn.inTransaction = true;
    this.#current = conn;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const conn = connection as Connection;
    this.#run('release member');
    conn.inTransaction = false;
    this.#current = null;
    const batch = this.#batch!;
    const committed = new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
    // The next transaction may join the batch while this one waits for its commit.
    conn.release();
    this.#scheduleCommit();
    await committed;
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const conn = connection as Connection;
    // Kysely also calls this when the batch's commit failed: that transaction has already ended.
    if (!conn.inTransaction) return;
    conn.inTransaction = false;
    this.#current = null;
    if (this.#sqlite.inTransaction) {
      this.#run('rollback to member');
      this.#run('release member');
      return;
    }
    // SQLite rolled the whole transaction back itself (a full disk, an I/O error): the batch is lost.
    this.#settle(new Error('The database could not save the changes; try again'));
  }

  // Each transaction already is a savepoint of the batch: none inside it.
  savepoint = refuseSavepoints;
  rollbackToSavepoint = refuseSavepoints;
  releaseSavepoint = refuseSavepoints;

  async releaseConnection(connection: DatabaseConnection) {
    (connection as Connection).release();
  }

  async destroy() {
    if (this.#batch) this.#commitNow();
    this.#database.close();
  }

  /** Runs a statement for a connection: a write outside a transaction first commits the batch. */
  execute(conn: Connection, query: CompiledQuery): QueryResult<unknown> {
    const stmt = this.#database.prepare(query.sql) as unknown as BetterSqlite3.Statement;
    if (!conn.inTransaction && this.#batch && !stmt.readonly) this.#commitNow();
    const parameters = query.parameters as unknown[];
    if (stmt.reader) return { rows: stmt.all(parameters) };
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  unlock() {
    this.#mutex.unlock();
  }

  runNow(inTransaction: boolean, query: CompiledQuery): QueryResult<unknown> | undefined {
    if (inTransaction) return this.#current ? this.execute(this.#current, query) : undefined;
    return this.#mutex.held ? undefined : this.execute(this.#loose, query);
  }

  #run(sql: string) {
    (this.#database.prepare(sql) as unknown as BetterSqlite3.Statement).run();
  }

  /** After this turn of the event loop (so the turn's other transactions can join), once no transaction is running. */
  #scheduleCommit() {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(() => {
      this.#commitScheduled = false;
      void this.#mutex.lock().then(() => {
        try {
          if (this.#batch) this.#commitNow();
        } finally {
          this.#mutex.unlock();
        }
      });
    });
  }

  #commitNow() {
    try {
      this.#run('commit');
    } catch (e) {
      if (this.#sqlite.inTransaction) this.#run('rollback');
      this.#settle(e);
      return;
    }
    this.#settle();
  }

  /** Ends the batch: its transactions settle, saved, or failed with `error`. */
  #settle(error?: unknown) {
    const waiters = this.#batch?.waiters ?? [];
    this.#batch = null;
    for (const w of waiters) {
      if (error === undefined) w.resolve();
      else w.reject(error);
    }
  }
}

async function refuseSavepoints(): Promise<void> {
  throw new Error('Savepoints inside a transaction are not supported on the embedded database with SQLITE_TUNING on');
}

/** What Kysely holds while it has the database: released once, by a commit or by Kysely. */
class Connection implements DatabaseConnection {
  inTransaction = false;
  #held: boolean;

  constructor(
    private readonly driver: GroupCommitDriver,
    held = true,
  ) {
    this.#held = held;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.driver.execute(this, query) as QueryResult<R>);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not used on the embedded database');
  }

  release() {
    if (!this.#held) return;
    this.#held = false;
    this.driver.unlock();
  }
}

/**
 * One holder of the connection at a time, handed to waiters in the order they asked. Kysely's own
 * mutex wakes every waiter on each release to race for it again: with fifty sheets in flight, each
 * of their queries woke the other forty-nine.
 */
class Mutex {
  #held = false;
  readonly #waiting: Array<() => void> = [];

  get held() {
    return this.#held;
  }

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  unlock() {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}
