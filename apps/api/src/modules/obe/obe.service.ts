import {
  academicYear,
  isExternal,
  NBA_PROGRAM_OUTCOMES,
  OBE_DEFAULT_SETTINGS,
  OBE_MSG,
  MSG,
  type TAssessment,
  type TAssessmentInput,
  type TAssessmentUpdate,
  type TObeYearLockInput,
  type TMarksInput,
  type TMarksSheet,
  type TObeSettings,
  type TObeSettingsInput,
  type TProgramOutcome,
  type TProgramOutcomesInput,
  type TSubjectOutcomes,
  type TSubjectOutcomesInput,
  type TSurveyForms,
  type TSurveyInput,
  type TAssessmentKind,
  type TSubject,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import type { RequestUser } from '../../plugins/types.js';
import * as masters from '../masters/index.js';
import { apportion, round2 } from './obe.calculator.js';
import * as access from './obe.access.js';
import type { ObeUser } from './obe.access.js';
import * as repo from './obe.repo.js';

export const currentYear = () => academicYear(clock.now());
const actor = (u: ObeUser) => ({ id: u.staff.userId, username: u.staff.username });

// ---- Settings (per academic year) -------------------------------------------------------------

type SettingsRow = NonNullable<Awaited<ReturnType<typeof repo.settings>>>;
export function settingsFrom(year: string, r: SettingsRow | undefined): TObeSettings {
  if (!r) return { academicYear: year, ...OBE_DEFAULT_SETTINGS, saved: false, updatedAt: null, locked: false, lockedAt: null };
  return {
    academicYear: year,
    targetPct: r.target_pct,
    level3: r.level3,
    level2: r.level2,
    level1: r.level1,
    internalWeight: r.internal_weight,
    externalWeight: r.external_weight,
    directWeight: r.direct_weight,
    indirectWeight: r.indirect_weight,
    targetLevel: r.target_level,
    saved: true,
    updatedAt: r.updated_at,
    locked: !!r.locked_at,
    lockedAt: r.locked_at ?? null,
  };
}

/** The rules of a year: its saved row, else the defaults (never another year's row, so no figure moves). */
export async function getSettings(db: Database, collegeId: number, year = currentYear()): Promise<TObeSettings> {
  return settingsFrom(year, await repo.settings(db, collegeId, year));
}

/** The form's starting point for a year not saved yet: the last saved year's rules. */
export async function settingsForForm(db: Database, collegeId: number, year = currentYear()): Promise<TObeSettings> {
  const own = await repo.settings(db, collegeId, year);
  if (own) return settingsFrom(year, own);
  const prev = await repo.latestSettingsBefore(db, collegeId, year);
  return { ...settingsFrom(year, prev), saved: false, updatedAt: null, locked: false, lockedAt: null };
}

/** Refuses any change to a locked year's papers, marks or rules. */
export async function mustBeOpen(db: Database, collegeId: number, year: string) {
  const row = await repo.settings(db, collegeId, year);
  if (row?.locked_at) throw badRequest(OBE_MSG.yearLocked(year));
}

/**
 * Locks a year once its figures are final (or unlocks it). A year with no rules saved is locked
 * with the defaults written down, so its figures can never move.
 */
export async function lockYear(db: Database, user: RequestUser, input: TObeYearLockInput) {
  const year = input.academicYear;
  const before = await repo.settings(db, user.collegeId, year);
  await db.transaction().execute(async (trx) => {
    if (!before) {
      const d = OBE_DEFAULT_SETTINGS;
      await repo.saveSettings(trx, {
        college_id: user.collegeId,
        academic_year: year,
        target_pct: d.targetPct,
        level3: d.level3,
        level2: d.level2,
        level1: d.level1,
        internal_weight: d.internalWeight,
        external_weight: d.externalWeight,
        direct_weight: d.directWeight,
        indirect_weight: d.indirectWeight,
        target_level: d.targetLevel,
        updated_by: user.id,
        updated_at: nowIso(),
      });
    }
    await repo.setLock(trx, user.collegeId, year, input.locked ? nowIso() : null, input.locked ? user.id : null);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: { id: user.id, username: user.username },
      action: input.locked ? 'obe.year.lock' : 'obe.year.unlock',
      entity: 'obe_settings',
      entityId: year,
      before: { locked: !!before?.locked_at, lockedAt: before?.locked_at ?? null },
      after: { locked: input.locked },
    });
  });
  return {
    message: input.locked ? OBE_MSG.lockedYear(year) : OBE_MSG.unlockedYear(year),
    settings: await getSettings(db, user.collegeId, year),
  };
}

