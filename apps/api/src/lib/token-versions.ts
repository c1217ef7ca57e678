import { databaseId, type Database } from '../db/index.js';

/**
 * Tokens are stateless, so ending a user's sessions means a version: each token carries the
 * user's token version at sign-in, and a password change or reset bumps it. The guard checks it
 * on every signed-in call from this memory, re-read at most every TTL_MS (other processes see a
 * change within that; this one at once, through forgetTokenVersion).
 */
const TTL_MS = 2000;
const MAX_USERS = 50_000;

const keyOf = (db: Database, userId: number) => `${databaseId(db)}|${userId}`;

/** null: the user no longer exists. */
const versions = new Map<string, { at: number; version: number | null }>();

/** The version when known fresh, without waiting; undefined when it must be read. */
export function knownTokenVersion(db: Database, userId: number): number | null | undefined {
  const hit = versions.get(keyOf(db, userId));
  return hit && Date.now() - hit.at < TTL_MS ? hit.version : undefined;
}

export async function readTokenVersion(db: Database, userId: number): Promise<number | null> {
  const row = await db.selectFrom('users').select('token_version').where('id', '=', userId).executeTakeFirst();
  const version = row ? Number(row.token_version) : null;
  if (versions.size >= MAX_USERS) versions.clear();
  versions.set(keyOf(db, userId), { at: Date.now(), version });
  return version;
}

/** After a write that bumped the user's version, in every database this process holds. */
export function forgetTokenVersion(userId: number) {
  for (const key of versions.keys()) if (key.endsWith(`|${userId}`)) versions.delete(key);
}
