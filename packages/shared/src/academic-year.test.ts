import { describe, expect, it } from 'vitest';
import { academicYear, financialYear } from './academic-year.js';

// Local-time dates: the helper reads getMonth()/getFullYear() as the legacy one does.
const on = (y: number, monthIndex: number, d: number) => new Date(y, monthIndex, d, 12);

describe('academicYear (spec section 9: month index above 3 → year-nextyear)', () => {
  it('gives previousyear-year from January to April (month index 0..3)', () => {
    expect(academicYear(on(2026, 0, 1))).toBe('2025-2026');
    expect(academicYear(on(2026, 2, 31))).toBe('2025-2026');
    expect(academicYear(on(2026, 3, 1))).toBe('2025-2026');
    expect(academicYear(on(2026, 3, 30))).toBe('2025-2026');
  });

  it('switches to year-nextyear on 1 May (month index 4) and stays there to December', () => {
    expect(academicYear(on(2026, 4, 1))).toBe('2026-2027');
    expect(academicYear(on(2026, 6, 15))).toBe('2026-2027');
    expect(academicYear(on(2026, 11, 31))).toBe('2026-2027');
  });

  it('crosses the calendar year on 1 January', () => {
    expect(academicYear(on(2025, 11, 31))).toBe('2025-2026');
    expect(academicYear(on(2026, 0, 1))).toBe('2025-2026');
  });

  it('is the default financial year', () => {
    expect(financialYear(on(2024, 3, 30))).toBe('2023-2024');
    expect(financialYear(on(2024, 4, 1))).toBe('2024-2025');
    expect(financialYear()).toMatch(/^(\d{4})-(\d{4})$/);
    const [a, b] = financialYear().split('-').map(Number);
    expect(b - a).toBe(1);
  });
});
