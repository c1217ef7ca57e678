import { ecb } from '@noble/ciphers/aes.js';

/**
 * The legacy "fixed-key block cipher": AES in ECB mode with PKCS#7 padding, Base64 text out.
 * It only keeps a registration password out of casual sight in transit (the key ships to the
 * browser); TLS protects the wire and argon2id protects the stored password.
 */
export const DEFAULT_CIPHER_KEY = 'ErpPortalKey2022';

function keyBytes(key: string): Uint8Array {
  const bytes = new TextEncoder().encode(key);
  if (![16, 24, 32].includes(bytes.length)) {
    throw new RangeError('The cipher key must be 16, 24 or 32 bytes long');
  }
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function encryptText(plain: string, key: string = DEFAULT_CIPHER_KEY): string {
  return toBase64(ecb(keyBytes(key)).encrypt(new TextEncoder().encode(plain)));
}

/** Throws on anything that is not a Base64 block sequence made with this key. */
export function decryptText(cipherText: string, key: string = DEFAULT_CIPHER_KEY): string {
  const bytes = fromBase64(cipherText.trim());
  if (bytes.length === 0 || bytes.length % 16 !== 0) throw new Error('Not an encrypted value');
  return new TextDecoder('utf-8', { fatal: true }).decode(ecb(keyBytes(key)).decrypt(bytes));
}
