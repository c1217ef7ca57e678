import { describe, expect, it } from 'vitest';
import { xlsxBytes } from './xlsx-lite';

describe('xlsxBytes', () => {
  it('writes formula-like text as text and numbers as numbers', () => {
    // The zip is stored, not compressed: the sheet's XML is readable in the bytes.
    const xml = new TextDecoder().decode(
      xlsxBytes(
        'Students',
        ['Name', 'Marks'],
        [
          ['=HYPERLINK("http://x")', 42],
          ['@SUM(A1)', -3],
        ],
      ),
    );
    expect(xml).toContain('<t xml:space="preserve">\'=HYPERLINK(&quot;http://x&quot;)</t>');
    expect(xml).toContain('<t xml:space="preserve">\'@SUM(A1)</t>');
    expect(xml).toContain('<v>42</v>');
    expect(xml).toContain('<v>-3</v>');
  });
});
