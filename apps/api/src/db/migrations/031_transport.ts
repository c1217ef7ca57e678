import { sql, type Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

/**
 * Transport: vehicles (with a seats-taken counter that decides the last seat), routes with
 * ordered stops, bus passes, the transport fare dues they raise, and vehicle expenses.
 * Dates are ISO 'YYYY-MM-DD', money in paise, litres in millilitres.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await collegeTable(db, 'transport_vehicles')
    .addColumn('reg_no', 'varchar(20)', (c) => c.notNull())
    .addColumn('vehicle_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('make_model', 'varchar(120)', text)
    .addColumn('seating_capacity', 'integer', (c) => c.notNull())
    .addColumn('seats_taken', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('driver_name', 'varchar(120)', text)
    .addColumn('driver_phone', 'varchar(20)', text)
    .addColumn('driver_licence', 'varchar(20)', text)
    .addColumn('attender_name', 'varchar(120)', text)
    .addColumn('attender_phone', 'varchar(20)', text)
    .addColumn('attender_licence', 'varchar(20)', text)
    .addColumn('insurance_expiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('fitness_expiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('permit_expiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('pollution_expiry', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('active'))
    .addColumn('retired_reason', 'varchar(300)', text)
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('transport_vehicles_reg', ['college_id', 'reg_no'])
    .execute();

  await collegeTable(db, 'transport_routes')
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('vehicle_id', 'integer', (c) => c.references('transport_vehicles.id'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('transport_routes_code', ['college_id', 'code'])
    // One vehicle runs one route (NULLs, routes without a vehicle, do not clash).
    .addUniqueConstraint('transport_routes_vehicle', ['college_id', 'vehicle_id'])
    .execute();

  await collegeTable(db, 'transport_stops')
    .addColumn('route_id', 'integer', (c) => c.notNull().references('transport_routes.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('pickup_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('fare', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('transport_stops_route').on('transport_stops').columns(['route_id', 'seq']).execute();

  await collegeTable(db, 'transport_passes')
    .addColumn('pass_no', 'integer', (c) => c.notNull())
    .addColumn('holder_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.references('students.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('holder_ref', 'varchar(60)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(160)', (c) => c.notNull())
    .addColumn('holder_detail', 'varchar(200)', text)
    .addColumn('route_id', 'integer', (c) => c.notNull().references('transport_routes.id'))
    .addColumn('stop_id', 'integer', (c) => c.notNull().references('transport_stops.id'))
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('transport_vehicles.id'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('fare', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('active'))
    .addColumn('verify_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('issued_by', 'integer')
    .addColumn('cancelled_at', 'varchar(40)')
    .addColumn('cancel_reason', 'varchar(300)', text)
    .addUniqueConstraint('transport_passes_no', ['college_id', 'pass_no'])
    .addUniqueConstraint('transport_passes_code', ['verify_code'])
    .execute();
  // One active pass per holder and academic year, decided by the database.
  await db.schema
    .createIndex('transport_passes_one_active')
    .unique()
    .on('transport_passes')
    .columns(['college_id', 'holder_type', 'holder_ref', 'academic_year'])
    .where(sql.ref('status'), '=', sql.lit('active'))
    .execute();
  await db.schema
    .createIndex('transport_passes_route')
    .on('transport_passes')
    .columns(['college_id', 'route_id', 'status'])
    .execute();
  await db.schema.createIndex('transport_passes_student').on('transport_passes').columns(['college_id', 'student_id']).execute();

  await collegeTable(db, 'transport_dues')
    .addColumn('pass_id', 'integer', (c) => c.notNull().references('transport_passes.id'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('students.id'))
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    /** open | cancelled */
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transport_dues_student').on('transport_dues').columns(['college_id', 'student_id']).execute();

  await collegeTable(db, 'transport_expenses')
    .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('transport_vehicles.id'))
    .addColumn('category', 'varchar(20)', (c) => c.notNull())
    .addColumn('expense_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('litres_ml', 'integer')
    .addColumn('odometer_km', 'integer')
    .addColumn('km_run', 'integer')
    /** km per litre × 100 */
    .addColumn('kmpl_x100', 'integer')
    .addColumn('anomaly', 'varchar(200)')
    .addColumn('description', 'varchar(300)', text)
    .addColumn('bill_no', 'varchar(40)', text)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transport_expenses_vehicle')
    .on('transport_expenses')
    .columns(['college_id', 'vehicle_id', 'category', 'expense_date'])
    .execute();
  await db.schema
    .createIndex('transport_expenses_date')
    .on('transport_expenses')
    .columns(['college_id', 'expense_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'transport_expenses',
    'transport_dues',
    'transport_passes',
    'transport_stops',
    'transport_routes',
    'transport_vehicles',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
