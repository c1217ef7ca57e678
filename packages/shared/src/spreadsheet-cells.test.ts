import { describe, expect, it } from 'vitest';
import { neutraliseCellText } from './spreadsheet-cells.js';

describe('neutraliseCellText', () => {
  it('marks text that a spreadsheet would read as a formula', () => {
    for (const s of ['=HYPERLINK("http://x","y")', '+1+2', '-1+cmd', '@SUM(A1)', '\t=1+1', '\r=1+1'])
      expect(neutraliseCellText(s)).toBe(`'${s}`);
  });

  it('leaves ordinary text, numbers written as text and dashes alone', () => {
    for (const s of ['IIT Madras', '', ' =1', "'=1", '-12.5', '+91', '-', '--', 'a=b']) expect(neutraliseCellText(s)).toBe(s);
  });
});
