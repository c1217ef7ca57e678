import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORT_MSG, type TCapped, type TPassCancelled, type TRoute, type TWaitlistEntry } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { transportDues } from './transport.service.js';
import { WAITLIST_CAP } from './transport.waitlist.repo.js';
import { OFFICE, issue, newRoute, newVehicle, rollNos, vehicleBody } from '../../../test/modules/transport.js';

let t: TestApp;
let rolls: string[];
let next = 0;
const YEAR = '2031-2032';
beforeAll(async () => {
  t = await createTestApp();
  rolls = await rollNos(t, 300, 60);
});
afterAll(async () => t.close());

const roll = () => rolls[next++];
const post = (url: string, payload: Record<string, unknown> = {}) =>
  t.as(OFFICE, { method: 'POST', url: `/api/transport${url}`, payload });
const join = (holder: string, stopId: number) => post('/waitlist', { holderType: 'student', holder, stopId, academicYear: YEAR });
const joinOk = async (holder: string, stopId: number) => {
  const res = await join(holder, stopId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TWaitlistEntry;
};
const routeOf = async (id: number) =>
  ((await t.as(OFFICE, { method: 'GET', url: '/api/transport/routes' })).json() as TRoute[]).find((r) => r.id === id)!;
const list = async (routeId: number) =>
  ((await t.as(OFFICE, { method: 'GET', url: `/api/transport/waitlist?routeId=${routeId}` })).json() as TCapped<TWaitlistEntry>)
    .items;
const seatsTaken = async (vehicleId: number) =>
  Number(
    (await t.db.selectFrom('transport_vehicles').select('seats_taken').where('id', '=', vehicleId).executeTakeFirstOrThrow())
      .seats_taken,
  );

/** A route on a bus of `seats` seats, every seat taken by a pass; returns the passes' ids. */
async function fullRoute(seats: number) {
  const v = await newVehicle(t, { seatingCapacity: seats });
  const route = await newRoute(t, v.id);
  const passes: number[] = [];
  for (let i = 0; i < seats; i++) {
    const res = await issue(t, roll(), route.stops[0].id);
    expect(res.statusCode, res.body).toBe(200);
    passes.push(res.json().id);
  }
  return { v, route, stopId: route.stops[1].id, passes };
}

describe('a full route and its waiting list', () => {
  it('the route list marks the route full and counts who waits; each entry gets its place', async () => {
    const { v, route, stopId } = await fullRoute(2);
    const before = await routeOf(route.id);
    expect(before).toMatchObject({ full: true, waiting: 0, seatsTaken: 2, seatingCapacity: 2 });

    const [a, b] = [roll(), roll()];
    const first = await joinOk(a, stopId);
    expect(first).toMatchObject({ holderRef: a, status: 'waiting', position: 1, routeCode: route.code, stopId });
    expect((await joinOk(b, stopId)).position).toBe(2);
    expect(await routeOf(route.id)).toMatchObject({ full: true, waiting: 2 });
    expect((await list(route.id)).map((e) => [e.holderRef, e.position])).toEqual([
      [a, 1],
      [b, 2],
    ]);
    // A pass on the full route is still refused with the bus's message; nothing is taken.
    const walkIn = await issue(t, roll(), stopId);
    expect(walkIn.statusCode).toBe(409);
    expect(walkIn.json().message).toBe(TRANSPORT_MSG.vehicleFull(v.regNo, 2));
    expect(await seatsTaken(v.id)).toBe(2);
  });

  it('refuses to queue someone when a seat is free, who holds a pass, or who already waits', async () => {
    const v = await newVehicle(t, { seatingCapacity: 2 });
    const route = await newRoute(t, v.id);
    const holder = roll();
    expect((await issue(t, holder, route.stops[0].id)).statusCode).toBe(200);
    const free = await join(roll(), route.stops[0].id);
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(TRANSPORT_MSG.seatFree(route.code));

    expect((await issue(t, roll(), route.stops[0].id)).statusCode).toBe(200);
    const has = await join(holder, route.stops[0].id);
    expect(has.statusCode).toBe(409);
    expect(has.json().message).toMatch(/already holds an active bus pass for 2031-2032/);
    const once = roll();
    await joinOk(once, route.stops[0].id);
    const twice = await join(once, route.stops[1].id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/is already on a waiting list for 2031-2032/);
    expect((await list(route.id)).length).toBe(1);
  });

  it('a cancelled pass offers its seat to the first waiting, holds it from walk-ins, and the office confirms', async () => {
    const { v, route, stopId, passes } = await fullRoute(2);
    const [a, b] = [roll(), roll()];
    const first = await joinOk(a, stopId);
    await joinOk(b, stopId);

    const cancelled = await post(`/passes/${passes[0]}/cancel`, { reason: 'Moved to the hostel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json() as TPassCancelled;
    expect(body.status).toBe('cancelled');
    expect(body.offeredTo).toMatchObject({ id: first.id, holderRef: a, status: 'offered', position: null });
    // The seat stays taken while it is offered: a walk-in cannot have it; the second is now first in line.
    expect(await seatsTaken(v.id)).toBe(2);
    expect((await issue(t, roll(), stopId)).statusCode).toBe(409);
    expect((await list(route.id)).map((e) => [e.holderRef, e.status, e.position])).toEqual([
      [a, 'offered', null],
      [b, 'waiting', 1],
    ]);
    const offered = await t.db
      .selectFrom('audit_log')
      .select(['username', 'after_json'])
      .where('action', '=', 'transport.waitlist.offer')
      .where('entity_id', '=', String(first.id))
      .execute();
    expect(offered).toHaveLength(1);
    expect(offered[0].username).toBe(OFFICE);

    const confirmed = await post(`/waitlist/${first.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const pass = confirmed.json();
    expect(pass).toMatchObject({ holderRef: a, routeId: route.id, stopId, status: 'active', academicYear: YEAR });
    expect(pass.fareLedger.balancePaise).toBe(route.stops[1].fare);
    expect(await seatsTaken(v.id)).toBe(2);
    const student = await t.db
      .selectFrom('students')
      .select(['id', 'college_id'])
      .where('roll_no', '=', a)
      .executeTakeFirstOrThrow();
    expect(await transportDues(t.db, student.college_id, student.id)).toBeGreaterThanOrEqual(route.stops[1].fare);
    const all = (
      await t.as(OFFICE, { method: 'GET', url: `/api/transport/waitlist?routeId=${route.id}&status=all` })
    ).json() as TCapped<TWaitlistEntry>;
    expect(all.items.find((e) => e.id === first.id)).toMatchObject({ status: 'issued', passId: pass.id });
    // the count follows the filters: a (issued) and b (waiting) on this route; only b is open
    expect([all.total, all.limit]).toEqual([2, WAITLIST_CAP]);
    expect((await t.as(OFFICE, { method: 'GET', url: `/api/transport/waitlist?routeId=${route.id}` })).json().total).toBe(1);
    // Confirming twice issues nothing more.
    const again = await post(`/waitlist/${first.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRANSPORT_MSG.waitClosed);
  });

  it('withdrawing an offer passes the seat to the next waiting; with nobody left the seat is freed', async () => {
    const { v, route, stopId, passes } = await fullRoute(2);
    const a = await joinOk(roll(), stopId);
    const b = await joinOk(roll(), stopId);
    await post(`/passes/${passes[0]}/cancel`, { reason: 'Left the college' });

    const out = await post(`/waitlist/${a.id}/withdraw`, { reason: 'Travels by own vehicle now' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ status: 'withdrawn', note: 'Travels by own vehicle now' });
    expect((await list(route.id)).map((e) => [e.id, e.status])).toEqual([[b.id, 'offered']]);
    expect(await seatsTaken(v.id)).toBe(2);

    await post(`/waitlist/${b.id}/withdraw`, { reason: 'Not needed' });
    expect(await list(route.id)).toEqual([]);
    expect(await seatsTaken(v.id)).toBe(1);
    expect(await routeOf(route.id)).toMatchObject({ full: false, waiting: 0 });
    const closed = await post(`/waitlist/${b.id}/withdraw`, { reason: 'Again' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(TRANSPORT_MSG.waitClosed);
  });

  it('more seats on the bus go to those waiting; the route keeps its held seats when it changes bus', async () => {
    const { v, route, stopId } = await fullRoute(2);
    const a = await joinOk(roll(), stopId);
    const b = await joinOk(roll(), stopId);
    const wider = await t.as(OFFICE, {
      method: 'PUT',
      url: `/api/transport/vehicles/${v.id}`,
      payload: vehicleBody({ regNo: v.regNo, seatingCapacity: 3 }),
    });
    expect(wider.statusCode, wider.body).toBe(200);
    expect((await list(route.id)).map((e) => [e.id, e.status])).toEqual([
      [a.id, 'offered'],
      [b.id, 'waiting'],
    ]);
    expect(await seatsTaken(v.id)).toBe(3);

    // A bus of 5: the 2 passes and the held seat move with the route (3), and a spare seat goes to b (4).
    const bus = await newVehicle(t, { seatingCapacity: 5 });
    const moved = await t.as(OFFICE, {
      method: 'PUT',
      url: `/api/transport/routes/${route.id}`,
      payload: { code: route.code, name: 'Moved route', vehicleId: bus.id, stops: route.stops },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await seatsTaken(v.id)).toBe(0);
    expect(await seatsTaken(bus.id)).toBe(4);
    expect((await list(route.id)).map((e) => [e.id, e.status])).toEqual([
      [a.id, 'offered'],
      [b.id, 'offered'],
    ]);
    const pass = await post(`/waitlist/${a.id}/confirm`);
    expect(pass.statusCode, pass.body).toBe(200);
    expect(pass.json().vehicleRegNo).toBe(bus.regNo);
    expect(await seatsTaken(bus.id)).toBe(4);
  });

  it('answers an entry still waiting, or unknown, with a message', async () => {
    const { stopId } = await fullRoute(1);
    const a = await joinOk(roll(), stopId);
    const early = await post(`/waitlist/${a.id}/confirm`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(TRANSPORT_MSG.waitNotOffered);
    const missing = await post('/waitlist/99999999/confirm');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TRANSPORT_MSG.waitNotFound);
    const blank = await post(`/waitlist/${a.id}/withdraw`, { reason: '' });
    expect(blank.statusCode).toBe(400);
  });
});
