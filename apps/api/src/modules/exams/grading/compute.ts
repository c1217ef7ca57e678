import { GRADE_SCALE, gradeFor, sgpa } from '@erp/shared';

/**
 * The regulation's arithmetic, with no database: one paper's outcome from its marks, and the grace
 * a student's papers earn by the college's rules. Grades come from the portal's one scale (spec
 * section 4) on the percentage; the regulation adds its minimums and the supplementary cap.
 */

export interface Rules {
  cieMax: number;
  seeMax: number;
  cieMin: number;
  seeMin: number;
  totalMinPercent: number;
  supplyGradeCap: string;
  distinctionCgpa: number;
  firstClassCgpa: number;
  secondClassCgpa: number;
}

export interface PaperMarks {
  paperId: number;
  credits: number;
  cie: number;
  /** null when absent or malpractice */
  see: number | null;
  script: 'written' | 'absent' | 'malpractice';
}

export interface Outcome {
  total: number;
  percent: number;
  grade: string;
  gradePoints: number;
  status: 'Pass' | 'Fail' | 'Absent' | 'Malpractice';
}

const maxOf = (r: Rules) => r.cieMax + r.seeMax;
/** The pass line in percent: the regulation's, never below the scale's lowest pass grade. */
const passLine = (r: Rules) => Math.max(r.totalMinPercent, GRADE_SCALE.find((s) => s.grade === 'D')!.min);
const percentOf = (r: Rules, total: number) => Math.floor((total * 100) / maxOf(r) + 1e-9);

export function outcome(r: Rules, p: PaperMarks, grace: number, supplementary: boolean): Outcome {
  if (p.script === 'absent') return { total: p.cie, percent: percentOf(r, p.cie), grade: 'AB', gradePoints: 0, status: 'Absent' };
  if (p.script === 'malpractice')
    return { total: p.cie, percent: percentOf(r, p.cie), grade: 'MP', gradePoints: 0, status: 'Malpractice' };
  const see = (p.see ?? 0) + grace;
  const total = p.cie + see;
  const percent = percentOf(r, total);
  const minimums = p.cie >= r.cieMin && see >= r.seeMin && percent >= passLine(r);
  const scaled = gradeFor(Math.min(100, percent));
  if (!minimums || scaled.status !== 'Pass') return { total, percent, grade: 'F', gradePoints: 0, status: 'Fail' };
  let step = GRADE_SCALE.find((s) => s.grade === scaled.grade)!;
  if (supplementary && r.supplyGradeCap) {
    const cap = GRADE_SCALE.find((s) => s.grade === r.supplyGradeCap)!;
    if (step.points > cap.points) step = cap;
  }
  return { total, percent, grade: step.grade, gradePoints: step.points, status: 'Pass' };
}

/** The fewest marks that pass a failed written paper (its internal minimum cannot be graced). */
export function marksToPass(r: Rules, p: PaperMarks): number | null {
  if (p.script !== 'written' || p.see === null || p.cie < r.cieMin) return null;
  const forSee = r.seeMin - p.see;
  const forTotal = Math.ceil((passLine(r) * maxOf(r)) / 100 - 1e-9) - (p.cie + p.see);
  return Math.max(0, forSee, forTotal);
}

/** The fewest marks that lift a passed paper one grade. */
export function marksToNextGrade(r: Rules, p: PaperMarks, current: Outcome): number | null {
  if (current.status !== 'Pass' || p.see === null) return null;
  const next = [...GRADE_SCALE].reverse().find((s) => s.points > current.gradePoints);
  if (!next) return null;
  return Math.max(1, Math.ceil((next.min * maxOf(r)) / 100 - 1e-9) - current.total);
}

export interface GraceRule {
  id: number;
  purpose: 'pass' | 'class';
  maxMarks: number;
  maxSubjects: number;
}

export interface Award {
  paperId: number;
  marks: number;
  ruleId: number;
}

/**
 * Grace for one student's papers of one exam. A pass rule gives each failed paper that needs at
 * most maxMarks its need, fewest first, in at most maxSubjects papers. A class rule, for a student
 * who passed everything, lifts papers a grade each (most credits first, within maxMarks, at most
 * maxSubjects) when that brings the exam's SGPA up to the next class line, and gives nothing if
 * it would not. One award per paper; pass rules are tried before class rules.
 */
export function graceFor(r: Rules, papers: PaperMarks[], rules: GraceRule[], supplementary: boolean): Award[] {
  const awards = new Map<number, Award>();
  for (const rule of rules.filter((g) => g.purpose === 'pass')) {
    const needs = papers
      .filter((p) => !awards.has(p.paperId) && outcome(r, p, 0, supplementary).status === 'Fail')
      .map((p) => ({ p, need: marksToPass(r, p) }))
      .filter((x): x is { p: PaperMarks; need: number } => x.need !== null && x.need > 0 && x.need <= rule.maxMarks)
      .sort((a, b) => a.need - b.need || a.p.paperId - b.p.paperId)
      .slice(0, rule.maxSubjects);
    for (const { p, need } of needs) awards.set(p.paperId, { paperId: p.paperId, marks: need, ruleId: rule.id });
  }
  const after = (p: PaperMarks) => outcome(r, p, awards.get(p.paperId)?.marks ?? 0, supplementary);
  if (papers.some((p) => after(p).status !== 'Pass')) return [...awards.values()];

  for (const rule of rules.filter((g) => g.purpose === 'class')) {
    const current = sgpa(papers.map((p) => ({ credits: p.credits, gradePoints: after(p).gradePoints })));
    const line = [r.secondClassCgpa, r.firstClassCgpa, r.distinctionCgpa].find((l) => l > current);
    if (line === undefined) break;
    const lifts = papers
      .filter((p) => !awards.has(p.paperId))
      .map((p) => ({ p, need: marksToNextGrade(r, p, after(p)) }))
      .filter((x): x is { p: PaperMarks; need: number } => x.need !== null && x.need <= rule.maxMarks)
      .sort((a, b) => b.p.credits - a.p.credits || a.need - b.need || a.p.paperId - b.p.paperId);
    const chosen: typeof lifts = [];
    for (const l of lifts) {
      if (chosen.length >= rule.maxSubjects) break;
      chosen.push(l);
      const lifted = new Map(chosen.map((c) => [c.p.paperId, c.need]));
      const value = sgpa(
        papers.map((p) => ({
          credits: p.credits,
          gradePoints: outcome(r, p, lifted.get(p.paperId) ?? awards.get(p.paperId)?.marks ?? 0, supplementary).gradePoints,
        })),
      );
      if (value >= line) {
        for (const c of chosen) awards.set(c.p.paperId, { paperId: c.p.paperId, marks: c.need, ruleId: rule.id });
        break;
      }
    }
  }
  return [...awards.values()];
}

/** The revaluation's marks by the regulation's rule. */
export function revaluedMarks(rule: 'second_if_diff' | 'average', threshold: number, first: number, second: number): number {
  if (rule === 'average') return Math.round((first + second) / 2);
  return Math.abs(second - first) > threshold ? second : first;
}
