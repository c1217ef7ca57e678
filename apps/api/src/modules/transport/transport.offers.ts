import type { TWaitlistEntry } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './transport.repo.js';
import * as wrepo from './transport.waitlist.repo.js';

/** An entry as the screens show it; `position` counts those waiting on its route up to it. */
export function toEntry(e: wrepo.EntryRow, position: number | null): TWaitlistEntry {
  return {
    id: e.id,
    routeId: e.route_id,
    routeCode: e.route_code,
    routeName: e.route_name,
    stopId: e.stop_id,
    stopName: e.stop_name,
    holderType: e.holder_type as TWaitlistEntry['holderType'],
    holderRef: e.holder_ref,
    holderName: e.holder_name,
    holderDetail: e.holder_detail,
    academicYear: e.academic_year,
    status: e.status as TWaitlistEntry['status'],
    position: e.status === 'waiting' ? position : null,
    createdAt: e.created_at,
    offeredAt: e.offered_at,
    passId: e.pass_id,
    note: e.note,
  };
}

export async function entryView(db: Database, collegeId: number, id: number): Promise<TWaitlistEntry> {
  const e = (await wrepo.entryById(db, collegeId, id))!;
  return toEntry(e, e.status === 'waiting' ? await wrepo.waitingCount(db, collegeId, e.route_id, e.id) : null);
}

/**
 * Offers the route's free seats to those waiting, first come first served, inside the caller's
 * transaction: each offer takes the seat on the vehicle's counter (so no walk-in pass can have it)
 * and marks the entry offered, audited as the caller's act. Called wherever a seat frees: a pass
 * cancelled, an offer withdrawn, a bigger vehicle, someone joining as a seat freed.
 */
export async function offerFreedSeats(trx: Database, user: RequestUser, routeId: number): Promise<number[]> {
  const collegeId = user.collegeId;
  const [route] = await repo.routes(trx, collegeId, routeId);
  if (!route?.vehicle_id) return [];
  const offered: number[] = [];
  // Bounded: each turn offers a seat or finds the entry taken by a concurrent offer and looks again.
  for (let turn = 0; turn < 500; turn++) {
    const next = await wrepo.firstWaiting(trx, collegeId, routeId);
    if (!next) break;
    if (!(await repo.takeSeat(trx, collegeId, route.vehicle_id))) break;
    const at = nowIso();
    if (
      !(await wrepo.moveEntry(trx, collegeId, next.id, ['waiting'], {
        status: 'offered',
        vehicle_id: route.vehicle_id,
        offered_at: at,
      }))
    ) {
      await repo.releaseSeat(trx, collegeId, route.vehicle_id);
      continue;
    }
    await audit(trx, {
      collegeId,
      actor: user,
      action: 'transport.waitlist.offer',
      entity: 'transport_waitlist',
      entityId: next.id,
      before: { status: 'waiting' },
      after: { status: 'offered', routeId, vehicleId: route.vehicle_id },
    });
    offered.push(next.id);
  }
  return offered;
}
