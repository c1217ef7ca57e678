import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import marcjs from 'marcjs';
import { LIBRARY_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { barcodes } from './labels.js';
import { pdfText } from '../../../test/modules/payments.js';
import { LIB, newStudent, newStudentLogin, newTitle } from '../../../test/modules/library.js';
import { collegeId } from '../../../test/builders.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A multipart body with one file and a dryRun field. */
function upload(filename: string, buffer: Buffer, dryRun: boolean) {
  const boundary = '----library-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${dryRun}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    buffer,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST' as const,
    url: `${LIB}/import`,
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('catalogue', () => {
  it('stores an ISBN-10 as ISBN-13, refuses a bad checksum and merges a duplicate ISBN', async () => {
    const bad = await t.as('librarian', {
      method: 'POST',
      url: `${LIB}/titles`,
      payload: { title: 'Bad', isbn: '0-306-40615-3' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(LIBRARY_MSG.badIsbn);
    // 0-306-40615-2 is ISBN-13 978-0-306-40615-7.
    const ok = await t.as('librarian', {
      method: 'POST',
      url: `${LIB}/titles`,
      payload: { title: 'Signals and Systems', authors: 'Oppenheim', isbn: '0-306-40615-2', subjects: 'Signal processing' },
    });
    expect(ok.json()).toMatchObject({ merged: false, title: { isbn: '9780306406157' } });
    const again = await t.as('librarian', {
      method: 'POST',
      url: `${LIB}/titles`,
      payload: { title: 'Signals & Systems 2e', isbn: '978-0-306-40615-7' },
    });
    expect(again.json()).toMatchObject({ merged: true, title: { id: ok.json().title.id } });
  });

  it('numbers copies from the counter and finds titles by word, author and ISBN, also on the public OPAC', async () => {
    const a = await newTitle(t, { title: 'Thermodynamics for Zebrafish Engineers', copies: 3 });
    expect(a.accessions).toHaveLength(3);
    expect(Number(a.accessions[2]) - Number(a.accessions[0])).toBe(2);
    const found = await t.as('opac', { method: 'GET', url: `${LIB}/titles?q=zebrafish thermo` });
    expect(found.json().items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    expect(found.json().items[0]).toMatchObject({ copies: 3, available: 3, shelfLocations: ['Stack A-1'] });
    const pub = await t.app.inject({ method: 'GET', url: `${LIB}/opac?q=zebrafish` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().total).toBe(1);
    const srk = await t.app.inject({ method: 'GET', url: `${LIB}/opac?q=zebrafish`, headers: { host: 'srk.localhost' } });
    expect(srk.json().total).toBe(0);
    const dup = await t.as('librarian', {
      method: 'POST',
      url: `${LIB}/titles/${a.id}/copies`,
      payload: { accessionNo: a.accessions[0] },
    });
    expect(dup.json().message).toBe(LIBRARY_MSG.duplicateAccession);
  });

  it('answers each search from the catalogue as it is now: an edit, a title written outside the app, a copy lost', async () => {
    const ids = (res: { json(): { items: { id: number }[] } }) => res.json().items.map((i) => i.id);
    const a = await newTitle(t, { title: 'Quokka Hydraulics', copies: 2 });
    const first = await t.app.inject({ method: 'GET', url: `${LIB}/opac?q=quokka` });
    expect(ids(first)).toEqual([a.id]);
    expect(first.json().items[0]).toMatchObject({ copies: 2, available: 2 });

    const renamed = await t.as('librarian', {
      method: 'PUT',
      url: `${LIB}/titles/${a.id}`,
      payload: { title: 'Wombat Hydraulics', authors: 'Test Author', subjects: 'Testing', itemType: 'book' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${LIB}/opac?q=quokka` })).json()).toMatchObject({ total: 0, items: [] });
    expect(ids(await t.app.inject({ method: 'GET', url: `${LIB}/opac?q=wombat` }))).toEqual([a.id]);

    // Another process (an import script, a second API server) writes a title straight to the database.
    const now = new Date().toISOString();
    const other = await t.db
      .insertInto('library_titles')
      .values({
        college_id: await collegeId(t.db),
        title: 'Quokka Optics',
        subtitle: '',
        authors: 'Another Author',
        isbn: null,
        publisher: '',
        year: null,
        edition: '',
        subjects: '',
        call_number: '',
        language: 'English',
        pages: null,
        item_type: 'book',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(ids(await t.app.inject({ method: 'GET', url: `${LIB}/opac?q=quokka` }))).toEqual([other.id]);

    // Availability is never kept: a copy marked lost leaves the count on the next search.
    await t.db.updateTable('library_copies').set({ status: 'lost' }).where('accession_no', '=', a.accessions[0]).execute();
    expect((await t.app.inject({ method: 'GET', url: `${LIB}/opac?q=wombat` })).json().items[0]).toMatchObject({
      copies: 1,
      available: 1,
    });
  });

  it('prints Code 128 labels of a range of accession numbers on a 3 × 8 sheet', async () => {
    const { accessions } = await newTitle(t, { title: 'Label Printing Handbook', copies: 3 });
    const spy = vi.spyOn(barcodes, 'png');
    const res = await t.as('librarian', {
      method: 'GET',
      url: `${LIB}/labels.pdf?from=${accessions[0]}&to=${accessions[2]}&layout=3x8`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(spy.mock.calls.map((c) => c[0])).toEqual(accessions);
    // The embedded image is the generator's PNG for that text.
    const png = await barcodes.png(accessions[0]);
    expect(png.subarray(0, 4).toString('hex')).toBe('89504e47');
    spy.mockRestore();
    const none = await t.as('librarian', { method: 'GET', url: `${LIB}/labels.pdf?from=ZZZ1&to=ZZZ2` });
    expect(none.json().message).toBe('No copies with accession numbers from ZZZ1 to ZZZ2');
  });

  it('prints library cards with a Code 128 of each patron code, and names the codes it does not know', async () => {
    const a = await newStudent(t, { batch: '2027-2031' });
    const b = await newStudent(t, { batch: '2027-2031' });
    const spy = vi.spyOn(barcodes, 'png');
    const res = await t.as('librarian', { method: 'GET', url: `${LIB}/cards.pdf?codes=${a},${b.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(spy.mock.calls.map((c) => c[0])).toEqual([a, b]);
    spy.mockRestore();
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('LIBRARY CARD');
    expect(text).toContain(`Test Student ${a}`);
    expect(text).toContain(`Roll No: ${b}`);
    expect(text).toContain('Category: UG student');
    expect(text).toContain('Valid till: 31-12-2031');
    const unknown = await t.as('librarian', { method: 'GET', url: `${LIB}/cards.pdf?codes=${a},NOSUCH1` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(`${LIBRARY_MSG.patronNotFound}: NOSUCH1`);
    const none = await t.as('librarian', { method: 'GET', url: `${LIB}/cards.pdf?batch=1900-1904` });
    expect(none.json().message).toBe('No students in batch 1900-1904');
    expect((await t.as(await newStudentLogin(t), { method: 'GET', url: `${LIB}/cards.pdf?codes=${a}` })).statusCode).toBe(403);
  });
});

describe('imports', () => {
  it('imports ISO 2709 MARC with Koha items: dry run first, duplicate ISBNs merge, bad records rejected', async () => {
    const rec = (title: string, isbn: string, barcode: string) => {
      const r = new marcjs.Record();
      r.leader = '00000nam a2200000 a 4500';
      r.append(
        ['020', '  ', 'a', isbn],
        ['082', '04', 'a', '621.3'],
        ['100', '1 ', 'a', 'Rao, K.'],
        ['245', '10', 'a', `${title} /`],
        ['650', ' 0', 'a', 'Electronics'],
        ['952', '  ', 'p', barcode, 'c', 'Stack E-2', 'v', '450'],
      );
      return r;
    };
    const mrc = Buffer.from(
      [
        rec('Marc Circuits', '9788120305595', 'MRC001'),
        rec('Marc Circuits', '9788120305595', 'MRC002'),
        rec('', '', 'MRC003'),
        rec('Marc Devices', '', 'MRC001'),
      ]
        .map((r) => marcjs.Marc.format(r, 'iso2709'))
        .join(''),
    );
    const dry = await t.as('librarian', upload('catalogue.mrc', mrc, true));
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      format: 'marc',
      dryRun: true,
      records: 4,
      titlesCreated: 1,
      titlesMerged: 1,
      copiesCreated: 2,
    });
    expect(dry.json().rejected).toEqual([
      { row: 3, errors: ['Title is required'] },
      { row: 4, errors: ['Accession number MRC001 appears twice in the file'] },
    ]);
    expect((await t.as('librarian', { method: 'GET', url: `${LIB}/titles?q=marc circuits` })).json().total).toBe(0);
    const real = await t.as('librarian', upload('catalogue.mrc', mrc, false));
    expect(real.json().copiesCreated).toBe(2);
    const found = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles?q=9788120305595` })).json();
    expect(found.items[0]).toMatchObject({ title: 'Marc Circuits', authors: 'Rao, K.', callNumber: '621.3', copies: 2 });
  });

  it('reads MARC files of many slices whole, ISO 2709 and MARCXML, Telugu titles intact across slice ends', async () => {
    const TELUGU = 'తెలుగు వ్యాకరణం '.repeat(6);
    const N = 400; // about 170 kB of ISO 2709: five slices
    const rec = (i: number, prefix: string) => {
      const r = new marcjs.Record();
      r.leader = '00000nam a2200000 a 4500';
      r.append(
        ['100', '1 ', 'a', `రచయిత ${i}`],
        // mostly Telugu (three bytes a letter), so a slice cut at any byte would split a letter
        ['245', '10', 'a', `${TELUGU}${prefix} ${i} /`],
        ['650', ' 0', 'a', 'Telugu language -- Grammar'],
        ['952', '  ', 'p', `${prefix}${String(i).padStart(5, '0')}`, 'c', 'Stack T', 'v', '120'],
      );
      return r;
    };
    const records = (prefix: string) => Array.from({ length: N }, (_, i) => rec(i, prefix));
    const mrc = Buffer.from(
      records('TEL')
        .map((r) => marcjs.Marc.format(r, 'iso2709'))
        .join(''),
    );
    const xml = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="http://www.loc.gov/MARC21/slim">\n${records('TXM')
        .map((r) => marcjs.Marc.format(r, 'marcxml'))
        .join('\n')
        // as Koha writes it: letters in UTF-8, not as character references
        .replace(/&#x([0-9A-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))}\n</collection>\n`,
    );
    expect(mrc.length).toBeGreaterThan(5 * 32 * 1024);
    for (const [name, file, prefix] of [
      ['telugu.mrc', mrc, 'TEL'],
      ['telugu.xml', xml, 'TXM'],
    ] as const) {
      const res = await t.as('librarian', upload(name, file, false));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ records: N, titlesCreated: N, copiesCreated: N, rejected: [] });
      const last = (await t.as('librarian', { method: 'GET', url: `${LIB}/titles?q=${prefix} 399` })).json();
      expect(last.items).toHaveLength(1);
      expect(last.items[0]).toMatchObject({ title: `${TELUGU}${prefix} 399`, authors: 'రచయిత 399' });
    }
    const titles = await t.db.selectFrom('library_titles').select('title').where('title', 'like', 'తెలుగు%').execute();
    expect(titles).toHaveLength(2 * N);
    expect(titles.every((x) => x.title.startsWith(TELUGU) && /^(TEL|TXM) \d+$/.test(x.title.slice(TELUGU.length)))).toBe(true);
    const authors = await t.db.selectFrom('library_titles').select('authors').where('title', 'like', 'తెలుగు%').execute();
    expect(authors.every((x) => /^రచయిత \d+$/.test(x.authors))).toBe(true);
  });

  it('imports an Excel sheet with per-row rejects', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Books');
    ws.addRow(['Title', 'Authors', 'ISBN', 'Accession No', 'Price', 'Item Type']);
    ws.addRow(['Excel Fluid Mechanics', 'Modi', '', 'XL001', '650', 'book']);
    ws.addRow(['Excel Bad ISBN', 'X', '12345', 'XL002', '100', 'book']);
    ws.addRow(['Excel Journal', '', '', 'XL003', '', 'journal']);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await t.as('librarian', upload('books.xlsx', buf, false));
    expect(res.json()).toMatchObject({ format: 'excel', records: 3, titlesCreated: 2, copiesCreated: 2 });
    expect(res.json().rejected).toEqual([{ row: 3, errors: [LIBRARY_MSG.badIsbn] }]);
  });

  it('stores a formula cell by its cached value, and one with no cached value as empty, never "[object Object]"', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Books');
    ws.addRow(['Title', 'Authors', 'Publisher', 'Accession No', 'Item Type']);
    ws.addRow([
      { formula: 'UPPER("formula hydraulics")', result: 'FORMULA HYDRAULICS' },
      { formula: 'CONCAT("Ra","o")' },
      { formula: 'NA()', result: { error: '#N/A' } },
      'FX001',
      'book',
    ]);
    const res = await t.as('librarian', upload('formulas.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), false));
    expect(res.json()).toMatchObject({ records: 1, titlesCreated: 1, rejected: [] });
    const row = await t.db
      .selectFrom('library_titles')
      .select(['title', 'authors', 'publisher'])
      .where('title', '=', 'FORMULA HYDRAULICS')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'FORMULA HYDRAULICS', authors: '', publisher: '' });
  });
});
