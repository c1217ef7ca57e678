import { LIBRARY_MSG, type THold, type THoldShelf } from '@erp/shared';
import { nowIso } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { nextWorkingDay } from '../calendar/index.js';
import type { RequestUser } from '../../plugins/types.js';
import * as catalogueRepo from './catalogue.repo.js';
import * as circulationRepo from './circulation.repo.js';
import * as copiesRepo from './copies.repo.js';
import * as holdsRepo from './holds.repo.js';
import type { Db } from '../../db/index.js';
import { addDays, findPatron, patronOfUser, requirePatron, todayIso, type Patron } from './patrons.js';
import { patronRule, ruleFor } from './rules.js';
import { holdViews } from './views.js';
import { notifyLater } from '../notifications/index.js';

/**
 * The waiting list: first come, first served per title. A returned copy waits on the hold shelf
 * for the first patron for the category's hold-shelf days, then passes to the next.
 */

/** Puts a copy on the hold shelf for the first waiting patron of its title; null when nobody waits. */
export async function routeToHold(
  trx: Db,
  collegeId: number,
  copyId: number,
  titleId: number,
  itemType: string,
): Promise<holdsRepo.HoldRow | null> {
  const today = todayIso();
  for (;;) {
    const next = await holdsRepo.firstWaitingHold(trx, collegeId, titleId);
    if (!next) return null;
    const patron = await findPatron(trx, collegeId, next.patron_code);
    const rule = await ruleFor(trx, collegeId, patron?.category ?? '*', itemType);
    const expires = await nextWorkingDay(trx, collegeId, addDays(today, rule.holdShelfDays));
    if (
      await holdsRepo.moveHold(trx, collegeId, next.id, ['waiting'], {
        status: 'ready',
        copy_id: copyId,
        ready_on: today,
        expires_on: expires,
      })
    ) {
      await copiesRepo.setCopyStatus(trx, collegeId, copyId, 'on_hold_shelf', next.id);
      await notifyLater(trx, {
        collegeId,
        kind: 'hold-ready',
        ref: `hold:${next.id}:${copyId}`,
        subject: 'A book you reserved is ready for pickup',
        body: `Collect it at the library desk by ${expires.split('-').reverse().join('-')}; after that it passes to the next reader.`,
        link: '/app/Library/My Library',
        to: [{ patron: next.patron_code }],
      });
      return (await holdsRepo.holdById(trx, collegeId, next.id)) ?? null;
    }
  }
}

/** Holds left on the shelf past their last day expire; their copies pass to the next patron or back to the shelf. */
export async function expireHolds(db: Db, collegeId: number): Promise<number> {
  const stale = await holdsRepo.expiredReadyHolds(db, collegeId, todayIso());
  for (const h of stale) {
    await db.transaction().execute(async (trx) => {
      if (!(await holdsRepo.moveHold(trx, collegeId, h.id, ['ready'], { status: 'expired', closed_at: nowIso() }))) return;
      if (h.copy_id) await releaseCopy(trx, collegeId, h.copy_id, h.id);
    });
  }
  return stale.length;
}

/** A copy held by a hold that ended: to the next waiting patron, else back on the shelf. */
async function releaseCopy(trx: Db, collegeId: number, copyId: number, holdId: number) {
  const copy = await copiesRepo.copyById(trx, collegeId, copyId);
  if (!copy || copy.status !== 'on_hold_shelf' || copy.hold_id !== holdId) return;
  const routed = await routeToHold(trx, collegeId, copyId, copy.title_id, copy.item_type);
  if (!routed)
    await copiesRepo.moveCopy(trx, collegeId, copyId, [{ status: 'on_hold_shelf', holdId }], { status: 'available', hold_id: null });
}

