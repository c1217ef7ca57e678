import { formatRupees, RESULT_MSG } from '@erp/shared';
import type { Insertable } from 'kysely';
import { nowIso, type Database } from '../../../db/index.js';
import type { DB } from '../../../db/tables.js';
import { audit } from '../../../lib/audit.js';
import { conflict } from '../../../lib/errors.js';
import { duesOfStudents } from '../../accounts/index.js';
import { examOrThrow, type Actor } from '../exams.service.js';
import * as examsRepo from '../exams.repo.js';
import { graceFor, outcome, type GraceRule, type PaperMarks, type Rules } from './compute.js';
import * as repo from './grading.repo.js';
import { rulesOrThrow } from './rules.js';

/**
 * Processing: each script's internal and external marks (a decided revaluation's marks in place
 * of the first), the regulation's minimums and grade scale, grace by the college's active rules
 * (stored beside the marks with the rule), and results withheld for a malpractice case or dues
 * above the exam's limit. Run again at will: it rebuilds the exam's outcomes from the marks.
 */
export async function processResults(db: Database, collegeId: number, actor: Actor, examId: number) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!exam.decoded_at) throw conflict(RESULT_MSG.notDecoded);
  const rules = await rulesOrThrow(db, collegeId, exam.regulation_id);
  const [scripts, groups, locks, graceRows, revalued] = await Promise.all([
    repo.scriptRows(db, collegeId, examId),
    repo.paperSections(db, collegeId, examId),
    repo.locksOf(db, collegeId, examId),
    repo.graceRules(db, collegeId),
    repo.requestList(db, collegeId, { examId, status: 'decided' }).execute(),
  ]);
  const locked = new Set(locks.map((l) => `${l.paper_id}:${l.section_id}`));
  const unlocked = groups.filter((g) => !locked.has(`${g.paper_id}:${g.section_id}`)).length;
  if (unlocked > 0) throw conflict(RESULT_MSG.notLockedAll(unlocked));

  const supplementary = exam.kind === 'supplementary';
  const grace = activeGrace(graceRows);
  // the latest decided recount or revaluation of a paper replaces its external marks
  const newMarks = new Map<string, number>();
  for (const r of [...revalued].reverse())
    if (r.new_marks !== null && r.kind !== 'photocopy') newMarks.set(`${r.student_id}:${r.paper_id}`, r.new_marks);

  const byStudent = new Map<number, typeof scripts>();
  for (const s of scripts) {
    if (!byStudent.has(s.student_id)) byStudent.set(s.student_id, []);
    byStudent.get(s.student_id)!.push(s);
  }
  // other dues, as the hall ticket's gate counts them (the exam's own fees are not 'other')
  const dues = await duesOfStudents(db, collegeId, [...byStudent.keys()], 'exam');

  const rows: Array<Insertable<DB['exam_outcomes']>> = [];
  let graceAwards = 0;
  for (const [studentId, own] of byStudent) {
    const marks: PaperMarks[] = own.map((s) => ({
      paperId: s.paper_id,
      credits: Number(s.credits),
      cie: s.internal ?? 0,
      see: s.script_status === 'written' ? (newMarks.get(`${studentId}:${s.paper_id}`) ?? s.first_marks) : null,
      script: s.script_status as PaperMarks['script'],
    }));
    const due = dues.get(studentId) ?? 0;
    const withheld = own.some((s) => s.script_status === 'malpractice')
      ? 'Malpractice case before the committee'
      : due > exam.dues_limit_paise
        ? `Dues of ${formatRupees(due).replace(/\.00$/, '')} unpaid`
        : '';
    const made = outcomesOfStudent(rules, marks, grace, supplementary, withheld);
    graceAwards += made.filter((o) => o.grace > 0).length;
    own.forEach((s, i) =>
      rows.push({
        college_id: collegeId,
        exam_id: examId,
        student_id: studentId,
        paper_id: s.paper_id,
        credits: Number(s.credits),
        internal_marks: s.internal,
        external_marks: marks[i].see,
        grace_marks: made[i].grace,
        grace_rule_id: made[i].graceRuleId,
        total_marks: marks[i].cie + (marks[i].see ?? 0),
        percent: made[i].percent,
        grade: made[i].grade,
        grade_points: made[i].gradePoints,
        status: made[i].status,
        withheld_reason: made[i].withheldReason,
      }),
    );
  }

  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + 1;
  await db.transaction().execute(async (trx) => {
    await repo.replaceOutcomes(trx, collegeId, examId, rows);
    await examsRepo.updateExam(trx, collegeId, examId, { processed_at: nowIso(), updated_at: nowIso() });
    await audit(trx, {
      collegeId,
      actor: { id: actor.id, username: actor.username },
      action: 'exam.process',
      entity: 'exam',
      entityId: examId,
      after: { results: rows.length, counts, graceAwards },
    });
  });
  const summary = Object.entries(counts)
    .map(([k, v]) => `${v} ${k.toLowerCase()}`)
    .join(', ');
  return {
    message: `${rows.length} results processed (${summary})${graceAwards ? `; grace in ${graceAwards}` : ''}`,
    processed: rows.length,
    counts,
    graceAwards,
  };
}

/** One student's papers of one exam: grace by the rules, then each paper's outcome (or withheld). */
export function outcomesOfStudent(
  rules: Rules,
  marks: PaperMarks[],
  grace: GraceRule[],
  supplementary: boolean,
  withheld: string,
) {
  const awards = new Map(graceFor(rules, marks, grace, supplementary).map((a) => [a.paperId, a]));
  return marks.map((p) => {
    const award = awards.get(p.paperId);
    const o = outcome(rules, p, award?.marks ?? 0, supplementary);
    const held = !!withheld && o.status !== 'Malpractice';
    return {
      paperId: p.paperId,
      grace: award?.marks ?? 0,
      graceRuleId: award?.ruleId ?? null,
      percent: o.percent,
      grade: held ? 'WH' : o.grade,
      gradePoints: held ? 0 : o.gradePoints,
      status: held ? 'Withheld' : o.status,
      withheldReason: held ? withheld : '',
    };
  });
}

export const activeGrace = (rows: Awaited<ReturnType<typeof repo.graceRules>>): GraceRule[] =>
  rows
    .filter((g) => g.active === 1)
    .map((g) => ({ id: g.id, purpose: g.purpose as GraceRule['purpose'], maxMarks: g.max_marks, maxSubjects: g.max_subjects }));
