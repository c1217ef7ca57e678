import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * One spelling per username: NFKC folds compatibility forms into their plain letters (fullwidth
 * 'ａｄｍｉｎ' is 'admin'), so sign-up, sign-in and look-ups compare the same text.
 */
export const normaliseUsername = (value: string) => value.normalize('NFKC').trim();

/**
 * What a new username may contain: plain ASCII letters, digits and . _ - @ + (roll numbers, employee
 * codes and email addresses all fit). Anything else, such as the dotless 'ı' of 'admın' or a
 * Cyrillic 'а', could pass for another user's name.
 */
export const SAFE_USERNAME = /^[A-Za-z0-9._@+-]+$/;

export const USERNAME_MSG = {
  unsafe: 'User Name may use only the letters A-Z, digits and the characters . _ - @ +',
} as const;

/**
 * A username chosen at sign-up. The spec's rule (at least 3 characters, no backtick or tilde) keeps
 * its legacy message; other characters outside SAFE_USERNAME get USERNAME_MSG.unsafe.
 */
export const ZNewUsername = z
  .string()
  .overwrite(normaliseUsername)
  .min(3, MSG.userNameMin)
  .max(60)
  .refine((v) => !/[`~]/.test(v), MSG.userNameMin)
  .refine((v) => /[`~]/.test(v) || SAFE_USERNAME.test(v), USERNAME_MSG.unsafe);