async function patronFor(db: Db, user: RequestUser, staff: boolean, raw: string | undefined): Promise<Patron> {
  if (staff) {
    if (!raw) throw badRequest('Scan or type the patron');
    return requirePatron(db, user.collegeId, raw);
  }
  const me = await patronOfUser(db, user);
  if (!me) throw forbidden(LIBRARY_MSG.noPatronLogin);
  return me;
}

export async function placeHold(
  db: Db,
  user: RequestUser,
  staff: boolean,
  input: { titleId: number; patron?: string },
): Promise<THold> {
  const collegeId = user.collegeId;
  const patron = await patronFor(db, user, staff, input.patron);
  const title = await catalogueRepo.titleById(db, collegeId, input.titleId);
  if (!title) throw notFound(LIBRARY_MSG.titleNotFound);
  if (title.item_type === 'reference') throw badRequest(LIBRARY_MSG.referenceNotForLoan);
  if (patron.expiresOn && patron.expiresOn < todayIso()) throw badRequest(LIBRARY_MSG.courseEnded);
  const { copies } = await catalogueRepo.copyFigures(db, collegeId, [title.id]);
  if (copies.length === 0) throw badRequest('This title has no copies to hold');
  if (copies.some((c) => c.status === 'available')) throw badRequest(LIBRARY_MSG.holdAvailable);
  if (await holdsRepo.waitingHoldOf(db, collegeId, title.id, patron.code)) throw conflict(LIBRARY_MSG.holdExists);
  const loans = await circulationRepo.openLoansOf(db, collegeId, patron.code);
  if (loans.some((l) => l.title_id === title.id)) throw badRequest(LIBRARY_MSG.holdOnLoan);
  const rule = await patronRule(db, collegeId, patron, '*');
  const active = await holdsRepo.activeHoldsOf(db, collegeId, patron.code);
  if (active.length >= rule.holdLimit) throw badRequest(LIBRARY_MSG.holdLimit);
  const { id } = await holdsRepo.insertHold(db, {
    college_id: collegeId,
    title_id: title.id,
    patron_code: patron.code,
    patron_kind: patron.kind,
    status: 'waiting',
    copy_id: null,
    placed_at: nowIso(),
    ready_on: null,
    expires_on: null,
    closed_at: null,
  });
  const [view] = await holdViews(db, collegeId, [(await holdsRepo.holdById(db, collegeId, id))!]);
  return view;
}

/** Cancels a hold (the patron's own, or any at the desk); a copy waiting for it passes on. */
export async function cancelHold(db: Db, user: RequestUser, staff: boolean, id: number): Promise<{ message: string }> {
  const collegeId = user.collegeId;
  const hold = await holdsRepo.holdById(db, collegeId, id);
  if (!hold) throw notFound(LIBRARY_MSG.holdNotFound);
  if (!staff) {
    const me = await patronOfUser(db, user);
    if (!me || me.code !== hold.patron_code) throw forbidden(LIBRARY_MSG.notYours);
  }
  await db.transaction().execute(async (trx) => {
    if (!(await holdsRepo.moveHold(trx, collegeId, id, ['waiting', 'ready'], { status: 'cancelled', closed_at: nowIso() }))) {
      throw badRequest(LIBRARY_MSG.holdClosed);
    }
    if (hold.status === 'ready' && hold.copy_id) await releaseCopy(trx, collegeId, hold.copy_id, id);
  });
  return { message: 'Hold cancelled' };
}

export async function holdShelf(db: Db, collegeId: number): Promise<THoldShelf> {
  await expireHolds(db, collegeId);
  const [ready, expired, waiting] = await Promise.all([
    holdsRepo.holdsByStatus(db, collegeId, 'ready', 500),
    holdsRepo.holdsByStatus(db, collegeId, 'expired', 100),
    holdsRepo.holdsByStatus(db, collegeId, 'waiting', 500),
  ]);
  return {
    ready: await holdViews(db, collegeId, ready),
    expired: await holdViews(db, collegeId, expired),
    waiting: await holdViews(db, collegeId, waiting),
  };
}
