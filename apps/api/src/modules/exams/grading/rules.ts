import { RESULT_MSG, type TExamRules, type ZExamRulesInput, type ZRevalSettings } from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database, type Db } from '../../../db/index.js';
import { audit } from '../../../lib/audit.js';
import { conflict, notFound } from '../../../lib/errors.js';
import * as repo from './grading.repo.js';
import type { Rules } from './compute.js';
import { examOrThrow, type Actor } from '../exams.service.js';
import * as examsRepo from '../exams.repo.js';

/** A regulation's exam rules: the one owner of maxima, minimums, grade caps, revaluation and classes. */

type Row = NonNullable<Awaited<ReturnType<typeof repo.rulesOf>>>;

const toRules = (r: Row): TExamRules & Rules => ({
  regulationId: r.regulation_id,
  cieMax: r.cie_max,
  seeMax: r.see_max,
  cieMin: r.cie_min,
  seeMin: r.see_min,
  totalMinPercent: r.total_min_percent,
  supplyGradeCap: r.supply_grade_cap as TExamRules['supplyGradeCap'],
  supplyRevaluation: r.supply_revaluation === 1,
  revalRule: r.reval_rule as TExamRules['revalRule'],
  revalThreshold: r.reval_threshold,
  distinctionCgpa: r.distinction_cgpa_x100 / 100,
  firstClassCgpa: r.first_class_cgpa_x100 / 100,
  secondClassCgpa: r.second_class_cgpa_x100 / 100,
});

/** The rules, or 409 saying to set them first. */
export async function rulesOrThrow(db: Db, collegeId: number, regulationId: number) {
  const row = await repo.rulesOf(db, collegeId, regulationId);
  if (!row) throw conflict(RESULT_MSG.noRules);
  return toRules(row);
}

export async function getRules(db: Database, collegeId: number, regulationId: number): Promise<TExamRules> {
  if (!(await repo.regulationOf(db, collegeId, regulationId))) throw notFound('That regulation does not exist');
  return rulesOrThrow(db, collegeId, regulationId);
}

export async function saveRules(
  db: Database,
  collegeId: number,
  actor: Actor,
  regulationId: number,
  input: z.output<typeof ZExamRulesInput>,
): Promise<TExamRules> {
  const regulation = await repo.regulationOf(db, collegeId, regulationId);
  if (!regulation) throw notFound('That regulation does not exist');
  await db.transaction().execute(async (trx) => {
    const before = await repo.rulesOf(trx, collegeId, regulationId);
    await repo.saveRules(trx, {
      college_id: collegeId,
      regulation_id: regulationId,
      cie_max: input.cieMax,
      see_max: input.seeMax,
      cie_min: input.cieMin,
      see_min: input.seeMin,
      total_min_percent: input.totalMinPercent,
      supply_grade_cap: input.supplyGradeCap,
      supply_revaluation: input.supplyRevaluation ? 1 : 0,
      reval_rule: input.revalRule,
      reval_threshold: input.revalThreshold,
      distinction_cgpa_x100: Math.round(input.distinctionCgpa * 100),
      first_class_cgpa_x100: Math.round(input.firstClassCgpa * 100),
      second_class_cgpa_x100: Math.round(input.secondClassCgpa * 100),
    });
    await audit(trx, {
      collegeId,
      actor: { id: actor.id, username: actor.username },
      action: 'exam_rules.save',
      entity: 'regulation',
      entityId: regulationId,
      before: before ?? null,
      after: { regulation: regulation.code, ...input },
    });
  });
  return rulesOrThrow(db, collegeId, regulationId);
}

/** The exam's window and fees for recounting, photocopies and revaluation. */
export async function saveRevalSettings(db: Database, collegeId: number, examId: number, input: z.output<typeof ZRevalSettings>) {
  await examOrThrow(db, collegeId, examId);
  await examsRepo.updateExam(db, collegeId, examId, {
    reval_closes: input.revalCloses,
    recount_fee_paise: input.recountFeePaise,
    photocopy_fee_paise: input.photocopyFeePaise,
    reval_fee_paise: input.revalFeePaise,
    reduced_categories: input.reducedCategories.join(','),
    reduced_percent: input.reducedPercent,
    updated_at: nowIso(),
  });
  return { message: `Requests are open until ${input.revalCloses}` };
}
