import { PORTAL_MSG, RESULT_MSG } from '@erp/shared';
import type { Database } from '../../../db/index.js';
import { audit } from '../../../lib/audit.js';
import { conflict, forbidden } from '../../../lib/errors.js';
import type { RequestUser } from '../../../plugins/types.js';
import * as repo from './records.repo.js';

/**
 * A student records their 12-digit ABC (APAAR) id (the schema has already normalised and checked
 * it); no two students of a college share one. The check and the save run under a lock on the id,
 * so two students saving the same id at once cannot both succeed.
 */
export async function saveMyAbcId(
  db: Database,
  user: RequestUser,
  abcId: string,
  ip: string,
): Promise<{ message: string; abcId: string }> {
  const collegeId = user.collegeId;
  return db.transaction().execute(async (trx) => {
    await repo.lockAbcId(trx, collegeId, abcId);
    const own = await repo.studentOfLogin(trx, collegeId, user.id);
    if (!own) throw forbidden(PORTAL_MSG.noStudentLink);
    if (own.abc_id === abcId) return { message: 'Your ABC id is already saved', abcId };
    if (await repo.abcIdHolder(trx, collegeId, abcId, own.id)) throw conflict(RESULT_MSG.abcTaken);
    await repo.setAbcId(trx, collegeId, own.id, abcId);
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      ip,
      action: 'student.abc-id',
      entity: 'student',
      entityId: own.id,
      before: { rollNo: own.roll_no, abcId: own.abc_id },
      after: { rollNo: own.roll_no, abcId },
    });
    return { message: 'Your ABC id is saved', abcId };
  });
}

/** The signed-in student's ABC id as saved ('' when none). */
export async function myAbcId(db: Database, user: RequestUser): Promise<{ message: string; abcId: string }> {
  const own = await repo.studentOfLogin(db, user.collegeId, user.id);
  if (!own) throw forbidden(PORTAL_MSG.noStudentLink);
  return { message: own.abc_id ? 'Your ABC id is on record' : 'No ABC id recorded yet', abcId: own.abc_id ?? '' };
}
