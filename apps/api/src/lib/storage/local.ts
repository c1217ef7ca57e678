import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type FileStorage } from './storage.js';

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const missing = (e: unknown) => MISSING.has((e as NodeJS.ErrnoException).code ?? '');

/** Files under a local folder (UPLOAD_DIR), laid out by key exactly as before object storage. */
export class LocalStorage implements FileStorage {
  constructor(readonly dir: string) {}

  get where() {
    return this.dir;
  }

  #file(key: string) {
    return path.resolve(this.dir, checkKey(key));
  }

  async put(key: string, data: Buffer | Readable) {
    const file = this.#file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    if (Buffer.isBuffer(data)) await fs.promises.writeFile(file, data);
    else await pipeline(data, fs.createWriteStream(file));
  }

  async get(key: string) {
    try {
      return await fs.promises.readFile(this.#file(key));
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
  }

  async open(key: string) {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.#file(key), 'r');
    } catch (e) {
      if (missing(e)) return null;
      throw e;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return null;
    }
    return handle.createReadStream();
  }

  async exists(key: string) {
    return (await fs.promises.stat(this.#file(key)).catch(() => null))?.isFile() ?? false;
  }

  async delete(key: string) {
    await fs.promises.rm(this.#file(key), { force: true });
  }

  async move(from: string, to: string) {
    const target = this.#file(to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(this.#file(from), target);
  }

  /** Files only: a link would point a backup at whatever it names. */
  async *list(): AsyncIterable<string> {
    yield* filesUnder(this.dir);
  }

  /** Copies beside the folder first, then swaps: a failed copy leaves the files as they were. */
  async replaceAllFrom(dir: string) {
    const incoming = `${this.dir}.restoring`;
    fs.rmSync(incoming, { recursive: true, force: true });
    fs.cpSync(dir, incoming, { recursive: true });
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.renameSync(incoming, this.dir);
  }
}

/** The relative paths (with /) of the plain files under a folder, links and devices left out. */
export async function* filesUnder(root: string, prefix = ''): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (e) {
    if (missing(e)) return;
    throw e;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(root, key);
    else if (entry.isFile()) yield key;
  }
}