export async function saveSettings(db: Database, user: RequestUser, input: TObeSettingsInput): Promise<TObeSettings> {
  const before = await repo.settings(db, user.collegeId, input.academicYear);
  if (before?.locked_at) throw badRequest(OBE_MSG.yearLocked(input.academicYear));
  await db.transaction().execute(async (trx) => {
    await repo.saveSettings(trx, {
      college_id: user.collegeId,
      academic_year: input.academicYear,
      target_pct: input.targetPct,
      level3: input.level3,
      level2: input.level2,
      level1: input.level1,
      internal_weight: input.internalWeight,
      external_weight: input.externalWeight,
      direct_weight: input.directWeight,
      indirect_weight: input.indirectWeight,
      target_level: input.targetLevel,
      updated_by: user.id,
      updated_at: nowIso(),
    });
    await audit(trx, {
      collegeId: user.collegeId,
      actor: { id: user.id, username: user.username },
      action: 'obe.settings',
      entity: 'obe_settings',
      entityId: input.academicYear,
      before: before ?? null,
      after: input,
    });
  });
  return getSettings(db, user.collegeId, input.academicYear);
}

// ---- Program outcomes -------------------------------------------------------------------------

type OutcomeRow = Awaited<ReturnType<typeof repo.outcomes>>[number];
const outcomeOut = (r: OutcomeRow): TProgramOutcome => ({
  id: r.id,
  code: r.code,
  kind: r.kind === 'PSO' ? 'PSO' : 'PO',
  branchId: r.branch_id,
  title: r.title,
  statement: r.statement,
});

/** NBA's PO1–PO12, written for the college the first time anyone asks. */
export async function ensurePos(db: Database, collegeId: number) {
  const pos = await repo.outcomes(db, collegeId, [null]);
  if (pos.length) return;
  await repo.insertOutcomes(
    db,
    NBA_PROGRAM_OUTCOMES.map((p, i) => ({
      college_id: collegeId,
      branch_id: null,
      kind: 'PO',
      code: p.code,
      title: p.title,
      statement: p.statement,
      sort_order: i + 1,
    })),
  );
}

/** The POs and (for a branch) its PSOs, in order. */
export async function programOutcomes(db: Database, collegeId: number, branchId?: number | null): Promise<TProgramOutcome[]> {
  await ensurePos(db, collegeId);
  const rows = await repo.outcomes(db, collegeId, branchId ? [null, branchId] : [null]);
  return rows
    .map(outcomeOut)
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'PO' ? -1 : 1));
}

export async function saveProgramOutcomes(db: Database, user: RequestUser, input: TProgramOutcomesInput): Promise<TProgramOutcome[]> {
  await ensurePos(db, user.collegeId);
  const codes = input.outcomes.map((o) => o.code.toUpperCase());
  const dup = codes.find((c, i) => codes.indexOf(c) !== i);
  if (dup) throw badRequest(OBE_MSG.duplicateOutcome(dup));
  if (input.branchId !== null) {
    const branches = await access.allBranches(db, user.collegeId);
    if (!branches.some((b) => b.id === input.branchId)) throw badRequest(OBE_MSG.branchNotFound);
    if (codes.some((c) => !/^PSO\d{1,2}$/.test(c))) throw badRequest('Program-specific outcomes are named PSO1, PSO2, …');
  }
  const existing = await repo.outcomes(db, user.collegeId, [input.branchId]);
  const mine = existing.filter((r) => r.branch_id === input.branchId);
  if (input.branchId === null) {
    const have = mine.map((r) => r.code).sort().join(',');
    if ([...codes].sort().join(',') !== have) throw badRequest(OBE_MSG.poFixed);
  }
  await db.transaction().execute(async (trx) => {
    const byCode = new Map(mine.map((r) => [r.code, r]));
    const fresh: Array<Omit<OutcomeRow, 'id'>> = [];
    for (const [i, o] of input.outcomes.entries()) {
      const code = o.code.toUpperCase();
      const found = byCode.get(code);
      if (found) await repo.updateOutcome(trx, found.id, { title: o.title, statement: o.statement, sort_order: i + 1 });
      else
        fresh.push({
          college_id: user.collegeId,
          branch_id: input.branchId,
          kind: input.branchId === null ? 'PO' : 'PSO',
          code,
          title: o.title,
          statement: o.statement,
          sort_order: i + 1,
        });
    }
    await repo.insertOutcomes(trx, fresh);
    await repo.deleteOutcomes(
      trx,
      user.collegeId,
      mine.filter((r) => !codes.includes(r.code)).map((r) => r.id),
    );
    await audit(trx, {
      collegeId: user.collegeId,
      actor: { id: user.id, username: user.username },
      action: 'obe.program-outcomes',
      entity: 'obe_program_outcomes',
      entityId: input.branchId ?? 'PO',
      before: mine.map((r) => ({ code: r.code, statement: r.statement })),
      after: input.outcomes,
    });
  });
  return programOutcomes(db, user.collegeId, input.branchId);
}

