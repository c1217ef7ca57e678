import { describe, expect, it } from 'vitest';
import { graceFor, marksToPass, outcome, revaluedMarks, type PaperMarks, type Rules } from './compute.js';

// Internal 30, external 70; minimums 12 and 25; the pass line is the scale's 50 % (the regulation's 40 is lower).
const R: Rules = {
  cieMax: 30,
  seeMax: 70,
  cieMin: 12,
  seeMin: 25,
  totalMinPercent: 40,
  supplyGradeCap: 'C',
  distinctionCgpa: 7.75,
  firstClassCgpa: 6.5,
  secondClassCgpa: 5.5,
};
const paper = (
  paperId: number,
  cie: number,
  see: number | null,
  credits = 3,
  script: PaperMarks['script'] = 'written',
): PaperMarks => ({
  paperId,
  credits,
  cie,
  see,
  script,
});

describe('a paper by the regulation', () => {
  it('grades 25 + 40 = 65 % as C (7 points), a pass', () => {
    expect(outcome(R, paper(1, 25, 40), 0, false)).toEqual({
      total: 65,
      percent: 65,
      grade: 'C',
      gradePoints: 7,
      status: 'Pass',
    });
  });
  it('fails 28 + 20 = 48: the external 20 is under its minimum 25, and 48 % under 50 %', () => {
    expect(outcome(R, paper(1, 28, 20), 0, false).status).toBe('Fail');
    // 5 marks reach the external minimum (25) and the total (53 ≥ 50)
    expect(marksToPass(R, paper(1, 28, 20))).toBe(5);
    expect(outcome(R, paper(1, 28, 20), 5, false)).toEqual({
      total: 53,
      percent: 53,
      grade: 'D',
      gradePoints: 6,
      status: 'Pass',
    });
  });
  it('fails 40 + 60 when the internal minimum is missed, and grace cannot mend an internal', () => {
    expect(outcome(R, paper(1, 10, 60), 0, false).status).toBe('Fail');
    expect(marksToPass(R, paper(1, 10, 60))).toBeNull();
  });
  it('caps a supplementary pass at the regulation’s grade (95 % is C, 7 points), not a regular one', () => {
    expect(outcome(R, paper(1, 30, 65), 0, true)).toMatchObject({ grade: 'C', gradePoints: 7, status: 'Pass' });
    expect(outcome(R, paper(1, 30, 65), 0, false)).toMatchObject({ grade: 'S', gradePoints: 10 });
  });
  it('keeps absent and malpractice apart from a fail', () => {
    expect(outcome(R, paper(1, 20, null, 3, 'absent'), 0, false)).toMatchObject({ grade: 'AB', status: 'Absent' });
    expect(outcome(R, paper(1, 20, null, 3, 'malpractice'), 0, false)).toMatchObject({ grade: 'MP', status: 'Malpractice' });
  });
});

describe('grace', () => {
  const pass5in1 = { id: 7, purpose: 'pass' as const, maxMarks: 5, maxSubjects: 1 };
  it('gives a failed paper its need when within the rule, and not a paper needing more', () => {
    // paper 1: 20 + 24 = 44 needs 6 (50 − 44); paper 2: 28 + 20 needs 5 (external minimum)
    const awards = graceFor(R, [paper(1, 20, 24), paper(2, 28, 20)], [pass5in1], false);
    expect(awards).toEqual([{ paperId: 2, marks: 5, ruleId: 7 }]);
  });
  it('covers at most the rule’s number of subjects, fewest marks first', () => {
    // paper 1 needs 3 (22 + 25 = 47), paper 2 needs 2 (23 + 25 = 48)
    const awards = graceFor(R, [paper(1, 22, 25), paper(2, 23, 25)], [pass5in1], false);
    expect(awards).toEqual([{ paperId: 2, marks: 2, ruleId: 7 }]);
  });
  it('lifts a paper a grade when that reaches the next class line, most credits first', () => {
    // 4 credits at 79 (B, 8) and 3 at 69 (C, 7): SGPA (32 + 21) / 7 = 7.57, under the distinction line 7.75.
    // One mark lifts the 4-credit paper to 80 (A, 9): (36 + 21) / 7 = 8.14.
    const cls = { id: 9, purpose: 'class' as const, maxMarks: 3, maxSubjects: 1 };
    expect(graceFor(R, [paper(1, 25, 54, 4), paper(2, 25, 44, 3)], [cls], false)).toEqual([{ paperId: 1, marks: 1, ruleId: 9 }]);
  });
  it('gives no class grace when the marks allowed cannot reach the line', () => {
    // 71 (B) and 61 (C): each needs 9 marks for the next grade, the rule allows 3
    const cls = { id: 9, purpose: 'class' as const, maxMarks: 3, maxSubjects: 2 };
    expect(graceFor(R, [paper(1, 25, 46, 4), paper(2, 25, 36, 3)], [cls], false)).toEqual([]);
  });
});

describe('revaluation', () => {
  it('keeps the first marks unless the second differ by more than the threshold, up or down', () => {
    expect(revaluedMarks('second_if_diff', 5, 40, 44)).toBe(40);
    expect(revaluedMarks('second_if_diff', 5, 40, 46)).toBe(46);
    expect(revaluedMarks('second_if_diff', 5, 40, 30)).toBe(30);
  });
  it('averages the two, rounding half up', () => {
    expect(revaluedMarks('average', 0, 40, 45)).toBe(43);
  });
});
