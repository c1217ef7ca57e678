import { describe, expect, it } from 'vitest';
import { createCipheriv } from 'node:crypto';
import { DEFAULT_CIPHER_KEY, decryptText, encryptText } from './cipher.js';

describe('shared block cipher', () => {
  it('is AES-ECB with PKCS#7 padding, Base64 out (matches Node crypto)', () => {
    const c = createCipheriv('aes-128-ecb', Buffer.from(DEFAULT_CIPHER_KEY), null);
    const expected = Buffer.concat([c.update('Secret@123', 'utf8'), c.final()]).toString('base64');
    expect(encryptText('Secret@123')).toBe(expected);
  });

  it('round-trips text, including non-ASCII', () => {
    for (const s of ['a', 'Demo@1234', 'పాస్‌వర్డ్ 🔐', 'x'.repeat(100)]) expect(decryptText(encryptText(s))).toBe(s);
  });

  it('throws on values it did not make', () => {
    expect(() => decryptText('')).toThrow();
    expect(() => decryptText('abc')).toThrow();
    expect(() => decryptText(encryptText('hello', 'another-key-1234'))).toThrow();
    expect(() => encryptText('x', 'short')).toThrow(/16, 24 or 32/);
  });
});
