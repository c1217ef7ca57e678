import {
  academicYear,
  academicYearSpan,
  CERTIFICATE_LABELS,
  EXPIRY_WARNING_DAYS,
  leavingCharge,
  TRANSPORT_MSG,
  TRANSPORT_ROLES,
  VEHICLE_CERTIFICATES,
  type TExpiryWarning,
  type TPass,
  type TPassCancel,
  type TPassCancelled,
  type TPassInput,
  type TPassPage,
  type TPassQuery,
  type TPassHolder,
  type TRoute,
  type TRouteInput,
  type TTransportDashboard,
  type TVehicle,
  type TVehicleInput,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { indianDate } from '../../lib/clock.js';
import { issueDocument, revokeDocument } from '../../lib/documents.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import {
  accountsSettings,
  chargesByRefs,
  dueFromSource,
  postCharge,
  postedCharges,
  releaseCharge,
  reverseCharge,
  settleFromSource,
  type ChargeState,
} from '../accounts/index.js';
import { entryView, offerFreedSeats } from './transport.offers.js';
import * as repo from './transport.repo.js';
import * as wrepo from './transport.waitlist.repo.js';

export { addExpense, listExpenses } from './transport.expenses.js';
export { monthlyReport } from './transport.report.js';
import { monthlyReport, monthlyWorkbook } from './transport.report.js';
import { passPdf } from './transport.pdf.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { readUpload } from '../../lib/uploads.js';
import type { RequestCollege } from '../../plugins/types.js';

const DAY = 86_400_000;
export const todayIso = () => nowIso().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);
/** dd-mm-yyyy for messages. */
export const ddmmyyyy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

// Vehicles

function toVehicle(v: repo.VehicleRow): TVehicle {
  return {
    id: v.id,
    regNo: v.reg_no,
    vehicleType: v.vehicle_type as TVehicle['vehicleType'],
    makeModel: v.make_model,
    seatingCapacity: v.seating_capacity,
    seatsTaken: Number(v.seats_taken),
    driverName: v.driver_name,
    driverPhone: v.driver_phone,
    driverLicence: v.driver_licence,
    attenderName: v.attender_name,
    attenderPhone: v.attender_phone,
    attenderLicence: v.attender_licence,
    insuranceExpiry: v.insurance_expiry,
    fitnessExpiry: v.fitness_expiry,
    permitExpiry: v.permit_expiry,
    pollutionExpiry: v.pollution_expiry,
    status: v.status as TVehicle['status'],
    routeId: v.route_id ?? null,
    routeName: v.route_id ? `${v.route_code} · ${v.route_name}` : null,
  };
}

const vehicleValues = (input: TVehicleInput) => ({
  reg_no: input.regNo,
  vehicle_type: input.vehicleType,
  make_model: input.makeModel,
  seating_capacity: input.seatingCapacity,
  driver_name: input.driverName,
  driver_phone: input.driverPhone,
  driver_licence: input.driverLicence,
  attender_name: input.attenderName,
  attender_phone: input.attenderPhone,
  attender_licence: input.attenderLicence,
  insurance_expiry: input.insuranceExpiry,
  fitness_expiry: input.fitnessExpiry,
  permit_expiry: input.permitExpiry,
  pollution_expiry: input.pollutionExpiry,
});

export async function listVehicles(db: Database, collegeId: number): Promise<TVehicle[]> {
  return (await repo.vehicles(db, collegeId)).map(toVehicle);
}

async function vehicleOrThrow(db: Database, collegeId: number, id: number) {
  const [v] = await repo.vehicles(db, collegeId, id);
  if (!v) throw notFound(TRANSPORT_MSG.vehicleNotFound);
  return v;
}

