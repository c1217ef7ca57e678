import { isSaneDate, toIsbn13 } from '@erp/shared';
import type { MarcRecord } from '../../lib/parse-worker/marc.js';

/**
 * What a catalogue import reads from a file: a title and its copies, one record (a MARC record or
 * a sheet's row) at a time. MARC 21 fields are mapped here (marcToRecord).
 */

export interface CopyIn {
  /** '' when the file gives none: the library's counter numbers the copy when it is saved */
  accessionNo: string;
  shelfLocation: string;
  price: number;
  vendor: string;
  acquiredOn: string;
}
export interface RecordIn {
  row: number;
  /** null for a record that could not be read at all (its `errors` say why) */
  title: Record<string, unknown> | null;
  copies: CopyIn[];
  /** why the record is rejected, whatever its title */
  errors: string[];
}

export const rupeesToPaise = (s: string) => Math.round((Number(String(s).replace(/[^\d.]/g, '')) || 0) * 100);

/** A date acquired as the file gives it: '' (today), a sane yyyy-mm-dd, or the reason it is neither. */
export function acquiredOn(raw: string, errors: string[]): string {
  const date = raw.trim();
  if (date !== '' && !isSaneDate(date))
    errors.push(`Date acquired "${date}" is not a real date between 1900 and 2199 (yyyy-mm-dd)`);
  return isSaneDate(date) ? date : '';
}

// ---------- MARC 21 ----------

const dataFields = (rec: MarcRecord, ...tags: string[]) => rec.fields.filter((f) => tags.includes(f[0]) && f.length > 2);
/** The values of a field's subfields `code` (one of several codes), in order. */
function subs(f: string[], codes: string): string[] {
  const out: string[] = [];
  for (let i = 2; i + 1 < f.length; i += 2) if (codes.includes(f[i])) out.push(f[i + 1]);
  return out;
}
const first = (rec: MarcRecord, tag: string, code: string): string | undefined =>
  dataFields(rec, tag)
    .flatMap((f) => subs(f, code))
    .find((v) => v.trim() !== '');
const control = (rec: MarcRecord, tag: string) => rec.fields.find((f) => f[0] === tag && f.length === 2)?.[1] ?? '';
/** A value without its ISBD punctuation (the " /" before a statement of responsibility, say). */
const clean = (s: string | undefined) => (s ?? '').replace(/\s*[/:;,.=]\s*$/, '').trim();

/** ZTitleInput's years: a year outside them is not taken, so the next source is tried. */
const saneYear = (y: number) => y >= 1400 && y <= 2100;
/**
 * ZTitleInput's lengths. A MARC record is the library's own and cannot be edited before the
 * import: a longer value is cut (with "…") rather than the record refused; lists keep whole names.
 */
const MAX = { title: 300, subtitle: 300, authors: 500, publisher: 200, edition: 60, subjects: 500, callNumber: 60, language: 40 };
const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);
/** As many whole items as fit in `max` characters, joined by "; ". */
function fitList(items: Iterable<string>, max: number): string {
  let out = '';
  for (const item of items) {
    const next = out ? `${out}; ${item}` : item;
    if (next.length > max) break;
    out = next;
  }
  return out;
}

/**
 * The year of publication: 008/07-10 when it is a year (the cataloguer's, in the Gregorian
 * calendar), then 264$c, then 260$c, whose first four digits may be in another calendar (Bikram
 * Sambat 2021 is 1964; Thai 2546 is 2003).
 */
function yearOf(rec: MarcRecord): number | null {
  const date1 = control(rec, '008').slice(7, 11);
  const candidates = [
    /^\d{4}$/.test(date1) ? date1 : undefined,
    ...dataFields(rec, '264').flatMap((f) => subs(f, 'c')),
    ...dataFields(rec, '260').flatMap((f) => subs(f, 'c')),
  ].map((v) => Number(v?.match(/\d{4}/)?.[0]));
  return candidates.find((y) => saneYear(y)) ?? null;
}

/** Subject headings (6xx): the heading, then its form, topical, chronological and geographic subdivisions. */
const SUBJECT_TAGS = ['600', '610', '611', '630', '650', '651', '655'];
const SUBDIVISIONS = 'vxyz';
/** Codes that are no words of a heading: links, sources, relators, authority numbers. */
const NOT_HEADING = '0123456789e4';

function subjectsOf(rec: MarcRecord): string {
  const headings = dataFields(rec, ...SUBJECT_TAGS).map((f) => {
    const main: string[] = [];
    const parts: string[] = [];
    for (let i = 2; i + 1 < f.length; i += 2) {
      const [code, value] = [f[i], f[i + 1].trim()];
      if (!value || NOT_HEADING.includes(code)) continue;
      if (SUBDIVISIONS.includes(code)) parts.push(clean(value));
      else if (parts.length === 0) main.push(value);
    }
    // "United States. Office of the First Lady": the heading's own full stops stay, its last goes.
    return [clean(main.join(' ')), ...parts].filter(Boolean).join(' -- ');
  });
  return fitList(new Set(headings.filter(Boolean)), MAX.subjects);
}

