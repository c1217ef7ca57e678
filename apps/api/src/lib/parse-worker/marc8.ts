import { EACC_ROWS, MARC8_SETS } from './marc8-tables.js';

/**
 * MARC-8 to Unicode (MARC 21 Specifications, Character Sets Part 2): ASCII in G0 and ANSEL in G1
 * until an escape sequence designates another set (Hebrew, Arabic, Cyrillic, Greek, subscripts,
 * superscripts, or the 3-byte East Asian EACC). MARC-8 writes a combining diacritic BEFORE its base
 * letter, Unicode after it: they are held back until the base arrives. Returned in NFC.
 */

const ESC = 0x1b;
const BASIC_LATIN = 0x42;
const ANSEL = 0x45;
const EACC = 0x31;
/** Technique 1: ESC and one character designate a custom set as G0 (s: back to ASCII). */
const TECHNIQUE_1: Record<number, number> = { 0x67: 0x67, 0x62: 0x62, 0x70: 0x70, 0x73: BASIC_LATIN };
/** The intermediates of technique 2 (ISO 2022): which of G0 and G1 the sequence designates. */
const TO_G0 = new Set([0x28, 0x2c]); // ( ,
const TO_G1 = new Set([0x29, 0x2d]); // ) -
/** ANSEL's control codes: the zero-width joiner and non-joiner; the non-sort marks show nothing. */
const C1: Record<number, string> = { 0x8d: '\u200d', 0x8e: '\u200c' };
const UNKNOWN = '\ufffd';

interface OneByteSet {
  chars: string[];
  combining: Set<number>;
}
const oneByteSets = new Map<number, OneByteSet>(
  Object.entries(MARC8_SETS).map(([final, s]) => [
    Number(final),
    { chars: s.map.map((cp) => (cp ? String.fromCodePoint(cp) : '')), combining: new Set(s.combining) },
  ]),
);

let eacc: Map<number, string> | null = null;
/** The EACC table, built on its first use (most files never need it). */
function eaccTable(): Map<number, string> {
  if (eacc) return eacc;
  eacc = new Map();
  for (const [row, pairs] of Object.entries(EACC_ROWS)) {
    const base = parseInt(row, 16) << 8;
    for (let i = 0; i < pairs.length; i += 2) eacc.set(base | pairs.charCodeAt(i), pairs[i + 1]);
  }
  return eacc;
}

const known = (final: number) => final === EACC || oneByteSets.has(final);

/** MARC-8's lossless way of writing a character it lacks: &#xXXXX; (Specifications, Part 4). */
const NCR = /&#x([0-9A-Fa-f]{1,6});/g;
const expandNcr = (s: string) =>
  s.replace(NCR, (all, hex: string) => {
    const cp = parseInt(hex, 16);
    return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : all;
  });

/** One subfield's (or control field's) MARC-8 bytes as text; each starts with ASCII and ANSEL. */
export function marc8ToUnicode(bytes: Uint8Array): string {
  let g0 = BASIC_LATIN;
  let g1 = ANSEL;
  let out = '';
  let pending = '';
  const put = (ch: string, combining: boolean) => {
    if (combining) pending += ch;
    else {
      out += ch + pending;
      pending = '';
    }
  };
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes[i];
    if (b === ESC) {
      i = designate(bytes, i, (set, toG1) => (toG1 ? (g1 = set) : (g0 = set)));
      continue;
    }
    if (b === 0x20) {
      put(' ', false);
      i++;
    } else if ((b >= 0x21 && b <= 0x7e) || (b === 0x7f && g0 === EACC)) {
      i = character(bytes, i, g0, 0, put);
    } else if (b >= 0xa1 && b <= 0xfe) {
      i = character(bytes, i, g1, 0x80, put);
    } else {
      if (C1[b]) put(C1[b], false);
      i++; // other control codes carry no text
    }
  }
  return expandNcr(out + pending).normalize('NFC');
}

/** Reads an escape sequence at `i`; returns where the text goes on. An unknown one is skipped. */
function designate(bytes: Uint8Array, i: number, set: (final: number, toG1: boolean) => void): number {
  const next = bytes[i + 1];
  if (next === undefined) return i + 1;
  if (TECHNIQUE_1[next] !== undefined) {
    set(TECHNIQUE_1[next], false);
    return i + 2;
  }
  let at = i + 1;
  let toG1 = false;
  if (next === 0x24) {
    // ESC $ F (G0) or ESC $ I F: the multibyte set
    at++;
    if (TO_G0.has(bytes[at]) || TO_G1.has(bytes[at])) toG1 = TO_G1.has(bytes[at++]);
  } else if (TO_G0.has(next) || TO_G1.has(next)) {
    toG1 = TO_G1.has(next);
    at++;
    if (bytes[at] === 0x21) at++; // ESC ( ! E, ESC ) ! E: ANSEL's registered sequence
  } else return i + 1;
  const final = bytes[at];
  if (final === undefined) return i + 1; // cut short: the escape alone is dropped
  if (known(final)) set(final, toG1);
  return at + 1;
}

/** Reads one character of `set` at `i` (a byte in G1 has `high` set); returns where the next begins. */
function character(
  bytes: Uint8Array,
  i: number,
  set: number,
  high: number,
  put: (ch: string, combining: boolean) => void,
): number {
  if (set === EACC) {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    if (b === undefined || c === undefined) {
      put(UNKNOWN, false);
      return i + 1;
    }
    // Bytes outside 0x21-0x7E only in the few codes Innovative's systems wrote (the table has them).
    const ch = eaccTable().get(((a - high) << 16) | (((b - high) & 0xff) << 8) | ((c - high) & 0xff));
    const inRange = (x: number) => x - high >= 0x21 && x - high <= 0x7e;
    if (ch === undefined && !(inRange(b) && inRange(c))) {
      put(UNKNOWN, false);
      return i + 1;
    }
    put(ch ?? UNKNOWN, false);
    return i + 3;
  }
  const pos = bytes[i] - high;
  const s = oneByteSets.get(set)!;
  const ch = s.chars[pos - 0x21];
  put(ch || UNKNOWN, !!ch && s.combining.has(pos));
  return i + 1;
}
