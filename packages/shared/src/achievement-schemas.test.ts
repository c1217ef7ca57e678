import { describe, expect, it } from 'vitest';
import { ACHIEVEMENT_MSG, ZAchievement, displayDate, isIsoDate } from './achievement-schemas.js';
import { MSG } from './messages.js';

const ok = { departmentName: 'CSE', facultyName: 'Farida Rao', facultyEmail: 'faculty@svec.edu.in', description: 'Best paper', dates: '2025-02-28' };

describe('achievement schema', () => {
  it('accepts a complete achievement and trims it', () => {
    expect(ZAchievement.parse({ ...ok, description: '  Best paper ' }).description).toBe('Best paper');
  });

  it('answers the spec message for each missing field', () => {
    for (const field of ['departmentName', 'facultyName', 'description', 'dates'] as const) {
      const r = ZAchievement.safeParse({ ...ok, [field]: '' });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(MSG.fillInAllFields);
    }
  });

  it('limits the description to 500 characters', () => {
    expect(ZAchievement.safeParse({ ...ok, description: 'x'.repeat(500) }).success).toBe(true);
    expect(ZAchievement.safeParse({ ...ok, description: 'x'.repeat(501) }).error?.issues[0].message).toBe(ACHIEVEMENT_MSG.descriptionTooLong);
  });

  it('checks real yyyy-mm-dd dates and shows them dd-mm-yyyy', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('28-02-2025')).toBe(false);
    expect(displayDate('2025-02-28')).toBe('28-02-2025');
  });
});
