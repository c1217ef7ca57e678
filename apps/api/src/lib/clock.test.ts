import { describe, expect, it } from 'vitest';
import { DATE_MSG } from '@erp/shared';
import { addDays, checkDayRange, daysBetween, eachDay } from './clock.js';
import { AppError } from './errors.js';

describe('date steps', () => {
  it('adds calendar days across month, leap-day and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-01', 30)).toBe('2025-03-31');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });

  it('refuses to step past 9999-12-31, whose next day would sort before it as text', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(() => addDays('0000-00-00', 1)).toThrow(RangeError);
    expect(() => addDays('not a date', 1)).toThrow(RangeError);
  });

  it('walks every day of a range by number, so it always ends', () => {
    expect(eachDay('2024-02-27', '2024-03-01', 366)).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(eachDay('9999-12-30', '9999-12-31', 366)).toEqual(['9999-12-30', '9999-12-31']);
    expect(eachDay('2025-03-02', '2025-03-01', 366)).toEqual([]);
    expect(eachDay('2024-01-01', '2024-12-31', 366)).toHaveLength(366);
  });

  it('refuses a longer range than asked for with a 400 before the first step', () => {
    // 2024-01-01 .. 2025-01-01 is 367 days counting both ends.
    const tooLong = () => eachDay('2024-01-01', '2025-01-01', 366);
    expect(tooLong).toThrow(AppError);
    expect(tooLong).toThrow(DATE_MSG.tooLong('from date', 'to date', 366));
    expect(() => eachDay('0001-01-01', '9999-12-31', 366)).toThrow(AppError);
  });

  it('checks a report range after its defaults are filled in', () => {
    expect(() => checkDayRange('2025-01-01', '2025-12-31', 366)).not.toThrow();
    expect(() => checkDayRange('2025-03-02', '2025-03-01', 366)).toThrow('The from date must be on or before the to date');
    expect(() => checkDayRange('2020-01-01', '2025-01-01', 366)).toThrow(DATE_MSG.tooLong('from date', 'to date', 366));
  });
});
