import { describe, expect, it } from 'vitest';
import { ZRegistrationForm } from './registration-schemas.js';
import { ZSignIn } from './auth-schemas.js';
import { MSG } from './messages.js';
import { USERNAME_MSG, ZNewUsername, normaliseUsername } from './usernames.js';

const messages = (v: string) => ZNewUsername.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('usernames', () => {
  it('folds compatibility forms with NFKC and trims', () => {
    expect(normaliseUsername(' ａｄｍｉｎ ')).toBe('admin');
    expect(normaliseUsername('ﬁnance')).toBe('finance');
    expect(ZNewUsername.parse('ＡＤＭＩＮ')).toBe('ADMIN');
  });

  it('refuses letters that only look like ASCII ones', () => {
    expect(messages('admın')).toEqual([USERNAME_MSG.unsafe]); // dotless i, U+0131
    expect(messages('\u0430dmin')).toEqual([USERNAME_MSG.unsafe]); // Cyrillic a
    expect(messages('adm\u200Bin')).toEqual([USERNAME_MSG.unsafe]); // zero-width space
    expect(messages('two words')).toEqual([USERNAME_MSG.unsafe]);
  });

  it('accepts roll numbers, employee codes and email-like names, and keeps the legacy messages', () => {
    for (const ok of ['22A91A0501', 'EMP1001', 'f.rao', 'k_menon-2', 'a.b+c@svec.edu.in']) expect(messages(ok), ok).toEqual([]);
    expect(messages('ab')).toEqual([MSG.userNameMin]);
    expect(messages('ab~cd')).toEqual([MSG.userNameMin]);
    expect(messages('ab`cd')).toEqual([MSG.userNameMin]);
  });

  it('is the rule of the registration form, and sign-in compares the normalised form', () => {
    const form = ZRegistrationForm.safeParse({ username: 'admın' });
    expect(form.error?.issues.find((i) => i.path[0] === 'username')?.message).toBe(USERNAME_MSG.unsafe);
    expect(ZSignIn.parse({ username: 'ａｄｍｉｎ', password: 'x' }).username).toBe('admin');
  });
});
