import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, TOKEN_TTL_SECONDS, verifyToken } from './tokens.js';

const SECRET = 'tokens-test-secret-tokens-test-secret-0123';
const claims = { sub: '7', username: 'clerk', roles: ['HOSTEL'], collegeId: 1 };

afterEach(() => vi.useRealTimers());

describe('verifyToken', () => {
  it('answers a token it verified before the same way, until the token expires', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    const token = signToken(claims, SECRET);
    expect(verifyToken(token, SECRET)).toMatchObject({ ok: true, claims: { sub: '7', roles: ['HOSTEL'] } });
    expect(verifyToken(token, SECRET)).toMatchObject({ ok: true, claims: { sub: '7' } });
    vi.setSystemTime(new Date(Date.parse('2026-11-23T10:00:00Z') + TOKEN_TTL_SECONDS * 1000));
    expect(verifyToken(token, SECRET)).toEqual({ ok: false, expired: true });
  });

  it('refuses the same token under another secret, and a token with its payload changed', () => {
    const token = signToken(claims, SECRET);
    expect(verifyToken(token, SECRET).ok).toBe(true);
    expect(verifyToken(token, `${SECRET}-rotated`)).toEqual({ ok: false, expired: false });
    const [head, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['ADMIN'] })).toString('base64url');
    expect(verifyToken(`${head}.${forged}.${sig}`, SECRET)).toEqual({ ok: false, expired: false });
  });
});
