import { describe, expect, it } from 'vitest';
import { rank, tierOf, words } from './relevance.js';

describe('OPAC relevance', () => {
  it('reads words as the index does: lower case, Latin accents dropped, punctuation splits', () => {
    expect(words('Café Systèmes: Operating-System (2nd ed.)')).toEqual(['cafe', 'systemes', 'operating', 'system', '2nd', 'ed']);
  });

  it('puts the phrase first, then every word (as the start of a word), then the rest', () => {
    const terms = ['operating', 'system'];
    expect(tierOf('Operating System Concepts', terms)).toBe(1);
    expect(tierOf('Modern Operating-System Design', terms)).toBe(1);
    expect(tierOf('Advanced Operating Systems', terms)).toBe(2);
    expect(tierOf('System Operating Manual', terms)).toBe(2);
    expect(tierOf('Networks', terms)).toBe(3);
    expect(tierOf('Anything', [])).toBe(3);
  });

  it('orders by tier, then title ignoring case, then id', () => {
    const rows = [
      { id: 1, title: 'Networks' },
      { id: 2, title: 'advanced Operating Systems' },
      { id: 3, title: 'Operating System Concepts' },
      { id: 4, title: 'Basic Operating Systems' },
      { id: 5, title: 'Advanced operating systems' },
    ];
    expect(rank(rows, ['operating', 'system'])).toEqual([3, 2, 5, 4, 1]);
    expect(rank(rows, [])).toEqual([2, 5, 4, 1, 3]);
  });
});
