import { RESULT_MSG, type TExternalSheet, type ZExternalQuery, type ZExternalSave } from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../../db/index.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { pagedRows } from '../../../lib/capped.js';
import { examOrThrow } from '../exams.service.js';
import * as repo from './grading.repo.js';
import type { Marker } from './markers.js';
import { rulesOrThrow } from './rules.js';
import { marksChanged } from './steps.js';

/**
 * External marks (SEE) against dummy numbers, never roll numbers. Each script takes two entries by
 * two different evaluators; its marks stand when the two agree. An evaluator sees only their own
 * entry (the exam cell sees both), so the second entry is made blind.
 */

const PAGE_SIZE = 100;

export async function externalSheet(
  db: Database,
  collegeId: number,
  m: Marker,
  examId: number,
  q: z.output<typeof ZExternalQuery>,
): Promise<TExternalSheet> {
  const exam = await examOrThrow(db, collegeId, examId);
  const rules = await rulesOrThrow(db, collegeId, exam.regulation_id);
  const [page, counts] = await Promise.all([
    pagedRows(repo.externalList(db, collegeId, examId, q), q.page, PAGE_SIZE),
    repo.externalCounts(db, collegeId, examId, q.paperId),
  ]);
  const n = (s: string) => Number(counts.find((c) => c.state === s)?.n ?? 0);
  return {
    seeMax: rules.seeMax,
    items: page.items.map((s) => ({
      dummyNo: s.dummy_no,
      paper: `${s.code} ${s.subject}`,
      state: s.state as TExternalSheet['items'][number]['state'],
      yourMarks: s.first_by_id === m.id ? s.first_marks : s.second_by_id === m.id ? s.second_marks : null,
      firstMarks: m.cell ? s.first_marks : null,
      secondMarks: m.cell ? s.second_marks : null,
    })),
    total: page.total,
    limit: PAGE_SIZE,
    page: q.page,
    counts: { pending: n('pending'), first: n('first'), agreed: n('agreed'), mismatch: n('mismatch') },
  };
}

export async function saveExternal(
  db: Database,
  collegeId: number,
  m: Marker,
  examId: number,
  input: z.output<typeof ZExternalSave>,
) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!['in_progress', 'marks_entry'].includes(exam.status)) throw conflict(RESULT_MSG.notMarksEntry);
  if (exam.decoded_at) throw conflict('The scripts are decoded: external marks change now only by revaluation');
  const rules = await rulesOrThrow(db, collegeId, exam.regulation_id);
  const dummies = [...new Set(input.entries.map((e) => e.dummyNo))];
  if (dummies.length !== input.entries.length) throw badRequest('Enter each dummy number once');
  const scripts = new Map((await repo.scriptsByDummy(db, collegeId, examId, dummies)).map((s) => [s.dummy_no, s]));
  const errors: string[] = [];
  for (const e of input.entries) {
    const s = scripts.get(e.dummyNo);
    if (!s) errors.push(RESULT_MSG.noScript(e.dummyNo));
    else if (s.status !== 'written') errors.push(RESULT_MSG.notWritten(e.dummyNo));
    else if (e.marks > rules.seeMax) errors.push(`${e.dummyNo}: marks must be between 0 and ${rules.seeMax}`);
    else if (s.first_by_id !== null && s.second_by_id !== null && s.first_by_id !== m.id && s.second_by_id !== m.id)
      errors.push(RESULT_MSG.thirdEntry(e.dummyNo));
  }
  if (errors.length) throw badRequest(errors[0], { errors });

  let agreed = 0;
  const mismatched: string[] = [];
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const e of input.entries) {
      const s = scripts.get(e.dummyNo)!;
      let first = s.first_marks;
      let second = s.second_marks;
      if (s.mark_id === null) {
        await repo.insertExternal(trx, {
          college_id: collegeId,
          exam_id: examId,
          script_id: s.id,
          first_marks: e.marks,
          first_by_id: m.id,
          first_by_name: m.username,
          updated_at: at,
        });
        first = e.marks;
      } else if (s.first_by_id === m.id) {
        await repo.updateExternal(trx, collegeId, s.mark_id, { first_marks: e.marks, updated_at: at });
        first = e.marks;
      } else {
        // the other evaluator's entry, or this evaluator correcting their second entry
        await repo.updateExternal(trx, collegeId, s.mark_id, {
          second_marks: e.marks,
          second_by_id: m.id,
          second_by_name: m.username,
          updated_at: at,
        });
        second = e.marks;
      }
      if (first !== null && second !== null) {
        if (first === second) agreed++;
        else mismatched.push(e.dummyNo);
      }
    }
    await marksChanged(trx, collegeId, examId);
  });
  const parts = [`Marks of ${input.entries.length} scripts saved`];
  if (agreed) parts.push(`${agreed} agree with the other entry`);
  if (mismatched.length) parts.push(`${mismatched.length} differ from the other entry: ${mismatched.join(', ')}`);
  return { message: parts.join('; '), saved: input.entries.length, agreed, mismatched };
}
