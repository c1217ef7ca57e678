import { describe, expect, it } from 'vitest';
import { branchesOf, codesOf, ddmmyyyy, nextStatus, rupees, toPaise, whenText } from './format';

describe('exam formats', () => {
  it('moves an exam one step at a time and nowhere after publishing', () => {
    expect(nextStatus('draft')).toBe('registration');
    expect(nextStatus('registration')).toBe('hall_tickets');
    expect(nextStatus('marks_entry')).toBeNull();
    expect(nextStatus('published')).toBeNull();
  });

  it('reads typed rupees as paise, and text that is no amount as NaN', () => {
    expect(toPaise('1,250.50')).toBe(125050);
    expect(toPaise('₹ 150')).toBe(15000);
    expect(toPaise('')).toBe(0);
    expect(toPaise('12.345')).toBeNaN();
    expect(toPaise('abc')).toBeNaN();
  });

  it('splits backlog codes on commas, spaces and lines, upper-cased, once each', () => {
    expect(codesOf(' r22cs301, R22CS405\nr22cs301 ;R22MA101 ')).toEqual(['R22CS301', 'R22CS405', 'R22MA101']);
    expect(codesOf('  ')).toEqual([]);
  });

  it('shows money with lakh grouping and dates as dd-mm-yyyy', () => {
    expect(rupees(1234567_89)).toBe('₹12,34,567.89');
    expect(ddmmyyyy('2026-11-29')).toBe('29-11-2026');
    expect(ddmmyyyy(null)).toBe('—');
    expect(whenText('2026-11-21')).toBe('21-11-2026');
  });

  it('lists the branches of the papers once each, leaving out the papers common to all', () => {
    expect(branchesOf([{ branch: 'ECE' }, { branch: 'CSE' }, { branch: 'All branches' }, { branch: 'ECE' }])).toEqual([
      'CSE',
      'ECE',
    ]);
  });
});