// ---- Subjects, COs and mapping ----------------------------------------------------------------

const subjectOut = (s: TSubject) => ({
  id: s.id,
  code: s.code,
  name: s.name,
  branchId: s.branchId,
  branchName: s.branchName,
  regulationCode: s.regulationCode,
  semesterName: s.semesterName,
});

export async function subjects(
  db: Database,
  user: RequestUser,
  q: { q: string; branchId?: number; regulationId?: number; page: number; pageSize: number },
) {
  const u = await access.obeUser(db, user);
  let rows = (await access.allSubjects(db, user.collegeId)).filter((s) => !s.retired);
  if (!u.readsAll) {
    const branches = await access.allBranches(db, user.collegeId);
    const deptOf = new Map(branches.map((b) => [b.id, b.department]));
    rows = rows.filter(
      (s) => u.allocated.has(s.id) || (u.hodDepartment !== null && s.branchId !== null && deptOf.get(s.branchId) === u.hodDepartment),
    );
  }
  if (q.branchId) rows = rows.filter((s) => s.branchId === q.branchId);
  if (q.regulationId) rows = rows.filter((s) => s.regulationId === q.regulationId);
  const needle = q.q.toLowerCase();
  if (needle) rows = rows.filter((s) => `${s.code} ${s.name} ${s.branchName ?? ''}`.toLowerCase().includes(needle));
  // Subjects already described (COs) first, so the work in hand is on the first page.
  const counts = await repo.coCounts(db, user.collegeId, rows.map((s) => s.id));
  rows.sort((a, b) => Number(counts.get(b.id)!.cos > 0) - Number(counts.get(a.id)!.cos > 0) || a.code.localeCompare(b.code));
  const start = (q.page - 1) * q.pageSize;
  return {
    items: rows.slice(start, start + q.pageSize).map((s) => ({
      id: s.id,
      code: s.code,
      name: s.name,
      branchName: s.branchName,
      regulationCode: s.regulationCode,
      semesterName: s.semesterName,
      ...counts.get(s.id)!,
    })),
    total: rows.length,
  };
}

export async function subjectOutcomes(db: Database, user: RequestUser, subjectId: number): Promise<TSubjectOutcomes> {
  const u = await access.obeUser(db, user);
  const subject = await access.subjectOf(db, user.collegeId, subjectId);
  await access.mustRead(db, u, subject);
  return outcomesOf(db, user.collegeId, subject, await access.canEdit(db, u, subject), u);
}

/** Sections of the subject's branch whose batch follows the subject's regulation (a faculty member: their allotted ones). */
async function sectionsFor(db: Database, collegeId: number, subject: TSubject, u: ObeUser | null) {
  const [sections, batches] = await Promise.all([access.allSections(db, collegeId), access.allBatches(db, collegeId)]);
  const regOf = new Map(batches.map((b) => [b.id, b.regulationId]));
  const allotted = u?.allocated.get(subject.id);
  const wide = !u || u.admin || (u.hodDepartment !== null && !allotted);
  return sections
    .filter((s) => !s.retired && s.branchId === subject.branchId && regOf.get(s.batchId) === subject.regulationId)
    .filter((s) => wide || allotted?.has(s.id) || u?.admin)
    .map((s) => ({ id: s.id, label: s.label }));
}

