import { Readable } from 'node:stream';
import type { Selectable } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { MarcRecord } from '../../lib/parse-worker/marc.js';
import type { Db } from '../../db/index.js';

/**
 * The catalogue as MARC 21, for another library system or a union catalogue: ISO 2709 in UTF-8
 * (leader/09 'a') or MARCXML in the Library of Congress namespace. One record a title (245,
 * 100/700, 020, 050 or 082, 250, 264, 300, 650) with an 852 for each copy on the shelves.
 * Titles are read 500 at a time and written as they are read, so a large catalogue is never held whole.
 */

type Title = Selectable<DB['library_titles']>;
type Copy = Pick<Selectable<DB['library_copies']>, 'title_id' | 'accession_no' | 'shelf_location'>;

const PAGE = 500;
const MARCXML_NS = 'http://www.loc.gov/MARC21/slim';
/** Copies no longer in the collection are not exported. */
const GONE = ['lost', 'withdrawn'];
/** ISO 2709 writes a record's length in five digits. */
const MAX_ISO_RECORD = 99_999;

const LEADER_TYPE: Record<string, string> = { book: 'am', reference: 'am', journal: 'as', cd: 'jm' };
/** A few names the catalogue form stores, as MARC language codes (008/35-37). */
const LANGUAGE_CODES: Record<string, string> = {
  english: 'eng',
  hindi: 'hin',
  telugu: 'tel',
  tamil: 'tam',
  kannada: 'kan',
  malayalam: 'mal',
  marathi: 'mar',
  bengali: 'ben',
  gujarati: 'guj',
  urdu: 'urd',
  sanskrit: 'san',
  french: 'fre',
  german: 'ger',
  spanish: 'spa',
};
const languageCode = (language: string) =>
  /^[a-z]{3}$/.test(language) ? language : (LANGUAGE_CODES[language.trim().toLowerCase()] ?? 'und');
/** A call number shaped like Dewey's (three digits first) goes to 082, anything else (LC) to 050. */
const isDewey = (callNumber: string) => /^\d{3}(\.\d+)?\b/.test(callNumber);

export function titleToMarc(t: Title, copies: Copy[]): MarcRecord {
  const sub = (...pairs: Array<[string, string | null | undefined]>) =>
    pairs.filter(([, v]) => v !== null && v !== undefined && v !== '').flatMap(([code, v]) => [code, v as string]);
  const entered = t.created_at.slice(2, 10).replace(/-/g, '');
  const year = t.year ? String(t.year) : '';
  const f008 = `${entered}${year ? 's' : 'n'}${year || 'uuuu'}    xx ${' '.repeat(17)}${languageCode(t.language)} d`;
  const authors = t.authors
    .split(';')
    .map((a) => a.trim())
    .filter(Boolean);
  const fields: string[][] = [
    ['001', String(t.id)],
    ['005', `${t.updated_at.replace(/\D/g, '').slice(0, 14).padEnd(14, '0')}.0`],
    ['008', f008],
  ];
  if (t.isbn) fields.push(['020', '  ', 'a', t.isbn]);
  if (t.call_number) fields.push(isDewey(t.call_number) ? ['082', '04', 'a', t.call_number] : ['050', ' 4', 'a', t.call_number]);
  if (authors[0]) fields.push(['100', '1 ', 'a', authors[0]]);
  fields.push(['245', `${authors[0] ? '1' : '0'}0`, ...sub(['a', t.subtitle ? `${t.title} :` : t.title], ['b', t.subtitle])]);
  if (t.edition) fields.push(['250', '  ', 'a', t.edition]);
  if (t.publisher || year) fields.push(['264', ' 1', ...sub(['b', t.publisher], ['c', year])]);
  if (t.pages) fields.push(['300', '  ', 'a', `${t.pages} p.`]);
  for (const s of t.subjects
    .split(';')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const [heading, ...subdivisions] = s.split(' -- ');
    fields.push(['650', ' 4', 'a', heading, ...subdivisions.flatMap((x) => ['x', x])]);
  }
  for (const a of authors.slice(1)) fields.push(['700', '1 ', 'a', a]);
  for (const c of copies)
    fields.push(['852', '  ', ...sub(['c', c.shelf_location], ['h', t.call_number], ['p', c.accession_no])]);
  const [type, level] = (LEADER_TYPE[t.item_type] ?? 'am').split('');
  return { leader: `00000n${type}${level} a2200000 i 4500`, fields };
}

