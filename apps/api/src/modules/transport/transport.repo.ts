import { sql } from 'kysely';
import type { TExpenseQuery, TPassQuery } from '@erp/shared';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import type { DB } from '../../db/tables.js';
import { nextCounter } from '../../lib/counters.js';
import { anyColumnContains } from '../../lib/search.js';

type Row<T extends keyof DB> = {
  [K in keyof DB[T]]: DB[T][K] extends import('kysely').ColumnType<infer S, any, any> ? S : DB[T][K];
};

// Vehicles

const vehicleColumns = [
  'transport_vehicles.id',
  'transport_vehicles.reg_no',
  'transport_vehicles.vehicle_type',
  'transport_vehicles.make_model',
  'transport_vehicles.seating_capacity',
  'transport_vehicles.seats_taken',
  'transport_vehicles.driver_name',
  'transport_vehicles.driver_phone',
  'transport_vehicles.driver_licence',
  'transport_vehicles.attender_name',
  'transport_vehicles.attender_phone',
  'transport_vehicles.attender_licence',
  'transport_vehicles.insurance_expiry',
  'transport_vehicles.fitness_expiry',
  'transport_vehicles.permit_expiry',
  'transport_vehicles.pollution_expiry',
  'transport_vehicles.status',
] as const;

/** An active pass, written into the SQL: bound, SQLite would plan the statement again each time (see library/circulation.repo's OPEN). */
const ACTIVE = sql.lit('active');

export async function vehicles(db: Db, collegeId: number, id?: number) {
  let q = db
    .selectFrom('transport_vehicles')
    .leftJoin('transport_routes', (j) =>
      j.onRef('transport_routes.vehicle_id', '=', 'transport_vehicles.id').on('transport_routes.college_id', '=', collegeId),
    )
    .select([
      ...vehicleColumns,
      'transport_routes.id as route_id',
      'transport_routes.code as route_code',
      'transport_routes.name as route_name',
    ])
    .where('transport_vehicles.college_id', '=', collegeId);
  if (id !== undefined) q = q.where('transport_vehicles.id', '=', id);
  return q.orderBy('transport_vehicles.status').orderBy('transport_vehicles.reg_no').execute();
}
export type VehicleRow = Awaited<ReturnType<typeof vehicles>>[number];

export async function vehicleByReg(db: Db, collegeId: number, regNo: string) {
  return db
    .selectFrom('transport_vehicles')
    .select(['id'])
    .where('college_id', '=', collegeId)
    .where('reg_no', '=', regNo)
    .executeTakeFirst();
}