async function outcomesOf(db: Database, collegeId: number, subject: TSubject, canEdit: boolean, u: ObeUser | null = null): Promise<TSubjectOutcomes> {
  const [outcomes, cos, map, sections] = await Promise.all([
    programOutcomes(db, collegeId, subject.branchId),
    repo.cos(db, collegeId, [subject.id]),
    repo.mapping(db, collegeId, [subject.id]),
    canEdit ? sectionsFor(db, collegeId, subject, u) : Promise.resolve([]),
  ]);
  const coCode = new Map(cos.map((c) => [c.id, c.code]));
  const outCode = new Map(outcomes.map((o) => [o.id, o.code]));
  return {
    subject: subjectOut(subject),
    cos: cos.map((c) => ({ id: c.id, code: c.code, statement: c.statement })),
    outcomes,
    mapping: map
      .filter((m) => coCode.has(m.co_id) && outCode.has(m.outcome_id))
      .map((m) => ({ co: coCode.get(m.co_id)!, outcome: outCode.get(m.outcome_id)!, strength: m.strength })),
    canEdit,
    sections,
  };
}

export async function saveSubjectOutcomes(
  db: Database,
  user: RequestUser,
  subjectId: number,
  input: TSubjectOutcomesInput,
): Promise<TSubjectOutcomes> {
  const u = await access.obeUser(db, user);
  const subject = await access.subjectOf(db, user.collegeId, subjectId);
  await access.mustEdit(db, u, subject);
  const codes = input.cos.map((c) => c.code.toUpperCase());
  const dup = codes.find((c, i) => codes.indexOf(c) !== i);
  if (dup) throw badRequest(OBE_MSG.duplicateCo(dup));
  const outcomes = await programOutcomes(db, user.collegeId, subject.branchId);
  const outcomeId = new Map(outcomes.map((o) => [o.code, o.id]));
  for (const m of input.mapping) {
    if (!codes.includes(m.co.toUpperCase())) throw badRequest(OBE_MSG.unknownCo(m.co));
    if (!outcomeId.has(m.outcome.toUpperCase())) throw badRequest(OBE_MSG.unknownOutcome(m.outcome));
  }
  const before = await outcomesOf(db, user.collegeId, subject, true);
  const removed = (await repo.cos(db, user.collegeId, [subjectId])).filter((c) => !codes.includes(c.code));
  const used = await repo.questionCountsByCo(db, removed.map((c) => c.id));
  const busy = removed.find((c) => used.some((x) => x.co_id === c.id && Number(x.n) > 0));
  if (busy) throw badRequest(OBE_MSG.coInUse(busy.code));

  await db.transaction().execute(async (trx) => {
    const existing = await repo.cos(trx, user.collegeId, [subjectId]);
    const byCode = new Map(existing.map((c) => [c.code, c.id]));
    const ids = new Map<string, number>();
    for (const [i, c] of input.cos.entries()) {
      const code = c.code.toUpperCase();
      const id = byCode.get(code);
      if (id) {
        await repo.updateCo(trx, id, c.statement, i + 1);
        ids.set(code, id);
      } else {
        const row = await repo.insertCo(trx, { college_id: user.collegeId, subject_id: subjectId, code, statement: c.statement, sort_order: i + 1 });
        ids.set(code, row.id);
      }
    }
    await repo.deleteCos(trx, removed.map((c) => c.id));
    const cells = new Map<string, { co_id: number; outcome_id: number; strength: number }>();
    for (const m of input.mapping) {
      const co = ids.get(m.co.toUpperCase())!;
      const out = outcomeId.get(m.outcome.toUpperCase())!;
      cells.set(`${co}:${out}`, { co_id: co, outcome_id: out, strength: m.strength });
    }
    await repo.replaceMapping(trx, user.collegeId, subjectId, [...cells.values()]);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: actor(u),
      action: 'obe.outcomes',
      entity: 'subject',
      entityId: subjectId,
      before: { cos: before.cos.map((c) => [c.code, c.statement]), mapping: before.mapping },
      after: input,
    });
  });
  return outcomesOf(db, user.collegeId, subject, true, u);
}

// ---- Assessments ------------------------------------------------------------------------------