/** The call number: LC (050) first, then Dewey (082, its segment marks dropped), then the copies' own (852, 952). */
function callNumberOf(rec: MarcRecord): string {
  const lc = dataFields(rec, '050').map((f) => [subs(f, 'a')[0], subs(f, 'b')[0]].filter(Boolean).join(' '))[0];
  const ddc = first(rec, '082', 'a')?.replace(/\//g, '');
  const held = dataFields(rec, '852').map((f) => subs(f, 'hi').join(' '))[0];
  return clip(clean(lc || ddc || held || first(rec, '952', 'o')), MAX.callNumber);
}

/**
 * The title proper (245$a), or for a record without one the form (245$k, archives), the part
 * (245$p) or the rest of the title (245$b); then a varying form (246), uniform title (240, 130)
 * or an added title (740). The subtitle is 245$b beside a 245$a.
 */
function titleOf(rec: MarcRecord): { title: string; subtitle: string } {
  const proper = first(rec, '245', 'a');
  if (proper) return { title: clean(proper), subtitle: clean(first(rec, '245', 'b')) };
  const other = ['k', 'p', 'b'].map((code) => first(rec, '245', code)).find(Boolean);
  return {
    title: clean(other ?? first(rec, '246', 'a') ?? first(rec, '240', 'a') ?? first(rec, '130', 'a') ?? first(rec, '740', 'a')),
    subtitle: '',
  };
}

/**
 * The library's material types from leader/06 (type of record) and /07 (bibliographic level),
 * with a Koha item type (952$y) for what the leader cannot say (a reference copy).
 */
function itemTypeOf(rec: MarcRecord, kohaType: string): string {
  const [type, level] = [rec.leader[6], rec.leader[7]];
  if (level === 's') return 'journal';
  if (/ref/.test(kohaType)) return 'reference';
  // sound recordings (i, j), video (g) and computer files (m): the CD / DVD shelf
  if (type && 'ijgm'.includes(type)) return 'cd';
  if (/cd|dvd/.test(kohaType)) return 'cd';
  if (/journal|serial|per/.test(kohaType)) return 'journal';
  return 'book';
}

/** A copy per holding: Koha's items (952) when the record has them, else its holdings (852). */
function copiesOf(rec: MarcRecord, errors: string[]): CopyIn[] {
  const one = (f: string[], code: string) => subs(f, code)[0]?.trim() ?? '';
  const koha = dataFields(rec, '952');
  if (koha.length)
    return koha.map((f) => ({
      accessionNo: one(f, 'p').toUpperCase(),
      shelfLocation: one(f, 'c') || one(f, 'a'),
      price: rupeesToPaise(one(f, 'v') || one(f, 'g')),
      vendor: one(f, 'e'),
      acquiredOn: acquiredOn(one(f, 'd'), errors),
    }));
  return dataFields(rec, '852').map((f) => ({
    accessionNo: one(f, 'p').toUpperCase(),
    shelfLocation: one(f, 'c') || one(f, 'b') || one(f, 'a'),
    price: 0,
    vendor: '',
    acquiredOn: '',
  }));
}

/** The page count of an extent: "xii, 345 p." and "4, 484 p." are 345 and 484 pages. */
function pagesOf(extent: string): number | null {
  const n = extent.match(/(\d+)\s*(?:p\b|pages)/)?.[1] ?? extent.match(/\d+/)?.[0];
  return Number(n) || null;
}

/** The MARC fields the import reads (marcToRecord): only these cross from the parse worker. */
export const MARC_TAGS = [
  '008',
  '020',
  '041',
  '050',
  '082',
  '100',
  '110',
  '111',
  '130',
  '240',
  '245',
  '246',
  '250',
  '260',
  '264',
  '300',
  ...SUBJECT_TAGS,
  '700',
  '710',
  '711',
  '740',
  '852',
  '952',
];

export function marcToRecord(rec: MarcRecord, row: number): RecordIn {
  if (rec.damaged) return { row, title: null, copies: [], errors: [`The record could not be read: ${rec.damaged}`] };
  const errors: string[] = [];
  const isbn = dataFields(rec, '020')
    .flatMap((f) => subs(f, 'a'))
    .map((v) => v.trim().split(/\s/)[0])
    .find((v) => toIsbn13(v));
  // Initials keep their full stop: only a trailing comma or slash is ISBD punctuation here.
  const authors = dataFields(rec, '100', '110', '111', '700', '710', '711')
    .map((f) => (subs(f, 'a')[0] ?? '').replace(/\s*[,/]\s*$/, '').trim())
    .filter(Boolean);
  const published = [...dataFields(rec, '264').filter((f) => f[1][1] === '1'), ...dataFields(rec, '260', '264')];
  // pages only for text: "2 sound cassettes" is no page count
  const type = rec.leader[6];
  const textual = !(type && 'cdefgijkmopr'.includes(type));
  const copies = copiesOf(rec, errors);
  const { title, subtitle } = titleOf(rec);
  return {
    row,
    errors,
    title: {
      title: clip(title, MAX.title),
      subtitle: clip(subtitle, MAX.subtitle),
      authors: fitList(new Set(authors), MAX.authors),
      isbn: isbn ?? '',
      publisher: clip(clean(published.flatMap((f) => subs(f, 'b'))[0]), MAX.publisher),
      year: yearOf(rec),
      edition: clip(clean(first(rec, '250', 'a')), MAX.edition),
      subjects: subjectsOf(rec),
      callNumber: callNumberOf(rec),
      // 041$a may pack several codes ("engfre"): the first is the text's
      language: clip(
        (first(rec, '041', 'a') ?? '').trim().slice(0, 3) || control(rec, '008').slice(35, 38).trim() || 'English',
        MAX.language,
      ),
      pages: textual ? pagesOf(first(rec, '300', 'a') ?? '') : null,
      itemType: itemTypeOf(rec, (subs(dataFields(rec, '952')[0] ?? [], 'y')[0] ?? '').toLowerCase()),
    },
    copies,
  };
}
