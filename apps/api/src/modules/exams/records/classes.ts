/**
 * The class a regulation awards on the CGPA (lines kept as CGPA × 100): First Class with
 * Distinction at or above the distinction line when every course was passed at its first attempt;
 * First Class at or above the first-class line (a distinction CGPA reached through a supplementary
 * pass lands here); Second Class at or above the second-class line; Pass Class below it. No class
 * while a course is still open.
 */
export const CLASSES = ['First Class with Distinction', 'First Class', 'Second Class', 'Pass Class'] as const;
export type AwardedClass = (typeof CLASSES)[number];

export interface ClassLines {
  distinction_cgpa_x100: number;
  first_class_cgpa_x100: number;
  second_class_cgpa_x100: number;
}

export function classOf(
  cgpa: number,
  lines: ClassLines,
  record: { openCourses: number; allFirstAttempt: boolean },
): AwardedClass | null {
  if (record.openCourses > 0) return null;
  const x100 = Math.round(cgpa * 100);
  if (x100 >= Number(lines.distinction_cgpa_x100) && record.allFirstAttempt) return 'First Class with Distinction';
  if (x100 >= Number(lines.first_class_cgpa_x100)) return 'First Class';
  if (x100 >= Number(lines.second_class_cgpa_x100)) return 'Second Class';
  return 'Pass Class';
}
