import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('refuses a file that is not a backup', async () => {
    const bogus = path.join(out, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not an archive');
    await expect(restore(t.config, bogus)).rejects.toThrow();
    await expect(restore(t.config, path.join(out, 'missing.tar.gz'))).rejects.toThrow(/No backup file at/);
  });
});
