import type { Config } from '../../config.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { FileStorage } from './storage.js';

export type { FileStorage } from './storage.js';
export { checkKey } from './storage.js';
export { storageTarget, StorageSettingError, type StorageTarget, type S3Target } from './target.js';

const opened = new Map<string, FileStorage>();

/**
 * The storage the configuration names: the bucket of STORAGE_URL, else the folder UPLOAD_DIR.
 * One per target per process, so every module (and app, in tests) shares one S3 client.
 */
export function fileStorage(config: Pick<Config, 'storage' | 'UPLOAD_DIR'>): FileStorage {
  const { storage: target } = config;
  const id = target.kind === 'local' ? `local:${config.UPLOAD_DIR}` : JSON.stringify(target);
  let storage = opened.get(id);
  if (!storage) {
    storage = target.kind === 'local' ? new LocalStorage(config.UPLOAD_DIR) : new S3Storage(target);
    opened.set(id, storage);
  }
  return storage;
}
