import type { TGraceRule, ZGraceRuleInput } from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../../db/index.js';
import { audit } from '../../../lib/audit.js';
import type { Actor } from '../exams.service.js';
import * as repo from './grading.repo.js';

/** The college's grace rules: processing applies the active ones, pass rules before class rules. */

export async function graceRules(db: Database, collegeId: number): Promise<{ items: TGraceRule[] }> {
  const rows = await repo.graceRules(db, collegeId);
  return {
    items: rows.map((g) => ({
      id: g.id,
      name: g.name,
      purpose: g.purpose as TGraceRule['purpose'],
      maxMarks: g.max_marks,
      maxSubjects: g.max_subjects,
      active: g.active === 1,
    })),
  };
}

export async function addGraceRule(db: Database, collegeId: number, actor: Actor, input: z.output<typeof ZGraceRuleInput>) {
  const id = await db.transaction().execute(async (trx) => {
    const id = await repo.insertGraceRule(trx, {
      college_id: collegeId,
      name: input.name,
      purpose: input.purpose,
      max_marks: input.maxMarks,
      max_subjects: input.maxSubjects,
      active: input.active ? 1 : 0,
      created_by_name: actor.username,
      created_at: nowIso(),
    });
    await audit(trx, {
      collegeId,
      actor: { id: actor.id, username: actor.username },
      action: 'grace_rule.add',
      entity: 'grace_rule',
      entityId: id,
      after: input,
    });
    return id;
  });
  return { message: `Grace rule "${input.name}" added`, id };
}
