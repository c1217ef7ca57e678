import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import { cappedRows } from '../../lib/capped.js';
import type { DB } from '../../db/tables.js';

const OPEN = ['waiting', 'offered'];

export async function insertEntry(db: Db, row: Insertable<DB['transport_waitlist']>) {
  const r = await db.insertInto('transport_waitlist').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

function entryQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('transport_waitlist as w')
    .innerJoin('transport_routes as r', 'r.id', 'w.route_id')
    .innerJoin('transport_stops as s', 's.id', 'w.stop_id')
    .select([
      'w.id',
      'w.route_id',
      'r.code as route_code',
      'r.name as route_name',
      'w.stop_id',
      's.name as stop_name',
      'w.holder_type',
      'w.student_id',
      'w.user_id',
      'w.holder_ref',
      'w.holder_name',
      'w.holder_detail',
      'w.academic_year',
      'w.status',
      'w.vehicle_id',
      'w.pass_id',
      'w.note',
      'w.created_at',
      'w.offered_at',
    ])
    .where('w.college_id', '=', collegeId);
}
export type EntryRow = NonNullable<Awaited<ReturnType<typeof entryById>>>;

export async function entryById(db: Db, collegeId: number, id: number) {
  return entryQuery(db, collegeId).where('w.id', '=', id).executeTakeFirst();
}

/** The waiting lists are cut here for speed; the answer says how many entries there are. */
export const WAITLIST_CAP = 2000;

/** The first WAITLIST_CAP entries of the college (or a route), open ones only unless `all`, by route and oldest first; and how many. */
export async function entries(db: Db, collegeId: number, f: { routeId?: number; all: boolean }) {
  let q = entryQuery(db, collegeId);
  if (f.routeId !== undefined) q = q.where('w.route_id', '=', f.routeId);
  if (!f.all) q = q.where('w.status', 'in', OPEN);
  return cappedRows(q.orderBy('w.route_id').orderBy('w.id'), WAITLIST_CAP);
}

/** How many wait (not yet offered) on the route ahead of and including entry `upToId`, or in all. */
export async function waitingCount(db: Db, collegeId: number, routeId: number, upToId?: number) {
  let q = db
    .selectFrom('transport_waitlist')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_id', '=', collegeId)
    .where('route_id', '=', routeId)
    .where('status', '=', 'waiting');
  if (upToId !== undefined) q = q.where('id', '<=', upToId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Waiting (not yet offered) entries per route. */
export async function waitingByRoute(db: Db, collegeId: number) {
  const rows = await db
    .selectFrom('transport_waitlist')
    .select(['route_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('status', '=', 'waiting')
    .groupBy('route_id')
    .execute();
  return new Map(rows.map((r) => [r.route_id, Number(r.n)]));
}

export async function firstWaiting(db: Db, collegeId: number, routeId: number) {
  return db
    .selectFrom('transport_waitlist')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('route_id', '=', routeId)
    .where('status', '=', 'waiting')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Seats held for offers on a route (they move with the route to another vehicle). */
export async function offeredOnRoute(db: Db, collegeId: number, routeId: number) {
  const r = await db
    .selectFrom('transport_waitlist')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_id', '=', collegeId)
    .where('route_id', '=', routeId)
    .where('status', '=', 'offered')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function moveOffers(db: Db, collegeId: number, routeId: number, vehicleId: number) {
  await db
    .updateTable('transport_waitlist')
    .set({ vehicle_id: vehicleId })
    .where('college_id', '=', collegeId)
    .where('route_id', '=', routeId)
    .where('status', '=', 'offered')
    .execute();
}

/** Moves an entry on from one of the statuses given; false when someone moved it first. */
export async function moveEntry(
  db: Db,
  collegeId: number,
  id: number,
  from: string[],
  set: { status: string; vehicle_id?: number; pass_id?: number; note?: string; offered_at?: string; closed_at?: string },
) {
  const r = await db
    .updateTable('transport_waitlist')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function activePassOf(db: Db, collegeId: number, holderType: string, holderRef: string, year: string) {
  return db
    .selectFrom('transport_passes')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('holder_type', '=', holderType)
    .where('holder_ref', '=', holderRef)
    .where('academic_year', '=', year)
    .where('status', '=', sql.lit('active'))
    .executeTakeFirst();
}
