import ExcelJS from 'exceljs';
import marcjs from 'marcjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInWorker } from '../src/lib/parse-worker/index.js';
import { cleanMarcText } from '../src/lib/parse-worker/marc.js';
import { WORKBOOK_MSG } from '../src/lib/workbooks/index.js';
import { parts, zip } from './lib/workbooks.js';
import { PHOTO_JPG, goodPayload, saveRequest } from './modules/admissions.js';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * Uploaded files are parsed in the parse worker (lib/parse-worker): a file that makes a parser run
 * away, or a bomb, is answered 400 with a clear message while the server keeps answering.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;

/** The library import's multipart body: one file and the dryRun field. */
function libraryUpload(filename: string, file: Buffer, dryRun: boolean) {
  const boundary = '----upload-parsers';
  return {
    method: 'POST' as const,
    url: '/api/library/import',
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${dryRun}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const titleCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('library_titles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the MARC import', () => {
  it('reads on past the element that sent marcjs into an endless loop, dry run or not, and the server answers on', async () => {
    // An element marcjs did not know after the leader: its parser restarted the record for ever.
    // A real XML parser walks the text once: the element is skipped, the record (no title) rejected.
    const runaway = Buffer.from(
      '<collection xmlns="http://www.loc.gov/MARC21/slim">\n  <record><leader>x</leader><x/></record>\n</collection>\n',
    );
    expect(runaway.length).toBe(108);
    const before = await titleCount();
    for (const dryRun of [true, false]) {
      const res = await t.as('librarian', libraryUpload('catalogue.xml', runaway, dryRun));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ records: 1, titlesCreated: 0, rejected: [{ row: 1, errors: ['Title is required'] }] });
      expect(await health()).toBe(200);
    }
    expect(await titleCount()).toBe(before);
  });

  it('refuses MARCXML that is not well-formed (a data field never closed) and reads a comment as XML does', async () => {
    const leader = '<leader>00000nam a2200000 a 4500</leader>';
    const open = `<record>${leader}<datafield tag="245" ind1="1" ind2="0"><subfield code="a">Open</subfield></record>`;
    expect(await parseInWorker('marc', { buf: Buffer.from(open), kind: 'marcxml', maxRecords: 10 })).toEqual({
      ok: false,
      reason: 'unreadable',
      detail: 'it is not well-formed XML (line 1, column 131: unexpected close tag)',
    });
    const comment = `<record>${leader}<!-- exported by Koha --><datafield tag="245" ind1="1" ind2="0"><subfield code="a">T</subfield></datafield></record>`;
    const records: unknown[] = [];
    const read = await parseInWorker(
      'marc',
      { buf: Buffer.from(comment), kind: 'marcxml', maxRecords: 10 },
      { onBatch: (b) => records.push(...b) },
    );
    expect(read).toEqual({ ok: true, result: { records: 1 } });
    expect(records).toEqual([{ leader: '00000nam a2200000 a 4500', fields: [['245', '10', 'a', 'T']] }]);
  });

  it('stores each field without markup, control characters (NUL too) or lone surrogates, from MARCXML and ISO 2709', async () => {
    // marcjs read a subfield's text from a fixed place in its start tag (after `code="ab` the second
    // half of the emoji, a lone surrogate); a code is now its first character.
    const xml = Buffer.from(
      '<collection><record><leader>00000nam a2200000 a 4500</leader>' +
        '<datafield tag="100" ind1="1" ind2=" "><subfield code="ab😀">Rao, K.</subfield></datafield>' +
        '<datafield tag="245" ind1="1" ind2="0"><subfield code="a">&lt;b&gt;Bold&lt;/b&gt; Opt\u0000ics\u0007 /</subfield></datafield>' +
        '<datafield tag="260" ind1=" " ind2=" "><subfield code="b">&lt;img src=x onerror=alert(1)&gt;Koha Press</subfield></datafield>' +
        '<datafield tag="952" ind1=" " ind2=" "><subfield code="p">CLEAN001</subfield></datafield>' +
        '</record></collection>',
    );
    const r = new marcjs.Record();
    r.leader = '00000nam a2200000 a 4500';
    r.append(
      ['100', '1 ', 'a', 'Devi,\u0000 L.'],
      ['245', '10', 'a', '<script>alert(1)</script>Clean\u001b Hydraulics'],
      ['952', '  ', 'p', 'CLEAN002'],
    );
    const mrc = Buffer.from(marcjs.Marc.format(r, 'iso2709'));

    for (const [name, file] of [
      ['clean.xml', xml],
      ['clean.mrc', mrc],
    ] as const) {
      const res = await t.as('librarian', libraryUpload(name, file, false));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ records: 1, titlesCreated: 1, copiesCreated: 1, rejected: [] });
    }
    const stored = await t.db
      .selectFrom('library_titles')
      .select(['title', 'authors', 'publisher'])
      .where('title', 'in', ['Bold Optics', 'alert(1)Clean Hydraulics'])
      .orderBy('title')
      .execute();
    expect(stored).toEqual([
      { title: 'Bold Optics', authors: 'Rao, K.', publisher: 'Koha Press' },
      { title: 'alert(1)Clean Hydraulics', authors: 'Devi, L.', publisher: '' },
    ]);
  });

  it('cleans text: control characters out, breaks as spaces, lone surrogates replaced, tags stripped to the last', () => {
    expect(cleanMarcText('తెలుగు 😀 a < b')).toBe('తెలుగు 😀 a < b');
    expect(cleanMarcText('a\u0000b\u001fc\u0085d\u007f')).toBe('abcd');
    expect(cleanMarcText('line\r\nbreak\ttab')).toBe('line break tab');
    expect(cleanMarcText('\ud83d|\ude00x')).toBe('\ufffd|\ufffdx');
    expect(cleanMarcText('<<b>b>Title')).toBe('Title');
    expect(cleanMarcText('<!-- c -->x<?php echo 1 ?></p>')).toBe('x');
    expect(cleanMarcText('<scr\u0000ipt>y')).toBe('y');
  });
});

