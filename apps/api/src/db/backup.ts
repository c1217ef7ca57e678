import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.js';
import { ConfigError } from '../config.js';

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
 * Writes one .tar.gz holding a consistent copy of the database and the uploads, while the portal
 * runs: SQLite's online backup API (readers and writers carry on), pg_dump's snapshot on PostgreSQL.
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
    if (fs.existsSync(config.UPLOAD_DIR)) fs.cpSync(config.UPLOAD_DIR, path.join(work, 'uploads'), { recursive: true });
    else fs.mkdirSync(path.join(work, 'uploads'));
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const target = path.resolve(outFile ?? path.join('backups', `erp-${stamp()}.tar.gz`));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    await run('tar', ['-czf', target, '-C', work, '.']);
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Brings a backup back: the database replaced whole, the uploads folder replaced whole. Stop the
 * portal first (a running server would keep writing to what is being replaced).
 */
export async function restore(config: Config, file: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new ConfigError(`No backup file at ${file}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', work]);
    const manifestPath = path.join(work, 'manifest.json');
    if (!fs.existsSync(manifestPath)) throw new ConfigError(`${file} is not a portal backup (no manifest.json)`);
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
    if (manifest.dialect !== config.database.dialect) {
      throw new ConfigError(
        `This backup is of a ${manifest.dialect} database; DATABASE_URL points at ${config.database.dialect}`,
      );
    }
    const dump = path.join(work, manifest.database);
    if (config.database.dialect === 'sqlite') {
      const target = config.database.file;
      fs.mkdirSync(path.dirname(target), { recursive: true });
      for (const suffix of ['-wal', '-shm']) fs.rmSync(`${target}${suffix}`, { force: true });
      fs.copyFileSync(dump, `${target}.restoring`);
      fs.renameSync(`${target}.restoring`, target);
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
    fs.rmSync(config.UPLOAD_DIR, { recursive: true, force: true });
    fs.cpSync(path.join(work, 'uploads'), config.UPLOAD_DIR, { recursive: true });
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
