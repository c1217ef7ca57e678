import { describe, expect, it } from 'vitest';
import {
  apportion,
  coStudentRows,
  courseAttainment,
  levelOf,
  outcomeAttainment,
  programAttainment,
  type CalcMark,
  type CalcSettings,
} from './obe.calculator.js';

/** NBA defaults: target 60 %, levels at 70/60/50 % of students, internal/external 30/70, direct/indirect 80/20. */
const S: CalcSettings = {
  targetPct: 60,
  level3: 70,
  level2: 60,
  level1: 50,
  internalWeight: 30,
  externalWeight: 70,
  directWeight: 80,
  indirectWeight: 20,
  targetLevel: 2,
};

const cos = [
  { id: 1, code: 'CO1' },
  { id: 2, code: 'CO2' },
];
// One section (10): a mid with Q1 (CO1, 10) and Q2 (CO2, 10); an end exam with Q3 (CO1, 20) and Q4 (CO2, 20).
const questions = [
  { id: 11, coId: 1, maxMarks: 10, external: false, sectionId: 10 },
  { id: 12, coId: 2, maxMarks: 10, external: false, sectionId: 10 },
  { id: 13, coId: 1, maxMarks: 20, external: true, sectionId: 10 },
  { id: 14, coId: 2, maxMarks: 20, external: true, sectionId: 10 },
];
const students = [1, 2, 3, 4, 5].map((id) => ({ id, sectionId: 10 }));
const grid: Record<number, Array<number | null>> = {
  //   s1  s2  s3  s4  s5
  11: [8, 6, 5, 9, 7], //   CO1 internal, target 6: s1 s2 s4 s5 reach → 4/5 = 80 % → level 3
  12: [6, 4, 7, 3, null], // CO2 internal, target 6: s1 s3 reach (s5 absent = 0) → 40 % → level 0
  13: [15, 12, 11, 10, 13], // CO1 external, target 12: s1 s2 s5 → 60 % → level 2
  14: [18, 12, 14, 8, 16], // CO2 external, target 12: s1 s2 s3 s5 → 80 % → level 3
};
const marks: CalcMark[] = Object.entries(grid).flatMap(([q, row]) =>
  row.flatMap((m, i) => (m === null ? [] : [{ studentId: i + 1, questionId: Number(q), marks: m }])),
);
// Course-exit survey: CO1 rated 5, 4, 4, 3, 4 (mean 4.00); CO2 rated 3, 3, 4 by three students (mean 10/3).
const ratings = [
  ...[5, 4, 4, 3, 4].map((rating, i) => ({ studentId: i + 1, coId: 1, rating })),
  ...[3, 3, 4].map((rating, i) => ({ studentId: i + 1, coId: 2, rating })),
];

