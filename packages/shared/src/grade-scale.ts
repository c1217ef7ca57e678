/** Spec section 4 grade scale. Marks are percentages; 'AB' means absent. */
export type Grade = 'S' | 'A' | 'B' | 'C' | 'D' | 'F' | 'AB';

export const GRADE_SCALE: ReadonlyArray<{ grade: Grade; min: number; points: number }> = [
  { grade: 'S', min: 90, points: 10 },
  { grade: 'A', min: 80, points: 9 },
  { grade: 'B', min: 70, points: 8 },
  { grade: 'C', min: 60, points: 7 },
  { grade: 'D', min: 50, points: 6 },
  { grade: 'F', min: 0, points: 0 },
];

export interface GradeResult {
  grade: Grade;
  gradePoints: number;
  status: 'Pass' | 'Fail' | 'Absent';
}

export function gradeFor(marks: number | 'AB'): GradeResult {
  if (marks === 'AB') return { grade: 'AB', gradePoints: 0, status: 'Absent' };
  if (!Number.isFinite(marks) || marks < 0 || marks > 100) {
    throw new RangeError(`Marks must be between 0 and 100, got ${marks}`);
  }
  const step = GRADE_SCALE.find((s) => marks >= s.min)!;
  return { grade: step.grade, gradePoints: step.points, status: step.grade === 'F' ? 'Fail' : 'Pass' };
}

/** SGPA = sum(credits x grade points) / sum(credits), rounded to two decimals. */
export function sgpa(rows: ReadonlyArray<{ credits: number; gradePoints: number }>): number {
  return sgpaOfSums(
    rows.reduce((s, r) => s + r.credits * r.gradePoints, 0),
    rows.reduce((s, r) => s + r.credits, 0),
  );
}

/** sgpa from the sums a database adds up: sum(credits x grade points) and sum(credits). */
export function sgpaOfSums(weighted: number, credits: number): number {
  if (credits === 0) return 0;
  return Math.round((weighted / credits) * 100 + Number.EPSILON) / 100;
}
