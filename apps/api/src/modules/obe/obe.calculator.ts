/**
 * The attainment arithmetic of NBA's method, pure (no database, no clock): the service reads the
 * rows and hands them here; the tests and the bench call it directly.
 *
 * - A student attains a CO in a part (internal: mid, assignment, quiz, lab; external: the end exam)
 *   when their marks on that CO's questions reach `targetPct` % of those questions' maximum. A
 *   question not answered counts 0. Each student is measured against their own section's papers.
 * - The share of students attaining gives the part's level: ≥ level3 % → 3, ≥ level2 % → 2,
 *   ≥ level1 % → 1, else 0.
 * - Direct = (internal level × internal weight + external level × external weight) / 100; a CO
 *   assessed in one part only takes that part's level.
 * - Indirect = the mean course-exit rating (1–5) on the 3-point scale: mean × 3 / 5.
 * - Final = (direct × direct weight + indirect × indirect weight) / 100; without survey answers the
 *   final is the direct figure; without marks there is no figure.
 * - An outcome (PO or PSO) = Σ(CO final × strength) / Σ strength over the COs mapped to it that
 *   have a figure; a program pools the sums of all its subjects.
 */

export interface CalcSettings {
  targetPct: number;
  level3: number;
  level2: number;
  level1: number;
  internalWeight: number;
  externalWeight: number;
  directWeight: number;
  indirectWeight: number;
  targetLevel: number;
}

export interface CalcCo {
  id: number;
  code: string;
}
export interface CalcQuestion {
  id: number;
  coId: number;
  maxMarks: number;
  external: boolean;
  sectionId: number;
}
export interface CalcStudent {
  id: number;
  sectionId: number;
}
export interface CalcMark {
  studentId: number;
  questionId: number;
  marks: number;
}
export interface CalcRating {
  studentId: number;
  coId: number;
  rating: number;
  /** answers this row stands for (a row already summed up: `rating` is their mean); default 1 */
  count?: number;
}

export interface PartResult {
  maxMarks: number;
  students: number;
  attained: number;
  pct: number;
  level: number;
}
export interface CoResult {
  coId: number;
  code: string;
  internal: PartResult | null;
  external: PartResult | null;
  direct: number | null;
  surveyMean: number | null;
  surveyResponses: number;
  indirect: number | null;
  final: number | null;
}
export interface MappingCell {
  coId: number;
  outcomeId: number;
  strength: number;
}
export interface OutcomeResult {
  outcomeId: number;
  value: number | null;
  strengthSum: number;
  weightedSum: number;
}
export interface StudentRow {
  studentId: number;
  obtained: number;
  max: number;
  pct: number;
  attained: boolean;
}

export const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

export function levelOf(pctOfStudents: number, s: CalcSettings): number {
  if (pctOfStudents >= s.level3) return 3;
  if (pctOfStudents >= s.level2) return 2;
  if (pctOfStudents >= s.level1) return 1;
  return 0;
}

/** Does `obtained` out of `max` reach the target %? (compared in hundredths, free of float noise) */
export const reaches = (obtained: number, max: number, targetPct: number) => obtained * 100 >= targetPct * max - 1e-9;

interface Prepared {
  coIndex: Map<number, number>;
  /** per question: [co index, part (0 internal, 1 external)] */
  qInfo: Map<number, { co: number; part: number; sectionId: number }>;
  /** per section: max marks by co × part */
  sectionMax: Map<number, Float64Array>;
  /** per student: obtained by co × part */
  obtained: Map<number, Float64Array>;
}

function prepare(cos: CalcCo[], questions: CalcQuestion[], students: CalcStudent[], marks: CalcMark[]): Prepared {
  const n = cos.length * 2;
  const coIndex = new Map(cos.map((c, i) => [c.id, i]));
  const qInfo = new Map<number, { co: number; part: number; sectionId: number }>();
  const sectionMax = new Map<number, Float64Array>();
  for (const q of questions) {
    const co = coIndex.get(q.coId);
    if (co === undefined) continue;
    const part = q.external ? 1 : 0;
    qInfo.set(q.id, { co, part, sectionId: q.sectionId });
    let m = sectionMax.get(q.sectionId);
    if (!m) sectionMax.set(q.sectionId, (m = new Float64Array(n)));
    m[co * 2 + part] += q.maxMarks;
  }
  const obtained = new Map<number, Float64Array>();
  const sectionOf = new Map<number, number>();
  for (const s of students) {
    obtained.set(s.id, new Float64Array(n));
    sectionOf.set(s.id, s.sectionId);
  }
  for (const mk of marks) {
    const q = qInfo.get(mk.questionId);
    const o = obtained.get(mk.studentId);
    // A mark on another section's paper (a student moved) does not count against this one.
    if (!q || !o || sectionOf.get(mk.studentId) !== q.sectionId) continue;
    o[q.co * 2 + q.part] += mk.marks;
  }
  return { coIndex, qInfo, sectionMax, obtained };
}

