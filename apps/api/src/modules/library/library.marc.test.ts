import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/marc-fixtures.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { LIB } from '../../../test/modules/library.js';

/**
 * The MARC 21 import on real files (test/fixtures/marc, README there names each source) and the
 * export, read back by readers that share no code with the import: one written here from the
 * MARC 21 specification for ISO 2709, @xmldom/xmldom for MARCXML, and pymarc where Python has it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MARC_NS = 'http://www.loc.gov/MARC21/slim';

function upload(filename: string, buffer: Buffer, dryRun = false) {
  const boundary = '----library-marc-test';
  return {
    method: 'POST' as const,
    url: `${LIB}/import`,
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${dryRun}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const importFile = async (name: string, buffer = fixture(name)) => {
  const res = await t.as('librarian', upload(name, buffer));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const TITLE_COLUMNS = [
  'title',
  'subtitle',
  'authors',
  'isbn',
  'publisher',
  'year',
  'subjects',
  'call_number',
  'item_type',
  'pages',
] as const;
const titleNamed = (title: string) =>
  t.db
    .selectFrom('library_titles')
    .select(['id', ...TITLE_COLUMNS])
    .where('title', '=', title)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const copiesOf = (titleId: number) =>
  t.db
    .selectFrom('library_copies')
    .select(['accession_no', 'shelf_location', 'acquired_on'])
    .where('title_id', '=', titleId)
    .orderBy('accession_no')
    .execute();

/** A MARCXML record (UTF-8) built in the test, for what no fixture has. */
const xmlRecord = (leader: string, fields: Array<[string, string] | [string, string, ...string[]]>) =>
  `<record><leader>${leader}</leader>${fields
    .map(([tag, ...rest]) =>
      rest.length === 1
        ? `<controlfield tag="${tag}">${rest[0]}</controlfield>`
        : `<datafield tag="${tag}" ind1="${rest[0][0]}" ind2="${rest[0][1]}">${rest
            .slice(1)
            .map((v, i, a) => (i % 2 ? '' : `<subfield code="${v}">${a[i + 1]}</subfield>`))
            .join('')}</datafield>`,
    )
    .join('')}</record>`;