export async function createVehicle(db: Database, user: RequestUser, input: TVehicleInput): Promise<TVehicle> {
  if (await repo.vehicleByReg(db, user.collegeId, input.regNo)) throw conflict(TRANSPORT_MSG.duplicateRegistration(input.regNo));
  const now = nowIso();
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const newId = await repo.insertVehicle(trx, {
        ...vehicleValues(input),
        college_id: user.collegeId,
        created_at: now,
        updated_at: now,
      });
      await audit(trx, {
        collegeId: user.collegeId,
        actor: user,
        action: 'transport.vehicle.add',
        entity: 'transport_vehicle',
        entityId: newId,
        after: input,
      });
      return newId;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(TRANSPORT_MSG.duplicateRegistration(input.regNo));
    throw e;
  }
  return toVehicle(await vehicleOrThrow(db, user.collegeId, id));
}

export async function updateVehicle(db: Database, user: RequestUser, id: number, input: TVehicleInput): Promise<TVehicle> {
  const existing = await vehicleOrThrow(db, user.collegeId, id);
  if (existing.status === 'retired') throw badRequest(TRANSPORT_MSG.vehicleRetired);
  const clash = await repo.vehicleByReg(db, user.collegeId, input.regNo);
  if (clash && clash.id !== id) throw conflict(TRANSPORT_MSG.duplicateRegistration(input.regNo));
  try {
    // The capacity check is part of the update, so a pass issued meanwhile is counted.
    const ok = await db.transaction().execute(async (trx) => {
      const done = await repo.updateVehicle(trx, user.collegeId, id, { ...vehicleValues(input), updated_at: nowIso() });
      if (done) {
        await audit(trx, {
          collegeId: user.collegeId,
          actor: user,
          action: 'transport.vehicle.edit',
          entity: 'transport_vehicle',
          entityId: id,
          before: toVehicle(existing),
          after: input,
        });
        // More seats go to the route's waiting list first.
        if (existing.route_id) await offerFreedSeats(trx, user, existing.route_id);
      }
      return done;
    });
    if (!ok) {
      const now = await vehicleOrThrow(db, user.collegeId, id);
      throw badRequest(TRANSPORT_MSG.capacityBelowPasses(Number(now.seats_taken)));
    }
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(TRANSPORT_MSG.duplicateRegistration(input.regNo));
    throw e;
  }
  return toVehicle(await vehicleOrThrow(db, user.collegeId, id));
}

/** Retires a vehicle that runs no route (so it carries no pass holders). */
export async function retireVehicle(db: Database, user: RequestUser, id: number, reason: string): Promise<TVehicle> {
  const v = await vehicleOrThrow(db, user.collegeId, id);
  if (v.status === 'retired') throw badRequest(TRANSPORT_MSG.vehicleRetired);
  if (v.route_id) throw badRequest(TRANSPORT_MSG.retireWithRoute(`${v.route_code}`));
  if (Number(v.seats_taken) > 0) throw badRequest(TRANSPORT_MSG.capacityBelowPasses(Number(v.seats_taken)));
  await db.transaction().execute(async (trx) => {
    if (!(await repo.retireVehicle(trx, user.collegeId, id, reason, nowIso()))) throw conflict(TRANSPORT_MSG.retireBusy);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: user,
      action: 'transport.vehicle.retire',
      entity: 'transport_vehicle',
      entityId: id,
      after: { reason },
    });
  });
  return toVehicle(await vehicleOrThrow(db, user.collegeId, id));
}

/** Certificates of active vehicles that expire within 30 days of today (or have expired), soonest first. */
export function expiryWarnings(vehicles: TVehicle[], today: string): TExpiryWarning[] {
  const out: TExpiryWarning[] = [];
  for (const v of vehicles) {
    if (v.status !== 'active') continue;
    for (const c of VEHICLE_CERTIFICATES) {
      const expiresOn = v[`${c}Expiry`];
      const daysLeft = daysBetween(today, expiresOn);
      if (daysLeft <= EXPIRY_WARNING_DAYS) out.push({ vehicleId: v.id, regNo: v.regNo, certificate: c, expiresOn, daysLeft });
    }
  }
  return out.sort((a, b) => a.daysLeft - b.daysLeft || a.regNo.localeCompare(b.regNo));
}
export const certificateLabel = (c: keyof typeof CERTIFICATE_LABELS) => CERTIFICATE_LABELS[c];

