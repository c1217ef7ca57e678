import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/marc-fixtures.js';
import { readMarc, type MarcRecord } from './marc.js';
import { marc8ToUnicode } from './marc8.js';

/** MARC-8 to Unicode, checked against the Library of Congress conversions and real records. */
const m8 = (...parts: Array<string | number[]>) =>
  marc8ToUnicode(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));
const ESC = '\x1b';

function records(name: string): MarcRecord[] {
  const out: MarcRecord[] = [];
  readMarc({ buf: fixture(name), kind: name.endsWith('.xml') ? 'marcxml' : 'iso2709', maxRecords: 100 }, (b) => out.push(...b));
  return out;
}
/** The nth value of subfield `code` in the record's `tag` fields. */
function sub(rec: MarcRecord, tag: string, code: string, nth = 0): string | undefined {
  const values: string[] = [];
  for (const f of rec.fields.filter((x) => x[0] === tag))
    for (let i = 2; i + 1 < f.length; i += 2) if (f[i] === code) values.push(f[i + 1]);
  return values[nth];
}
const subfields = (rec: MarcRecord, tag: string, nth = 0) => {
  const f = rec.fields.filter((x) => x[0] === tag)[nth];
  return f ? f.slice(2) : undefined;
};

describe('MARC-8 to Unicode', () => {
  it('converts the 1,515 strings of the code tables exactly as the reference conversions (EACC included)', () => {
    const lines = (buf: Buffer) => {
      const out: Buffer[] = [];
      for (let start = 0, end = buf.indexOf(0x0a); end !== -1; start = end + 1, end = buf.indexOf(0x0a, start))
        out.push(buf.subarray(start, end));
      return out;
    };
    const marc8 = lines(fixture('lc-marc8-lines.txt'));
    const utf8 = lines(fixture('lc-utf8-lines.txt')).map((b) => b.toString('utf8').normalize('NFC'));
    expect(marc8).toHaveLength(1515);
    const wrong = marc8.map((line, i) => [i + 1, marc8ToUnicode(line), utf8[i]]).filter(([, got, want]) => got !== want);
    expect(wrong).toEqual([]);
  });

  it('moves a diacritic from before its letter (MARC-8) to after it (Unicode), then composes', () => {
    expect(m8('Faguet, ', [0xe2], 'Emile')).toBe('Faguet, Émile');
    expect(m8('communaut', [0xe2], 'e')).toBe('communauté');
    // circumflex and dot below before the a: ậ, whichever order MARC-8 wrote them in
    expect(m8([0xe3, 0xf2], 'a')).toBe('ậ');
    expect(m8([0xf2, 0xe3], 'a')).toBe('ậ');
    // a diacritic with no letter after it is kept, not lost
    expect(m8('x', [0xe2])).toBe('x\u0301');
  });

  it('follows escape sequences to the alternate sets, in G0 and in G1, and back', () => {
    // Hebrew in G0 (ESC ( 2): shin, lamed, vav, mem
    expect(m8(`${ESC}(2`, [0x79, 0x6c, 0x65, 0x6d], `${ESC}(B!`)).toBe('שלום!');
    // Hebrew in G1 (ESC ) 2): the same letters with the high bit set; ANSEL back in G1 after
    expect(m8(`${ESC})2`, [0xf9, 0xec, 0xe5, 0xed], `${ESC})!E`, [0xe2], 'e')).toBe('שלוםé');
    // Basic Cyrillic (ESC ( N) and Basic Greek (ESC ( S)
    expect(m8(`${ESC}(N`, [0x6d, 0x49, 0x52], `${ESC}(B`)).toBe('Мир');
    expect(m8(`${ESC}(S`, [0x46], `${ESC}(B`)).toBe('Ε');
    // Basic Arabic (ESC ( 3): ba
    expect(m8(`${ESC}(3`, [0x48], `${ESC}(B`)).toBe('ب');
    // technique 1: subscript 2, superscript 2, Greek alpha, and ESC s back to ASCII
    expect(m8('H', `${ESC}b`, '2', `${ESC}s`, 'O x', `${ESC}p`, '2', `${ESC}s`, ' ', `${ESC}g`, 'a', `${ESC}s`)).toBe('H₂O x² α');
    // EACC (ESC $ 1): three bytes a character
    expect(m8(`${ESC}$1`, [0x21, 0x30, 0x64], `${ESC}(B`, ' ren')).toBe('人 ren');
    // MARC-8's way of writing a character it lacks
    expect(m8('a&#x200F;b')).toBe('a\u200fb');
  });

  it('reads real MARC-8 records: Hebrew, Arabic, Cyrillic and Chinese 880s, French diacritics', () => {
    const [french, , arabic, hebrew, russian, chinese] = records('marc8-scripts.mrc');
    expect(sub(french, '245', 'a')).toBe('Lascaux en Périgord noir :');
    expect(sub(french, '245', 'b')).toBe('environnement, art pariétal et conservation /');
    expect(subfields(hebrew, '880')).toEqual([
      '6',
      '245-01',
      'a',
      'אופציה פואטית :',
      'b',
      '2 משוררים /',
      'c',
      'אריק א.; עמוס אדלהייט; ערך והקדים מבוא: גבריאל מוקד.',
    ]);
    expect(sub(hebrew, '245', 'a')).toBe('Optsyah poʼeṭit :');
    expect(subfields(arabic, '880', 1)?.[3]).toBe('فقه الدعوة الى الله تعالى في ضوء حديث ابن عمر /');
    expect(subfields(russian, '880')?.[5]).toBe('кино, которое мы потеряли /');
    expect(sub(russian, '700', 'a')).toBe('Mali\ufe20u\ufe21kova, Larisa.');
    expect(subfields(chinese, '880', 1)?.[3]).toBe('北京妇女发展报告,1995-2005 =');
    for (const rec of records('marc8-scripts.mrc')) expect(JSON.stringify(rec)).not.toContain('\ufffd');
  });

  it('reads Greek symbols, subscripts and superscripts from a real record', () => {
    const [rec] = records('marc8-greek-sub-superscripts.mrc');
    const notes = rec.fields.filter((f) => f[0] === '500').map((f) => f[3]);
    expect(notes).toContain(
      'VOYAGER COLUMN 4:  Dagger (DO NOT USE);  o Hook (ơ);  u Hook (ư);  Beta (β);  Gamma (γ);  Superscript 0 (⁰);  Superscript 1 (¹);  Superscript 2 (²);  Superscript 3 (³).',
    );
    expect(notes.find((n) => n.startsWith('VOYAGER COLUMN 2:'))).toContain('alpha (α);');
    expect(notes.find((n) => n.startsWith('VOYAGER COLUMN 6:'))).toContain('Subscript 2 (₂);');
    expect(JSON.stringify(rec)).not.toContain('\ufffd');
  });

  it('honours leader/09: UTF-8 when it says a, and a MARC-8 record flagged UTF-8 by mistake still reads', () => {
    const [marc8] = records('marc8-french-050.mrc');
    const [utf8] = records('utf8-french-050.mrc');
    expect(marc8.leader[9]).toBe(' ');
    expect(utf8.leader[9]).toBe('a');
    expect(sub(marc8, '240', 'a')).toBe('De la solitude à la communauté.');
    expect(sub(utf8, '240', 'a')).toBe('De la solitude à la communauté.');
    const [flagged] = records('marc8-flagged-utf8-852.mrc');
    expect(flagged.leader[9]).toBe('a');
    expect(sub(flagged, '100', 'a')).toBe('Serreau, Geneviève.');
    expect(sub(flagged, '245', 'a')).toBe('Histoire du "nouveau théâtre."');
  });
});