async function sectionLabels(db: Database, collegeId: number) {
  return new Map((await access.allSections(db, collegeId)).map((s) => [s.id, s.label]));
}

export async function assessmentsOut(
  db: Database,
  collegeId: number,
  rows: Awaited<ReturnType<typeof repo.assessments>>,
): Promise<TAssessment[]> {
  const ids = rows.map((r) => r.id);
  const [qs, marked, labels, years] = await Promise.all([
    repo.questions(db, ids),
    repo.markedCounts(db, ids),
    sectionLabels(db, collegeId),
    repo.settingsFor(db, collegeId, [...new Set(rows.map((r) => r.academic_year))]),
  ]);
  const locked = new Set(years.filter((y) => y.locked_at).map((y) => y.academic_year));
  return rows.map((a) => {
    const questions = qs
      .filter((q) => q.assessment_id === a.id)
      .map((q) => ({ id: q.id, label: q.label, co: q.co, coId: q.co_id, maxMarks: q.max_marks }));
    return {
      id: a.id,
      subjectId: a.subject_id,
      subjectCode: a.subject_code,
      sectionId: a.section_id,
      sectionLabel: labels.get(a.section_id) ?? '',
      academicYear: a.academic_year,
      kind: a.kind as TAssessmentKind,
      name: a.name,
      maxMarks: round2(questions.reduce((s, q) => s + q.maxMarks, 0)),
      questions,
      marked: marked.get(a.id) ?? 0,
      createdAt: a.created_at,
      yearLocked: locked.has(a.academic_year),
    };
  });
}

export async function listAssessments(
  db: Database,
  user: RequestUser,
  q: { subjectId?: number; sectionId?: number; year?: string },
): Promise<TAssessment[]> {
  const u = await access.obeUser(db, user);
  let subjectIds: number[] | undefined;
  if (q.subjectId) {
    await access.mustRead(db, u, await access.subjectOf(db, user.collegeId, q.subjectId));
    subjectIds = [q.subjectId];
  }
  let rows = await repo.assessments(db, user.collegeId, { subjectIds, sectionIds: q.sectionId ? [q.sectionId] : undefined, year: q.year });
  if (!u.readsAll && !q.subjectId) {
    const subjects = await access.allSubjects(db, user.collegeId);
    const byId = new Map(subjects.map((s) => [s.id, s]));
    const keep: typeof rows = [];
    for (const r of rows) if (await access.canRead(db, u, byId.get(r.subject_id)!)) keep.push(r);
    rows = keep;
  }
  return assessmentsOut(db, user.collegeId, rows);
}

export async function createAssessment(db: Database, user: RequestUser, input: TAssessmentInput): Promise<TAssessment> {
  const u = await access.obeUser(db, user);
  const subject = await access.subjectOf(db, user.collegeId, input.subjectId);
  const section = await masters.sectionInfo(db, user.collegeId, input.sectionId);
  if (!section) throw badRequest(OBE_MSG.sectionNotFound);
  await access.mustEdit(db, u, subject, input.sectionId);
  await mustBeOpen(db, user.collegeId, input.academicYear);
  const cos = await repo.cos(db, user.collegeId, [subject.id]);
  if (!cos.length) throw badRequest(OBE_MSG.noCos);
  const coId = new Map(cos.map((c) => [c.code, c.id]));
  const labels = input.questions.map((q) => q.label.toUpperCase());
  const dup = labels.find((l, i) => labels.indexOf(l) !== i);
  if (dup) throw badRequest(OBE_MSG.duplicateQuestion(dup));
  for (const q of input.questions) if (!coId.has(q.co.toUpperCase())) throw badRequest(OBE_MSG.questionCo(q.label));
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await repo.insertAssessment(trx, {
      college_id: user.collegeId,
      subject_id: subject.id,
      section_id: input.sectionId,
      academic_year: input.academicYear,
      kind: input.kind,
      name: input.name,
      created_by: user.id,
      created_at: nowIso(),
    });
    await repo.insertQuestions(
      trx,
      input.questions.map((q, i) => ({
        college_id: user.collegeId,
        assessment_id: id,
        co_id: coId.get(q.co.toUpperCase())!,
        label: q.label,
        max_marks: q.maxMarks,
        sort_order: i + 1,
      })),
    );
    await audit(trx, { collegeId: user.collegeId, actor: actor(u), action: 'obe.assessment.create', entity: 'obe_assessment', entityId: id, after: input });
    return id;
  });
  return (await assessmentsOut(db, user.collegeId, await repo.assessments(db, user.collegeId, { id })))[0];
}

