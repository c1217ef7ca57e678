import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { ConfigError } from '../config.js';

const BLOCK = 512;
const PIECE = 1024 * 1024;

class CutShort extends Error {}

/** Hands out a stream's bytes in the lengths asked for. */
class Reader {
  readonly #source: AsyncIterator<Buffer>;
  #held: Buffer = Buffer.alloc(0);

  constructor(stream: AsyncIterable<Buffer>) {
    this.#source = stream[Symbol.asyncIterator]();
  }

  /** The next `n` bytes; fewer only where the stream ends. */
  async take(n: number): Promise<Buffer> {
    const parts: Buffer[] = [this.#held];
    let length = this.#held.length;
    while (length < n) {
      const { value, done } = await this.#source.next();
      if (done) break;
      parts.push(value);
      length += value.length;
    }
    const all = Buffer.concat(parts);
    this.#held = all.subarray(n);
    return all.subarray(0, n);
  }

  async takeExactly(n: number): Promise<Buffer> {
    const bytes = await this.take(n);
    if (bytes.length < n) throw new CutShort('the archive is cut short');
    return bytes;
  }
}

const field = (header: Buffer, start: number, length: number) => {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8');
};

const octal = (header: Buffer, start: number, length: number) => parseInt(field(header, start, length).trim() || '0', 8);

/** Sizes past 8 GB are base-256, marked by the top bit (GNU tar). */
function sizeOf(header: Buffer): number {
  if (!(header[124]! & 0x80)) return octal(header, 124, 12);
  let n = 0;
  for (let i = 125; i < 136; i++) n = n * 256 + header[i]!;
  return n;
}

function checksumMatches(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum === octal(header, 148, 8);
}

/** The `path` record of a PAX extended header ("<length> path=<name>\n" records). */
function paxPath(data: Buffer): string | undefined {
  let at = 0;
  let found: string | undefined;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (space === -1 || !(length > 0)) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (record.slice(0, eq) === 'path') found = record.slice(eq + 1);
    at += length;
  }
  return found;
}

const KINDS: Record<string, string> = {
  '1': 'a hard link',
  '2': 'a symbolic link',
  K: 'a link',
  '3': 'a device',
  '4': 'a device',
  '6': 'a pipe',
};

/** The entry's place inside the extraction folder, or why it has none. */
function placeOf(name: string): string[] | string {
  if (name.startsWith('/')) return 'an absolute path';
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) return 'a path out of the backup (..)';
  return parts;
}

/**
 * Extracts a backup (.tar.gz) into an empty folder, reading the archive itself so that nothing in it
 * lands outside the folder: only files and folders at relative paths. An absolute path, a `..`, a
 * link or a device refuses the whole backup (the caller discards the folder); our backups hold none.
 */
export async function extractBackup(file: string, dir: string): Promise<void> {
  const refuse = (why: string) =>
    new ConfigError(`${file} is not restored: ${why}. A portal backup holds only files and folders.`);
  const notBackup = (why: string) => new ConfigError(`${file} is not a portal backup (${why})`);
  // pipeline: a read error reaches the reader, and ending early closes the file.
  const gunzip = pipeline(fs.createReadStream(file), zlib.createGunzip(), () => {});
  const reader = new Reader(gunzip);
  let longName: string | undefined;
  try {
    for (;;) {
      const header = await reader.take(BLOCK);
      if (header.length < BLOCK || header.every((b) => b === 0)) return;
      if (!checksumMatches(header)) throw notBackup('not a tar archive');
      const type = String.fromCharCode(header[156]!);
      const size = sizeOf(header);
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (type === 'x' || type === 'L') {
        if (size > PIECE) throw notBackup('a name longer than a megabyte');
        // The name of the entry that follows: PAX or GNU long name.
        const data = (await reader.takeExactly(size + padding)).subarray(0, size);
        longName = type === 'x' ? (paxPath(data) ?? longName) : field(data, 0, size);
        continue;
      }
      const posix = field(header, 257, 6) === 'ustar' && field(header, 263, 2) === '00';
      const prefix = posix ? field(header, 345, 155) : '';
      const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
      longName = undefined;
      if (type !== '0' && type !== '\0' && type !== '5')
        throw refuse(`it holds ${KINDS[type] ?? 'an entry of an unknown kind'} (${name})`);
      const place = placeOf(name);
      if (typeof place === 'string') throw refuse(`it holds ${place} (${name})`);
      const target = path.join(dir, ...place);
      if (type === '5') {
        fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        continue;
      }
      if (!place.length) throw refuse(`it holds a file without a name`);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      // 'wx': a second entry of the same name is refused, never written through.
      const out = await fs.promises.open(target, 'wx', 0o600);
      try {
        for (let left = size; left > 0; left -= PIECE) await out.write(await reader.takeExactly(Math.min(left, PIECE)));
      } finally {
        await out.close();
      }
      await reader.takeExactly(padding);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST' || code === 'ENOTDIR') throw refuse('it holds the same name twice');
    if (code.startsWith('Z_') || e instanceof CutShort) throw notBackup((e as Error).message);
    throw e;
  } finally {
    gunzip.destroy();
  }
}
