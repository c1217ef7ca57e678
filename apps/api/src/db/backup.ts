import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { Config } from '../config.js';
import { ConfigError } from '../config.js';
import { fileStorage, type FileStorage } from '../lib/storage/index.js';
import { extractBackup } from './backup-archive.js';
import { claimForRestore } from './in-use.js';

const run = promisify(execFile);

/** What a backup holds, written beside the database in the archive. */
interface Manifest {
  format: 1;
  dialect: 'sqlite' | 'postgres';
  createdAt: string;
  database: string;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);

async function tool(name: string, args: string[]) {
  try {
    return await run(name, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ConfigError(`${name} is not installed: the PostgreSQL client tools are needed for this`);
    throw e;
  }
}

/**
 * Writes one .tar.gz holding a consistent copy of the database and the files (UPLOAD_DIR, or the
 * bucket of STORAGE_URL, laid out the same under uploads/), while the portal runs: SQLite's online
 * backup API (readers and writers carry on), pg_dump's snapshot on PostgreSQL.
 */
export async function backup(config: Config, outFile?: string): Promise<string> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-backup-'));
  try {
    const manifest: Manifest = { format: 1, dialect: config.database.dialect, createdAt: new Date().toISOString(), database: '' };
    if (config.database.dialect === 'sqlite') {
      const Sqlite = (await import('better-sqlite3')).default;
      const source = new Sqlite(config.database.file, { readonly: true, fileMustExist: true });
      try {
        await source.backup(path.join(work, 'database.sqlite'));
      } finally {
        source.close();
      }
      manifest.database = 'database.sqlite';
    } else {
      await tool('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(work, 'database.pgdump'), config.database.url]);
      manifest.database = 'database.pgdump';
    }
    await copyFiles(fileStorage(config), path.join(work, 'uploads'));
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const target = path.resolve(outFile ?? path.join('backups', `erp-${stamp()}.tar.gz`));
    await writePrivately(target, (file) => run('tar', ['-czf', file, '-C', work, '.']));
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Every stored file into `dir` under its key. Files only: a link in UPLOAD_DIR would point the
 * backup (and a restore) at whatever it names; keys are plain relative paths (checkKey).
 */
async function copyFiles(storage: FileStorage, dir: string) {
  fs.mkdirSync(dir);
  for await (const key of storage.list()) {
    const source = await storage.open(key);
    if (!source) continue; // removed since it was listed
    const target = path.join(dir, ...key.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await pipeline(source, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
  }
}

/**
 * The archive holds password hashes and Aadhaar numbers: readable by its owner only (0600), in a
 * folder of its own (0700) when the backup makes one. Written beside the target and renamed onto
 * it, so a file already there (with wider permissions) is replaced, never half-written.
 */
async function writePrivately(target: string, write: (file: string) => Promise<unknown>) {
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.${process.pid}.partial`;
  fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  try {
    await write(partial);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, target);
  } catch (e) {
    fs.rmSync(partial, { force: true });
    throw e;
  }
}

const DUMPS = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;

/** The manifest of an extracted backup, checked: a backup of this dialect, its files where they belong. */
function readManifest(work: string, file: string, dialect: Manifest['dialect']): Manifest {
  const notBackup = (why: string) => new ConfigError(`${file} is not a portal backup (${why})`);
  const at = path.join(work, 'manifest.json');
  if (!fs.existsSync(at)) throw notBackup('no manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(at, 'utf8')) as Manifest;
  } catch {
    throw notBackup('manifest.json is not JSON');
  }
  if (manifest?.format !== 1 || !(manifest.dialect in DUMPS)) throw notBackup('manifest.json is not one this version writes');
  if (manifest.dialect !== dialect) {
    throw new ConfigError(`This backup is of a ${manifest.dialect} database; DATABASE_URL points at ${dialect}`);
  }
  // Named by the manifest, but only ever the one dump of its dialect.
  if (
    manifest.database !== DUMPS[dialect] ||
    !fs.lstatSync(path.join(work, manifest.database), { throwIfNoEntry: false })?.isFile()
  ) {
    throw notBackup(`no ${DUMPS[dialect]}`);
  }
  if (!fs.lstatSync(path.join(work, 'uploads'), { throwIfNoEntry: false })?.isDirectory()) throw notBackup('no uploads folder');
  return manifest;
}

/**
 * Brings a backup back: the database replaced whole, the files replaced whole (UPLOAD_DIR's folder
 * swapped; a bucket's objects put back and the ones the backup did not hold removed). Refused
 * while a server (or anything else) has the database open (in-use.ts): stop the portal first.
 */
export async function restore(config: Config, file: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new ConfigError(`No backup file at ${file}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-restore-'));
  try {
    await extractBackup(file, work);
    const manifest = readManifest(work, file, config.database.dialect);
    const dump = path.join(work, manifest.database);
    const release = await claimForRestore(config.database);
    try {
      if (config.database.dialect === 'sqlite') {
        fs.mkdirSync(path.dirname(config.database.file), { recursive: true });
        // SQLite's backup API, into the database: one transaction, so never half-restored.
        const Sqlite = (await import('better-sqlite3')).default;
        const source = new Sqlite(dump, { readonly: true, fileMustExist: true });
        try {
          await source.backup(config.database.file);
        } finally {
          source.close();
        }
      } else {
        await tool('pg_restore', [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--single-transaction',
          '--dbname',
          config.database.url,
          dump,
        ]);
      }
      await fileStorage(config).replaceAllFrom(path.join(work, 'uploads'));
    } finally {
      await release();
    }
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
