import zlib from 'node:zlib';

/**
 * The zip container of an .xlsx, read from its central directory with the declared sizes checked
 * before anything is inflated, and every inflate capped at the size its entry declared: a zip
 * bomb (a small file that unpacks to gigabytes) is refused, never unpacked.
 */

export interface ZipLimits {
  /** most bytes all entries may declare, inflated */
  maxInflatedBytes: number;
  /** most inflated bytes per compressed byte for an entry above 1 MB inflated */
  maxRatio: number;
  /** parts in the archive (default 2,000) */
  maxEntries?: number;
}

export class WorkbookRefused extends Error {
  constructor(
    readonly reason: 'unreadable' | 'tooLarge' | 'tooManyRows' | 'tooManyCells' | 'noSheet',
    message: string,
  ) {
    super(message);
  }
}

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export class ZipArchive {
  private constructor(
    private buf: Buffer,
    readonly entries: Map<string, Entry>,
  ) {}

  /** Reads the central directory and refuses an archive whose declared sizes are beyond the limits. */
  static open(buf: Buffer, limits: ZipLimits): ZipArchive {
    let eocd = -1;
    for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65557); i--) {
      if (buf.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new WorkbookRefused('unreadable', 'not a zip archive');
    const count = buf.readUInt16LE(eocd + 10);
    if (count > (limits.maxEntries ?? 2000)) throw new WorkbookRefused('tooLarge', `the archive has ${count} parts`);
    let p = buf.readUInt32LE(eocd + 16);
    const entries = new Map<string, Entry>();
    let total = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50)
        throw new WorkbookRefused('unreadable', 'bad central directory');
      const method = buf.readUInt16LE(p + 10);
      const compressedSize = buf.readUInt32LE(p + 20);
      const size = buf.readUInt32LE(p + 24);
      const nameLen = buf.readUInt16LE(p + 28);
      const extraLen = buf.readUInt16LE(p + 30);
      const commentLen = buf.readUInt16LE(p + 32);
      const offset = buf.readUInt32LE(p + 42);
      const name = buf.toString('utf8', p + 46, p + 46 + nameLen).replace(/^\/+/, '');
      // 0xFFFFFFFF: a ZIP64 size, far beyond anything a sheet upload may unpack to.
      if (size === 0xffffffff || compressedSize === 0xffffffff) throw new WorkbookRefused('tooLarge', `${name} is too large`);
      total += size;
      if (total > limits.maxInflatedBytes) throw new WorkbookRefused('tooLarge', 'the archive unpacks to too many bytes');
      if (size > 1024 * 1024 && size > compressedSize * limits.maxRatio) {
        throw new WorkbookRefused('tooLarge', `${name} is compressed ${Math.round(size / Math.max(1, compressedSize))} to 1`);
      }
      entries.set(name, { method, compressedSize, size, offset });
      p += 46 + nameLen + extraLen + commentLen;
    }
    return new ZipArchive(buf, entries);
  }

  has(name: string) {
    return this.entries.has(name);
  }

  /** An entry's bytes, inflated up to the size it declared and not one byte more; null when absent. */
  read(name: string): Buffer | null {
    const e = this.entries.get(name);
    if (!e) return null;
    const b = this.buf;
    if (e.offset + 30 > b.length || b.readUInt32LE(e.offset) !== 0x04034b50)
      throw new WorkbookRefused('unreadable', `bad entry ${name}`);
    const start = e.offset + 30 + b.readUInt16LE(e.offset + 26) + b.readUInt16LE(e.offset + 28);
    const data = b.subarray(start, start + e.compressedSize);
    if (e.method === 0) return data.length > e.size ? data.subarray(0, e.size) : data;
    if (e.method !== 8) throw new WorkbookRefused('unreadable', `unsupported compression in ${name}`);
    try {
      // maxOutputLength: a part that unpacks beyond what it declared stops there.
      return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, e.size) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
        throw new WorkbookRefused('tooLarge', `${name} unpacks to more than it declared`);
      }
      throw new WorkbookRefused('unreadable', `${name} could not be unpacked`);
    }
  }

  /** Unpacks every entry once under the caps (before a reader that inflates everything itself). */
  verifyAll() {
    for (const name of this.entries.keys()) this.read(name);
  }
}
