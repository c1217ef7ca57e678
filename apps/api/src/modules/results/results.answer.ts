import { COMPRESS_FROM_BYTES, pickEncoding, type Encoding } from '../../lib/encodings.js';
import { encodedAnswer, type Lookup } from './results.lookup.js';

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
    'cache-control': 'no-cache',
    vary: vary ? `${vary}, accept-encoding` : 'accept-encoding',
  };
  if (variant === 'not-modified') return { status: 304, headers };
  headers['content-type'] = 'application/json; charset=utf-8';
  if (variant === 'identity') return { status: 200, headers, body: answer.json };
  headers['content-encoding'] = variant;
  return { status: 200, headers, body: encodedAnswer(answer, variant) };
}
