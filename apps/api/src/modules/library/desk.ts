import { LIBRARY_MSG, type TLibraryStats, type TPatronView } from '@erp/shared';
import { mapCapped } from '../../lib/capped.js';
import { notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { blocksOf } from './circulation.js';
import { expireHolds } from './holds.js';
import * as circulationRepo from './circulation.repo.js';
import * as finesRepo from './fines.repo.js';
import * as holdsRepo from './holds.repo.js';
import * as reportsRepo from './reports.repo.js';
import type { Db } from '../../db/index.js';
import { categoryName, findPatron, patronOfUser, requirePatron, todayIso, type Patron } from './patrons.js';
import { fineView, holdViews, loanViews } from './views.js';

/** What the desk (or the patron) sees of a patron: loans with accruing fines, holds with queue places, fines, blocks, history. */
async function viewOf(db: Db, collegeId: number, p: Patron): Promise<TPatronView> {
  await expireHolds(db, collegeId);
  const { blocks, unpaid, rule, open } = await blocksOf(db, collegeId, p);
  const names = new Map([[p.code, p.name]]);
  const [loans, holds, fines, history] = await Promise.all([
    loanViews(db, collegeId, open, names),
    holdsRepo.activeHoldsOf(db, collegeId, p.code).then((h) => holdViews(db, collegeId, h)),
    finesRepo.finesOf(db, collegeId, p.code),
    circulationRepo.historyOf(db, collegeId, p.code, 100).then((h) => loanViews(db, collegeId, h, names)),
  ]);
  return {
    patron: {
      code: p.code,
      name: p.name,
      kind: p.kind,
      category: p.category,
      categoryName: await categoryName(db, collegeId, p.category),
      detail: p.detail,
      contact: p.contact,
      expiresOn: p.expiresOn,
      maxLoans: rule.maxLoans,
      unpaidFines: unpaid,
      accruingFines: loans.reduce((s, l) => s + l.fine, 0),
      blocks,
    },
    loans,
    holds,
    fines: mapCapped(fines, (f) => fineView(f, p.name)),
    history,
  };
}

export async function patronView(db: Db, collegeId: number, code: string): Promise<TPatronView> {
  return viewOf(db, collegeId, await requirePatron(db, collegeId, code));
}

export async function myView(db: Db, user: RequestUser): Promise<TPatronView> {
  const me = await patronOfUser(db, user);
  if (!me) throw notFound(LIBRARY_MSG.noPatronLogin);
  return viewOf(db, user.collegeId, me);
}

export async function stats(db: Db, collegeId: number): Promise<TLibraryStats> {
  return reportsRepo.stats(db, collegeId, todayIso());
}

/** For the portals' overview: a patron's counts, read only (no hold expiry, no history); null for no patron. */
export async function patronGlance(db: Db, collegeId: number, code: string) {
  const p = await findPatron(db, collegeId, code);
  if (!p) return null;
  const today = todayIso();
  const [open, holds, unpaid] = await Promise.all([
    circulationRepo.openLoansOf(db, collegeId, p.code),
    holdsRepo.activeHoldsOf(db, collegeId, p.code),
    finesRepo.unpaidTotal(db, collegeId, { patron: p.code }),
  ]);
  return { loans: open.length, overdue: open.filter((l) => l.due_on < today).length, holds: holds.length, fines: unpaid };
}