const collection = (...records: string[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="${MARC_NS}">${records.join('\n')}</collection>`);

describe('the MARC import, on real files', () => {
  it('converts MARC-8 (leader/09 blank): French diacritics and romanized Hebrew, Arabic, Russian, Chinese titles, never "\ufffd"', async () => {
    const report = await importFile('marc8-scripts.mrc');
    expect(report).toMatchObject({ format: 'marc', records: 6, rejected: [] });
    expect(await titleNamed('Lascaux en Périgord noir')).toMatchObject({
      subtitle: 'environnement, art pariétal et conservation',
      authors: 'Vouvé, J.',
      isbn: '9782865770311',
      publisher: 'P. Fanlac',
      year: 1982,
      // 650/651 with their $z and $x subdivisions
      subjects:
        'Cave paintings -- France -- Périgord; Paleolithic period -- France -- Périgord; Art, Prehistoric -- France -- Périgord; Périgord (France) -- Antiquities',
      item_type: 'book',
    });
    expect(await titleNamed('Optsyah poʼeṭit')).toMatchObject({
      subtitle: '2 meshorerim',
      authors: 'Aleph, Arik.; Edelheit, Amos.; Moked, Gabriel.',
      publisher: 'Karmel',
      year: 2006,
    });
    expect(await titleNamed('Fiqh al-daʻwah ilá Allāh taʻālá fī ḍawʼ ḥadīth ibn ʻUmar')).toMatchObject({
      authors: 'Abā Buṭayn, Aḥmad ibn Muḥammad ibn ʻAbd Allāh.',
      publisher: 'Jāmiʻat al-Imām Muḥammad ibn Saʻūd al-Islāmīyah',
    });
    expect(await titleNamed('90-e')).toMatchObject({
      subtitle: 'kino, kotoroe my poteri\ufe20a\ufe21li',
      call_number: 'PN1993.5.R8 A15 2007',
      subjects: 'Motion pictures -- Russia (Federation) -- History and criticism; Nineteen nineties',
    });
    expect(await titleNamed('Beijing fu nü fa zhan bao gao, 1995-2005')).toMatchObject({ pages: 484 });
    // leader/06 i: a nonmusical sound recording is on the CD / DVD shelf, with no page count
    expect(await titleNamed('1984')).toMatchObject({ authors: 'Orwell, George; Jacobi, Derek.', item_type: 'cd', pages: null });
    const stored = await t.db.selectFrom('library_titles').select(TITLE_COLUMNS).execute();
    expect(JSON.stringify(stored)).not.toContain('\ufffd');
  });

  it('reads a MARC-8 record whose leader says UTF-8, and a UTF-8 one in decomposed letters, as composed text', async () => {
    await importFile('marc8-flagged-utf8-852.mrc');
    expect(await titleNamed('Histoire du "nouveau théâtre."')).toMatchObject({
      authors: 'Serreau, Geneviève.',
      year: 1966,
      subjects: 'French drama -- 20th century -- History and criticism',
    });
  });

  it('reads MARCXML with the marc: prefix (Library of Congress) and attributes in any order (Koha); a file with no record is a 400', async () => {
    const loc = await importFile('loc-namespaced.xml');
    expect(loc).toMatchObject({ format: 'marcxml', records: 2, titlesCreated: 2, rejected: [] });
    // leader/06 j (a sound recording) and m (a computer file); 050 kept with no 082
    expect(await titleNamed('The Great Ray Charles')).toMatchObject({
      item_type: 'cd',
      call_number: 'Atlantic 1259',
      year: 1957,
      subjects: 'Jazz -- 1951-1960; Piano with jazz ensemble',
    });
    expect(await titleNamed('The White House')).toMatchObject({
      item_type: 'cd',
      call_number: 'F204.W5',
      subjects:
        'White House (Washington, D.C.); United States. Executive Office of the President; United States. Office of the Vice President; United States. Office of the First Lady',
    });

    const koha = await importFile('koha-attribute-order.xml');
    expect(koha).toMatchObject({ records: 1, rejected: [] });
    expect(await titleNamed('Cinema and architecture : from historical to digital')).toMatchObject({
      authors: 'Penz, Francois.',
      isbn: '9780851705774',
      year: 1996,
    });

    for (const [name, file] of [
      ['oai-dc.xml', '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><record><header/><metadata/></record></OAI-PMH>'],
      ['other.xml', '<top xmlns="http://example.org/top"><record><x/></record></top>'],
      ['blank.mrc', '00000nam  22000000a 4500 no record terminator'],
    ]) {
      const res = await t.as('librarian', upload(name, Buffer.from(file)));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The file holds no MARC record');
    }
  });

  it('takes the year from 008/07-10 (Gregorian) before 264$c and 260$c, which may be in another calendar', async () => {
    await importFile('calendar-years.mrc');
    expect((await titleNamed('Ghurur va taassub')).year).toBe(1997); // 260$c "1376 [1997]"
    expect((await titleNamed('Sāo song sanē')).year).toBe(2003); // 260$c "2546 [2003]"

    const leader = '00000nam a2200000 a 4500';
    const file = collection(
      // a Nepali book dated in Bikram Sambat: 2021 BS is 1964
      xmlRecord(leader, [
        ['008', '640101s1964    np            000 0 nep d'],
        ['245', '10', 'a', 'Nepali Bikram Sambat Title'],
        ['260', '  ', 'a', 'Kathmandu :', 'b', 'Sajha Prakashan,', 'c', '2021 [1964]'],
      ]),
      // no year in 008: 264$c before 260$c
      xmlRecord(leader, [
        ['008', '190101nuuuu    ii            000 0 eng d'],
        ['245', '10', 'a', 'Undated 008 Title'],
        ['260', '  ', 'c', '2001'],
        ['264', ' 1', 'c', '2019'],
      ]),
    );
    expect(await importFile('years.xml', file)).toMatchObject({ records: 2, rejected: [] });
    expect((await titleNamed('Nepali Bikram Sambat Title')).year).toBe(1964);
    expect((await titleNamed('Undated 008 Title')).year).toBe(2019);
  });

  it('keeps the LC call number (050) when there is no 082, and prefers it when there are both', async () => {
    await importFile('marc8-french-050.mrc');
    expect(await titleNamed('Escape from loneliness')).toMatchObject({
      call_number: 'BF697 .T623',
      authors: 'Tournier, Paul.',
      year: 1962,
      subjects: 'Loneliness; Self; Social psychology; Social Isolation',
    });
    const both = collection(
      xmlRecord('00000nam a2200000 a 4500', [
        ['050', '00', 'a', 'QA76.73.P98', 'b', 'L88 2013'],
        ['082', '04', 'a', '005.13/3', '2', '23'],
        ['245', '10', 'a', 'Both Call Numbers Title'],
      ]),
    );
    await importFile('both.xml', both);
    expect((await titleNamed('Both Call Numbers Title')).call_number).toBe('QA76.73.P98 L88 2013');
  });
  it('takes a title without 245$a from 245$k, and cuts a value longer than the catalogue holds instead of refusing the record', async () => {
    const leader = '00000npc a2200000 a 4500';
    const long = 'with a subtitle of many words '.repeat(12).trim();
    const file = collection(
      xmlRecord(leader, [['245', '00', 'k', 'Papers of an archive title,', 'f', '1901-1950.']]),
      xmlRecord('00000nam a2200000 a 4500', [['245', '10', 'a', 'Long Subtitle Title :', 'b', long]]),
    );
    expect(await importFile('titles.xml', file)).toMatchObject({ records: 2, titlesCreated: 2, rejected: [] });
    expect((await titleNamed('Papers of an archive title')).item_type).toBe('book');
    const subtitle = (await titleNamed('Long Subtitle Title')).subtitle;
    expect(subtitle).toHaveLength(300);
    expect(subtitle).toBe(`${long.slice(0, 299).trimEnd()}…`);
  });
});

describe('copies from holdings (852) and Koha items (952)', () => {
  it('creates a copy per 852, numbered from the counter when it has no barcode', async () => {
    const report = await importFile('sound-recording-852.xml');
    expect(report).toMatchObject({ records: 1, titlesCreated: 1, copiesCreated: 2, rejected: [] });
    const title = await titleNamed('The Texas ranger');
    expect(title.item_type).toBe('cd');
    const copies = await copiesOf(title.id);
    expect(copies.map((c) => c.shelf_location).sort()).toEqual(['American Folklife Center, Library of Congress', 'DLC']);
    expect(copies.every((c) => /^\d{6}$/.test(c.accession_no))).toBe(true);
    expect(new Set(copies.map((c) => c.accession_no)).size).toBe(2);

    await importFile('marc8-flagged-utf8-852.mrc');
    const histoire = await titleNamed('Histoire du "nouveau théâtre."');
    expect(histoire.call_number).toBe('842 S4817hi'); // 852 $h
    expect((await copiesOf(histoire.id)).map((c) => c.shelf_location)).toEqual(['GRAD']);

    const koha = await importFile('sound-recording-952.mrc');
    expect(koha).toMatchObject({ copiesCreated: 1, rejected: [] });
    const blues = await titleNamed('Blues on Blonde on blonde');
    expect(blues.item_type).toBe('cd');
    expect((await copiesOf(blues.id)).map((c) => c.shelf_location)).toEqual(['muzerec']);
  });

  it('uses the barcode of 852$p and 952$p, and rejects a record whose date acquired is not a real date', async () => {
    const leader = '00000nam a2200000 a 4500';
    const file = collection(
      xmlRecord(leader, [
        ['245', '10', 'a', 'Holdings Barcode Title'],
        ['852', '  ', 'a', 'Main', 'c', 'Stack H-4', 'h', '530', 'i', 'R12', 'p', 'hb852-001'],
        ['852', '  ', 'b', 'Reference', 'p', 'HB852-002'],
      ]),
      xmlRecord(leader, [
        ['245', '10', 'a', 'Koha Dated Title'],
        ['952', '  ', 'p', 'KD952-001', 'c', 'Stack K', 'd', '2023-07-15', 'g', '450.50', 'e', 'Allied Books'],
      ]),
      xmlRecord(leader, [
        ['245', '10', 'a', 'Koha Bad Date Title'],
        ['952', '  ', 'p', 'KD952-002', 'd', '2023-02-30'],
      ]),
      xmlRecord(leader, [
        ['245', '10', 'a', 'Koha Old Date Title'],
        ['952', '  ', 'p', 'KD952-003', 'd', '1850-01-01'],
      ]),
    );
    const report = await importFile('holdings.xml', file);
    expect(report).toMatchObject({ records: 4, titlesCreated: 2, copiesCreated: 3 });
    expect(report.rejected).toEqual([
      { row: 3, errors: ['Date acquired "2023-02-30" is not a real date between 1900 and 2199 (yyyy-mm-dd)'] },
      { row: 4, errors: ['Date acquired "1850-01-01" is not a real date between 1900 and 2199 (yyyy-mm-dd)'] },
    ]);
    const held = await titleNamed('Holdings Barcode Title');
    expect(held.call_number).toBe('530 R12');
    expect(await copiesOf(held.id)).toMatchObject([
      { accession_no: 'HB852-001', shelf_location: 'Stack H-4' },
      { accession_no: 'HB852-002', shelf_location: 'Reference' },
    ]);
    const dated = await t.db
      .selectFrom('library_copies')
      .select(['acquired_on', 'price', 'vendor', 'shelf_location'])
      .where('accession_no', '=', 'KD952-001')
      .executeTakeFirstOrThrow();
    expect(dated).toEqual({ acquired_on: '2023-07-15', price: 45050, vendor: 'Allied Books', shelf_location: 'Stack K' });
    expect(
      await t.db
        .selectFrom('library_titles')
        .select('id')
        .where('title', 'in', ['Koha Bad Date Title', 'Koha Old Date Title'])
        .execute(),
    ).toEqual([]);
  });

  it('rejects the date acquired of an Excel row that is no real date, with the row and the reason', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Books');
    ws.addRow(['Title', 'Accession No', 'Date Acquired']);
    ws.addRow(['Sheet Good Date', 'SGD001', '2024-06-01']);
    ws.addRow(['Sheet Bad Date', 'SBD001', '31-06-2024']);
    ws.addRow(['Sheet Far Date', 'SFD001', '2400-01-01']);
    const report = await importFile('dates.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(report).toMatchObject({ records: 3, titlesCreated: 1, copiesCreated: 1 });
    expect(report.rejected).toEqual([
      { row: 3, errors: ['Date acquired "31-06-2024" is not a real date between 1900 and 2199 (yyyy-mm-dd)'] },
      { row: 4, errors: ['Date acquired "2400-01-01" is not a real date between 1900 and 2199 (yyyy-mm-dd)'] },
    ]);
  });

  it('rejects a damaged ISO 2709 record by its row and reads the records around it', async () => {
    const good = fixture('marc8-french-050.mrc');
    // the same record with its directory cut short: not a multiple of 12 characters
    const damaged = Buffer.concat([good.subarray(0, 30), good.subarray(31)]);
    const res = await t.as('librarian', upload('mixed.mrc', Buffer.concat([good, damaged, good]), true));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ records: 3 });
    expect(res.json().rejected).toEqual([{ row: 2, errors: ['The record could not be read: its directory is damaged'] }]);
  });
});

// ---------- the export, read back independently ----------

interface IsoField {
  tag: string;
  value?: string;
  ind?: string;
  subfields?: Array<[string, string]>;
}
/**
 * ISO 2709 as the MARC 21 specification lays it out, read here without the import's code: the
 * leader's record length and base address, 12-character directory entries (tag, length, start),
 * each field ended by 0x1E, the record by 0x1D.
 */
function readIso2709(buf: Buffer): Array<{ leader: string; fields: IsoField[] }> {
  const out = [];
  for (let at = 0; at < buf.length;) {
    const length = Number(buf.toString('ascii', at, at + 5));
    const rec = buf.subarray(at, at + length);
    expect(rec.length).toBe(length);
    expect(rec[length - 1]).toBe(0x1d);
    const leader = rec.toString('ascii', 0, 24);
    const base = Number(leader.slice(12, 17));
    expect(rec[base - 1]).toBe(0x1e);
    expect((base - 1 - 24) % 12).toBe(0);
    const fields: IsoField[] = [];
    for (let d = 24; d < base - 1; d += 12) {
      const entry = rec.toString('ascii', d, d + 12);
      const [tag, len, start] = [entry.slice(0, 3), Number(entry.slice(3, 7)), Number(entry.slice(7))];
      const data = rec.subarray(base + start, base + start + len);
      expect(data[len - 1]).toBe(0x1e);
      const text = data.subarray(0, len - 1).toString('utf8');
      if (tag < '010') fields.push({ tag, value: text });
      else {
        const [ind, ...subs] = text.split('\x1f');
        fields.push({ tag, ind, subfields: subs.map((s) => [s[0], s.slice(1)]) });
      }
    }
    out.push({ leader, fields });
    at += length;
  }
  return out;
}

/** A MARCXML document read by @xmldom/xmldom (not the import's parser), records in the MARC21/slim namespace only. */
function readMarcXml(text: string): Array<{ leader: string; fields: IsoField[] }> {
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  expect(doc.documentElement!.namespaceURI).toBe(MARC_NS);
  expect(doc.documentElement!.localName).toBe('collection');
  return Array.from(doc.getElementsByTagNameNS(MARC_NS, 'record')).map((r) => ({
    leader: r.getElementsByTagNameNS(MARC_NS, 'leader')[0].textContent ?? '',
    fields: Array.from(r.childNodes)
      .filter((n): n is Element => n.nodeType === 1)
      .filter((e) => e.localName !== 'leader')
      .map((e) =>
        e.localName === 'controlfield'
          ? { tag: e.getAttribute('tag')!, value: e.textContent ?? '' }
          : {
              tag: e.getAttribute('tag')!,
              ind: `${e.getAttribute('ind1')}${e.getAttribute('ind2')}`,
              subfields: Array.from(e.getElementsByTagNameNS(MARC_NS, 'subfield') as Iterable<Element>).map(
                (s): [string, string] => [s.getAttribute('code')!, s.textContent ?? ''],
              ),
            },
      ),
  }));
}

const pymarcHere = spawnSync('python3', ['-c', 'import pymarc'], { stdio: 'ignore' }).status === 0;

describe('the catalogue export (MARC 21 and MARCXML)', () => {
  it('writes each title and its copies, read back field for field by independent readers', async () => {
    await importFile('marc8-scripts.mrc');
    const file = collection(
      xmlRecord('00000nam a2200000 a 4500', [
        ['008', '240101s2023    ii            000 0 eng d'],
        ['020', '  ', 'a', '9788120340046'],
        ['082', '04', 'a', '621.381'],
        ['100', '1 ', 'a', 'Rao, K. Venkata'],
        ['245', '10', 'a', 'Export Round Trip Électronique :', 'b', 'circuits &amp; devices'],
        ['250', '  ', 'a', '3rd ed.'],
        ['264', ' 1', 'a', 'New Delhi :', 'b', 'PHI Learning,', 'c', '2023'],
        ['300', '  ', 'a', 'xii, 345 p.'],
        ['650', ' 0', 'a', 'Electronic circuits', 'v', 'Textbooks'],
        ['700', '1 ', 'a', 'Devi, L.'],
        ['852', '  ', 'c', 'Stack E-2', 'p', 'RTX-0001'],
        ['852', '  ', 'c', 'Stack E-3', 'p', 'RTX-0002'],
      ]),
    );
    await importFile('roundtrip.xml', file);
    const mine = await titleNamed('Export Round Trip Électronique');
    const hebrew = await titleNamed('Optsyah poʼeṭit');

    const mrc = await t.as('librarian', { method: 'GET', url: `${LIB}/catalogue.mrc` });
    expect(mrc.statusCode).toBe(200);
    expect(mrc.headers['content-type']).toBe('application/marc');
    expect(mrc.headers['content-disposition']).toBe('attachment; filename="catalogue.mrc"');
    const xml = await t.as('librarian', { method: 'GET', url: `${LIB}/catalogue.xml` });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/marcxml+xml');

    const fromIso = readIso2709(mrc.rawPayload);
    const fromXml = readMarcXml(xml.body);
    expect(fromXml.length).toBe(fromIso.length);
    const byId = (records: typeof fromIso, id: number) =>
      records.find((r) => r.fields.some((f) => f.tag === '001' && f.value === String(id)))!;
    const expected: IsoField[] = [
      { tag: '020', ind: '  ', subfields: [['a', '9788120340046']] },
      { tag: '082', ind: '04', subfields: [['a', '621.381']] },
      { tag: '100', ind: '1 ', subfields: [['a', 'Rao, K. Venkata']] },
      {
        tag: '245',
        ind: '10',
        subfields: [
          ['a', 'Export Round Trip Électronique :'],
          ['b', 'circuits & devices'],
        ],
      },
      { tag: '250', ind: '  ', subfields: [['a', '3rd ed']] },
      {
        tag: '264',
        ind: ' 1',
        subfields: [
          ['b', 'PHI Learning'],
          ['c', '2023'],
        ],
      },
      { tag: '300', ind: '  ', subfields: [['a', '345 p.']] },
      {
        tag: '650',
        ind: ' 4',
        subfields: [
          ['a', 'Electronic circuits'],
          ['x', 'Textbooks'],
        ],
      },
      { tag: '700', ind: '1 ', subfields: [['a', 'Devi, L.']] },
      {
        tag: '852',
        ind: '  ',
        subfields: [
          ['c', 'Stack E-2'],
          ['h', '621.381'],
          ['p', 'RTX-0001'],
        ],
      },
      {
        tag: '852',
        ind: '  ',
        subfields: [
          ['c', 'Stack E-3'],
          ['h', '621.381'],
          ['p', 'RTX-0002'],
        ],
      },
    ];
    for (const records of [fromIso, fromXml]) {
      const rec = byId(records, mine.id);
      expect(rec.leader.slice(5, 10)).toBe('nam a');
      expect(rec.fields.filter((f) => f.tag >= '010')).toEqual(expected);
      expect(rec.fields.find((f) => f.tag === '008')!.value!.slice(6, 11)).toBe('s2023');
      const heb = byId(records, hebrew.id);
      expect(heb.fields.find((f) => f.tag === '245')!.subfields).toEqual([
        ['a', 'Optsyah poʼeṭit :'],
        ['b', '2 meshorerim'],
      ]);
      expect(heb.fields.filter((f) => f.tag === '700').map((f) => f.subfields![0][1])).toEqual([
        'Edelheit, Amos.',
        'Moked, Gabriel.',
      ]);
    }
    // The binary export is UTF-8 and says so.
    expect(fromIso.every((r) => r.leader[9] === 'a')).toBe(true);

    if (!pymarcHere) return;
    // pymarc, where Python has it: the same titles and copies from both files.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marc-export-'));
    fs.writeFileSync(path.join(dir, 'c.mrc'), mrc.rawPayload);
    fs.writeFileSync(path.join(dir, 'c.xml'), xml.body);
    const script = `
import json, sys, pymarc
def view(records):
    return {r['001'].data: [r['245']['a'], [f['p'] for f in r.get_fields('852')]] for r in records}
iso = list(pymarc.MARCReader(open(sys.argv[1] + '/c.mrc', 'rb'), to_unicode=True, force_utf8=True))
print(json.dumps([view(iso), view(pymarc.parse_xml_to_array(sys.argv[1] + '/c.xml'))]))`;
    const run = spawnSync('python3', ['-c', script, dir], { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true });
    expect(run.status, run.stderr).toBe(0);
    const [isoView, xmlView] = JSON.parse(run.stdout);
    expect(isoView[String(mine.id)]).toEqual(['Export Round Trip Électronique :', ['RTX-0001', 'RTX-0002']]);
    expect(xmlView).toEqual(isoView);
  });

  it('is for the library staff only', async () => {
    for (const url of [`${LIB}/catalogue.mrc`, `${LIB}/catalogue.xml`]) {
      expect((await t.as('libraryassistant', { method: 'GET', url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