export async function insertVehicle(
  db: Db,
  row: Omit<Row<'transport_vehicles'>, 'id' | 'seats_taken' | 'status' | 'retired_reason'>,
) {
  const r = await db.insertInto('transport_vehicles').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

/** Updates a vehicle; the capacity only when it stays at or above the seats already taken. */
export async function updateVehicle(db: Db, collegeId: number, id: number, values: Partial<Row<'transport_vehicles'>>) {
  let q = db.updateTable('transport_vehicles').set(values).where('college_id', '=', collegeId).where('id', '=', id);
  if (values.seating_capacity !== undefined) q = q.where('seats_taken', '<=', values.seating_capacity);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Takes one seat if one is free: the database decides the last seat. */
// A pass's reads and its seat are prepared (db/prepared.ts): built and compiled once, run per pass.
const takeSeatQuery = prepared((db, a: { collegeId: number; vehicleId: number }) =>
  db
    .updateTable('transport_vehicles')
    .set({ seats_taken: sql`seats_taken + 1` })
    .where('college_id', '=', a.collegeId)
    .where('id', '=', a.vehicleId)
    .where('status', '=', 'active')
    .whereRef('seats_taken', '<', 'seating_capacity'),
);

export async function takeSeat(db: Db, collegeId: number, vehicleId: number) {
  return (await takeSeatQuery.changes(db, { collegeId, vehicleId })) === 1;
}

export async function releaseSeat(db: Db, collegeId: number, vehicleId: number) {
  await db
    .updateTable('transport_vehicles')
    .set({ seats_taken: sql`seats_taken - 1` })
    .where('college_id', '=', collegeId)
    .where('id', '=', vehicleId)
    .where('seats_taken', '>', 0)
    .execute();
}

/** Moves n seats from one vehicle to another that has room for them; false when it has not. */
export async function moveSeats(db: Db, collegeId: number, fromId: number | null, toId: number, n: number) {
  const r = await db
    .updateTable('transport_vehicles')
    .set({ seats_taken: sql`seats_taken + ${n}` })
    .where('college_id', '=', collegeId)
    .where('id', '=', toId)
    .where('status', '=', 'active')
    .where(sql<boolean>`seats_taken + ${n} <= seating_capacity`)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  if (fromId !== null)
    await db
      .updateTable('transport_vehicles')
      .set({ seats_taken: sql`seats_taken - ${n}` })
      .where('college_id', '=', collegeId)
      .where('id', '=', fromId)
      .execute();
  return true;
}

// Routes and stops

export async function routes(db: Db, collegeId: number, id?: number) {
  let q = db
    .selectFrom('transport_routes')
    .leftJoin('transport_vehicles', 'transport_vehicles.id', 'transport_routes.vehicle_id')
    .select([
      'transport_routes.id',
      'transport_routes.code',
      'transport_routes.name',
      'transport_routes.vehicle_id',
      'transport_vehicles.reg_no',
      'transport_vehicles.seating_capacity',
      'transport_vehicles.seats_taken',
    ])
    .where('transport_routes.college_id', '=', collegeId);
  if (id !== undefined) q = q.where('transport_routes.id', '=', id);
  return q.orderBy('transport_routes.code').execute();
}

export async function routeByCode(db: Db, collegeId: number, code: string) {
  return db
    .selectFrom('transport_routes')
    .select(['id'])
    .where('college_id', '=', collegeId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function routeOfVehicle(db: Db, collegeId: number, vehicleId: number) {
  return db
    .selectFrom('transport_routes')
    .select(['id', 'code'])
    .where('college_id', '=', collegeId)
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
}

export async function stops(db: Db, collegeId: number, routeId?: number) {
  let q = db
    .selectFrom('transport_stops')
    .leftJoin('transport_passes', (j) =>
      j.onRef('transport_passes.stop_id', '=', 'transport_stops.id').on('transport_passes.status', '=', ACTIVE),
    )
    .select([
      'transport_stops.id',
      'transport_stops.route_id',
      'transport_stops.seq',
      'transport_stops.name',
      'transport_stops.pickup_time',
      'transport_stops.fare',
      (eb) => eb.fn.count<number>('transport_passes.id').as('passes'),
    ])
    .where('transport_stops.college_id', '=', collegeId)
    .where('transport_stops.active', '=', 1);
  if (routeId !== undefined) q = q.where('transport_stops.route_id', '=', routeId);
  return q
    .groupBy([
      'transport_stops.id',
      'transport_stops.route_id',
      'transport_stops.seq',
      'transport_stops.name',
      'transport_stops.pickup_time',
      'transport_stops.fare',
    ])
    .orderBy('transport_stops.route_id')
    .orderBy('transport_stops.seq')
    .execute();
}

const stopByIdQuery = prepared((db, a: { collegeId: number; id: number }) =>
  db
    .selectFrom('transport_stops')
    .innerJoin('transport_routes', 'transport_routes.id', 'transport_stops.route_id')
    .select([
      'transport_stops.id',
      'transport_stops.route_id',
      'transport_stops.name',
      'transport_stops.fare',
      'transport_routes.vehicle_id',
      'transport_routes.code as route_code',
      'transport_routes.name as route_name',
    ])
    .where('transport_stops.college_id', '=', a.collegeId)
    .where('transport_stops.id', '=', a.id)
    .where('transport_stops.active', '=', 1),
);

export async function stopById(db: Db, collegeId: number, id: number) {
  return stopByIdQuery.first(db, { collegeId, id });
}

export async function insertRoute(db: Db, row: Omit<Row<'transport_routes'>, 'id'>) {
  const r = await db.insertInto('transport_routes').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateRoute(db: Db, collegeId: number, id: number, values: Partial<Row<'transport_routes'>>) {
  await db.updateTable('transport_routes').set(values).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function insertStops(db: Db, rows: Array<Omit<Row<'transport_stops'>, 'id' | 'active'>>) {
  if (rows.length) await db.insertInto('transport_stops').values(rows).execute();
}

export async function updateStop(db: Db, collegeId: number, id: number, values: Partial<Row<'transport_stops'>>) {
  await db.updateTable('transport_stops').set(values).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function activePassesOnRoute(db: Db, collegeId: number, routeId: number) {
  const r = await db
    .selectFrom('transport_passes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('college_id', '=', collegeId)
    .where('route_id', '=', routeId)
    .where('status', '=', ACTIVE)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// Passes and dues

export function nextPassNo(db: Db, collegeId: number): Promise<number> {
  return nextCounter(db, collegeId, 'transport_pass');
}

export async function insertPass(db: Db, row: Omit<Row<'transport_passes'>, 'id' | 'status' | 'cancel_reason' | 'cancelled_at'>) {
  const r = await db.insertInto('transport_passes').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function insertDue(db: Db, row: Omit<Row<'transport_dues'>, 'id' | 'paid' | 'status'>) {
  await db.insertInto('transport_dues').values(row).execute();
}

function passSelect(db: Db, collegeId: number) {
  return db
    .selectFrom('transport_passes as p')
    .innerJoin('transport_routes as r', 'r.id', 'p.route_id')
    .innerJoin('transport_stops as s', 's.id', 'p.stop_id')
    .innerJoin('transport_vehicles as v', 'v.id', 'p.vehicle_id')
    .select([
      'p.id',
      'p.pass_no',
      'p.holder_type',
      'p.student_id',
      'p.user_id',
      'p.holder_ref',
      'p.holder_name',
      'p.holder_detail',
      'p.route_id',
      'r.code as route_code',
      'r.name as route_name',
      'p.stop_id',
      's.name as stop_name',
      's.pickup_time',
      'v.reg_no',
      'p.vehicle_id',
      'p.academic_year',
      'p.fare',
      'p.status',
      'p.verify_code',
      'p.issued_at',
      'p.cancelled_at',
      'p.cancel_reason',
    ])
    .where('p.college_id', '=', collegeId);
}
export type PassRow = Awaited<ReturnType<typeof passById>> & {};

const passByIdQuery = prepared((db, a: { collegeId: number; id: number }) =>
  passSelect(db, a.collegeId).where('p.id', '=', a.id),
);

export async function passById(db: Db, collegeId: number, id: number) {
  return passByIdQuery.first(db, { collegeId, id });
}

export async function passesOfHolder(db: Db, collegeId: number, holder: { studentId?: number | null; userId: number }) {
  return passSelect(db, collegeId)
    .where((eb) =>
      holder.studentId
        ? eb('p.student_id', '=', holder.studentId)
        : eb.and([eb('p.user_id', '=', holder.userId), eb('p.holder_type', '=', 'staff')]),
    )
    .orderBy('p.id', 'desc')
    .execute();
}

export async function passes(db: Db, collegeId: number, q: TPassQuery) {
  let base = passSelect(db, collegeId);
  if (q.status !== 'all') base = base.where('p.status', '=', q.status);
  if (q.routeId) base = base.where('p.route_id', '=', q.routeId);
  if (q.q) {
    base = base.where((eb) => anyColumnContains(eb, ['p.holder_ref', 'p.holder_name', 's.name'], q.q));
  }
  const [items, total] = await Promise.all([
    base
      .orderBy('p.pass_no', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

/** Cancels an active pass; false when it was not active (two clerks cancelling at once). */
export async function cancelPass(db: Db, collegeId: number, id: number, reason: string, at: string) {
  const r = await db
    .updateTable('transport_passes')
    .set({ status: 'cancelled', cancel_reason: reason, cancelled_at: at })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', ACTIVE)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The pass's fare due follows its pass: cancelled, owing only what the college keeps of it. */
export async function cancelDuesOfPass(db: Db, collegeId: number, passId: number, keptPaise: number) {
  await db
    .updateTable('transport_dues')
    .set({ status: 'cancelled', amount: keptPaise })
    .where('college_id', '=', collegeId)
    .where('pass_id', '=', passId)
    .execute();
}

// Holders

const studentByRollQuery = prepared((db, a: { collegeId: number; rollNo: string }) =>
  db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name', 'course', 'branch', 'semester', 'admission_id'])
    .where('college_id', '=', a.collegeId)
    .where('roll_no', '=', a.rollNo),
);

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return studentByRollQuery.first(db, { collegeId, rollNo });
}

export async function studentOfUser(db: Db, collegeId: number, userId: number) {
  const r = await db
    .selectFrom('users')
    .select(['student_id'])
    .where('college_id', '=', collegeId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return r?.student_id ?? null;
}

/** Staff: signed-in users who are not students, alumni or parents. */
export async function staffByUsername(db: Db, collegeId: number, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'program', 'emp_code'])
    .where('college_id', '=', collegeId)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('student_id', 'is', null)
    .where('status', '=', 'active')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where('user_roles.role', 'in', ['ROLE_STUDENT', 'ROLE_ALUMNI', 'ROLE_PARENT']),
        ),
      ),
    )
    .executeTakeFirst();
}

export async function searchStudents(db: Db, collegeId: number, q: string) {
  return db
    .selectFrom('students')
    .select(['roll_no', 'full_name', 'course', 'branch', 'semester'])
    .where('college_id', '=', collegeId)
    .where((eb) => anyColumnContains(eb, ['roll_no', 'full_name'], q))
    .orderBy('roll_no')
    .limit(10)
    .execute();
}

export async function searchStaff(db: Db, collegeId: number, q: string) {
  return db
    .selectFrom('users')
    .select(['username', 'full_name', 'program', 'emp_code'])
    .where('college_id', '=', collegeId)
    .where('student_id', 'is', null)
    .where('status', '=', 'active')
    .where((eb) => anyColumnContains(eb, ['username', 'full_name'], q))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where('user_roles.role', 'in', ['ROLE_STUDENT', 'ROLE_ALUMNI', 'ROLE_PARENT']),
        ),
      ),
    )
    .orderBy('username')
    .limit(10)
    .execute();
}

/** The photo stored with a student's admission, if any (relative to UPLOAD_DIR). */
export async function studentPhotoPath(db: Db, collegeId: number, studentId: number) {
  const r = await db
    .selectFrom('students')
    .innerJoin('admissions', 'admissions.id', 'students.admission_id')
    .select(['admissions.photo_path'])
    .where('students.college_id', '=', collegeId)
    .where('students.id', '=', studentId)
    .executeTakeFirst();
  return r?.photo_path ?? null;
}

// Expenses

export async function insertExpense(db: Db, row: Omit<Row<'transport_expenses'>, 'id'>) {
  const r = await db.insertInto('transport_expenses').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateExpenseFuel(
  db: Db,
  collegeId: number,
  id: number,
  values: { km_run: number; kmpl_x100: number; anomaly: string | null },
) {
  await db.updateTable('transport_expenses').set(values).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

/**
 * The fuel entry just before (or after) a fill on a vehicle: by date, and on the same date by
 * odometer (an equal reading counts as before, so it is refused as not above it).
 */
export async function neighbourFuel(
  db: Db,
  collegeId: number,
  vehicleId: number,
  date: string,
  odometerKm: number,
  side: 'before' | 'after',
) {
  const before = side === 'before';
  return db
    .selectFrom('transport_expenses')
    .select(['id', 'expense_date', 'odometer_km', 'litres_ml'])
    .where('college_id', '=', collegeId)
    .where('vehicle_id', '=', vehicleId)
    .where('category', '=', 'fuel')
    .where((eb) =>
      eb.or([
        eb('expense_date', before ? '<' : '>', date),
        eb.and([eb('expense_date', '=', date), eb('odometer_km', before ? '<=' : '>', odometerKm)]),
      ]),
    )
    .orderBy('expense_date', before ? 'desc' : 'asc')
    .orderBy('odometer_km', before ? 'desc' : 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** km per litre (× 100) of the vehicle's last few fills before a date. */
export async function recentMileage(db: Db, collegeId: number, vehicleId: number, date: string, n = 6) {
  const rows = await db
    .selectFrom('transport_expenses')
    .select(['kmpl_x100'])
    .where('college_id', '=', collegeId)
    .where('vehicle_id', '=', vehicleId)
    .where('category', '=', 'fuel')
    .where('kmpl_x100', 'is not', null)
    .where('expense_date', '<=', date)
    .orderBy('expense_date', 'desc')
    .limit(n)
    .execute();
  return rows.map((r) => Number(r.kmpl_x100));
}

function expenseFilter(db: Db, collegeId: number, q: Partial<TExpenseQuery>) {
  let base = db
    .selectFrom('transport_expenses as e')
    .innerJoin('transport_vehicles as v', 'v.id', 'e.vehicle_id')
    .where('e.college_id', '=', collegeId);
  if (q.vehicleId) base = base.where('e.vehicle_id', '=', q.vehicleId);
  if (q.category) base = base.where('e.category', '=', q.category);
  if (q.month) base = base.where('e.expense_date', '>=', `${q.month}-01`).where('e.expense_date', '<=', `${q.month}-31`);
  if (q.anomalies) base = base.where('e.anomaly', 'is not', null);
  return base;
}

/** An expense as the lists and the entry screen show it, with its vehicle's registration number. */
const EXPENSE_COLUMNS = [
  'e.id',
  'e.vehicle_id',
  'v.reg_no',
  'e.category',
  'e.expense_date',
  'e.amount',
  'e.litres_ml',
  'e.odometer_km',
  'e.km_run',
  'e.kmpl_x100',
  'e.anomaly',
  'e.description',
  'e.bill_no',
] as const;

export async function expenses(db: Db, collegeId: number, q: TExpenseQuery) {
  const base = expenseFilter(db, collegeId, q);
  const [items, agg] = await Promise.all([
    base
      .select(EXPENSE_COLUMNS)
      .orderBy('e.expense_date', 'desc')
      .orderBy('e.id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('e.amount'), sql<number>`0`).as('amount'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(agg.n), totalAmount: Number(agg.amount) };
}

export async function expenseById(db: Db, collegeId: number, id: number) {
  return (await expenseFilter(db, collegeId, {}).where('e.id', '=', id).select(EXPENSE_COLUMNS).executeTakeFirst())!;
}

/** Sums per vehicle and category for a date range, with fuel km and litres. */
export async function monthSums(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('transport_expenses')
    .select((eb) => [
      'vehicle_id',
      'category',
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.coalesce(eb.fn.sum<number>('km_run'), sql<number>`0`).as('km'),
      eb.fn.coalesce(eb.fn.sum<number>('litres_ml'), sql<number>`0`).as('litres_ml'),
      eb.fn.count<number>('anomaly').as('anomalies'),
    ])
    .where('college_id', '=', collegeId)
    .where('expense_date', '>=', from)
    .where('expense_date', '<=', to)
    .groupBy(['vehicle_id', 'category'])
    .execute();
}

/** Passes that were active at some time in a date range, per route and holder type. */
export async function passengersInRange(db: Db, collegeId: number, from: string, to: string) {
  return db
    .selectFrom('transport_passes')
    .select((eb) => ['route_id', 'holder_type', eb.fn.countAll<number>().as('n')])
    .where('college_id', '=', collegeId)
    .where('issued_at', '<=', `${to}T23:59:59.999Z`)
    .where((eb) => eb.or([eb('status', '=', 'active'), eb('cancelled_at', '>=', `${from}T00:00:00.000Z`)]))
    .groupBy(['route_id', 'holder_type'])
    .execute();
}

export async function expensesTotal(db: Db, collegeId: number, from: string, to: string) {
  const r = await db
    .selectFrom('transport_expenses')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('amount'))
    .where('college_id', '=', collegeId)
    .where('expense_date', '>=', from)
    .where('expense_date', '<=', to)
    .executeTakeFirstOrThrow();
  return Number(r.amount);
}

export async function counts(db: Db, collegeId: number) {
  const [routesN, stopsN, passesN] = await Promise.all([
    db
      .selectFrom('transport_routes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('college_id', '=', collegeId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('transport_stops')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('college_id', '=', collegeId)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('transport_passes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('college_id', '=', collegeId)
      .where('status', '=', ACTIVE)
      .executeTakeFirstOrThrow(),
  ]);
  return { routes: Number(routesN.n), stops: Number(stopsN.n), passes: Number(passesN.n) };
}

export async function collegeAddress(db: Db, collegeId: number) {
  const r = await db.selectFrom('colleges').select(['address']).where('id', '=', collegeId).executeTakeFirst();
  return r?.address ?? '';
}

/** Retires a vehicle only while it carries no pass holders and runs no route. */
export async function retireVehicle(db: Db, collegeId: number, id: number, reason: string, at: string) {
  const r = await db
    .updateTable('transport_vehicles')
    .set({ status: 'retired', retired_reason: reason, updated_at: at })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('seats_taken', '=', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('transport_routes')
            .select('transport_routes.id')
            .whereRef('transport_routes.vehicle_id', '=', 'transport_vehicles.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Every fare due of a college, oldest first (for posting the ones an older version never posted). */
export async function allDues(db: Db, collegeId: number) {
  return db
    .selectFrom('transport_dues')
    .select(['id', 'pass_id', 'student_id', 'amount', 'paid', 'status', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('amount', '>', 0)
    .orderBy('id')
    .execute();
}

/** What the ledger says was paid on a pass's fare. */
export async function setDuePaid(db: Db, collegeId: number, passId: number, paid: number) {
  await db
    .updateTable('transport_dues')
    .set({ paid })
    .where('college_id', '=', collegeId)
    .where('pass_id', '=', passId)
    .execute();
}
