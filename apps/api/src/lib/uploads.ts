import { Readable } from 'node:stream';
import type { FileStorage } from './storage/index.js';

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

/** The key of a file: <college code>/<folder>/<name>, as the `*_path` columns hold it. */
export const uploadKey = (collegeCode: string, folder: string, name: string) => [collegeCode, folder, name].map(safe).join('/');

/** Stores a file under <college code>/<folder>/<name> in the configured storage; returns its key. */
export async function storeUpload(storage: FileStorage, collegeCode: string, folder: string, name: string, data: Buffer) {
  const key = uploadKey(collegeCode, folder, name);
  await storage.put(key, data);
  return key;
}

/** The whole file (to draw into a PDF, say); null when it is gone. */
export async function readUpload(storage: FileStorage, key: string): Promise<Buffer | null> {
  return storage.get(key);
}

/** A stored file opened for sending: its first bytes (to tell its type) and all of it as a stream. */
export interface OpenedUpload {
  head: Buffer;
  body: Readable;
}

const HEAD_BYTES = 64;

/** Opens a stored file to stream to the client; null when it is gone. */
export async function openUpload(storage: FileStorage, key: string): Promise<OpenedUpload | null> {
  const opened = await storage.open(key);
  if (!opened) return null;
  const stream = opened;
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const held: Buffer[] = [];
  let length = 0;
  try {
    while (length < HEAD_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      held.push(next.value);
      length += next.value.length;
    }
  } catch (e) {
    stream.destroy();
    throw e;
  }
  const head = Buffer.concat(held);
  async function* all() {
    try {
      if (head.length) yield head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } finally {
      // The client went away mid-download: close the file or the bucket's response.
      stream.destroy();
    }
  }
  return { head, body: Readable.from(all(), { objectMode: false }) };
}

/** Removes stored files (those of a write that failed); a file already gone is no error. */
export async function removeUploads(storage: FileStorage, keys: Array<string | null>) {
  for (const key of keys) if (key) await storage.delete(key);
}
