import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';

export interface TokenClaims {
  sub: string;
  username: string;
  roles: string[];
  collegeId: number;
  /** set for accounts created with a one-time password: only the password change is allowed */
  mustChangePassword?: boolean;
  /** the user's token version at sign-in (lib/token-versions.ts) */
  tokenVersion?: number;
}

/** What a verified token says: its claims, its id (jti: what sign-out revokes) and when it lapses. */
export interface VerifiedClaims extends TokenClaims {
  /** absent only from tokens signed before sign-out revoked single sessions */
  jti?: string;
  /** seconds since the epoch */
  exp?: number;
}

/** One day, like the erpUser cookie. */
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;

// jsonwebtoken turns a string secret into a key object on every call (a few percent of each
// signed-in request's CPU): keep the key object per secret.
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
}

/** Each token gets an id of its own, so one session can be ended without the others. */
export function signToken(claims: TokenClaims, secret: string): string {
  return jwt.sign(claims, keyOf(secret), {
    algorithm: 'HS256',
    expiresIn: TOKEN_TTL_SECONDS,
    jwtid: randomBytes(16).toString('base64url'),
  });
}

export type VerifyResult = { ok: true; claims: VerifiedClaims } | { ok: false; expired: boolean };

// A token is checked on every call its holder makes: keep what a token string was verified to
// claim, per secret, until it expires. The string carries its own signature, so the same string
// verifies the same way until then; revocation is checked apart from it (lib/token-versions.ts).
const verifiedBySecret = new Map<string, LRUCache<string, { claims: VerifiedClaims; expiresAtMs: number }>>();

export function verifyToken(token: string, secret: string): VerifyResult {
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new LRUCache({ max: 20_000 })));
  const hit = verified.get(token);
  if (hit) {
    if (Date.now() < hit.expiresAtMs) return { ok: true, claims: hit.claims };
    verified.delete(token);
  }
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'] }) as VerifiedClaims;
    if (typeof claims.sub !== 'string' || !Array.isArray(claims.roles) || typeof claims.collegeId !== 'number') {
      return { ok: false, expired: false };
    }
    if (typeof claims.exp === 'number') verified.set(token, { claims: Object.freeze(claims), expiresAtMs: claims.exp * 1000 });
    return { ok: true, claims };
  } catch (e) {
    return { ok: false, expired: e instanceof jwt.TokenExpiredError };
  }
}
