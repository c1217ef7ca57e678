import { MSG } from '@erp/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { clear, hit, peek } from '../../lib/rate-limits.js';

const MINUTE = 60_000;
/** Failed sign-ins of one account from one address are remembered this long. */
const FAILURE_WINDOW = 15 * MINUTE;
/** Failures an address may have at an account before its attempts must be spaced out. */
const FREE_FAILURES = 5;
const MAX_DELAY_MS = 60_000;

/** 1 s after the fifth failure, doubling with each further one, capped at a minute. */
export const accountDelayMs = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILURES));

const tooMany = (message: string, retryAfterMs: number) =>
  new AppError(429, message, { retryAfter: Math.ceil(retryAfterMs / 1000) });

/**
 * Sign-in guessing, limited three ways with counts every replica shares:
 * - one address, any usernames: SIGNIN_IP_LIMIT a minute;
 * - one address, one username: SIGNIN_RATE_LIMIT a minute;
 * - one address, one username, failures: after 5, attempts must wait a growing delay (at most a
 *   minute), so an address guessing at an account slows to a crawl.
 * The delay is counted per address, never per account alone: a delay every address shared would
 * let anyone keep a user out with one wrong guess each time it ended. The right password from an
 * address that has not been guessing always gets in; guesses spread over many addresses are
 * bounded by what each address may try.
 */
export async function guardedSignIn<T>(
  db: Database,
  config: Config,
  collegeId: number,
  ip: string,
  username: string,
  signIn: () => Promise<T>,
): Promise<T> {
  const user = username.trim().toLowerCase();
  const byIp = await hit(db, `signin-ip:${collegeId}:${ip}`, MINUTE);
  if (byIp.count > config.SIGNIN_IP_LIMIT) throw tooMany(MSG.tooManySignIns, byIp.retryAfterMs);
  const byPair = await hit(db, `signin-pair:${collegeId}:${user}:${ip}`, MINUTE);
  if (byPair.count > config.SIGNIN_RATE_LIMIT) throw tooMany(MSG.tooManySignIns, byPair.retryAfterMs);

  const failKey = signInFailureKey(collegeId, user, ip);
  const failures = await peek(db, failKey, FAILURE_WINDOW);
  const delay = accountDelayMs(failures.count);
  if (delay > 0 && !(await claimAttempt(db, failKey, failures.lastAt, delay))) {
    throw tooMany(
      MSG.accountSignInDelay(Math.ceil((failures.lastAt + delay - Date.now()) / 1000)),
      failures.lastAt + delay - Date.now(),
    );
  }
  try {
    const result = await signIn();
    await clear(db, failKey);
    return result;
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 401) await hit(db, failKey, FAILURE_WINDOW);
    throw e;
  }
}

/** The rate counter of one address's failed sign-ins at one account (of a lower-cased username). */
export const signInFailureKey = (collegeId: number, user: string, ip: string) => `signin-fail:${collegeId}:${user}:${ip}`;

/** One attempt per delay: of many arriving at once, the one whose update lands takes the turn. */
async function claimAttempt(db: Database, key: string, lastAt: number, delay: number): Promise<boolean> {
  const now = Date.now();
  if (now < lastAt + delay) return false;
  const r = await db
    .updateTable('rate_counters')
    .set({ last_at: now })
    .where('key', '=', key)
    .where('last_at', '=', lastAt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
