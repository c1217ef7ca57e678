import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/db/backup.js';
import { createDb } from '../src/db/index.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-backups-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(out, { recursive: true, force: true });
});

/** What the comparison looks at: a few tables' rows and one upload. */
async function snapshot(db = t.db) {
  const events = await db.selectFrom('calendar_events').select(['title', 'start_date']).orderBy('id').execute();
  const students = await db.selectFrom('students').select(['roll_no', 'full_name']).orderBy('id').execute();
  const upload = path.join(t.config.UPLOAD_DIR, 'photos', 'a.jpg');
  return { events, students, upload: fs.existsSync(upload) ? fs.readFileSync(upload, 'utf8') : null };
}

describe('backup and restore', () => {
  it('backs up while the portal runs, and a restore brings back the data and the uploads', async () => {
    fs.mkdirSync(path.join(t.config.UPLOAD_DIR, 'photos'), { recursive: true });
    fs.writeFileSync(path.join(t.config.UPLOAD_DIR, 'photos', 'a.jpg'), 'the original photo');
    const before = await snapshot();
    expect(before.students.length).toBeGreaterThan(0);

    // A read in flight while the backup runs is not disturbed.
    const [file, health] = await Promise.all([
      backup(t.config, path.join(out, 'one.tar.gz')),
      t.app.inject({ method: 'GET', url: '/api/v1/getCollegeName' }),
    ]);
    expect(health.statusCode).toBe(200);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    // Change data and files after the backup.
    const collegeId = (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto('calendar_events')
      .values({
        college_id: collegeId,
        title: 'After the backup',
        kind: 'event',
        start_date: '2030-01-01',
        end_date: '2030-01-01',
        description: '',
        created_at: '2030-01-01T00:00:00Z',
      })
      .execute();
    await t.db.updateTable('students').set({ full_name: 'CHANGED' }).execute();
    fs.writeFileSync(path.join(t.config.UPLOAD_DIR, 'photos', 'a.jpg'), 'overwritten');
    fs.writeFileSync(path.join(t.config.UPLOAD_DIR, 'photos', 'b.jpg'), 'new file');
    expect(await snapshot()).not.toEqual(before);

    // Not under the running portal: it would go on reading and writing what is being replaced.
    await expect(restore(t.config, file)).rejects.toThrow(
      'A portal server (or another process) has this database open: stop it before restoring.',
    );
    expect(fs.readFileSync(path.join(t.config.UPLOAD_DIR, 'photos', 'a.jpg'), 'utf8')).toBe('overwritten');
    expect((await snapshot()).students[0]!.full_name).toBe('CHANGED');

    // The portal stopped (its files kept), the restore goes ahead.
    await t.app.close();
    await t.db.destroy();
    const manifest = await restore(t.config, file);
    expect(manifest.dialect).toBe(t.config.database.dialect);
    const db = await createDb(t.config.database);
    try {
      expect(await snapshot(db)).toEqual(before);
      expect(fs.existsSync(path.join(t.config.UPLOAD_DIR, 'photos', 'b.jpg'))).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('writes the archive (password hashes, Aadhaar numbers) readable by its owner only', async () => {
    const file = await backup(t.config, path.join(out, 'private', 'nested', 'two.tar.gz'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(out, 'private')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(out, 'private', 'nested')).mode & 0o777).toBe(0o700);

    // A file already at the path, readable by all, is replaced by a private one.
    const existing = path.join(out, 'existing.tar.gz');
    fs.writeFileSync(existing, 'old', { mode: 0o644 });
    await backup(t.config, existing);
    expect(fs.statSync(existing).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(out).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('refuses a file that is not a backup', async () => {
    const bogus = path.join(out, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not an archive');
    await expect(restore(t.config, bogus)).rejects.toThrow();
    await expect(restore(t.config, path.join(out, 'missing.tar.gz'))).rejects.toThrow(/No backup file at/);
  });

  describe('refuses an archive that reaches outside what it restores, and restores nothing from it', () => {
    const manifest = () =>
      entry('./manifest.json', JSON.stringify({ format: 1, dialect: t.config.database.dialect, createdAt: '', database: '' }));
    const outside = () => path.join(os.tmpdir(), `erp-escaped-${Math.random().toString(36).slice(2)}.txt`);

    async function attempt(name: string, ...entries: Buffer[]) {
      const file = path.join(out, `${name}.tar.gz`);
      fs.writeFileSync(file, zlib.gzipSync(Buffer.concat([manifest(), ...entries, Buffer.alloc(1024)])));
      const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-restore-uploads-'));
      fs.writeFileSync(path.join(uploads, 'kept.jpg'), 'kept');
      // A database nobody has open: the archive alone is why it is refused.
      const database =
        t.config.database.dialect === 'sqlite'
          ? { ...t.config.database, file: path.join(uploads, 'none.sqlite') }
          : t.config.database;
      try {
        const error = await restore({ ...t.config, database, UPLOAD_DIR: uploads }, file).then(
          () => null,
          (e: Error) => e.message,
        );
        expect(fs.readdirSync(uploads)).toEqual(['kept.jpg']);
        return error;
      } finally {
        fs.rmSync(uploads, { recursive: true, force: true });
      }
    }

    it('a path with ..', async () => {
      const escaped = outside();
      const name = path.relative(os.tmpdir(), escaped);
      expect(await attempt('dotdot', entry(`./uploads/../../${name}`, 'escaped'))).toBe(
        `${path.join(out, 'dotdot.tar.gz')} is not restored: it holds a path out of the backup (..) (./uploads/../../${name}). A portal backup holds only files and folders.`,
      );
      expect(fs.existsSync(escaped)).toBe(false);
    });

    it('a path with .. in a long (GNU or PAX) name', async () => {
      const long = `./uploads/${'a'.repeat(120)}/../../../escaped.txt`;
      const refused =
        /is not restored: it holds a path out of the backup \(\.\.\) \(\.\/uploads\/a+\/\.\.\/\.\.\/\.\.\/escaped\.txt\)/;
      expect(await attempt('gnu', entry('././@LongLink', long, 'L'), entry('./uploads/short', 'escaped'))).toMatch(refused);
      expect(
        await attempt('pax', entry('./PaxHeaders/short', paxRecord(`path=${long}`), 'x'), entry('./uploads/short', 'escaped')),
      ).toMatch(refused);
    });

    it('an absolute path', async () => {
      const escaped = outside();
      expect(await attempt('absolute', entry(escaped, 'escaped'))).toBe(
        `${path.join(out, 'absolute.tar.gz')} is not restored: it holds an absolute path (${escaped}). A portal backup holds only files and folders.`,
      );
      expect(fs.existsSync(escaped)).toBe(false);
    });

    it('a symbolic link', async () => {
      expect(await attempt('symlink', entry('./uploads/passwd', '', '2', '/etc/passwd'))).toBe(
        `${path.join(out, 'symlink.tar.gz')} is not restored: it holds a symbolic link (./uploads/passwd). A portal backup holds only files and folders.`,
      );
    });

    it('a hard link', async () => {
      expect(await attempt('hardlink', entry('./uploads/passwd', '', '1', '/etc/passwd'))).toBe(
        `${path.join(out, 'hardlink.tar.gz')} is not restored: it holds a hard link (./uploads/passwd). A portal backup holds only files and folders.`,
      );
    });

    it('a manifest naming a file outside the backup', async () => {
      const evil = entry(
        './manifest.json',
        JSON.stringify({ format: 1, dialect: t.config.database.dialect, createdAt: '', database: '../../etc/passwd' }),
      );
      const file = path.join(out, 'manifest.tar.gz');
      fs.writeFileSync(file, zlib.gzipSync(Buffer.concat([evil, entry('./uploads/', '', '5'), Buffer.alloc(1024)])));
      await expect(restore({ ...t.config, UPLOAD_DIR: path.join(out, 'never') }, file)).rejects.toThrow(
        `${file} is not a portal backup (no ${t.config.database.dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump'})`,
      );
      expect(fs.existsSync(path.join(out, 'never'))).toBe(false);
    });
  });
});

/** One tar entry (ustar header and data): type '0' a file, '5' a folder, '1'/'2' a hard/symbolic link, 'L'/'x' a long name. */
function entry(name: string, data: string | Buffer, type = '0', link = ''): Buffer {
  const body = Buffer.from(data);
  const header = Buffer.alloc(512);
  header.write(name.slice(0, 100), 0);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write(type, 156);
  header.write(link, 157);
  header.write('ustar\0', 257);
  header.write('00', 263);
  header.fill(' ', 148, 156);
  let sum = 0;
  for (const b of header) sum += b;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return Buffer.concat([header, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

/** A PAX extended header record: "<length> <key>=<value>\n", the length counting its own digits. */
function paxRecord(text: string): string {
  const rest = ` ${text}\n`;
  let length = rest.length + 1;
  while (String(length).length + rest.length !== length) length = String(length).length + rest.length;
  return `${length}${rest}`;
}