/** Every CO's internal, external, direct, indirect and final attainment. */
export function courseAttainment(
  s: CalcSettings,
  cos: CalcCo[],
  questions: CalcQuestion[],
  students: CalcStudent[],
  marks: CalcMark[],
  ratings: CalcRating[],
): CoResult[] {
  const p = prepare(cos, questions, students, marks);
  const counts = cos.map(() => ({ n: [0, 0], hit: [0, 0], max: [0, 0] }));
  for (const st of students) {
    const max = p.sectionMax.get(st.sectionId);
    if (!max) continue;
    const got = p.obtained.get(st.id)!;
    for (let c = 0; c < cos.length; c++) {
      for (let part = 0; part < 2; part++) {
        const m = max[c * 2 + part];
        if (m <= 0) continue;
        const k = counts[c];
        k.n[part]++;
        k.max[part] = Math.max(k.max[part], m);
        if (reaches(got[c * 2 + part], m, s.targetPct)) k.hit[part]++;
      }
    }
  }
  const ratingSum = cos.map(() => ({ sum: 0, n: 0 }));
  for (const r of ratings) {
    const c = p.coIndex.get(r.coId);
    if (c === undefined) continue;
    const n = r.count ?? 1;
    ratingSum[c].sum += r.rating * n;
    ratingSum[c].n += n;
  }
  return cos.map((co, c) => {
    const k = counts[c];
    const partOf = (part: number): PartResult | null => {
      if (k.n[part] === 0) return null;
      const pct = (k.hit[part] * 100) / k.n[part];
      return { maxMarks: k.max[part], students: k.n[part], attained: k.hit[part], pct: round2(pct), level: levelOf(pct, s) };
    };
    const internal = partOf(0);
    const external = partOf(1);
    let direct: number | null = null;
    if (internal && external) direct = (internal.level * s.internalWeight + external.level * s.externalWeight) / 100;
    else if (internal) direct = internal.level;
    else if (external) direct = external.level;
    const rs = ratingSum[c];
    const surveyMean = rs.n ? rs.sum / rs.n : null;
    const indirect = surveyMean === null ? null : (surveyMean * 3) / 5;
    let final: number | null = null;
    if (direct !== null) final = indirect === null ? direct : (direct * s.directWeight + indirect * s.indirectWeight) / 100;
    return {
      coId: co.id,
      code: co.code,
      internal,
      external,
      direct: direct === null ? null : round2(direct),
      surveyMean: surveyMean === null ? null : round2(surveyMean),
      surveyResponses: rs.n,
      indirect: indirect === null ? null : round2(indirect),
      final: final === null ? null : round2(final),
    };
  });
}

/** Σ(CO × strength) / Σ strength for each outcome, over the COs that have a figure. */
export function outcomeAttainment(cos: Array<{ coId: number; final: number | null }>, mapping: MappingCell[], outcomeIds: number[]): OutcomeResult[] {
  const finalOf = new Map(cos.map((c) => [c.coId, c.final]));
  const sums = new Map<number, { w: number; s: number }>(outcomeIds.map((id) => [id, { w: 0, s: 0 }]));
  for (const m of mapping) {
    const f = finalOf.get(m.coId);
    const acc = sums.get(m.outcomeId);
    if (f === null || f === undefined || !acc) continue;
    acc.w += f * m.strength;
    acc.s += m.strength;
  }
  return outcomeIds.map((id) => {
    const { w, s } = sums.get(id)!;
    return { outcomeId: id, value: s ? round2(w / s) : null, strengthSum: s, weightedSum: round2(w) };
  });
}

/** A program's outcomes: the subjects' sums pooled, Σ(CO × strength) / Σ strength over all of them. */
export function programAttainment(subjects: OutcomeResult[][], outcomeIds: number[]): OutcomeResult[] {
  const sums = new Map<number, { w: number; s: number }>(outcomeIds.map((id) => [id, { w: 0, s: 0 }]));
  for (const list of subjects)
    for (const o of list) {
      const acc = sums.get(o.outcomeId);
      if (!acc) continue;
      acc.w += o.weightedSum;
      acc.s += o.strengthSum;
    }
  return outcomeIds.map((id) => {
    const { w, s } = sums.get(id)!;
    return { outcomeId: id, value: s ? round2(w / s) : null, strengthSum: s, weightedSum: round2(w) };
  });
}

/** The rows behind one CO part: each student's marks on that CO against the target. */
export function coStudentRows(
  s: CalcSettings,
  cos: CalcCo[],
  coId: number,
  external: boolean,
  questions: CalcQuestion[],
  students: CalcStudent[],
  marks: CalcMark[],
): StudentRow[] {
  const p = prepare(cos, questions, students, marks);
  const c = p.coIndex.get(coId);
  if (c === undefined) return [];
  const part = external ? 1 : 0;
  const rows: StudentRow[] = [];
  for (const st of students) {
    const max = p.sectionMax.get(st.sectionId)?.[c * 2 + part] ?? 0;
    if (max <= 0) continue;
    const got = p.obtained.get(st.id)![c * 2 + part];
    rows.push({ studentId: st.id, obtained: round2(got), max, pct: round2((got * 100) / max), attained: reaches(got, max, s.targetPct) });
  }
  return rows;
}

/**
 * An end-exam total spread over the paper's questions by their maximum marks (the paper's CO
 * weights), rounded to hundredths; the last question takes the rounding remainder so the parts add
 * up to the total.
 */
export function apportion(total: number, maxima: number[]): number[] {
  const sum = maxima.reduce((a, b) => a + b, 0);
  if (sum <= 0) return maxima.map(() => 0);
  const parts = maxima.map((m) => round2((total * m) / sum));
  const diff = round2(total - parts.reduce((a, b) => a + b, 0));
  parts[parts.length - 1] = round2(parts[parts.length - 1] + diff);
  return parts;
}
