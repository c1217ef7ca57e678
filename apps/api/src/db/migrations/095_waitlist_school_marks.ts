import { sql, type Kysely } from 'kysely';
import { collegeTable, text } from './helpers.js';

const pctX100 = (v: unknown) => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s) || Number(s) > 100) return null;
  return Math.round(Number(s) * 100);
};

/**
 * - students: the school record placement drives ask for: 10th and 12th (or diploma) percentage
 *   × 100 and years of gap in studies; null when not recorded. The percentages an admission holds
 *   (sscPercentage, percentageOfMarks: "Inter / Diploma Percentage") are copied in.
 * - placement_drives: minimum 10th and 12th / diploma percentage × 100 (0 for none) and the most
 *   years of gap allowed (null for no limit).
 * - transport_waitlist: who waits for a seat on a full route. A freed seat stays taken on the
 *   vehicle's counter while it is offered to the first waiting (status offered, vehicle_id set);
 *   the office confirms (a pass on that seat) or withdraws (the seat goes to the next).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['tenth_percent_x100', 'twelfth_percent_x100', 'gap_years'])
    await db.schema.alterTable('students').addColumn(column, 'integer').execute();
  const linked = await db
    .selectFrom('students as s')
    .innerJoin('admissions as a', 'a.id', 's.admission_id')
    .select(['s.id', 'a.data_json'])
    .execute();
  for (const row of linked) {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(row.data_json) as Record<string, unknown>;
    } catch {
      continue;
    }
    const tenth = pctX100(data.sscPercentage);
    const twelfth = pctX100(data.percentageOfMarks);
    if (tenth === null && twelfth === null) continue;
    await db
      .updateTable('students')
      .set({ tenth_percent_x100: tenth, twelfth_percent_x100: twelfth })
      .where('id', '=', row.id)
      .execute();
  }

  await db.schema
    .alterTable('placement_drives')
    .addColumn('min_tenth_x100', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('placement_drives')
    .addColumn('min_twelfth_x100', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('placement_drives').addColumn('max_gap_years', 'integer').execute();

  await collegeTable(db, 'transport_waitlist')
    .addColumn('route_id', 'integer', (c) => c.notNull().references('transport_routes.id'))
    .addColumn('stop_id', 'integer', (c) => c.notNull().references('transport_stops.id'))
    .addColumn('holder_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.references('students.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('holder_ref', 'varchar(60)', (c) => c.notNull())
    .addColumn('holder_name', 'varchar(160)', (c) => c.notNull())
    .addColumn('holder_detail', 'varchar(200)', text)
    .addColumn('academic_year', 'varchar(9)', (c) => c.notNull())
    /** waiting | offered | issued | withdrawn */
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('waiting'))
    /** the vehicle whose seat is held while offered */
    .addColumn('vehicle_id', 'integer', (c) => c.references('transport_vehicles.id'))
    .addColumn('pass_id', 'integer', (c) => c.references('transport_passes.id'))
    .addColumn('note', 'varchar(300)', text)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('offered_at', 'varchar(40)')
    .addColumn('closed_at', 'varchar(40)')
    .execute();
  // One open entry per holder and academic year, decided by the database.
  await db.schema
    .createIndex('transport_waitlist_one_open')
    .unique()
    .on('transport_waitlist')
    .columns(['college_id', 'holder_type', 'holder_ref', 'academic_year'])
    .where(sql<boolean>`status in ('waiting', 'offered')`)
    .execute();
  await db.schema
    .createIndex('transport_waitlist_route')
    .on('transport_waitlist')
    .columns(['college_id', 'route_id', 'status', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transport_waitlist').execute();
  for (const column of ['min_tenth_x100', 'min_twelfth_x100', 'max_gap_years'])
    await db.schema.alterTable('placement_drives').dropColumn(column).execute();
  for (const column of ['tenth_percent_x100', 'twelfth_percent_x100', 'gap_years'])
    await db.schema.alterTable('students').dropColumn(column).execute();
}
