import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileStorage } from './index.js';
import { LocalStorage } from './local.js';
import { checkKey } from './storage.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-local-storage-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('local storage (UPLOAD_DIR)', () => {
  const storage = new LocalStorage(path.join(dir, 'uploads'));

  it('keeps a file at UPLOAD_DIR/<key>, as the uploads always were', async () => {
    await storage.put('SVEC/bills/bill-1.pdf', Buffer.from('%PDF-1'));
    expect(fs.readFileSync(path.join(dir, 'uploads', 'SVEC', 'bills', 'bill-1.pdf'), 'utf8')).toBe('%PDF-1');
    expect((await storage.get('SVEC/bills/bill-1.pdf'))!.toString()).toBe('%PDF-1');
    expect(await storage.exists('SVEC/bills/bill-1.pdf')).toBe(true);
    const stream = (await storage.open('SVEC/bills/bill-1.pdf'))!;
    expect(Buffer.concat(await stream.toArray()).toString()).toBe('%PDF-1');
  });

  it('answers null or false for a file that is not there (or a folder), and deletes one already gone quietly', async () => {
    expect(await storage.get('SVEC/bills/none.pdf')).toBeNull();
    expect(await storage.open('SVEC/bills/none.pdf')).toBeNull();
    expect(await storage.open('SVEC/bills')).toBeNull();
    expect(await storage.exists('SVEC/bills')).toBe(false);
    await storage.delete('SVEC/bills/none.pdf');
  });

  it('moves a file to another key, and lists plain files only', async () => {
    await storage.put('SVEC/admissions/.tmp1.tmp', Buffer.from('photo'));
    await storage.move('SVEC/admissions/.tmp1.tmp', 'SVEC/admissions/SVEC_2026_00001.jpg');
    fs.symlinkSync('/etc/passwd', path.join(dir, 'uploads', 'SVEC', 'passwd'));
    const keys = [];
    for await (const k of storage.list()) keys.push(k);
    expect(keys).toEqual(['SVEC/admissions/SVEC_2026_00001.jpg', 'SVEC/bills/bill-1.pdf']);
  });

  it('refuses a key that would leave UPLOAD_DIR', async () => {
    for (const bad of ['../etc/passwd', 'SVEC/../../x', '/etc/passwd', 'SVEC//x', 'SVEC/./x', 'a\\b', ''])
      expect(() => checkKey(bad), bad).toThrow(`Not a storage key: "${bad}"`);
    await expect(storage.get('SVEC/../../../etc/passwd')).rejects.toThrow('Not a storage key');
    await expect(storage.put('../outside.txt', Buffer.from('x'))).rejects.toThrow('Not a storage key');
    expect(fs.existsSync(path.join(dir, 'outside.txt'))).toBe(false);
  });

  it('is the one storage of a configuration without STORAGE_URL', () => {
    const a = fileStorage({ storage: { kind: 'local' }, UPLOAD_DIR: path.join(dir, 'uploads') });
    expect(a).toBeInstanceOf(LocalStorage);
    expect(a.where).toBe(path.join(dir, 'uploads'));
    expect(fileStorage({ storage: { kind: 'local' }, UPLOAD_DIR: path.join(dir, 'uploads') })).toBe(a);
  });
});
