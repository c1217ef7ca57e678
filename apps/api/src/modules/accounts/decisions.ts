import { ROLES, type TBill, type TConcession } from '@erp/shared';
import type { Database } from '../../db/index.js';
import type { RequestUser } from '../../plugins/types.js';
import { listBills } from './bills.service.js';
import { list as listConcessions } from './concessions.service.js';

/**
 * What waits for this person's decision at the accounts office: concessions and bills at the
 * officer's stage for the accounts officer, at the principal's stage for the principal. The same
 * stages the office's own decide calls check, so what is listed here can be decided.
 */
export async function decisionsWaiting(
  db: Database,
  college: { id: number; code: string },
  user: RequestUser,
): Promise<{ concessions: TConcession[]; bills: TBill[] }> {
  const officer = user.roles.includes(ROLES.ACCOUNTANTS_OFFICER);
  const principal = user.roles.includes(ROLES.PRINCIPAL);
  const concessionStages = [...(officer ? ['proposed'] : []), ...(principal ? ['awaiting_principal'] : [])];
  const billStages = [...(officer ? ['submitted'] : []), ...(principal ? ['awaiting_principal'] : [])];
  const [concessions, bills] = await Promise.all([
    Promise.all(concessionStages.map((status) => listConcessions(db, college.id, { status }))),
    Promise.all(billStages.map((status) => listBills(db, college, { status }))),
  ]);
  return { concessions: concessions.flatMap((p) => p.items), bills: bills.flatMap((p) => p.items) };
}
