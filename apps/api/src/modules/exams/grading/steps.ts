import { RESULT_MSG } from '@erp/shared';
import { nowIso, type Database, type Db } from '../../../db/index.js';
import { audit } from '../../../lib/audit.js';
import { conflict } from '../../../lib/errors.js';
import { examOrThrow, type Actor } from '../exams.service.js';
import * as examsRepo from '../exams.repo.js';
import * as repo from './grading.repo.js';

/** Any change to marks makes the processed results stale: publish asks for processing again. */
export async function marksChanged(trx: Db, collegeId: number, examId: number) {
  await examsRepo.updateExam(trx, collegeId, examId, { processed_at: null });
}

/**
 * Decoding joins the dummy numbers back to roll numbers, once every written script has two
 * entries that agree; from then on external marks change only by revaluation.
 */
export async function decode(db: Database, collegeId: number, actor: Actor, examId: number) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!['in_progress', 'marks_entry'].includes(exam.status)) throw conflict(RESULT_MSG.notMarksEntry);
  const counts = await repo.externalCounts(db, collegeId, examId);
  const open = counts.filter((c) => c.state !== 'agreed').reduce((s, c) => s + Number(c.n), 0);
  const agreed = Number(counts.find((c) => c.state === 'agreed')?.n ?? 0);
  if (open > 0) throw conflict(RESULT_MSG.notDecodable(open));
  if (agreed === 0) throw conflict('No answer script has marks yet');
  if (exam.decoded_at) return { message: 'The scripts are already decoded', count: 0 };
  await db.transaction().execute(async (trx) => {
    await examsRepo.updateExam(trx, collegeId, examId, { decoded_at: nowIso(), status: 'marks_entry', updated_at: nowIso() });
    await audit(trx, {
      collegeId,
      actor: { id: actor.id, username: actor.username },
      action: 'exam.decode',
      entity: 'exam',
      entityId: examId,
      after: { scripts: agreed },
    });
  });
  return { message: `${agreed} answer scripts decoded`, count: agreed };
}