async function assessmentFor(db: Database, u: ObeUser, id: number, edit: boolean) {
  const rows = await repo.assessments(db, u.staff.collegeId, { id });
  if (!rows.length) throw notFound(OBE_MSG.assessmentNotFound);
  const [a] = await assessmentsOut(db, u.staff.collegeId, rows);
  const subject = await access.subjectOf(db, u.staff.collegeId, a.subjectId);
  if (edit) await access.mustEdit(db, u, subject, a.sectionId);
  else await access.mustRead(db, u, subject);
  return { a, subject, canEdit: await access.canEdit(db, u, subject, a.sectionId) };
}

export async function marksSheet(db: Database, user: RequestUser, id: number): Promise<TMarksSheet> {
  const u = await access.obeUser(db, user);
  const { a, canEdit } = await assessmentFor(db, u, id, false);
  const students = await masters.sectionStudentsOf(db, user.collegeId, a.sectionId);
  const marks = await repo.marks(db, [a.id]);
  const cell = new Map(marks.map((m) => [`${m.student_id}:${m.question_id}`, m.marks]));
  return {
    assessment: a,
    canEdit,
    students: students.map((s) => {
      const row = a.questions.map((q) => cell.get(`${s.studentId}:${q.id}`) ?? null);
      const entered = row.filter((m): m is number => m !== null);
      return { studentId: s.studentId, rollNo: s.rollNo, name: s.name, marks: row, total: entered.length ? round2(entered.reduce((x, y) => x + y, 0)) : null };
    }),
  };
}

/**
 * Saves marks for the given students (their previous marks on this paper are replaced). A total
 * (end exam only) is spread over the questions by their maximum marks.
 */
export async function saveMarks(db: Database, user: RequestUser, id: number, input: TMarksInput): Promise<{ message: string; saved: number }> {
  const u = await access.obeUser(db, user);
  const { a } = await assessmentFor(db, u, id, true);
  await mustBeOpen(db, user.collegeId, a.academicYear);
  const students = await masters.sectionStudentsOf(db, user.collegeId, a.sectionId);
  const rollOf = new Map(students.map((s) => [s.studentId, s.rollNo]));
  const maxima = a.questions.map((q) => q.maxMarks);
  const paperMax = round2(maxima.reduce((x, y) => x + y, 0));
  const rows: Array<{ question_id: number; student_id: number; marks: number }> = [];
  const errors: string[] = [];
  for (const r of input.rows) {
    const roll = rollOf.get(r.studentId);
    if (!roll) {
      errors.push(OBE_MSG.studentNotInSection(String(r.studentId)));
      continue;
    }
    let values: Array<number | null>;
    if (r.total !== undefined && r.total !== null) {
      if (!isExternal(a.kind)) {
        errors.push(OBE_MSG.totalsOnlyEndExam);
        continue;
      }
      if (r.total > paperMax + 1e-9) {
        errors.push(OBE_MSG.totalOverMax(roll, paperMax));
        continue;
      }
      values = apportion(r.total, maxima);
    } else if (r.marks) {
      if (r.marks.length !== a.questions.length) {
        errors.push(`${roll}: give ${a.questions.length} marks, one per question`);
        continue;
      }
      values = r.marks;
      const over = a.questions.findIndex((q, i) => (values[i] ?? 0) > q.maxMarks + 1e-9);
      if (over >= 0) {
        errors.push(OBE_MSG.overMax(roll, a.questions[over].label, a.questions[over].maxMarks));
        continue;
      }
    } else values = a.questions.map(() => null);
    a.questions.forEach((q, i) => {
      const v = values[i];
      if (v !== null && v !== undefined) rows.push({ question_id: q.id, student_id: r.studentId, marks: v });
    });
  }
  if (errors.length) throw badRequest(errors[0], { errors });
  const studentIds = [...new Set(input.rows.map((r) => r.studentId))];
  await db.transaction().execute(async (trx) => {
    const before = (await repo.marks(trx, [a.id])).filter((m) => studentIds.includes(m.student_id));
    await repo.replaceMarks(trx, user.collegeId, a.id, studentIds, rows);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: actor(u),
      action: 'obe.marks',
      entity: 'obe_assessment',
      entityId: a.id,
      before: before.map((m) => [m.student_id, m.question_id, m.marks]),
      after: rows.map((m) => [m.student_id, m.question_id, m.marks]),
    });
  });
  return { message: `Marks saved for ${studentIds.length} student(s)`, saved: studentIds.length };
}

