import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Below this many bytes compression saves less than its headers cost. */
export const COMPRESS_FROM_BYTES = 1024;

/** The encoding the client prefers among those we have: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Text compressed for the wire (brotli at quality 4 is as fast as gzip and smaller). */
export function compress(text: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : zlib.gzipSync(text);
}
