import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { MarcRecord } from './marc.js';
import { ParseRefused } from './protocol.js';

/**
 * MARCXML (www.loc.gov/standards/marcxml) read by a streaming XML parser with namespaces: a
 * record is a `record` element in the MARC21/slim namespace (any prefix, or none, as Koha,
 * Evergreen and the Library of Congress write it), wherever it sits (a collection, an OAI-PMH or
 * SRU envelope); attributes in any order. A parser walks the text once, so no record can make
 * it loop. Elements a record may not hold (a system's own) are skipped; a file that is not
 * well-formed XML is refused.
 */

export const MARCXML_NS = 'http://www.loc.gov/MARC21/slim';
/** Text handed to the XML parser at a time: the file is never held as one string. */
const SLICE = 1024 * 1024;
// Control characters but tab and line breaks (NUL, escape, ...; XML 1.0 forbids most) and the
// non-characters U+FFFE/U+FFFF: never text, and a parser would stop at them.
const NOT_XML_CHARS = /[^\P{Cc}\t\n\r]|[\uFFFE\uFFFF]/gu;
/**
 * XML and document type declarations: the encoding is read first (decoderFor), then they are
 * dropped, so records one after another (each a document) read too. An entity a document type
 * declared is then unknown: the file is refused, never expanded.
 */
const PROLOG = /<\?xml\s[^>]*\?>|<!DOCTYPE[^>[]*(?:\[[^\]]*\])?\s*>/g;

/** The decoder the file's byte order mark or XML declaration names (UTF-8 when neither does). */
function decoderFor(buf: Uint8Array): InstanceType<typeof TextDecoder> {
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le');
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be');
  const head = Buffer.from(buf.buffer, buf.byteOffset, Math.min(buf.byteLength, 256)).toString('latin1');
  const label = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label);
  } catch {
    throw new ParseRefused('unreadable', `its encoding (${label}) is not one the import reads: save it as UTF-8`);
  }
}

/** What each element of a record may hold. */
const CHILDREN: Record<string, string[]> = { record: ['leader', 'controlfield', 'datafield'], datafield: ['subfield'] };
const TEXT = new Set(['leader', 'controlfield', 'subfield']);

export function readMarcXml(buf: Uint8Array, take: (rec: MarcRecord) => void): void {
  // A fragment: records may follow one another with no collection around them.
  const parser = new SaxesParser({ xmlns: true, position: true, fragment: true });
  let rec: MarcRecord | null = null;
  /** a `record` in no namespace, a MARC record only if its first element is a field (an OAI-PMH record is not) */
  let unsure = false;
  /** the elements open inside the record, innermost last */
  const path: string[] = [];
  /** depth inside an element a record may not hold (a system's own, like Koha's <identifier>): skipped whole */
  let skipping = 0;
  let field: string[] = [];
  let text: string[] = [];

  const isMarc = (tag: SaxesTagNS) => tag.uri === MARCXML_NS || tag.uri === '';
  const attr = (tag: SaxesTagNS, name: string) =>
    Object.values(tag.attributes).find((a) => a.local === name && a.uri === '')?.value ?? '';
  const begin = (tag: SaxesTagNS) => {
    if (tag.local !== 'record' || !isMarc(tag)) return;
    rec = { leader: '', fields: [] };
    unsure = tag.uri === '';
  };

  parser.on('opentag', (tag) => {
    if (skipping) skipping++;
    else if (!rec) begin(tag);
    else {
      const allowed = isMarc(tag) && CHILDREN[path.at(-1) ?? 'record']?.includes(tag.local);
      if (unsure) {
        unsure = false;
        if (!allowed) {
          rec = null; // a wrapper: its MARC records are further in
          begin(tag);
          return;
        }
      }
      if (!allowed) {
        skipping = 1;
        return;
      }
      path.push(tag.local);
      text = [];
      if (tag.local === 'controlfield') field = [attr(tag, 'tag')];
      else if (tag.local === 'datafield') field = [attr(tag, 'tag'), (attr(tag, 'ind1') || ' ') + (attr(tag, 'ind2') || ' ')];
      // a code is one character (marcjs once read the rest of a longer one as the text)
      else if (tag.local === 'subfield') field.push(String.fromCodePoint(attr(tag, 'code').codePointAt(0) ?? 0x20));
    }
  });
  const collect = (t: string) => {
    if (!skipping && TEXT.has(path.at(-1) ?? '')) text.push(t);
  };
  parser.on('text', collect);
  parser.on('cdata', collect);
  parser.on('closetag', () => {
    if (skipping) skipping--;
    else if (rec) {
      const r: MarcRecord = rec;
      const closing = path.pop();
      if (closing === undefined) {
        rec = null;
        if (!unsure) take(r);
      } else if (closing === 'leader') r.leader = text.join('');
      else if (closing === 'subfield') field.push(text.join(''));
      else if (closing === 'controlfield') r.fields.push([field[0], text.join('')]);
      else r.fields.push(field);
    }
  });
  parser.on('error', (e) => {
    const where = /^(\d+):(\d+): (.*?)\.?$/.exec(e.message);
    const what = where ? `line ${where[1]}, column ${where[2]}: ${where[3]}` : e.message;
    throw new ParseRefused('unreadable', `it is not well-formed XML (${what})`);
  });

  const decoder = decoderFor(buf);
  const xmlText = (s: string) => s.replace(NOT_XML_CHARS, '').replace(PROLOG, '');
  for (let at = 0; at < buf.length; at += SLICE)
    parser.write(xmlText(decoder.decode(buf.subarray(at, at + SLICE), { stream: true })));
  parser.write(xmlText(decoder.decode()));
  parser.close();
}
