import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@erp/shared';
import { WORKBOOK_MSG } from '../src/lib/workbooks/index.js';
import { parts, zip } from './lib/workbooks.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Workbook bombs through the upload calls: each is answered 400 with a clear message while the
 * server keeps answering, and this process's memory stays under a ceiling (the parse runs in a
 * worker with a heap limit, after the archive's declared sizes are checked).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function multipart(file: Buffer) {
  const boundary = '----erpbomb' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="excelFileUpload"; filename="book.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
/** About 100 MB of sheet in well under 1 MB, honestly declared. */
const ratioBomb = () =>
  zip(parts(Buffer.from(`<worksheet><sheetData>${row.repeat((100 * 1024 * 1024) / row.length)}</sheetData></worksheet>`)));
/** Declares a few hundred bytes and unpacks to 64 MB. */
const lyingBomb = () => zip(parts(Buffer.alloc(64 * 1024 * 1024, 0x20), 300));
/** Declares 3 GB. */
const hugeBomb = () => zip(parts(Buffer.from('<worksheet/>'), 3 * 1024 * 1024 * 1024));

const MEMORY_CEILING_MB = 1024;

describe('workbook bombs', () => {
  it('the admissions upload (dry run or not) and the results import refuse each with 400, and the server keeps answering', async () => {
    const bombs = [ratioBomb(), lyingBomb(), hugeBomb()];
    const tooLarge = WORKBOOK_MSG.tooLarge({ maxInflatedBytes: 150 * 1024 * 1024 });
    for (const bomb of bombs) {
      for (const dryRun of ['true', 'false']) {
        const res = await t.as('admissions', {
          method: 'POST',
          url: `/api/v1/masterDataExcelsUploads?fileType=newAdmissionsForm&dryRun=${dryRun}`,
          ...multipart(bomb),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message: MSG.unableToUploadExcel, reason: tooLarge });
      }
      const results = await t.as('examcell', { method: 'POST', url: '/api/exam-results/import', ...multipart(bomb) });
      expect(results.statusCode).toBe(400);
      expect(results.json()).toEqual({ message: MSG.unableToUploadExcel, errors: [tooLarge] });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    }
    expect(process.memoryUsage().rss / 1024 / 1024).toBeLessThan(MEMORY_CEILING_MB);
  });

  it('answers other requests while a large upload is parsed', async () => {
    const upload = t.as('examcell', { method: 'POST', url: '/api/exam-results/import', ...multipart(ratioBomb()) });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect((await upload).statusCode).toBe(400);
  });
});
