import { describe, expect, it } from 'vitest';
import { ZTemplateRegister, ZTemplateReset, ZTemplateSignIn } from './schemas';

const messages = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('template form rules', () => {
  it("says 'Required' and 'Invalid email'", () => {
    expect(messages(ZTemplateReset.safeParse({ email: '' }))).toEqual({ email: 'Required' });
    expect(messages(ZTemplateReset.safeParse({ email: 'nope@' }))).toEqual({ email: 'Invalid email' });
    expect(ZTemplateReset.safeParse({ email: 'a@b.in' }).success).toBe(true);
    expect(messages(ZTemplateSignIn.safeParse({ email: 'x@', password: '', remember: false }))).toEqual({ email: 'Invalid email', password: 'Required' });
    expect(ZTemplateSignIn.safeParse({ email: 'admin', password: 'p', remember: true }).success).toBe(true);
  });

  it("says 'Passwords dont match' and needs the terms", () => {
    const base = { username: 'ravi', email: 'ravi@x.in', password: 'secret1', confirmPassword: 'secret2', terms: false };
    expect(messages(ZTemplateRegister.safeParse(base))).toEqual({ terms: 'Required', confirmPassword: 'Passwords dont match' });
    expect(ZTemplateRegister.safeParse({ ...base, confirmPassword: 'secret1', terms: true }).success).toBe(true);
  });
});
