import { describe, expect, it } from 'vitest';
import { academicYearOf, onRollsInYear, rollsYear } from './rolls.js';

describe('the rolls', () => {
  it('begins the academic year on 1 May', () => {
    expect(academicYearOf('2026-04-30')).toBe(2025);
    expect(academicYearOf('2026-05-01')).toBe(2026);
    expect(academicYearOf('2026-11-28')).toBe(2026);
  });

  it('keeps the outgoing batch on the rolls until the year’s intake is admitted', () => {
    const batches = ['2021-2025', '2022-2026', '2023-2027', '2024-2028', '2025-2029'];
    expect(rollsYear(batches, '2026-11-28')).toBe(2025);
    expect(rollsYear([...batches, '2026-2030'], '2026-11-28')).toBe(2026);
    // A batch made ahead for next year's admissions changes nothing.
    expect(rollsYear([...batches, '2027-2031'], '2026-11-28')).toBe(2025);
    expect(rollsYear(['Lateral'], '2026-11-28')).toBe(2026);
  });

  it('counts a batch from the year it began until the year it ends', () => {
    expect(onRollsInYear('2022-2026', 2025)).toBe(true);
    expect(onRollsInYear('2022-2026', 2026)).toBe(false);
    expect(onRollsInYear('2022-26', 2022)).toBe(true);
    expect(onRollsInYear('2026-2030', 2025)).toBe(false);
    expect(onRollsInYear('B.Tech 2022', 2024)).toBe(false);
  });
});
