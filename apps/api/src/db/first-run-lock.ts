import { sql } from 'kysely';
import type { Database } from './index.js';
import { isPostgres } from './migrations/helpers.js';

const FIRST_RUN_LOCK = 730_501;

/**
 * Serializes whatever creates the first college (the demo seed, the setup page, `npm run setup`)
 * across replicas: PostgreSQL's advisory lock held to the end of the transaction; on SQLite a
 * write takes the database's one write lock. Call first thing inside the transaction.
 */
export async function takeFirstRunLock(trx: Database): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${FIRST_RUN_LOCK})`.execute(trx);
  else await sql`delete from colleges where 0`.execute(trx);
}