export { assessmentFor };

const paperOf = (a: TAssessment) => ({
  kind: a.kind,
  name: a.name,
  questions: a.questions.map((q) => ({ id: q.id, label: q.label, co: q.co, maxMarks: q.maxMarks })),
});

/**
 * Edits a paper: its name, kind and questions. A question's maximum cannot fall below a mark
 * already entered on it, and a question with marks cannot be removed; the attainment, computed
 * from the papers as they stand, follows at once.
 */
export async function updateAssessment(db: Database, user: RequestUser, id: number, input: TAssessmentUpdate): Promise<TAssessment> {
  const u = await access.obeUser(db, user);
  const { a } = await assessmentFor(db, u, id, true);
  await mustBeOpen(db, user.collegeId, a.academicYear);
  const cos = await repo.cos(db, user.collegeId, [a.subjectId]);
  const coId = new Map(cos.map((c) => [c.code, c.id]));
  const labels = input.questions.map((q) => q.label.toUpperCase());
  const dup = labels.find((l, i) => labels.indexOf(l) !== i);
  if (dup) throw badRequest(OBE_MSG.duplicateQuestion(dup));
  const known = new Map(a.questions.map((q) => [q.id, q]));
  const kept = input.questions.filter((q) => q.id !== undefined).map((q) => q.id!);
  if (kept.some((qid, i) => !known.has(qid) || kept.indexOf(qid) !== i)) throw badRequest(OBE_MSG.unknownQuestion);
  for (const q of input.questions) if (!coId.has(q.co.toUpperCase())) throw badRequest(OBE_MSG.questionCo(q.label));

  const marks = await repo.marks(db, [a.id]);
  const highest = new Map<number, number>();
  const students = new Map<number, Set<number>>();
  for (const m of marks) {
    highest.set(m.question_id, Math.max(highest.get(m.question_id) ?? 0, m.marks));
    if (!students.has(m.question_id)) students.set(m.question_id, new Set());
    students.get(m.question_id)!.add(m.student_id);
  }
  for (const q of input.questions) {
    const hi = q.id === undefined ? undefined : highest.get(q.id);
    if (hi !== undefined && q.maxMarks < hi - 1e-9) throw badRequest(OBE_MSG.maxBelowMarks(q.label, hi));
  }
  const removed = a.questions.filter((q) => !kept.includes(q.id));
  const busy = removed.find((q) => (students.get(q.id)?.size ?? 0) > 0);
  if (busy) throw badRequest(OBE_MSG.questionHasMarks(busy.label, students.get(busy.id)!.size));

  await db.transaction().execute(async (trx) => {
    await repo.updateAssessment(trx, user.collegeId, a.id, { kind: input.kind, name: input.name });
    await repo.deleteQuestions(trx, a.id, removed.map((q) => q.id));
    const fresh: Array<Omit<DB['obe_questions'], 'id'>> = [];
    for (const [i, q] of input.questions.entries()) {
      const row = { label: q.label, co_id: coId.get(q.co.toUpperCase())!, max_marks: q.maxMarks, sort_order: i + 1 };
      if (q.id !== undefined) await repo.updateQuestion(trx, q.id, row);
      else fresh.push({ ...row, college_id: user.collegeId, assessment_id: a.id });
    }
    if (fresh.length) await repo.insertQuestions(trx, fresh);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: actor(u),
      action: 'obe.assessment.edit',
      entity: 'obe_assessment',
      entityId: a.id,
      before: paperOf(a),
      after: input,
    });
  });
  return (await assessmentsOut(db, user.collegeId, await repo.assessments(db, user.collegeId, { id: a.id })))[0];
}

/**
 * Deletes a paper with its questions; one with marks only with `confirm` (the marks go too, and
 * the audit row keeps every one of them). The attainment no longer counts the paper.
 */
