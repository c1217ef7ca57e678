import { describe, expect, it } from 'vitest';
import { containsPattern, startsWithPattern } from './search.js';

describe('search patterns', () => {
  it('matches what was typed anywhere, trimmed and lower-cased', () => {
    expect(containsPattern('  Ravi Kumar ')).toBe('%ravi kumar%');
  });

  it('matches what was typed only at the start of the column', () => {
    expect(startsWithPattern(' 22A91A ')).toBe('22a91a%');
  });

  it('makes a typed %, _ or backslash mean itself', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(startsWithPattern('A_1%')).toBe('a\\_1\\%%');
  });
});
