import {
  isExternal,
  OBE_MSG,
  type TAttainmentRows,
  type TObeSettings,
  type TOutcomeAttainment,
  type TProgramAttainment,
  type TProgramOutcome,
  type TSubject,
  type TSubjectAttainment,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as masters from '../masters/index.js';
import * as access from './obe.access.js';
import {
  coStudentRows,
  courseAttainment,
  outcomeAttainment,
  programAttainment as poolPrograms,
  round2,
  type CalcMark,
  type CalcQuestion,
  type CalcStudent,
  type OutcomeResult,
} from './obe.calculator.js';
import * as repo from './obe.repo.js';
import { currentYear, programOutcomes, settingsFrom } from './obe.service.js';

const gap = (target: number, value: number | null) => (value === null ? null : round2(value - target));

function outcomesOut(outcomes: TProgramOutcome[], results: OutcomeResult[], target: number): TOutcomeAttainment[] {
  const byId = new Map(results.map((r) => [r.outcomeId, r]));
  return outcomes.map((o) => {
    const r = byId.get(o.id)!;
    return { outcomeId: o.id, code: o.code, kind: o.kind, value: r.value, strengthSum: r.strengthSum, weightedSum: r.weightedSum, target, gap: gap(target, r.value) };
  });
}

/** Without a year asked for: the latest year the subject was assessed in, else the current year. */
async function latestYear(db: Database, collegeId: number, subjectId: number): Promise<string> {
  const rows = await repo.assessments(db, collegeId, { subjectIds: [subjectId] });
  return rows.map((r) => r.academic_year).sort().at(-1) ?? currentYear();
}

/** The students of some sections, each with their section, by id. */
async function studentsOf(db: Database, collegeId: number, sectionIds: number[]) {
  const students: CalcStudent[] = [];
  const info = new Map<number, { rollNo: string; name: string; sectionId: number }>();
  for (const sectionId of sectionIds) {
    for (const s of await masters.sectionStudentsOf(db, collegeId, sectionId)) {
      if (info.has(s.studentId)) continue;
      students.push({ id: s.studentId, sectionId });
      info.set(s.studentId, { rollNo: s.rollNo, name: s.name, sectionId });
    }
  }
  return { students, info };
}

/** Everything the calculator needs for one subject in one year (optionally one section). */
async function load(db: Database, collegeId: number, subject: TSubject, year: string, sectionId?: number) {
  const [settingsRow, cos, assessments, mapping, outcomes] = await Promise.all([
    repo.settings(db, collegeId, year),
    repo.cos(db, collegeId, [subject.id]),
    repo.assessments(db, collegeId, { subjectIds: [subject.id], year, sectionIds: sectionId ? [sectionId] : undefined }),
    repo.mapping(db, collegeId, [subject.id]),
    programOutcomes(db, collegeId, subject.branchId),
  ]);
  const settings = settingsFrom(year, settingsRow);
  const ids = assessments.map((a) => a.id);
  const [qs, marks, ratings] = await Promise.all([
    repo.questions(db, ids),
    repo.marks(db, ids),
    repo.ratings(db, collegeId, [{ subjectId: subject.id, year }]),
  ]);
  const kindOf = new Map(assessments.map((a) => [a.id, a]));
  const questions: CalcQuestion[] = qs.map((q) => ({
    id: q.id,
    coId: q.co_id,
    maxMarks: q.max_marks,
    external: isExternal(kindOf.get(q.assessment_id)!.kind),
    sectionId: kindOf.get(q.assessment_id)!.section_id,
  }));
  const sectionIds = [...new Set(assessments.map((a) => a.section_id))];
  const { students, info } = await studentsOf(db, collegeId, sectionIds);
  const calcMarks: CalcMark[] = marks.map((m) => ({ studentId: m.student_id, questionId: m.question_id, marks: m.marks }));
  const calcRatings = ratings
    .filter((r) => !sectionId || info.has(r.student_id))
    .map((r) => ({ studentId: r.student_id, coId: r.co_id, rating: r.rating }));
  return { settings, cos, assessments, mapping, outcomes, qs, questions, students, info, calcMarks, calcRatings };
}

export async function subjectAttainment(
  db: Database,
  user: RequestUser,
  subjectId: number,
  q: { year?: string; sectionId?: number },
): Promise<TSubjectAttainment> {
  const u = await access.obeUser(db, user);
  const subject = await access.subjectOf(db, user.collegeId, subjectId);
  await access.mustRead(db, u, subject);
  const year = q.year ?? (await latestYear(db, user.collegeId, subject.id));
  const labels = new Map((await access.allSections(db, user.collegeId)).map((s) => [s.id, s.label]));
  if (q.sectionId && !labels.has(q.sectionId)) throw badRequest(OBE_MSG.sectionNotFound);
  const d = await load(db, user.collegeId, subject, year, q.sectionId);
  const assessed = q.sectionId
    ? await repo.assessments(db, user.collegeId, { subjectIds: [subject.id], year })
    : d.assessments;
  const sections = [...new Set(assessed.map((a) => a.section_id))]
    .map((id) => ({ id, label: labels.get(id) ?? '' }))
    .sort((x, y) => x.label.localeCompare(y.label));
  const co = courseAttainment(d.settings, d.cos.map((c) => ({ id: c.id, code: c.code })), d.questions, d.students, d.calcMarks, d.calcRatings);
  const outcomes = outcomeAttainment(co, d.mapping.map((m) => ({ coId: m.co_id, outcomeId: m.outcome_id, strength: m.strength })), d.outcomes.map((o) => o.id));
  const target = d.settings.targetLevel;
  const coCode = new Map(d.cos.map((c) => [c.id, c.code]));
  const outCode = new Map(d.outcomes.map((o) => [o.id, o.code]));
  const maxOf = new Map<number, number>();
  for (const qq of d.qs) maxOf.set(qq.assessment_id, (maxOf.get(qq.assessment_id) ?? 0) + qq.max_marks);
  return {
    subject: {
      id: subject.id,
      code: subject.code,
      name: subject.name,
      branchId: subject.branchId,
      branchName: subject.branchName,
      regulationCode: subject.regulationCode,
      semesterName: subject.semesterName,
    },
    academicYear: year,
    section: q.sectionId ? { id: q.sectionId, label: labels.get(q.sectionId)! } : null,
    sections,
    settings: d.settings,
    students: d.students.length,
    cos: co.map((c, i) => ({ ...c, statement: d.cos[i].statement, target, gap: gap(target, c.final) })),
    outcomes: outcomesOut(d.outcomes, outcomes, target),
    mapping: d.mapping
      .filter((m) => coCode.has(m.co_id) && outCode.has(m.outcome_id))
      .map((m) => ({ co: coCode.get(m.co_id)!, outcome: outCode.get(m.outcome_id)!, strength: m.strength })),
    assessments: d.assessments.map((a) => ({
      id: a.id,
      name: a.name,
      kind: a.kind,
      sectionLabel: labels.get(a.section_id) ?? '',
      maxMarks: round2(maxOf.get(a.id) ?? 0),
    })),
  };
}

/** The rows behind one figure of the course attainment sheet. */
export async function attainmentRows(
  db: Database,
  user: RequestUser,
  subjectId: number,
  q: { year?: string; sectionId?: number; co: string; part: 'internal' | 'external' | 'survey' },
): Promise<TAttainmentRows> {
  const u = await access.obeUser(db, user);
  const subject = await access.subjectOf(db, user.collegeId, subjectId);
  await access.mustRead(db, u, subject);
  const year = q.year ?? (await latestYear(db, user.collegeId, subject.id));
  const d = await load(db, user.collegeId, subject, year, q.sectionId);
  const co = d.cos.find((c) => c.code === q.co.toUpperCase());
  if (!co) throw badRequest(OBE_MSG.unknownCo(q.co));
  const labels = new Map((await access.allSections(db, user.collegeId)).map((s) => [s.id, s.label]));
  const who = (id: number) => d.info.get(id) ?? { rollNo: String(id), name: '', sectionId: 0 };
  if (q.part === 'survey') {
    const rows = d.calcRatings
      .filter((r) => r.coId === co.id)
      .map((r) => ({
        rollNo: who(r.studentId).rollNo,
        name: who(r.studentId).name,
        section: labels.get(who(r.studentId).sectionId) ?? '',
        value: r.rating,
        pct: r.rating * 20,
        attained: r.rating >= 3,
      }))
      .sort((a, b) => a.rollNo.localeCompare(b.rollNo));
    return { co: co.code, part: q.part, maxMarks: 5, threshold: 3, rows };
  }
  const external = q.part === 'external';
  const rows = coStudentRows(d.settings, d.cos.map((c) => ({ id: c.id, code: c.code })), co.id, external, d.questions, d.students, d.calcMarks);
  const max = rows.reduce((m, r) => Math.max(m, r.max), 0);
  return {
    co: co.code,
    part: q.part,
    maxMarks: max,
    threshold: d.settings.targetPct,
    rows: rows
      .map((r) => ({
        rollNo: who(r.studentId).rollNo,
        name: who(r.studentId).name,
        section: labels.get(who(r.studentId).sectionId) ?? '',
        value: r.obtained,
        pct: r.pct,
        attained: r.attained,
      }))
      .sort((a, b) => a.rollNo.localeCompare(b.rollNo)),
  };
}

/** A batch of a branch: each subject of its regulation, in the year the batch was assessed in it, pooled. */
export async function programAttainment(db: Database, user: RequestUser, q: { branch: string; batch: string }): Promise<TProgramAttainment> {
  const collegeId = user.collegeId;
  const u = await access.obeUser(db, user);
  const [branches, batches] = await Promise.all([access.allBranches(db, collegeId), access.allBatches(db, collegeId)]);
  const pick = <T extends { id: number }>(list: T[], key: string, name: (x: T) => string) =>
    list.find((x) => (/^\d+$/.test(key) && x.id === Number(key)) || name(x).toLowerCase() === key.toLowerCase());
  const branch = pick(branches, q.branch, (b) => b.shortName);
  if (!branch) throw badRequest(OBE_MSG.branchNotFound);
  const batch = pick(
    batches.filter((b) => b.courseId === branch.courseId),
    q.batch,
    (b) => b.name,
  );
  if (!batch) throw badRequest(OBE_MSG.batchNotFound);
  if (!u.readsAll && !(u.hodDepartment && branch.department === u.hodDepartment)) throw forbidden(OBE_MSG.notYourDepartment);

  const subjects = batch.regulationId
    ? (await masters.subjectsOf(db, collegeId, batch.regulationId)).filter((s) => s.branchId === branch.id)
    : [];
  const sections = (await access.allSections(db, collegeId)).filter((s) => s.batchId === batch.id && s.branchId === branch.id);
  const sectionIds = sections.map((s) => s.id);
  const subjectIds = subjects.map((s) => s.id);
  const [assessments, cos, mapping, outcomes] = await Promise.all([
    repo.assessments(db, collegeId, { subjectIds, sectionIds }),
    repo.cos(db, collegeId, subjectIds),
    repo.mapping(db, collegeId, subjectIds),
    programOutcomes(db, collegeId, branch.id),
  ]);
  // The year each subject was assessed for this batch (the latest, if it was taught twice).
  const yearOf = new Map<number, string>();
  for (const a of assessments) if ((yearOf.get(a.subject_id) ?? '') < a.academic_year) yearOf.set(a.subject_id, a.academic_year);
  const used = assessments.filter((a) => yearOf.get(a.subject_id) === a.academic_year);
  const years = [...new Set(yearOf.values())];
  const usedIds = used.map((a) => a.id);
  const [settingsRows, qs, lists, ratingSums, { students }] = await Promise.all([
    repo.settingsFor(db, collegeId, years),
    repo.questions(db, usedIds),
    repo.markLists(db, usedIds),
    repo.ratingSums(db, collegeId, subjectIds, sectionIds),
    studentsOf(db, collegeId, sectionIds),
  ]);
  const settingsOf = new Map<string, TObeSettings>(years.map((y) => [y, settingsFrom(y, settingsRows.find((r) => r.academic_year === y))]));
  // One folded "question" per CO, part and section (its papers' maximum marks added up), and each
  // student's total on it: the same figures as question by question, from far fewer rows.
  const byAssessment = new Map(used.map((a) => [a.id, a]));
  const subjectOfCo = new Map(cos.map((c) => [c.id, c.subject_id]));
  const folded = new Map<string, CalcQuestion>();
  let nextId = 0;
  for (const qq of qs) {
    const a = byAssessment.get(qq.assessment_id)!;
    const key = `${qq.co_id}|${isExternal(a.kind) ? 1 : 0}|${a.section_id}`;
    const f = folded.get(key);
    if (f) f.maxMarks += qq.max_marks;
    else folded.set(key, { id: ++nextId, coId: qq.co_id, maxMarks: qq.max_marks, external: isExternal(a.kind), sectionId: a.section_id });
  }
  const questionsBySubject = new Map<number, CalcQuestion[]>();
  for (const f of folded.values()) {
    const s = subjectOfCo.get(f.coId)!;
    if (!questionsBySubject.has(s)) questionsBySubject.set(s, []);
    questionsBySubject.get(s)!.push(f);
  }
  const foldedOf = new Map<number, CalcQuestion>();
  for (const qq of qs) {
    const a = byAssessment.get(qq.assessment_id)!;
    foldedOf.set(qq.id, folded.get(`${qq.co_id}|${isExternal(a.kind) ? 1 : 0}|${a.section_id}`)!);
  }
  // Each folded question's totals by student, in arrays indexed by the student's place in the batch.
  const place = new Map(students.map((st, i) => [st.id, i]));
  const totals = new Map<CalcQuestion, Float64Array>();
  const seen = new Map<CalcQuestion, Uint8Array>();
  for (const l of lists) {
    const f = foldedOf.get(l.question_id);
    if (!f || !l.list) continue;
    let sums = totals.get(f);
    let hit = seen.get(f);
    if (!sums || !hit) {
      totals.set(f, (sums = new Float64Array(students.length)));
      seen.set(f, (hit = new Uint8Array(students.length)));
    }
    let from = 0;
    const text = l.list;
    while (from < text.length) {
      const colon = text.indexOf(':', from);
      let comma = text.indexOf(',', colon);
      if (comma < 0) comma = text.length;
      const at = place.get(+text.slice(from, colon));
      if (at !== undefined) {
        sums[at] += +text.slice(colon + 1, comma);
        hit[at] = 1;
      }
      from = comma + 1;
    }
  }
  const marksBySubject = new Map<number, CalcMark[]>();
  for (const [f, sums] of totals) {
    const s = subjectOfCo.get(f.coId)!;
    let list = marksBySubject.get(s);
    if (!list) marksBySubject.set(s, (list = []));
    const hit = seen.get(f)!;
    for (let i = 0; i < sums.length; i++) if (hit[i]) list.push({ studentId: students[i].id, questionId: f.id, marks: sums[i] });
  }
  const group = <T, K>(rows: T[], key: (r: T) => K) => {
    const m = new Map<K, T[]>();
    for (const r of rows) {
      const k = key(r);
      let list = m.get(k);
      if (!list) m.set(k, (list = []));
      list.push(r);
    }
    return m;
  };
  const cosBySubject = group(cos, (c) => c.subject_id);
  const mappingBySubject = group(mapping, (m) => m.subject_id);
  const ratingsBySubject = group(
    ratingSums.filter((r) => yearOf.get(r.subject_id) === r.academic_year),
    (r) => r.subject_id,
  );
  const outcomeIds = outcomes.map((o) => o.id);
  const perSubject: OutcomeResult[][] = [];
  const subjectsOut: TProgramAttainment['subjects'] = [];
  for (const s of subjects.sort((a, b) => (a.semesterName ?? '').localeCompare(b.semesterName ?? '') || a.code.localeCompare(b.code))) {
    const year = yearOf.get(s.id) ?? null;
    const subjectCos = (cosBySubject.get(s.id) ?? []).map((c) => ({ id: c.id, code: c.code }));
    const results = year
      ? courseAttainment(
          settingsOf.get(year)!,
          subjectCos,
          questionsBySubject.get(s.id) ?? [],
          students,
          marksBySubject.get(s.id) ?? [],
          (ratingsBySubject.get(s.id) ?? []).map((r) => ({ studentId: 0, coId: r.co_id, rating: r.total / r.n, count: r.n })),
        )
      : subjectCos.map((c) => ({ coId: c.id, code: c.code, final: null }));
    const o = outcomeAttainment(
      results,
      (mappingBySubject.get(s.id) ?? []).map((m) => ({ coId: m.co_id, outcomeId: m.outcome_id, strength: m.strength })),
      outcomeIds,
    );
    perSubject.push(o);
    if (!subjectCos.length && !year) continue;
    subjectsOut.push({
      subjectId: s.id,
      code: s.code,
      name: s.name,
      semesterName: s.semesterName,
      academicYear: year,
      cos: results.map((r) => ({ code: r.code, final: r.final })),
      outcomes: o.map((x, i) => ({ code: outcomes[i].code, value: x.value, strengthSum: x.strengthSum, weightedSum: x.weightedSum })),
    });
  }
  // The target of the latest year the batch was assessed in.
  const latest = years.sort().at(-1);
  const target = latest ? settingsOf.get(latest)!.targetLevel : settingsFrom(currentYear(), undefined).targetLevel;
  return {
    branch: branch.shortName,
    batch: batch.name,
    regulationCode: batch.regulationCode ?? '',
    outcomes: outcomesOut(outcomes, poolPrograms(perSubject, outcomeIds), target),
    subjects: subjectsOut,
  };
}

export async function programChoices(db: Database, collegeId: number) {
  const [branches, batches] = await Promise.all([access.allBranches(db, collegeId), access.allBatches(db, collegeId)]);
  return {
    branches: branches.filter((b) => !b.retired).map((b) => ({ id: b.id, shortName: b.shortName, name: b.name })),
    batches: batches.filter((b) => !b.retired).map((b) => ({ id: b.id, name: b.name })).sort((a, b) => b.name.localeCompare(a.name)),
  };
}