export async function dashboard(db: Database, collegeId: number): Promise<TTransportDashboard> {
  const today = todayIso();
  const month = today.slice(0, 7);
  const [list, c, monthExpenses] = await Promise.all([
    listVehicles(db, collegeId),
    repo.counts(db, collegeId),
    repo.expensesTotal(db, collegeId, `${month}-01`, `${month}-31`),
  ]);
  const active = list.filter((v) => v.status === 'active');
  return {
    today,
    vehicles: active.length,
    routes: c.routes,
    stops: c.stops,
    activePasses: c.passes,
    seats: active.reduce((s, v) => s + v.seatingCapacity, 0),
    seatsTaken: active.reduce((s, v) => s + v.seatsTaken, 0),
    monthExpenses,
    warnings: expiryWarnings(list, today),
  };
}

// Routes and stops

export async function listRoutes(db: Database, collegeId: number, id?: number): Promise<TRoute[]> {
  const [routes, stops, waiting] = await Promise.all([
    repo.routes(db, collegeId, id),
    repo.stops(db, collegeId, id),
    wrepo.waitingByRoute(db, collegeId),
  ]);
  return routes.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    vehicleId: r.vehicle_id,
    vehicleRegNo: r.reg_no ?? null,
    seatingCapacity: r.seating_capacity ?? null,
    seatsTaken: r.seats_taken === null || r.seats_taken === undefined ? null : Number(r.seats_taken),
    full: r.seating_capacity !== null && r.seating_capacity !== undefined && Number(r.seats_taken) >= r.seating_capacity,
    waiting: waiting.get(r.id) ?? 0,
    stops: stops
      .filter((s) => s.route_id === r.id)
      .map((s) => ({ id: s.id, seq: s.seq, name: s.name, pickupTime: s.pickup_time, fare: s.fare, passes: Number(s.passes) })),
  }));
}

async function routeOrThrow(db: Database, collegeId: number, id: number) {
  const [r] = await listRoutes(db, collegeId, id);
  if (!r) throw notFound(TRANSPORT_MSG.routeNotFound);
  return r;
}

async function checkVehicleForRoute(db: Database, collegeId: number, vehicleId: number, routeId: number | null) {
  const v = await vehicleOrThrow(db, collegeId, vehicleId);
  if (v.status !== 'active') throw badRequest(TRANSPORT_MSG.vehicleRetired);
  if (v.route_id && v.route_id !== routeId) throw conflict(TRANSPORT_MSG.vehicleOnOtherRoute(v.reg_no, v.route_code ?? ''));
  return v;
}

export async function createRoute(db: Database, user: RequestUser, input: TRouteInput): Promise<TRoute> {
  const collegeId = user.collegeId;
  if (await repo.routeByCode(db, collegeId, input.code)) throw conflict(TRANSPORT_MSG.duplicateRouteCode(input.code));
  if (input.vehicleId) await checkVehicleForRoute(db, collegeId, input.vehicleId, null);
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const routeId = await repo.insertRoute(trx, {
        college_id: collegeId,
        code: input.code,
        name: input.name,
        vehicle_id: input.vehicleId,
        created_at: nowIso(),
      });
      await repo.insertStops(
        trx,
        input.stops.map((s, i) => ({
          college_id: collegeId,
          route_id: routeId,
          seq: i + 1,
          name: s.name,
          pickup_time: s.pickupTime,
          fare: s.fare,
        })),
      );
      await audit(trx, {
        collegeId,
        actor: user,
        action: 'transport.route.add',
        entity: 'transport_route',
        entityId: routeId,
        after: input,
      });
      return routeId;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(TRANSPORT_MSG.duplicateRouteCode(input.code));
    throw e;
  }
  return routeOrThrow(db, collegeId, id);
}