describe('the library Excel import', () => {
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  const bombs = {
    /** about 100 MB of sheet in well under 1 MB, honestly declared */
    ratio: () =>
      zip(parts(Buffer.from(`<worksheet><sheetData>${row.repeat((100 * 1024 * 1024) / row.length)}</sheetData></worksheet>`))),
    /** declares a few hundred bytes and unpacks to 64 MB */
    lying: () => zip(parts(Buffer.alloc(64 * 1024 * 1024, 0x20), 300)),
    /** declares 3 GB */
    huge: () => zip(parts(Buffer.from('<worksheet/>'), 3 * 1024 * 1024 * 1024)),
  };

  it('refuses workbook bombs with 400 like the other imports, dry run or not, and the server answers on', async () => {
    const tooLarge = WORKBOOK_MSG.tooLarge({ maxInflatedBytes: 150 * 1024 * 1024 });
    for (const bomb of Object.values(bombs)) {
      const file = bomb();
      for (const dryRun of [true, false]) {
        const res = await t.as('librarian', libraryUpload('books.xlsx', file, dryRun));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(tooLarge);
      }
      expect(await health()).toBe(200);
    }
    expect(process.memoryUsage().rss / 1024 / 1024).toBeLessThan(1024);
  });

  it('still reads the sheet: a date column as yyyy-mm-dd, numbers as written', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Books');
    ws.addRow(['Title', 'ISBN', 'Year', 'Accession No', 'Price', 'Date Acquired']);
    ws.addRow(['Guarded Reader Design', 9788120305595, 2019, 'GRD001', 450.5, new Date(Date.UTC(2024, 5, 1))]);
    const res = await t.as('librarian', libraryUpload('books.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), false));
    expect(res.json()).toMatchObject({ format: 'excel', records: 1, titlesCreated: 1, copiesCreated: 1, rejected: [] });
    const copy = await t.db
      .selectFrom('library_copies')
      .innerJoin('library_titles', 'library_titles.id', 'library_copies.title_id')
      .select(['library_titles.isbn', 'library_titles.year', 'library_copies.price', 'library_copies.acquired_on'])
      .where('library_copies.accession_no', '=', 'GRD001')
      .executeTakeFirstOrThrow();
    expect(copy).toEqual({ isbn: '9788120305595', year: 2019, price: 45050, acquired_on: '2024-06-01' });
  });
});

describe('the parse worker', () => {
  const marc = (text: string) => ({ buf: Buffer.from(text), kind: 'marcxml' as const, maxRecords: 10 });
  const bigRecord = () =>
    marc(
      `<record><leader>00000nam a2200000 a 4500</leader><datafield tag="245" ind1="1" ind2="0"><subfield code="a">${'x'.repeat(96 * 1024 * 1024)}</subfield></datafield></record>`,
    );

  it('ends a parse that outgrows its heap: the caller is told, the process goes on', async () => {
    const read = await parseInWorker('marc', bigRecord(), { limits: { heapMb: 64 } });
    expect(read).toEqual({
      ok: false,
      reason: 'tooLarge',
      detail: 'reading it needs more than the 64 MB of memory an upload may use',
    });
    expect(await health()).toBe(200);
  });

  it('ends a parse that outlasts its time (a worker cannot even start in 1 ms)', async () => {
    const read = await parseInWorker('marc', marc('<record><leader>x</leader></record>'), { limits: { timeoutMs: 1 } });
    expect(read).toEqual({ ok: false, reason: 'tooSlow', detail: 'reading it took longer than 1 second' });
  });

  it('hands out records in batches of 1,000, in order', async () => {
    const records = Array.from(
      { length: 2500 },
      (_, i) => `<record><leader>00000nam a2200000 a 4500</leader><controlfield tag="001">${i}</controlfield></record>`,
    );
    const batches: number[][] = [];
    const read = await parseInWorker(
      'marc',
      { ...marc(records.join('\n')), maxRecords: 5000 },
      { onBatch: (recs) => batches.push(recs.map((r) => Number(r.fields[0][1]))) },
    );
    expect(read).toEqual({ ok: true, result: { records: 2500 } });
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(batches.flat()).toEqual(records.map((_, i) => i));
  });
});

describe('the admission photo', () => {
  const save = (data: Buffer) =>
    t.as('admissions', {
      method: 'POST',
      url: '/api/v1/saveApplicationFormData',
      ...saveRequest(goodPayload(), { data, filename: 'photo.jpg' }),
    });
  const admissions = async () =>
    Number(
      (
        await t.db
          .selectFrom('admissions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('is read in the parse worker: a JPEG with no frame, or of 65535 × 65535 pixels, is refused and nothing is saved', async () => {
    const before = await admissions();
    // SOI and the JFIF segment of the real photo, then nothing: no frame header.
    const truncated = await save(PHOTO_JPG.subarray(0, 20));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe('The file could not be read: it is not a readable JPEG, PNG or GIF image');
    // SOI, a baseline frame header of 65535 × 65535 (three components), end of image.
    const giant = Buffer.from('ffd8ffc0001108ffffffff03012200021101031101ffd9', 'hex');
    const huge = await save(giant);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(
      'The file could not be read: the image is 65535 × 65535 pixels, more than the 50 megapixels an upload may have',
    );
    expect(await admissions()).toBe(before);
    expect((await save(PHOTO_JPG)).statusCode).toBe(200);
  });
});
