import { sql } from 'kysely';
import type { Database } from './index.js';
import { isPostgres } from './migrations/helpers.js';

const FIRST_RUN_LOCK = 730_501;

const WAITING = 'Another process is setting up this database (migrations or the first colleges): waiting for it to finish…';

/** SQLite's error when another process kept the write lock past busy_timeout. */
export const isDatabaseLocked = (e: unknown) => (e as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/**
 * Serializes whatever creates the first college (the demo seed, the setup page, `npm run setup`)
 * across replicas: PostgreSQL's advisory lock held to the end of the transaction; on SQLite a
 * write takes the database's one write lock. Call first thing inside the transaction.
 */
export async function takeFirstRunLock(trx: Database): Promise<void> {
  if (!isPostgres(trx)) {
    await sql`delete from colleges where 0`.execute(trx);
    return;
  }
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${FIRST_RUN_LOCK}) as locked`.execute(trx);
  if (rows[0]?.locked) return;
  console.log(WAITING);
  await sql`select pg_advisory_xact_lock(${FIRST_RUN_LOCK})`.execute(trx);
}

/**
 * Runs a start-up transaction (the migrations, the demo seed) again while another process holds
 * SQLite's write lock. busy_timeout (5 s) suits requests, but a first start seeds for longer on a
 * slow machine, and the replicas started beside it must wait for it, not exit. The transaction
 * failed whole (it took the lock first), so running it again is safe. PostgreSQL waits by itself.
 */
export async function retryWhileLocked<T>(run: () => Promise<T>): Promise<T> {
  for (let told = false; ; told = true) {
    try {
      return await run();
    } catch (e) {
      if (!isDatabaseLocked(e)) throw e;
      if (!told) console.log(WAITING);
    }
  }
}