// Control characters, the MARC delimiters among them: stored text has none; this keeps a record whole regardless.
const DELIMITERS = /\p{Cc}/gu;
const FIELD_END = Buffer.from([0x1e]);

/** One record in ISO 2709: the leader's lengths and the directory's offsets in bytes of UTF-8. */
export function toIso2709(rec: MarcRecord): Buffer {
  const bodies: Buffer[] = [];
  const directory: string[] = [];
  let offset = 0;
  let size = 24 + 1 + 1; // leader, directory's terminator, record terminator
  for (const f of rec.fields) {
    const text =
      f.length === 2
        ? f[1].replace(DELIMITERS, '')
        : f[1] + f.slice(2).reduce((s, v, i) => (i % 2 === 0 ? `${s}\x1f${v.slice(0, 1)}` : s + v.replace(DELIMITERS, '')), '');
    const body = Buffer.concat([Buffer.from(text, 'utf8'), FIELD_END]);
    // Past five digits of length the record cannot be written: the last copies (852) wait for MARCXML.
    if (size + 12 + body.length > MAX_ISO_RECORD || body.length > 9999) continue;
    directory.push(`${f[0]}${String(body.length).padStart(4, '0')}${String(offset).padStart(5, '0')}`);
    bodies.push(body);
    offset += body.length;
    size += 12 + body.length;
  }
  const base = 24 + directory.length * 12 + 1;
  const leader = `${String(size).padStart(5, '0')}${rec.leader.slice(5, 9)}a22${String(base).padStart(5, '0')}${rec.leader.slice(17, 24)}`;
  return Buffer.concat([Buffer.from(leader + directory.join(''), 'ascii'), FIELD_END, ...bodies, Buffer.from([0x1d])]);
}

const escapeXml = (s: string) =>
  s.replace(DELIMITERS, '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** One record in MARCXML (inside a collection in the MARC21/slim namespace). */
export function toMarcXml(rec: MarcRecord): string {
  const lines = [`  <record>`, `    <leader>${escapeXml(rec.leader)}</leader>`];
  for (const f of rec.fields) {
    if (f.length === 2) {
      lines.push(`    <controlfield tag="${escapeXml(f[0])}">${escapeXml(f[1])}</controlfield>`);
      continue;
    }
    lines.push(`    <datafield tag="${escapeXml(f[0])}" ind1="${escapeXml(f[1][0])}" ind2="${escapeXml(f[1][1])}">`);
    for (let i = 2; i + 1 < f.length; i += 2)
      lines.push(`      <subfield code="${escapeXml(f[i])}">${escapeXml(f[i + 1])}</subfield>`);
    lines.push('    </datafield>');
  }
  lines.push('  </record>', '');
  return lines.join('\n');
}

/** Every title of the college with its copies, in pages of 500. */
async function* titlePages(db: Db, collegeId: number): AsyncGenerator<Array<{ title: Title; copies: Copy[] }>> {
  for (let after = 0; ;) {
    const titles = await db
      .selectFrom('library_titles')
      .selectAll()
      .where('college_id', '=', collegeId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (!titles.length) return;
    const copies = await db
      .selectFrom('library_copies')
      .select(['title_id', 'accession_no', 'shelf_location'])
      .where('college_id', '=', collegeId)
      .where(
        'title_id',
        'in',
        titles.map((t) => t.id),
      )
      .where('status', 'not in', GONE)
      .orderBy('accession_no')
      .execute();
    const byTitle = new Map<number, Copy[]>();
    for (const c of copies) {
      const list = byTitle.get(c.title_id);
      if (list) list.push(c);
      else byTitle.set(c.title_id, [c]);
    }
    yield titles.map((title) => ({ title, copies: byTitle.get(title.id) ?? [] }));
    after = titles[titles.length - 1].id;
  }
}

/** The catalogue as a stream: `marc` for ISO 2709, `marcxml` for MARCXML. */
export function catalogueExport(db: Db, collegeId: number, format: 'marc' | 'marcxml'): Readable {
  async function* chunks() {
    if (format === 'marcxml') yield `<?xml version="1.0" encoding="UTF-8"?>\n<collection xmlns="${MARCXML_NS}">\n`;
    for await (const page of titlePages(db, collegeId)) {
      const records = page.map(({ title, copies }) => titleToMarc(title, copies));
      yield format === 'marc' ? Buffer.concat(records.map(toIso2709)) : records.map(toMarcXml).join('');
    }
    if (format === 'marcxml') yield '</collection>\n';
  }
  return Readable.from(chunks());
}
