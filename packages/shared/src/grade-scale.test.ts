import { describe, expect, it } from 'vitest';
import { gradeFor, sgpa } from './grade-scale.js';
import { normalizeRollNo, ZResultImportRow, ZResultLookup } from './result-schemas.js';

describe('gradeFor', () => {
  it.each([
    [100, 'S', 10, 'Pass'],
    [90, 'S', 10, 'Pass'],
    [89.99, 'A', 9, 'Pass'],
    [80, 'A', 9, 'Pass'],
    [79.99, 'B', 8, 'Pass'],
    [70, 'B', 8, 'Pass'],
    [60, 'C', 7, 'Pass'],
    [59.5, 'D', 6, 'Pass'],
    [50, 'D', 6, 'Pass'],
    [49.99, 'F', 0, 'Fail'],
    [0, 'F', 0, 'Fail'],
  ] as const)('%s%% is %s (%s points, %s)', (marks, grade, points, status) => {
    expect(gradeFor(marks)).toEqual({ grade, gradePoints: points, status });
  });

  it('gives AB with no points for an absence', () => {
    expect(gradeFor('AB')).toEqual({ grade: 'AB', gradePoints: 0, status: 'Absent' });
  });

  it('refuses marks outside 0..100', () => {
    expect(() => gradeFor(100.01)).toThrow(RangeError);
    expect(() => gradeFor(-1)).toThrow(RangeError);
    expect(() => gradeFor(Number.NaN)).toThrow(RangeError);
  });
});

describe('sgpa', () => {
  it('weights grade points by credits', () => {
    expect(
      sgpa([
        { credits: 3, gradePoints: 10 },
        { credits: 1, gradePoints: 6 },
      ]),
    ).toBe(9);
  });
  it('rounds half up to two decimals', () => {
    // 57 / 8 = 7.125
    expect(
      sgpa([
        { credits: 3, gradePoints: 8 },
        { credits: 3, gradePoints: 7 },
        { credits: 2, gradePoints: 6 },
      ]),
    ).toBe(7.13);
    // 29 / 3 = 9.666..., 28 / 3 = 9.333...
    expect(
      sgpa([
        { credits: 1, gradePoints: 10 },
        { credits: 1, gradePoints: 10 },
        { credits: 1, gradePoints: 9 },
      ]),
    ).toBe(9.67);
    expect(
      sgpa([
        { credits: 1, gradePoints: 10 },
        { credits: 1, gradePoints: 9 },
        { credits: 1, gradePoints: 9 },
      ]),
    ).toBe(9.33);
  });
  it('counts failed and absent courses as zero points', () => {
    expect(
      sgpa([
        { credits: 4, gradePoints: 9 },
        { credits: 4, gradePoints: 0 },
      ]),
    ).toBe(4.5);
  });
  it('is 0 with no credits', () => {
    expect(sgpa([])).toBe(0);
  });
});

describe('roll number and import row', () => {
  it('uses only the part before the first space', () => {
    expect(normalizeRollNo('  22a91a0501 Ravi Kumar')).toBe('22A91A0501');
    expect(ZResultLookup.safeParse({ rollNo: '   ', examTitle: 'X' }).error?.issues[0].message).toBe('Please enter Roll Number');
  });
  it('reads a template row and names every bad cell', () => {
    const ok = ZResultImportRow.parse({
      rollNo: '22a91a0501',
      examTitle: ' T ',
      examType: 'Supply',
      courseCode: 'cs401',
      course: 'Compilers',
      credits: '3',
      marks: 'ab',
    });
    expect(ok).toEqual({
      rollNo: '22A91A0501',
      examTitle: 'T',
      examType: 'supply',
      courseCode: 'CS401',
      course: 'Compilers',
      credits: 3,
      marks: 'AB',
    });
    const bad = ZResultImportRow.safeParse({
      rollNo: '',
      examTitle: 'T',
      examType: 'final',
      courseCode: 'X',
      course: 'Y',
      credits: 0,
      marks: 101,
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('Roll Number is required');
    expect(messages).toContain('Regular/Supply must be Regular or Supply');
    expect(messages).toContain('Credits must be more than 0 and at most 10');
    expect(messages.some((m) => m.startsWith('Marks must be a percentage'))).toBe(true);
  });
});
