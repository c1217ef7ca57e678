import { academicYear, TRANSPORT_MSG, type TCapped, type TPass, type TPassInput, type TWaitlistEntry } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { mapCapped } from '../../lib/capped.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { entryView, offerFreedSeats, toEntry } from './transport.offers.js';
import * as repo from './transport.repo.js';
import { holderOf, isUniqueViolation, issueOnSeat, passView, stopWithVehicle } from './transport.service.js';
import * as wrepo from './transport.waitlist.repo.js';

/**
 * Puts a student or staff member on a full route's waiting list for their stop. Refused when they
 * already hold a pass for the year, are already waiting, or the bus has a seat nobody waits for.
 */
export async function joinWaitlist(db: Database, user: RequestUser, input: TPassInput): Promise<TWaitlistEntry> {
  const collegeId = user.collegeId;
  const stop = await stopWithVehicle(db, collegeId, input.stopId);
  const holder = await holderOf(db, collegeId, input);
  const year = input.academicYear ?? academicYear(new Date());
  if (await wrepo.activePassOf(db, collegeId, input.holderType, holder.holder_ref, year))
    throw conflict(TRANSPORT_MSG.alreadyHasPass(holder.holder_name, year));
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const [v] = await repo.vehicles(trx, collegeId, stop.vehicle_id);
      const free = v && v.status === 'active' && Number(v.seats_taken) < v.seating_capacity;
      if (free && (await wrepo.waitingCount(trx, collegeId, stop.route_id)) === 0)
        throw badRequest(TRANSPORT_MSG.seatFree(stop.route_code));
      const newId = await wrepo.insertEntry(trx, {
        college_id: collegeId,
        route_id: stop.route_id,
        stop_id: stop.id,
        holder_type: input.holderType,
        ...holder,
        academic_year: year,
        created_by: user.id,
        created_at: nowIso(),
      });
      await audit(trx, {
        collegeId,
        actor: user,
        action: 'transport.waitlist.join',
        entity: 'transport_waitlist',
        entityId: newId,
        after: { holder: holder.holder_ref, routeId: stop.route_id, stopId: stop.id, academicYear: year },
      });
      // A seat freed since the check goes to the first waiting, as every freed seat does.
      await offerFreedSeats(trx, user, stop.route_id);
      return newId;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(TRANSPORT_MSG.alreadyWaiting(holder.holder_name, year));
    throw e;
  }
  return entryView(db, collegeId, id);
}

/** The waiting lists (one route's, or every route's), each entry with its place on its route. */
export async function listWaitlist(
  db: Database,
  collegeId: number,
  q: { routeId?: number; status: 'open' | 'all' },
): Promise<TCapped<TWaitlistEntry>> {
  const rows = await wrepo.entries(db, collegeId, { routeId: q.routeId, all: q.status === 'all' });
  const seen = new Map<number, number>();
  return mapCapped(rows, (e) => {
    if (e.status !== 'waiting') return toEntry(e, null);
    const position = (seen.get(e.route_id) ?? 0) + 1;
    seen.set(e.route_id, position);
    return toEntry(e, position);
  });
}

async function entryOr404(db: Database, collegeId: number, id: number) {
  const e = await wrepo.entryById(db, collegeId, id);
  if (!e) throw notFound(TRANSPORT_MSG.waitNotFound);
  return e;
}

/** The office confirms an offered seat: the pass is issued on the seat held for it. */
export async function confirmOffer(
  db: Database,
  user: RequestUser,
  collegeCode: string,
  id: number,
  baseUrl: string,
): Promise<TPass> {
  const collegeId = user.collegeId;
  const e = await entryOr404(db, collegeId, id);
  if (e.status === 'waiting') throw badRequest(TRANSPORT_MSG.waitNotOffered);
  if (e.status !== 'offered') throw conflict(TRANSPORT_MSG.waitClosed);
  const stop = await repo.stopById(db, collegeId, e.stop_id);
  if (!stop) throw badRequest(TRANSPORT_MSG.stopNotFound);
  let passId: number;
  try {
    passId = await db.transaction().execute(async (trx) => {
      if (!(await wrepo.moveEntry(trx, collegeId, id, ['offered'], { status: 'issued', closed_at: nowIso() })))
        throw conflict(TRANSPORT_MSG.waitClosed);
      // Read under the entry's lock: the held seat follows the route to a new vehicle.
      const vehicleId = (await wrepo.entryById(trx, collegeId, id))!.vehicle_id!;
      const holder = {
        student_id: e.student_id,
        user_id: e.user_id,
        holder_ref: e.holder_ref,
        holder_name: e.holder_name,
        holder_detail: e.holder_detail,
      };
      const seat = { stop, vehicleId, holderType: e.holder_type, holder, year: e.academic_year };
      const newPass = await issueOnSeat(trx, user, collegeCode, seat, baseUrl);
      await trx.updateTable('transport_waitlist').set({ pass_id: newPass }).where('id', '=', id).execute();
      await audit(trx, {
        collegeId,
        actor: user,
        action: 'transport.waitlist.issue',
        entity: 'transport_waitlist',
        entityId: id,
        before: { status: 'offered' },
        after: { status: 'issued', passId: newPass },
      });
      return newPass;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(TRANSPORT_MSG.alreadyHasPass(e.holder_name, e.academic_year));
    throw err;
  }
  return passView(db, collegeId, collegeCode, passId);
}

/** Takes an entry off the list; an offered seat is freed and offered to the next waiting. */
export async function withdrawEntry(db: Database, user: RequestUser, id: number, reason: string): Promise<TWaitlistEntry> {
  const collegeId = user.collegeId;
  const e = await entryOr404(db, collegeId, id);
  if (e.status !== 'waiting' && e.status !== 'offered') throw conflict(TRANSPORT_MSG.waitClosed);
  await db.transaction().execute(async (trx) => {
    if (
      !(await wrepo.moveEntry(trx, collegeId, id, ['waiting', 'offered'], {
        status: 'withdrawn',
        note: reason,
        closed_at: nowIso(),
      }))
    )
      throw conflict(TRANSPORT_MSG.waitClosed);
    // Only an offer holds a seat (on the vehicle named), read under the entry's lock.
    const held = (await wrepo.entryById(trx, collegeId, id))!.vehicle_id;
    await audit(trx, {
      collegeId,
      actor: user,
      action: 'transport.waitlist.withdraw',
      entity: 'transport_waitlist',
      entityId: id,
      before: { status: held === null ? 'waiting' : 'offered' },
      after: { status: 'withdrawn', reason },
    });
    if (held !== null) {
      await repo.releaseSeat(trx, collegeId, held);
      await offerFreedSeats(trx, user, e.route_id);
    }
  });
  return entryView(db, collegeId, id);
}
