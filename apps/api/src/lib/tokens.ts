import jwt from 'jsonwebtoken';

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

/** One day, like the erpUser cookie. */
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;

export function signToken(claims: TokenClaims, secret: string): string {
  return jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: TOKEN_TTL_SECONDS });
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; expired: boolean };

export function verifyToken(token: string, secret: string): VerifyResult {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] }) as TokenClaims;
    if (typeof claims.sub !== 'string' || !Array.isArray(claims.roles) || typeof claims.collegeId !== 'number') {
      return { ok: false, expired: false };
    }
    return { ok: true, claims };
  } catch (e) {
    return { ok: false, expired: e instanceof jwt.TokenExpiredError };
  }
}
