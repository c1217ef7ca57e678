import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTimetable } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newRolls, ok, readyClass } from '../../../test/modules/academic.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a week carries the subject names and the bell schedule', () => {
  it("answers a section's week and the teacher's own with the period times and each class's subject name", async () => {
    const lab = await readyClass(t, (await newRolls(t, 2)).slice(1), {}, { day: 3, period: 5, span: 3 } as {
      day: number;
      period: number;
    });
    const week = await ok<TTimetable>(await t.as('admin', { method: 'GET', url: `/api/timetable/${lab.section.id}` }));
    expect(week.periods).toHaveLength(8);
    expect(week.periods[0]).toEqual({ period: 1, start: '09:00', end: '09:50' });
    // Lunch falls between periods 4 and 5.
    expect(week.periods.slice(3, 5)).toEqual([
      { period: 4, start: '11:40', end: '12:30' },
      { period: 5, start: '13:20', end: '14:10' },
    ]);
    expect(week.slots.map((s) => [s.day, s.period, s.subjectCode, s.subjectName])).toEqual([
      [3, 5, lab.subject.code, lab.subject.name],
      [3, 6, lab.subject.code, lab.subject.name],
      [3, 7, lab.subject.code, lab.subject.name],
    ]);
    const mine = await ok<TTimetable>(await t.as(lab.fac.username, { method: 'GET', url: '/api/timetable/me' }));
    expect(mine.periods).toEqual(week.periods);
    expect(mine.slots.every((s) => s.subjectName === lab.subject.name)).toBe(true);
  });
});
