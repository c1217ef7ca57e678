import type { MarcRecord } from './marc.js';
import { marc8ToUnicode } from './marc8.js';

/**
 * One ISO 2709 record (MARC 21 Specifications, Record Structure): a 24-character leader, a
 * directory of 12-character entries (tag, length, start), then the fields, each ended by 0x1E.
 * Text is decoded as leader/09 says: 'a' UTF-8, blank MARC-8 (marc8.ts).
 */

const FIELD_END = 0x1e;
const SUBFIELD = 0x1f;
const ESC = 0x1b;

const ascii = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1');
const utf8 = new TextDecoder('utf-8');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * True for a record that says MARC-8 (leader/09 blank) but is UTF-8 all the same, as some
 * systems write it: valid UTF-8 with a character past ASCII and no MARC-8 escape. MARC-8's own
 * non-ASCII bytes (a diacritic before an ASCII letter, a special letter alone) are never valid UTF-8.
 */
function unflaggedUtf8(data: Uint8Array): boolean {
  if (!data.some((b) => b >= 0x80) || data.includes(ESC)) return false;
  try {
    strictUtf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

/** MARC-8's bytes that are no character: C1 controls other than its joiners and non-sort marks. */
const notMarc8 = (b: number) => b >= 0x80 && b <= 0xa0 && ![0x88, 0x89, 0x8d, 0x8e].includes(b);

/**
 * A subfield of a record flagged UTF-8. Some systems set the flag on MARC-8 text: a subfield that
 * is not UTF-8 but reads cleanly as MARC-8 is read so; otherwise a bad byte becomes U+FFFD.
 */
function utf8OrMarc8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes).normalize('NFC');
  } catch {
    const marc8 = bytes.some(notMarc8) ? null : marc8ToUnicode(bytes);
    return marc8 !== null && !marc8.includes('\ufffd') ? marc8 : utf8.decode(bytes).normalize('NFC');
  }
}

interface Entry {
  tag: string;
  length: number;
  start: number;
}

/**
 * The fields' bytes, by the directory; where its numbers are off (lengths counted in characters,
 * say), in the directory's order; null when neither way fits.
 */
function fieldBytes(raw: Uint8Array, entries: Entry[], base: number): Uint8Array[] | null {
  const end = raw.length - 1; // the record terminator
  const byOffset = entries.map((e) => {
    const from = base + e.start;
    const to = from + e.length;
    return to <= end && e.length > 0 && raw[to - 1] === FIELD_END ? raw.subarray(from, to - 1) : null;
  });
  if (byOffset.every((f) => f !== null)) return byOffset as Uint8Array[];
  // In order: what follows the last field's terminator (nothing, in a sound record) is no field.
  const pieces = split(raw.subarray(base, end), FIELD_END);
  const inOrder = pieces.slice(0, -1);
  return pieces.at(-1)!.length === 0 && inOrder.length === entries.length ? inOrder : null;
}

/** Splits `raw` at each `sep`. */
function split(raw: Uint8Array, sep: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (let at = raw.indexOf(sep); at !== -1; from = at + 1, at = raw.indexOf(sep, from)) out.push(raw.subarray(from, at));
  out.push(raw.subarray(from));
  return out;
}

/**
 * The record in `raw` (terminator included), or null for the blank lines some files have between
 * records. A damaged record comes back with no fields and what is wrong (`damaged`): the import
 * rejects that one and reads on.
 */
export function readIsoRecord(input: Uint8Array): MarcRecord | null {
  let skip = 0;
  while (skip < input.length && [0x0a, 0x0d, 0x00].includes(input[skip])) skip++;
  const raw = input.subarray(skip);
  if (raw.length <= 1) return null;
  const leader = ascii(raw.subarray(0, 24));
  if (raw.length < 26) return { leader, fields: [], damaged: 'it is shorter than a MARC 21 leader' };
  const dirEnd = raw.indexOf(FIELD_END, 24);
  const directory = dirEnd === -1 ? '' : ascii(raw.subarray(24, dirEnd));
  if (dirEnd === -1 || directory.length % 12 !== 0 || !/^([\x20-\x7e]{3}\d{9})*$/.test(directory))
    return { leader, fields: [], damaged: 'its directory is damaged' };
  const entries: Entry[] = (directory.match(/.{12}/g) ?? []).map((e) => ({
    tag: e.slice(0, 3),
    length: Number(e.slice(3, 7)),
    start: Number(e.slice(7, 12)),
  }));
  const data = raw.subarray(dirEnd + 1);
  const decode = leader[9] === 'a' || unflaggedUtf8(data) ? utf8OrMarc8 : marc8ToUnicode;

  const fieldData = fieldBytes(raw, entries, dirEnd + 1);
  if (!fieldData) return { leader, fields: [], damaged: 'its directory does not match its fields' };
  const fields = fieldData.map((bytes, i): string[] => {
    const tag = entries[i].tag;
    const firstSub = bytes.indexOf(SUBFIELD);
    if (tag.startsWith('00') || firstSub === -1) return [tag, decode(bytes)];
    const indicators = ascii(bytes.subarray(0, Math.min(firstSub, 2))).padEnd(2, ' ');
    const field = [tag, indicators];
    for (const sub of split(bytes.subarray(firstSub + 1), SUBFIELD)) {
      if (sub.length) field.push(ascii(sub.subarray(0, 1)), decode(sub.subarray(1)));
    }
    return field;
  });
  return { leader, fields };
}
