import fs from 'node:fs';
import type pg from 'pg';
import type { DatabaseTarget } from '../config.js';
import { ConfigError } from '../config.js';
import { isDatabaseLocked } from './first-run-lock.js';

/**
 * "Is a server running on this database?", for a restore, which must not replace what a live
 * server reads and writes. The answer comes from locks the database itself keeps, which end with
 * the process that held them (a crashed server leaves no stale marker):
 * - SQLite: every open connection (server, read connection, checkpoint thread) holds a lock on the
 *   file; a connection in exclusive locking mode gets none while another is open.
 * - PostgreSQL: every process that opens the database (createDb) holds this advisory lock shared,
 *   on a connection of its own; a restore takes it exclusively, and a server started meanwhile waits.
 */
const IN_USE_LOCK = 730_502;

const IN_USE = 'A portal server (or another process) has this database open: stop it before restoring.';

/**
 * Holds the shared lock for as long as the process keeps the database open: on a connection of its
 * own, taken again when that connection is lost (a restart of the server, a failover). Answers the
 * function that lets go.
 */
export async function holdInUseLock(Client: typeof pg.Client, url: string): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new Client({ connectionString: url, application_name: 'erp in-use lock' });
    c.on('error', (err) => {
      // A client that failed to connect, or was replaced already, has nothing left to hold.
      if (c !== client) return;
      console.error(`PostgreSQL connection holding the in-use lock lost: ${err.message}`);
      void c.end().catch(() => {});
      reconnectSoon();
    });
    try {
      await c.connect();
      await c.query('select pg_advisory_lock_shared($1)', [IN_USE_LOCK]);
    } catch (e) {
      void c.end().catch(() => {});
      throw e;
    }
    if (stopped) await c.end();
    else client = c;
  };
  const reconnectSoon = () => {
    client = null;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(reconnectSoon);
    }, 1_000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * Makes sure nothing has the database open, and keeps others out while the restore runs where the
 * database can (PostgreSQL). Answers the function that lets go; throws a ConfigError when in use.
 */
export async function claimForRestore(target: DatabaseTarget): Promise<() => Promise<void>> {
  if (target.dialect === 'postgres') {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [IN_USE_LOCK]);
      if (!rows[0]?.locked) throw new ConfigError(IN_USE);
    } catch (e) {
      await client.end();
      throw e;
    }
    return () => client.end();
  }
  if (!fs.existsSync(target.file)) return async () => {};
  const Sqlite = (await import('better-sqlite3')).default;
  const probe = new Sqlite(target.file, { timeout: 0, fileMustExist: true });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.prepare('select count(*) from sqlite_master').get();
  } catch (e) {
    // Any other failure (a damaged file) is what a restore is for: no server can be using it either.
    if (isDatabaseLocked(e)) throw new ConfigError(IN_USE);
  } finally {
    probe.close();
  }
  // SQLite's backup API then replaces the pages in one transaction of its own: a server started
  // meanwhile sees the old database or the restored one, never a mix.
  return async () => {};
}
