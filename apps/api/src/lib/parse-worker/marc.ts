import { readIsoRecord } from './marc-iso2709.js';
import { readMarcXml } from './marc-xml.js';
import { ParseRefused } from './protocol.js';

/**
 * The `marc` task of the parse worker: an uploaded ISO 2709 or MARCXML file read record by
 * record (MARC-8 text converted to Unicode, marc8.ts), each field's text cleaned, handed out in
 * batches. It runs in the worker so that a file that makes a reader run away (or a bomb) ends
 * with its worker, never the server.
 */

export interface MarcRecord {
  leader: string;
  /** [tag, value] for a control field; [tag, indicators, code, value, code, value, ...] for a data field */
  fields: string[][];
  /** why an ISO 2709 record could not be read (it has no fields then) */
  damaged?: string;
}

export interface MarcInput {
  buf: Uint8Array;
  kind: 'iso2709' | 'marcxml';
  maxRecords: number;
  /** the fields to hand back (all when absent): a large file crosses to the main thread smaller */
  tags?: string[];
}

/** Records a batch: about 1 ms of the main thread's time each, and few messages for a large file. */
const BATCH = 1000;
/** ISO 2709's record terminator: a single ASCII byte, never inside a UTF-8 or MARC-8 character. */
const RECORD_END = 0x1d;

/** Each ISO 2709 record in the file, with its terminator (a last one without is not a record). */
function* isoRecords(buffer: Uint8Array): Generator<Buffer> {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let start = 0, end = buf.indexOf(RECORD_END); end !== -1; start = end + 1, end = buf.indexOf(RECORD_END, start))
    yield buf.subarray(start, end + 1);
}

// C0 and C1 control characters (NUL, the MARC delimiters, escape, ...): never text.
const CONTROL = /\p{Cc}+/gu;
// In a /u pattern a surrogate pair is one code point: \p{Cs} matches only a surrogate on its own.
const LONE_SURROGATE = /\p{Cs}/gu;
const MARKUP = /<\/?[A-Za-z!?][^<>]*>/g;
const NEEDS_CLEANING = /[\p{Cc}\p{Cs}<]/u;

/**
 * A field's text as it may be stored: control characters (NUL included) gone, a line break or tab
 * a space, a lone surrogate (marcjs splits a subfield after one UTF-16 unit) the replacement
 * character, HTML/XML tags stripped (again until none is left, so `<<b>b>` leaves no tag).
 */
export function cleanMarcText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  let out = text
    .replace(/[\t\n\r]+/g, ' ')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '\ufffd');
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(MARKUP, '');
  }
  return out;
}

export const NO_RECORD = 'The file holds no MARC record';

export function readMarc(input: MarcInput, emit: (records: MarcRecord[]) => void): { records: number } {
  const keep = input.tags ? new Set(input.tags) : null;
  let n = 0;
  let batch: MarcRecord[] = [];
  const take = (rec: MarcRecord) => {
    if (++n > input.maxRecords) throw new ParseRefused('tooMany', `it has more than ${input.maxRecords} records`);
    batch.push({
      leader: cleanMarcText(rec.leader),
      // NFC: MARCXML and UTF-8 records often hold decomposed letters (e + U+0301)
      fields: rec.fields.filter((f) => !keep || keep.has(f[0])).map((f) => f.map((v) => cleanMarcText(v).normalize('NFC'))),
      ...(rec.damaged && { damaged: rec.damaged }),
    });
    if (batch.length === BATCH) {
      emit(batch);
      batch = [];
    }
  };
  if (input.kind === 'marcxml') readMarcXml(input.buf, take);
  else
    for (const raw of isoRecords(input.buf)) {
      const rec = readIsoRecord(raw);
      if (rec) take(rec);
    }
  if (n === 0) throw new ParseRefused('noRecords', NO_RECORD);
  if (batch.length) emit(batch);
  return { records: n };
}