export async function deleteAssessment(db: Database, user: RequestUser, id: number, confirm: boolean) {
  const u = await access.obeUser(db, user);
  const { a } = await assessmentFor(db, u, id, true);
  await mustBeOpen(db, user.collegeId, a.academicYear);
  const marks = await repo.marks(db, [a.id]);
  const students = new Set(marks.map((m) => m.student_id)).size;
  if (marks.length && !confirm) throw conflict(OBE_MSG.confirmDelete(a.name, students), { needsConfirm: true, marked: students });
  await db.transaction().execute(async (trx) => {
    await repo.deleteAssessment(trx, user.collegeId, a.id);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: actor(u),
      action: 'obe.assessment.delete',
      entity: 'obe_assessment',
      entityId: a.id,
      before: {
        ...paperOf(a),
        subjectId: a.subjectId,
        sectionId: a.sectionId,
        academicYear: a.academicYear,
        marks: marks.map((m) => [m.student_id, m.question_id, m.marks]),
      },
    });
  });
  return { message: OBE_MSG.deleted(a.name, students), marksDeleted: marks.length };
}

// ---- Course-exit survey -----------------------------------------------------------------------

async function studentOf(db: Database, user: RequestUser) {
  const staff = await masters.staffOf(db, user);
  if (!staff.studentId) throw forbidden(MSG.noPermission);
  const sectionId = await masters.sectionOfStudent(db, user.collegeId, staff.studentId);
  return { studentId: staff.studentId, sectionId };
}

/** The subjects a student may rate: those assessed in their section, with COs. */
export async function surveyForms(db: Database, user: RequestUser): Promise<TSurveyForms> {
  const me = await studentOf(db, user);
  if (!me.sectionId) return [];
  const pairs = await repo.assessedSectionsOf(db, user.collegeId, me.sectionId);
  if (!pairs.length) return [];
  const subjectIds = [...new Set(pairs.map((p) => p.subject_id))];
  const [subjects, cos, mine] = await Promise.all([
    access.allSubjects(db, user.collegeId),
    repo.cos(db, user.collegeId, subjectIds),
    repo.myRatings(db, user.collegeId, me.studentId),
  ]);
  const byId = new Map(subjects.map((s) => [s.id, s]));
  return pairs
    .filter((p) => cos.some((c) => c.subject_id === p.subject_id) && byId.has(p.subject_id))
    .sort((x, y) => y.academic_year.localeCompare(x.academic_year) || byId.get(x.subject_id)!.code.localeCompare(byId.get(y.subject_id)!.code))
    .map((p) => {
      const s = byId.get(p.subject_id)!;
      const list = cos
        .filter((c) => c.subject_id === p.subject_id)
        .map((c) => ({
          code: c.code,
          statement: c.statement,
          rating: mine.find((r) => r.co_id === c.id && r.academic_year === p.academic_year)?.rating ?? null,
        }));
      return {
        subjectId: s.id,
        subjectCode: s.code,
        subjectName: s.name,
        academicYear: p.academic_year,
        cos: list,
        answered: list.every((c) => c.rating !== null),
      };
    });
}

export async function answerSurvey(db: Database, user: RequestUser, subjectId: number, input: TSurveyInput) {
  const me = await studentOf(db, user);
  const form = (await surveyForms(db, user)).find((f) => f.subjectId === subjectId && f.academicYear === input.academicYear);
  if (!form || !me.sectionId) throw badRequest(OBE_MSG.surveyNotOpen);
  const cos = await repo.cos(db, user.collegeId, [subjectId]);
  const given = new Map(input.ratings.map((r) => [r.co.toUpperCase(), r.rating]));
  if (cos.some((c) => !given.has(c.code)) || given.size !== cos.length) throw badRequest(OBE_MSG.surveyAllCos);
  await db.transaction().execute((trx) =>
    repo.replaceRatings(
      trx,
      user.collegeId,
      subjectId,
      input.academicYear,
      me.studentId,
      cos.map((c) => ({ co_id: c.id, rating: given.get(c.code)! })),
      nowIso(),
    ),
  );
  return { message: OBE_MSG.surveyThanks };
}

export async function summary(db: Database, collegeId: number) {
  const year = currentYear();
  return { academicYear: year, ...(await repo.summary(db, collegeId, year)) };
}
