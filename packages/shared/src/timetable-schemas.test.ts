import { describe, expect, it } from 'vitest';
import { classBlocks, periodLabel, periodTime } from './timetable-schemas.js';

describe('period times and class blocks', () => {
  it('gives a period its bell times and a block the span from its first start to its last end', () => {
    expect(periodTime(1)).toBe('09:00–09:50');
    expect(periodTime(5, 7)).toBe('13:20–15:50');
    expect(periodTime(9)).toBe('');
    expect(periodLabel(3)).toBe('P3');
    expect(periodLabel(5, 7)).toBe('P5–7');
  });

  it('joins consecutive periods of one class, keeps a gap or another class apart, in the order of first rows', () => {
    const row = (period: number, section: string, subject: string) => ({ period, section, subject });
    const rows = [
      row(1, 'A', 'DS'),
      row(2, 'A', 'DS'),
      row(3, 'B', 'OS'),
      row(5, 'A', 'LAB'),
      row(6, 'A', 'LAB'),
      row(7, 'A', 'LAB'),
      row(8, 'A', 'DS'),
    ];
    const blocks = classBlocks(rows, (r) => `${r.section}|${r.subject}`);
    expect(blocks.map((b) => [b.first.subject, b.periods])).toEqual([
      ['DS', [1, 2]],
      ['OS', [3]],
      ['LAB', [5, 6, 7]],
      ['DS', [8]],
    ]);
    // Unordered input gives the same blocks.
    expect(
      classBlocks([...rows].reverse(), (r) => `${r.section}|${r.subject}`)
        .map((b) => b.periods)
        .sort(),
    ).toEqual([[1, 2], [3], [5, 6, 7], [8]].sort());
  });
});