describe('OBE attainment arithmetic (worked by hand)', () => {
  it('maps the share of students to levels 3/2/1/0 at the thresholds', () => {
    expect([levelOf(100, S), levelOf(70, S), levelOf(69.99, S), levelOf(60, S), levelOf(59, S), levelOf(50, S), levelOf(49.9, S), levelOf(0, S)]).toEqual([
      3, 3, 2, 2, 1, 1, 0, 0,
    ]);
  });

  it('computes internal and external levels, direct (30/70), indirect (mean × 3/5) and final (80/20)', () => {
    const [co1, co2] = courseAttainment(S, cos, questions, students, marks, ratings);
    expect(co1.internal).toEqual({ maxMarks: 10, students: 5, attained: 4, pct: 80, level: 3 });
    expect(co1.external).toEqual({ maxMarks: 20, students: 5, attained: 3, pct: 60, level: 2 });
    // direct = (3 × 30 + 2 × 70) / 100 = 2.30; indirect = 4.00 × 3 / 5 = 2.40; final = 2.30 × 0.8 + 2.40 × 0.2 = 2.32
    expect(co1.direct).toBe(2.3);
    expect(co1.surveyMean).toBe(4);
    expect(co1.surveyResponses).toBe(5);
    expect(co1.indirect).toBe(2.4);
    expect(co1.final).toBe(2.32);

    expect(co2.internal).toEqual({ maxMarks: 10, students: 5, attained: 2, pct: 40, level: 0 });
    expect(co2.external).toEqual({ maxMarks: 20, students: 5, attained: 4, pct: 80, level: 3 });
    // direct = (0 × 30 + 3 × 70) / 100 = 2.10; indirect = 10/3 × 3/5 = 2.00; final = 1.68 + 0.40 = 2.08
    expect(co2.direct).toBe(2.1);
    expect(co2.surveyMean).toBe(3.33);
    expect(co2.indirect).toBe(2);
    expect(co2.final).toBe(2.08);
  });

  it('gives the same figures from per-student CO totals and from ratings already summed up', () => {
    // Q1 and Q3 folded into one CO1 row per student and part (what the program's query hands over)
    const folded = [
      { id: -1, coId: 1, maxMarks: 10, external: false, sectionId: 10 },
      { id: -2, coId: 2, maxMarks: 10, external: false, sectionId: 10 },
      { id: -3, coId: 1, maxMarks: 20, external: true, sectionId: 10 },
      { id: -4, coId: 2, maxMarks: 20, external: true, sectionId: 10 },
    ];
    const foldedMarks = marks.map((m) => ({ ...m, questionId: -(m.questionId - 10) }));
    const summed = [
      { studentId: 0, coId: 1, rating: 4, count: 5 },
      { studentId: 0, coId: 2, rating: 10 / 3, count: 3 },
    ];
    expect(courseAttainment(S, cos, folded, students, foldedMarks, summed)).toEqual(courseAttainment(S, cos, questions, students, marks, ratings));
  });

  it('uses the weights of the year it is given: other settings give other figures', () => {
    const other = { ...S, targetPct: 50, internalWeight: 50, externalWeight: 50, directWeight: 100, indirectWeight: 0 };
    const [co1] = courseAttainment(other, cos, questions, students, marks, ratings);
    // target 50 %: CO1 internal 5/5 (s3's 5 of 10 now counts) → 3; external 12 of 20 → 10 reaches too: 5/5 → 3
    expect(co1.internal!.attained).toBe(5);
    expect(co1.external!.attained).toBe(5);
    expect(co1.final).toBe(3);
  });

  it('takes the direct figure alone without survey answers, and the one part a CO was assessed in', () => {
    const onlyInternal = questions.filter((q) => !q.external);
    const [co1, co2] = courseAttainment(S, cos, onlyInternal, students, marks, []);
    expect(co1.external).toBeNull();
    expect(co1.direct).toBe(3);
    expect(co1.indirect).toBeNull();
    expect(co1.final).toBe(3);
    expect(co2.final).toBe(0);
    const [none] = courseAttainment(S, cos, [], students, [], ratings);
    expect(none.final).toBeNull();
  });

  it('measures each student against their own section’s paper', () => {
    const qs = [
      { id: 21, coId: 1, maxMarks: 10, external: false, sectionId: 10 },
      { id: 22, coId: 1, maxMarks: 50, external: false, sectionId: 20 },
    ];
    const st = [
      { id: 1, sectionId: 10 },
      { id: 2, sectionId: 20 },
    ];
    // s1: 6 of 10 (reaches); s2: 25 of 50 (50 %, does not); a mark of s1 on section 20's paper is ignored
    const mk = [
      { studentId: 1, questionId: 21, marks: 6 },
      { studentId: 2, questionId: 22, marks: 25 },
      { studentId: 1, questionId: 22, marks: 50 },
    ];
    const [co1] = courseAttainment(S, [cos[0]], qs, st, mk, []);
    expect(co1.internal).toMatchObject({ students: 2, attained: 1, pct: 50, level: 1 });
    expect(coStudentRows(S, [cos[0]], 1, false, qs, st, mk)).toEqual([
      { studentId: 1, obtained: 6, max: 10, pct: 60, attained: true },
      { studentId: 2, obtained: 25, max: 50, pct: 50, attained: false },
    ]);
  });

  it('averages COs into POs by strength, and pools subjects for the program', () => {
    const finals = courseAttainment(S, cos, questions, students, marks, ratings);
    const mapping = [
      { coId: 1, outcomeId: 101, strength: 3 },
      { coId: 2, outcomeId: 101, strength: 2 },
      { coId: 2, outcomeId: 102, strength: 1 },
    ];
    const subjectA = outcomeAttainment(finals, mapping, [101, 102, 103]);
    // PO1 = (2.32 × 3 + 2.08 × 2) / (3 + 2) = 11.12 / 5 = 2.224 → 2.22; PO2 = 2.08 × 1 / 1; PO3 unmapped
    expect(subjectA).toEqual([
      { outcomeId: 101, value: 2.22, strengthSum: 5, weightedSum: 11.12 },
      { outcomeId: 102, value: 2.08, strengthSum: 1, weightedSum: 2.08 },
      { outcomeId: 103, value: null, strengthSum: 0, weightedSum: 0 },
    ]);
    // Subject B: one CO at 1.50 mapped to PO1 with strength 1.
    const subjectB = outcomeAttainment([{ coId: 7, final: 1.5 }], [{ coId: 7, outcomeId: 101, strength: 1 }], [101, 102, 103]);
    expect(subjectB[0].value).toBe(1.5);
    // Program PO1 = (11.12 + 1.50) / (5 + 1) = 12.62 / 6 = 2.1033 → 2.10 (not the mean of 2.22 and 1.50)
    const program = programAttainment([subjectA, subjectB], [101, 102, 103]);
    expect(program.map((p) => p.value)).toEqual([2.1, 2.08, null]);
    expect(program[0].strengthSum).toBe(6);
  });

  it('apportions an end-exam total to the questions by their maximum marks', () => {
    expect(apportion(45, [20, 20, 10])).toEqual([18, 18, 9]);
    expect(apportion(33, [10, 20])).toEqual([11, 22]);
    expect(apportion(10, [1, 1, 1])).toEqual([3.33, 3.33, 3.34]);
    expect(apportion(10, [])).toEqual([]);
  });
});