/**
 * Edits a route: name, code, vehicle (its pass holders move with it when the new vehicle has the
 * seats) and stops (kept by id, new ones added, dropped ones removed unless they have passes).
 */
export async function updateRoute(db: Database, user: RequestUser, id: number, input: TRouteInput): Promise<TRoute> {
  const collegeId = user.collegeId;
  const current = await routeOrThrow(db, collegeId, id);
  const clash = await repo.routeByCode(db, collegeId, input.code);
  if (clash && clash.id !== id) throw conflict(TRANSPORT_MSG.duplicateRouteCode(input.code));
  if (input.vehicleId && input.vehicleId !== current.vehicleId) await checkVehicleForRoute(db, collegeId, input.vehicleId, id);
  for (const s of input.stops)
    if (s.id && !current.stops.some((c) => c.id === s.id)) throw badRequest(TRANSPORT_MSG.stopNotFound);
  const kept = new Set(input.stops.map((s) => s.id).filter(Boolean));
  const dropped = current.stops.filter((s) => !kept.has(s.id));
  const busy = dropped.find((s) => s.passes > 0);
  if (busy) throw badRequest(TRANSPORT_MSG.stopHasPasses(busy.name));

  try {
    await db.transaction().execute(async (trx) => {
      if (input.vehicleId !== current.vehicleId) {
        // Pass holders and the seats held for waiting-list offers move to the new vehicle.
        const holders = (await repo.activePassesOnRoute(trx, collegeId, id)) + (await wrepo.offeredOnRoute(trx, collegeId, id));
        if (!input.vehicleId && holders > 0) throw badRequest(TRANSPORT_MSG.routeVehicleTooSmall('(none)', holders));
        if (input.vehicleId && holders > 0) {
          const moved = await repo.moveSeats(trx, collegeId, current.vehicleId, input.vehicleId, holders);
          if (!moved) {
            const [v] = await repo.vehicles(trx, collegeId, input.vehicleId);
            throw badRequest(TRANSPORT_MSG.routeVehicleTooSmall(v?.reg_no ?? '', holders));
          }
          await trx
            .updateTable('transport_passes')
            .set({ vehicle_id: input.vehicleId })
            .where('college_id', '=', collegeId)
            .where('route_id', '=', id)
            .where('status', '=', 'active')
            .execute();
          await wrepo.moveOffers(trx, collegeId, id, input.vehicleId);
        }
      }
      await repo.updateRoute(trx, collegeId, id, { code: input.code, name: input.name, vehicle_id: input.vehicleId });
      for (const s of dropped) await repo.updateStop(trx, collegeId, s.id, { active: 0, seq: -s.id });
      const fresh: Parameters<typeof repo.insertStops>[1] = [];
      input.stops.forEach((s, i) => {
        if (s.id) return;
        fresh.push({ college_id: collegeId, route_id: id, seq: i + 1, name: s.name, pickup_time: s.pickupTime, fare: s.fare });
      });
      for (const [i, s] of input.stops.entries())
        if (s.id)
          await repo.updateStop(trx, collegeId, s.id, { seq: i + 1, name: s.name, pickup_time: s.pickupTime, fare: s.fare });
      await repo.insertStops(trx, fresh);
      await audit(trx, {
        collegeId,
        actor: user,
        action: 'transport.route.edit',
        entity: 'transport_route',
        entityId: id,
        before: current,
        after: input,
      });
      // A bigger vehicle's spare seats go to the waiting list first.
      await offerFreedSeats(trx, user, id);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(TRANSPORT_MSG.duplicateRouteCode(input.code));
    throw e;
  }
  return routeOrThrow(db, collegeId, id);
}

// Passes

export const passLabel = (collegeCode: string, passNo: number) => `${collegeCode}/TP/${String(passNo).padStart(5, '0')}`;

type PassRow = NonNullable<Awaited<ReturnType<typeof repo.passById>>>;

/** Passes with their fare as the accounts ledger holds it: one query for the lot. */
async function passesWithDues(db: Database, collegeId: number, rows: PassRow[], collegeCode: string): Promise<TPass[]> {
  const dues = await chargesByRefs(
    db,
    collegeId,
    LEDGER_SOURCE,
    rows.map((p) => `pass-${p.id}`),
  );
  return rows.map((p) => ({ ...toPass(p, collegeCode), fareLedger: dues.get(`pass-${p.id}`) ?? null }));
}

export function toPass(p: PassRow, collegeCode: string): TPass {
  return {
    id: p.id,
    passNo: passLabel(collegeCode, p.pass_no),
    holderType: p.holder_type as TPass['holderType'],
    holderRef: p.holder_ref,
    holderName: p.holder_name,
    holderDetail: p.holder_detail,
    routeId: p.route_id,
    routeCode: p.route_code,
    routeName: p.route_name,
    stopId: p.stop_id,
    stopName: p.stop_name,
    pickupTime: p.pickup_time,
    vehicleRegNo: p.reg_no,
    academicYear: p.academic_year,
    fare: p.fare,
    status: p.status as TPass['status'],
    issuedAt: p.issued_at,
    cancelledAt: p.cancelled_at,
    cancelReason: p.cancel_reason,
    fareLedger: null,
  };
}

export async function searchHolders(
  db: Database,
  collegeId: number,
  holderType: 'student' | 'staff',
  q: string,
): Promise<TPassHolder[]> {
  if (holderType === 'student')
    return (await repo.searchStudents(db, collegeId, q)).map((s) => ({
      ref: s.roll_no,
      name: s.full_name,
      detail: `${s.course} ${s.branch} · ${s.semester}`,
    }));
  return (await repo.searchStaff(db, collegeId, q)).map((s) => ({
    ref: s.username,
    name: s.full_name,
    detail: [s.emp_code, s.program].filter(Boolean).join(' · ') || 'Staff',
  }));
}

/** The pass holder named in a pass (or waiting-list) request: a student by roll number or staff by login. */
export async function holderOf(db: Database, collegeId: number, input: TPassInput) {
  if (input.holderType === 'student') {
    const roll = input.holder.trim().toUpperCase();
    const s = await repo.studentByRoll(db, collegeId, roll);
    if (!s) throw badRequest(TRANSPORT_MSG.studentNotFound(roll));
    return {
      student_id: s.id,
      user_id: null,
      holder_ref: s.roll_no,
      holder_name: s.full_name,
      holder_detail: `${s.course} ${s.branch} · ${s.semester}`,
    };
  }
  const u = await repo.staffByUsername(db, collegeId, input.holder.trim());
  if (!u) throw badRequest(TRANSPORT_MSG.staffNotFound(input.holder.trim()));
  return {
    student_id: null,
    user_id: u.id,
    holder_ref: u.username,
    holder_name: u.full_name,
    holder_detail: [u.emp_code, u.program].filter(Boolean).join(' · ') || 'Staff',
  };
}
export interface PassHolder {
  student_id: number | null;
  user_id: number | null;
  holder_ref: string;
  holder_name: string;
  holder_detail: string;
}
export type PassStop = NonNullable<Awaited<ReturnType<typeof repo.stopById>>>;

/** The stop a pass is asked for, on a route that has a vehicle. */
export async function stopWithVehicle(db: Database, collegeId: number, stopId: number) {
  const stop = await repo.stopById(db, collegeId, stopId);
  if (!stop) throw badRequest(TRANSPORT_MSG.stopNotFound);
  if (!stop.vehicle_id) throw badRequest(TRANSPORT_MSG.routeHasNoVehicle);
  return { ...stop, vehicle_id: stop.vehicle_id };
}

/**
 * Issues a bus pass for a stop: one seat on the route's vehicle is taken by a conditional
 * update (the last seat goes to one clerk only), the pass number comes from the college's
 * counter, and a student's yearly fare becomes a transport due, all in one transaction.
 */
export async function issuePass(
  db: Database,
  user: RequestUser,
  collegeCode: string,
  input: TPassInput,
  baseUrl: string,
): Promise<TPass> {
  const collegeId = user.collegeId;
  const stop = await stopWithVehicle(db, collegeId, input.stopId);
  const holder = await holderOf(db, collegeId, input);
  const year = input.academicYear ?? academicYear(new Date());
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      if (!(await repo.takeSeat(trx, collegeId, stop.vehicle_id))) {
        const [v] = await repo.vehicles(trx, collegeId, stop.vehicle_id);
        throw conflict(TRANSPORT_MSG.vehicleFull(v?.reg_no ?? '', v?.seating_capacity ?? 0));
      }
      const seat = { stop, vehicleId: stop.vehicle_id, holderType: input.holderType, holder, year };
      return issueOnSeat(trx, user, collegeCode, seat, baseUrl);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(TRANSPORT_MSG.alreadyHasPass(holder.holder_name, year));
    throw e;
  }
  return passView(db, collegeId, collegeCode, id);
}

/** One pass with its fare as the ledger holds it. */
export async function passView(db: Database, collegeId: number, collegeCode: string, id: number) {
  return (await passesWithDues(db, collegeId, [(await repo.passById(db, collegeId, id))!], collegeCode))[0];
}

/**
 * The pass itself, on a seat the caller has already taken (or held for a waiting-list offer),
 * inside the caller's transaction: number, verification document, the fare posted to the ledger.
 */
export async function issueOnSeat(
  trx: Database,
  user: RequestUser,
  collegeCode: string,
  p: {
    stop: Pick<PassStop, 'id' | 'route_id' | 'name' | 'fare' | 'route_code' | 'route_name'>;
    vehicleId: number;
    holderType: string;
    holder: PassHolder;
    year: string;
  },
  baseUrl: string,
): Promise<number> {
  const collegeId = user.collegeId;
  const { stop, holder, year } = p;
  const passNo = await repo.nextPassNo(trx, collegeId);
  const now = nowIso();
  const { code } = await issueDocument(
    trx,
    {
      collegeId,
      kind: 'bus-pass',
      title: `Bus pass ${passLabel(collegeCode, passNo)} for ${year}`,
      holder: `${holder.holder_name} (${holder.holder_ref})`,
      fields: [
        { label: 'Route', value: `${stop.route_code} · ${stop.route_name}` },
        { label: 'Stop', value: stop.name },
        { label: 'Academic year', value: year },
      ],
    },
    baseUrl,
  );
  const passId = await repo.insertPass(trx, {
    college_id: collegeId,
    pass_no: passNo,
    holder_type: p.holderType,
    ...holder,
    route_id: stop.route_id,
    stop_id: stop.id,
    vehicle_id: p.vehicleId,
    academic_year: year,
    fare: stop.fare,
    verify_code: code,
    issued_at: now,
    issued_by: user.id,
  });
  if (holder.student_id && stop.fare > 0) {
    await repo.insertDue(trx, {
      college_id: collegeId,
      pass_id: passId,
      student_id: holder.student_id,
      academic_year: year,
      amount: stop.fare,
      created_at: now,
    });
    // The fare is a due in the student ledger, posted with the pass or not at all.
    await postCharge(trx, {
      collegeId,
      studentId: holder.student_id,
      head: 'TRANSPORT',
      headName: 'Transport Fee',
      amountPaise: stop.fare,
      source: LEDGER_SOURCE,
      sourceRef: `pass-${passId}`,
      dueDate: now.slice(0, 10),
    });
  }
  await audit(trx, {
    collegeId,
    actor: user,
    action: 'transport.pass.issue',
    entity: 'transport_pass',
    entityId: passId,
    after: { passNo, holder: holder.holder_ref, stopId: stop.id, fare: stop.fare, academicYear: year },
  });
  return passId;
}

export async function listPasses(db: Database, collegeId: number, collegeCode: string, q: TPassQuery): Promise<TPassPage> {
  const { items, total } = await repo.passes(db, collegeId, q);
  return { items: await passesWithDues(db, collegeId, items, collegeCode), total, page: q.page, pageSize: q.pageSize };
}

const isTransportStaff = (user: RequestUser) => user.roles.some((r) => (TRANSPORT_ROLES as string[]).includes(r));

/** The caller's own passes: a student's by their student record, staff's by their login. */
export async function myPasses(db: Database, user: RequestUser, collegeCode: string): Promise<TPass[]> {
  const studentId = await repo.studentOfUser(db, user.collegeId, user.id);
  const rows = await repo.passesOfHolder(db, user.collegeId, { studentId, userId: user.id });
  return passesWithDues(db, user.collegeId, rows, collegeCode);
}

/** A pass the caller may see: the transport office sees every pass of the college, others only their own. */
export async function passFor(db: Database, user: RequestUser, id: number) {
  const p = await repo.passById(db, user.collegeId, id);
  if (!p) throw notFound(TRANSPORT_MSG.passNotFound);
  if (isTransportStaff(user)) return p;
  const studentId = await repo.studentOfUser(db, user.collegeId, user.id);
  const own = p.holder_type === 'student' ? studentId !== null && p.student_id === studentId : p.user_id === user.id;
  if (!own) throw forbidden(TRANSPORT_MSG.passNotYours);
  return p;
}

/**
 * Cancels a pass: the seat is freed and the student's fare is cut to what the college keeps by its
 * leaving policy (the months or semesters begun of the pass's year), in one transaction; paid
 * beyond that becomes the student's excess credit at the accounts office. A route with a waiting
 * list offers the seat to the first waiting (the office confirms the offer).
 */
export async function cancelPass(
  db: Database,
  user: RequestUser,
  collegeCode: string,
  id: number,
  input: TPassCancel,
): Promise<TPassCancelled> {
  const collegeId = user.collegeId;
  const { reason } = input;
  const p = await repo.passById(db, collegeId, id);
  if (!p) throw notFound(TRANSPORT_MSG.passNotFound);
  const today = indianDate(new Date());
  const issued = indianDate(new Date(p.issued_at));
  const leftOn = input.date ?? today;
  if (leftOn > today) throw badRequest(TRANSPORT_MSG.cancelDateFuture);
  if (leftOn < issued) throw badRequest(TRANSPORT_MSG.cancelDateBeforeIssue(issued));
  const { leavingBasis } = await accountsSettings(db, collegeId);
  const span = academicYearSpan(p.academic_year);
  const fareKept =
    p.student_id && p.fare > 0
      ? leavingCharge(p.fare, {
          periodFrom: span.from,
          periodTo: span.to,
          usedFrom: issued,
          leftOn,
          basis: leavingBasis ?? 'month',
        })
      : 0;
  const { offered, credited } = await db.transaction().execute(async (trx) => {
    if (!(await repo.cancelPass(trx, collegeId, id, reason, nowIso()))) throw conflict(TRANSPORT_MSG.passAlreadyCancelled);
    await repo.releaseSeat(trx, collegeId, p.vehicle_id);
    await repo.cancelDuesOfPass(trx, collegeId, id, fareKept);
    const { releasedPaise } = await releaseCharge(trx, { collegeId, source: LEDGER_SOURCE, sourceRef: `pass-${id}`, keepPaise: fareKept });
    await revokeDocument(trx, collegeId, p.verify_code, `Pass cancelled: ${reason}`);
    await audit(trx, {
      collegeId,
      actor: user,
      action: 'transport.pass.cancel',
      entity: 'transport_pass',
      entityId: id,
      before: { status: p.status, fare: p.fare },
      after: { status: 'cancelled', reason, leftOn, fareKept, credited: releasedPaise, basis: leavingBasis },
    });
    return { offered: await offerFreedSeats(trx, user, p.route_id), credited: releasedPaise };
  });
  return {
    ...(await passView(db, collegeId, collegeCode, id)),
    offeredTo: offered.length ? await entryView(db, collegeId, offered[0]) : null,
    fareKeptPaise: fareKept,
    creditedPaise: credited,
  };
}

/** The source name of transport fares in the accounts ledger. */
export const LEDGER_SOURCE = 'transport';

/** What a student owes for transport (paise): the fares posted to the accounts ledger, less what was paid there or waived. */
export async function transportDues(db: Database, collegeId: number, studentId: number): Promise<number> {
  return dueFromSource(db, collegeId, studentId, LEDGER_SOURCE);
}

/** The fares of a student as the accounts ledger holds them (for the pass screens). */
export async function transportLedger(db: Database, collegeId: number, studentId: number) {
  return postedCharges(db, collegeId, studentId, LEDGER_SOURCE);
}

/** The printed pass for someone allowed to see it, with the holder's admission photo when one is on file. */
export async function passPdfFor(
  db: Database,
  storage: FileStorage,
  college: RequestCollege,
  user: RequestUser,
  id: number,
  baseUrl: string,
) {
  const p = await passFor(db, user, id);
  const photoPath = p.student_id ? await repo.studentPhotoPath(db, college.id, p.student_id) : null;
  const [photo, address] = await Promise.all([
    photoPath ? readUpload(storage, photoPath) : null,
    repo.collegeAddress(db, college.id),
  ]);
  const pass = toPass(p, college.code);
  const pdf = await passPdf({
    collegeName: college.name,
    collegeAddress: address,
    pass,
    photo,
    verifyUrl: `${baseUrl}/verify-document/${p.verify_code}`,
    code: p.verify_code,
  });
  return { pdf, name: `bus-pass-${pass.passNo.replace(/\//g, '-')}` };
}

export async function monthlyWorkbookFor(db: Database, college: RequestCollege, month: string) {
  return monthlyWorkbook(await monthlyReport(db, college.id, month), college.name);
}

/**
 * The fare due keeps what the accounts ledger says was paid on it (the counter, a cancelled
 * receipt), in the same transaction; registered for LEDGER_SOURCE by modules/wiring.ts.
 */
export async function syncFareDues(trx: Database, charges: ChargeState[]) {
  for (const c of charges) {
    const m = /^pass-(\d+)$/.exec(c.sourceRef);
    if (m) await repo.setDuePaid(trx, c.collegeId, Number(m[1]), c.paidPaise);
  }
}

/**
 * Posts the student fares an older version kept only in transport_dues (inside the caller's
 * transaction, one college): each unposted pass fare becomes its ledger charge once; what the
 * office recorded as paid is paid on it, and a cancelled pass's unpaid rest is waived.
 */
export async function ledgerBackfill(trx: Database, collegeId: number) {
  let posted = 0;
  for (const d of await repo.allDues(trx, collegeId)) {
    const sourceRef = `pass-${d.pass_id}`;
    const { created } = await postCharge(trx, {
      collegeId,
      studentId: d.student_id,
      head: 'TRANSPORT',
      headName: 'Transport Fee',
      amountPaise: d.amount,
      source: LEDGER_SOURCE,
      sourceRef,
      dueDate: d.created_at.slice(0, 10),
    });
    if (!created) continue;
    posted++;
    const paid = Math.min(d.paid, d.amount);
    if (paid > 0)
      await settleFromSource(trx, {
        collegeId,
        actor: { id: null, username: 'ledger backfill' },
        studentId: d.student_id,
        source: LEDGER_SOURCE,
        sourceRef,
        paymentRef: `due-${d.id}`,
        amountPaise: paid,
        mode: 'cash',
        reference: 'Transport fare paid (before the ledger)',
        date: d.created_at.slice(0, 10),
      });
    if (d.status === 'cancelled') await reverseCharge(trx, { collegeId, source: LEDGER_SOURCE, sourceRef });
  }
  return posted;
}
