import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live: the local UPLOAD_DIR (the embedded default) or an
 * S3-compatible bucket (STORAGE_URL), so several machines see the same files. A key is the
 * relative path the `*_path` columns hold, e.g. `SVEC/grievances/GRV-2026-00001-<uuid>.pdf`.
 */
export interface FileStorage {
  /** for messages: the folder, or s3://bucket/prefix */
  readonly where: string;
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** The file's bytes; null when there is none under the key. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream, opened (so a missing file is null, not a failed download); null when there is none. */
  open(key: string): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; one already gone is no error. */
  delete(key: string): Promise<void>;
  /** Renames a file (a temporary upload to its final key once its row is committed). */
  move(from: string, to: string): Promise<void>;
  /** Every key, for backups. */
  list(): AsyncIterable<string>;
  /** Restore: afterwards the storage holds exactly the files under `dir` (keys their relative paths). */
  replaceAllFrom(dir: string): Promise<void>;
}

/**
 * Keys are relative paths of plain segments: no `..`, `.`, empty or absolute parts, no backslash,
 * so no key can reach outside UPLOAD_DIR (or a backup's folder) whatever a row holds.
 */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (!key || parts.some((p) => p === '' || p === '.' || p === '..' || /[\\\0]/.test(p))) {
    throw new Error(`Not a storage key: "${key}" (a relative path without "..", "." or empty parts)`);
  }
  return key;
}

export const isKey = (key: string) => {
  try {
    checkKey(key);
    return true;
  } catch {
    return false;
  }
};
