import { COMPRESS_FROM_BYTES, pickEncoding, type Encoding } from '../../lib/encodings.js';
import type { Database } from '../../db/index.js';
import { encodedAnswer, sharedCacheSecond, type Lookup } from './results.lookup.js';

/** Which of an answer's forms a request gets: a 304, or its JSON as it is or compressed. */
export type LookupVariant = 'not-modified' | 'identity' | Encoding;

/** What the public lookup sends for an answer: the same from the route and from its express lane. */
export interface LookupResponse {
  status: 200 | 304;
  headers: Record<string, string | number>;
  body?: string | Buffer;
}

/**
 * A lookup answer is served like a static file: the same bytes until the results change, so a
 * repeat is a 304; a client that takes brotli or gzip gets the bytes compressed once for all askers.
 */
export function lookupVariant(
  answer: Lookup,
  acceptEncoding: string | string[] | undefined,
  ifNoneMatch: string | undefined,
): LookupVariant {
  if (ifNoneMatch === answer.etag) return 'not-modified';
  return (answer.json.length >= COMPRESS_FROM_BYTES && pickEncoding(acceptEncoding)) || 'identity';
}

/** The status, headers and body of one form of the answer; `vary` is what CORS has already set (Origin), if anything. */
export function lookupResponse(answer: Lookup, variant: LookupVariant, vary?: string): LookupResponse {
  const headers: LookupResponse['headers'] = {
    etag: answer.etag,
    // Browsers ask again each time (a 304 while it is unchanged); a shared cache (the proxy, a CDN)
    // may keep it about a second, and nginx exactly as X-Accel-Expires says (proxyExpiry).
    'cache-control': 'public, max-age=0, s-maxage=1',
    vary: vary ? `${vary}, accept-encoding` : 'accept-encoding',
  };
  if (variant === 'not-modified') return { status: 304, headers };
  headers['content-type'] = 'application/json; charset=utf-8';
  if (variant === 'identity') return { status: 200, headers, body: answer.json };
  headers['content-encoding'] = variant;
  return { status: 200, headers, body: encodedAnswer(answer, variant) };
}

/**
 * X-Accel-Expires for an answer: nginx keeps it through the second its results version was read in
 * (sharedCacheSecond), so the proxy's copy never outlives what this process would answer. nginx
 * counts whole seconds; max-age=1 would let a copy live up to two. Other clients ignore it, and
 * nginx does not pass it on.
 */
export const proxyExpiry = (read: Database, collegeId: number, answer: Lookup) =>
  `@${sharedCacheSecond(read, collegeId, answer.version)}`;
