import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/db/backup.js';
import { createDb } from '../src/db/index.js';
import { createTestApp, type TestApp } from './helpers.js';
import { startFakeS3, type FakeS3 } from './lib/s3rver.js';

/** `npm run db:backup` / `db:restore` with STORAGE_URL: the bucket's objects go in the archive and come back. */
let s3: FakeS3;
let t: TestApp;
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-backups-s3-'));
beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createTestApp({ env: s3.env });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  fs.rmSync(out, { recursive: true, force: true });
});

const tarList = (file: string) => execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
const bucket = async () =>
  Object.fromEntries(await Promise.all((await s3.keys()).map(async (k) => [k, (await s3.get(k))!.toString()])));

describe('backup and restore with object storage', () => {
  it('puts the bucket’s objects in the private archive, and a restore makes the bucket what it was', async () => {
    await s3.put('SVEC/admissions/SVEC_2026_00001.jpg', 'the original photo');
    await s3.put('SRK/grievances/GRV-2026-00001-a.pdf', '%PDF- the attachment');
    const students = () => t.db.selectFrom('students').select(['roll_no', 'full_name']).orderBy('id').execute();
    const before = await students();

    const file = await backup(t.config, path.join(out, 'private', 's3.tar.gz'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(out, 'private')).mode & 0o777).toBe(0o700);
    const entries = tarList(file);
    expect(entries).toContain('./uploads/SVEC/admissions/SVEC_2026_00001.jpg');
    expect(entries).toContain('./uploads/SRK/grievances/GRV-2026-00001-a.pdf');

    // After the backup: a photo replaced, a file added, a student renamed.
    await s3.put('SVEC/admissions/SVEC_2026_00001.jpg', 'overwritten');
    await s3.put('SVEC/bills/bill-9.pdf', 'new since the backup');
    await t.db.updateTable('students').set({ full_name: 'CHANGED' }).execute();

    await expect(restore(t.config, file)).rejects.toThrow('stop it before restoring');
    expect((await s3.get('SVEC/admissions/SVEC_2026_00001.jpg'))!.toString()).toBe('overwritten');

    await t.app.close();
    await t.db.destroy();
    await restore(t.config, file);
    expect(await bucket()).toEqual({
      'SRK/grievances/GRV-2026-00001-a.pdf': '%PDF- the attachment',
      'SVEC/admissions/SVEC_2026_00001.jpg': 'the original photo',
    });
    const db = await createDb(t.config.database);
    try {
      expect(await db.selectFrom('students').select(['roll_no', 'full_name']).orderBy('id').execute()).toEqual(before);
    } finally {
      await db.destroy();
    }
    // The bucket is where the files are: UPLOAD_DIR is never written.
    expect(fs.readdirSync(t.config.UPLOAD_DIR)).toEqual([]);
  });

  it('restores a backup of UPLOAD_DIR into the bucket: the way from local files to object storage', async () => {
    const local = { ...t.config, storage: { kind: 'local' as const } };
    fs.mkdirSync(path.join(t.config.UPLOAD_DIR, 'SVEC', 'alumni'), { recursive: true });
    fs.writeFileSync(path.join(t.config.UPLOAD_DIR, 'SVEC', 'alumni', 'cert.pdf'), 'from the local disk');
    const file = await backup(local, path.join(out, 'local.tar.gz'));
    fs.rmSync(path.join(t.config.UPLOAD_DIR, 'SVEC'), { recursive: true });
    await restore(t.config, file);
    expect(await bucket()).toEqual({ 'SVEC/alumni/cert.pdf': 'from the local disk' });
  });

  it('refuses an archive holding a link, and leaves the bucket as it was', async () => {
    const dir = fs.mkdtempSync(path.join(out, 'evil-'));
    fs.writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({ format: 1, dialect: t.config.database.dialect, createdAt: '', database: 'database.sqlite' }),
    );
    fs.mkdirSync(path.join(dir, 'uploads', 'SVEC'), { recursive: true });
    fs.symlinkSync('/etc/passwd', path.join(dir, 'uploads', 'SVEC', 'passwd'));
    const file = path.join(out, 'evil.tar.gz');
    execFileSync('tar', ['-czf', file, '-C', dir, '.']);
    await expect(restore(t.config, file)).rejects.toThrow(
      `${file} is not restored: it holds a symbolic link (./uploads/SVEC/passwd)`,
    );
    expect(await bucket()).toEqual({ 'SVEC/alumni/cert.pdf': 'from the local disk' });
  });
});
