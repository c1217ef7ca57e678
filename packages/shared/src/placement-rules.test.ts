import { describe, expect, it } from 'vitest';
import { driveRules } from './placement-schemas.js';

const none = {
  batch: '2022-2026',
  branches: ['CSE'],
  minCgpa: 0,
  maxBacklogs: null,
  gender: '',
  noFeeDues: false,
  minAttendance: null,
  minTenthPct: 0,
  minTwelfthPct: 0,
  maxGapYears: null,
};

describe('a drive names every rule it sets', () => {
  it('names batch and branches always, each other rule only when set', () => {
    expect(driveRules(none)).toEqual(['Batch 2022-2026', 'Branches CSE']);
    expect(
      driveRules({
        ...none,
        gender: 'MALE',
        minCgpa: 7,
        maxBacklogs: 2,
        minTenthPct: 70,
        minTwelfthPct: 62.5,
        maxGapYears: 0,
        minAttendance: 80,
        noFeeDues: true,
      }),
    ).toEqual([
      'Batch 2022-2026',
      'Branches CSE',
      'Men only',
      'CGPA at least 7.00',
      'At most 2 active backlogs',
      '10th at least 70%',
      '12th / diploma at least 62.5%',
      'No gap in studies',
      'Attendance at least 80%',
      'No fee dues',
    ]);
    expect(driveRules({ ...none, maxBacklogs: 1, maxGapYears: 2 })).toEqual([
      'Batch 2022-2026',
      'Branches CSE',
      'At most 1 active backlog',
      'Gap in studies at most 2 years',
    ]);
  });
});
