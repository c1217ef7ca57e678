import { sql } from 'kysely';
import type { Database } from '../db/index.js';

export interface Hit {
  /** hits in the current window, this one included */
  count: number;
  /** ms until the window closes */
  retryAfterMs: number;
}

/**
 * Counts one hit on `key` in a fixed window, in the database so every replica shares the count.
 * One statement (insert or update in place), so concurrent hits never lose a count.
 */
export async function hit(db: Database, key: string, windowMs: number, now = Date.now()): Promise<Hit> {
  const expired = now - windowMs;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, count: 1, window_start: now, last_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_counters.window_start <= ${expired} then 1 else rate_counters.count + 1 end`,
        window_start: sql`case when rate_counters.window_start <= ${expired} then ${now} else rate_counters.window_start end`,
        last_at: now,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  if (now % 97 === 0) void sweep(db, now).catch(() => undefined);
  return { count: Number(row.count), retryAfterMs: Math.max(0, Number(row.window_start) + windowMs - now) };
}

/** The count in the current window without adding to it (0 when none or expired). */
export async function peek(
  db: Database,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ count: number; lastAt: number }> {
  const row = await db
    .selectFrom('rate_counters')
    .select(['count', 'window_start', 'last_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || Number(row.window_start) <= now - windowMs) return { count: 0, lastAt: 0 };
  return { count: Number(row.count), lastAt: Number(row.last_at) };
}

export async function clear(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute();
}

// Counters idle for a day are dead weight.
async function sweep(db: Database, now: number) {
  await db
    .deleteFrom('rate_counters')
    .where('last_at', '<', now - 86_400_000)
    .execute();
}
