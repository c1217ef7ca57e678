import crypto from 'node:crypto';
import os from 'node:os';
import { hashPassword } from '../../lib/passwords.js';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!@#$%&*';
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

const pick = (set: string) => set[crypto.randomInt(set.length)];

/**
 * 12 random characters with each class present, so it also meets the change-password rule. It
 * never begins with a special character: the credentials sheet neutralises a cell that begins with
 * `@` (a spreadsheet would read it as a formula), and the password printed there would not sign in.
 */
export function randomPassword(length = 12): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const first = chars.findIndex((c) => !SPECIAL.includes(c));
  [chars[0], chars[first]] = [chars[first], chars[0]];
  return chars.join('');
}

/**
 * argon2id runs on libuv's pool (4 threads). Keeping fewer in flight than that leaves a thread for
 * other requests' sign-ins and file reads, and bounds memory (19 MiB a hash).
 */
export async function hashAll(passwords: string[], inFlight = Math.min(3, os.availableParallelism())): Promise<string[]> {
  const out: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hashPassword(passwords[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, passwords.length) }, worker));
  return out;
}
