import { databaseId, type Database } from '../db/index.js';

/**
 * Tokens are stateless, so ending sessions needs state the guard checks on every signed-in call:
 * - a version: each token carries the user's token version at sign-in, and a password change or
 *   reset bumps it (every session of the user ends);
 * - revoked ids: sign-out records its token's id (jti) until the token lapses (that session ends).
 * Both come from one query per user, kept in this memory and re-read at most every
 * TOKEN_STATE_TTL_MS: other processes see a change within that; this one at once, through
 * forgetTokenVersion / forgetTokenState.
 */
export const TOKEN_STATE_TTL_MS = 2000;
const MAX_USERS = 50_000;

export interface TokenState {
  version: number;
  /** ids of the user's tokens ended by sign-out that have not lapsed yet */
  revoked: ReadonlySet<string>;
}

const NONE_REVOKED: ReadonlySet<string> = new Set();

const keyOf = (db: Database, userId: number) => `${databaseId(db)}|${userId}`;

/** null: the user no longer exists. */
const states = new Map<string, { at: number; state: TokenState | null }>();

/** The state when known fresh, without waiting; undefined when it must be read. */
export function knownTokenState(db: Database, userId: number): TokenState | null | undefined {
  const hit = states.get(keyOf(db, userId));
  return hit && Date.now() - hit.at < TOKEN_STATE_TTL_MS ? hit.state : undefined;
}

export async function readTokenState(db: Database, userId: number): Promise<TokenState | null> {
  const now = Date.now();
  // One row per live revoked token (usually none: one row with a null jti).
  const rows = await db
    .selectFrom('users')
    .leftJoin('revoked_tokens', (join) =>
      join.onRef('revoked_tokens.user_id', '=', 'users.id').on('revoked_tokens.expires_at', '>', now),
    )
    .select(['users.token_version', 'revoked_tokens.jti'])
    .where('users.id', '=', userId)
    .execute();
  const revoked = rows.some((r) => r.jti !== null) ? new Set(rows.flatMap((r) => (r.jti === null ? [] : [r.jti]))) : NONE_REVOKED;
  const state = rows.length ? { version: Number(rows[0].token_version), revoked } : null;
  if (states.size >= MAX_USERS) states.clear();
  states.set(keyOf(db, userId), { at: now, state });
  return state;
}

/** After a write that bumped the user's version, in every database this process holds. */
export function forgetTokenVersion(userId: number) {
  for (const key of states.keys()) if (key.endsWith(`|${userId}`)) states.delete(key);
}

/** After a sign-out, in the given handles of the database (the app's own: another app's sees it within the TTL). */
export function forgetTokenState(userId: number, dbs: readonly Database[]) {
  for (const db of dbs) states.delete(keyOf(db, userId));
}
