import { describe, expect, it } from 'vitest';
import { maskAadhaar } from './privacy.js';

describe('maskAadhaar', () => {
  it('keeps only the last four digits of a 12-digit number, grouped in fours', () => {
    expect(maskAadhaar('123456781234')).toBe('XXXX XXXX 1234');
    expect(maskAadhaar('987654321098')).toBe('XXXX XXXX 1098');
  });

  it('reads a number written with spaces or dashes', () => {
    expect(maskAadhaar('1234 5678 4321')).toBe('XXXX XXXX 4321');
    expect(maskAadhaar('1234-5678-4321')).toBe('XXXX XXXX 4321');
  });

  it('leaves an empty value empty', () => {
    expect(maskAadhaar('')).toBe('');
    expect(maskAadhaar(null)).toBe('');
    expect(maskAadhaar(undefined)).toBe('');
  });

  it('hides a value too short to show four digits safely', () => {
    expect(maskAadhaar('1234')).toBe('XXXX');
    expect(maskAadhaar('12')).toBe('XX');
    // 8 characters: four hidden, four shown
    expect(maskAadhaar('56781234')).toBe('XXXX 1234');
  });

  it('never contains the hidden digits', () => {
    const masked = maskAadhaar('111122223333');
    expect(masked).not.toContain('1111');
    expect(masked).not.toContain('2222');
    expect(masked.endsWith('3333')).toBe(true);
  });
});
