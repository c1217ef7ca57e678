import { ParseRefused } from './protocol.js';

/**
 * The `marc` task of the parse worker: an uploaded ISO 2709 or MARCXML file, cut into records
 * here (marcjs's stream parsers once left an import waiting for an end that never came) and each
 * parsed by marcjs (`Marc.parse`), its text cleaned, handed out in batches. It runs
 * in the worker because marcjs's MARCXML parser loops for ever on some records (an element it does
 * not know, a field never closed): such records are refused before marcjs sees them, and anything
 * else that runs away ends with its worker.
 */

export interface MarcRecord {
  leader: string;
  /** [tag, value] for a control field; [tag, indicators, code, value, code, value, ...] for a data field */
  fields: string[][];
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
/** ISO 2709's record terminator: a single ASCII byte, never inside a UTF-8 character. */
const RECORD_END = 0x1d;

/** Each ISO 2709 record in the file, with its terminator (a last one without is not a record). */
function* isoRecords(buffer: Uint8Array): Generator<Buffer> {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let start = 0, end = buf.indexOf(RECORD_END); end !== -1; start = end + 1, end = buf.indexOf(RECORD_END, start))
    yield buf.subarray(start, end + 1);
}

/**
 * Each MARCXML record (`<record ...>...</record>`) in the file, as text: found by its ASCII tags in
 * the bytes (never inside a UTF-8 character), so a large file is searched once, not once a slice.
 */
function* xmlRecords(buffer: Uint8Array): Generator<string> {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let open = buf.indexOf('<record'); open !== -1;) {
    const close = buf.indexOf('</record>', open);
    if (close === -1) return;
    const end = close + '</record>'.length;
    yield buf.toString('utf8', open, end);
    open = buf.indexOf('<record', end);
  }
}

/**
 * A record as marcjs's MARCXML parser reads it: the leader, then control fields and data fields of
 * subfields, nothing else. Each alternative starts with its own letters, so the match never backtracks.
 */
const WELL_FORMED_RECORD =
  /^<record\b[^<>]*>\s*<leader>[^<]*<\/leader>\s*(?:<controlfield\b[^<>]*>[^<]*<\/controlfield>\s*|<datafield\b[^<>]*>\s*(?:<subfield\b[^<>]*>[^<]*<\/subfield>\s*)*<\/datafield>\s*)*<\/record>$/;

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

export async function readMarc(input: MarcInput, emit: (records: MarcRecord[]) => void): Promise<{ records: number }> {
  // Loaded here, so a worker started for another task does not load it.
  const { default: marcjs } = await import('marcjs');
  const keep = input.tags ? new Set(input.tags) : null;
  let n = 0;
  let batch: MarcRecord[] = [];
  const each = (raw: Buffer | string) => {
    if (++n > input.maxRecords) throw new ParseRefused('tooMany', `it has more than ${input.maxRecords} records`);
    if (typeof raw === 'string' && !WELL_FORMED_RECORD.test(raw))
      throw new ParseRefused('unreadable', `record ${n} is not MARCXML (a leader, control fields and data fields of subfields)`);
    let rec: MarcRecord;
    try {
      rec = marcjs.Marc.parse(raw, input.kind);
    } catch (e) {
      throw new ParseRefused('unreadable', `record ${n}: ${(e as Error).message}`);
    }
    batch.push({
      leader: cleanMarcText(rec.leader ?? ''),
      fields: rec.fields.filter((f) => !keep || keep.has(f[0])).map((f) => f.map(cleanMarcText)),
    });
    if (batch.length === BATCH) {
      emit(batch);
      batch = [];
    }
  };
  for (const raw of input.kind === 'iso2709' ? isoRecords(input.buf) : xmlRecords(input.buf)) each(raw);
  if (batch.length) emit(batch);
  return { records: n };
}
