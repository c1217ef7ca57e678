// Server side of transport.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp database
// (SQLite or PostgreSQL), adds STUDENTS students and 40 buses of 50 seats (one route and one stop
// each), serves the real app and reports its port and the bench stops.
import { benchConfig, run, seeded, serve } from './serve.js';

const BUSES = 40;
const SEATS = 50;

run(async () => {
  const [database, count] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId } = await seeded(config);
  const college = { id: collegeId };
  const now = new Date().toISOString();
  const students = Array.from({ length: Number(count) }, (_, i) => ({
    college_id: college.id,
    roll_no: `BENCH${String(i).padStart(5, '0')}`,
    full_name: `Bench Student ${i}`,
    course: 'B.Tech',
    batch: '2025-2029',
    branch: 'CSE',
    semester: 'I-I',
    section: 'A',
    gender: 'Male',
    email: `bench${i}@example.org`,
    mobile: '9000000000',
    father_name: 'Bench',
    admission_id: null,
    created_at: now,
  }));
  for (let i = 0; i < students.length; i += 300)
    await db
      .insertInto('students')
      .values(students.slice(i, i + 300))
      .execute();
  const stops: number[] = [];
  const vehicles: number[] = [];
  for (let b = 0; b < BUSES; b++) {
    const v = await db
      .insertInto('transport_vehicles')
      .values({
        college_id: college.id,
        reg_no: `AP39BN${String(1000 + b)}`,
        vehicle_type: 'Bus',
        make_model: '',
        seating_capacity: SEATS,
        driver_name: 'Bench Driver',
        driver_phone: '',
        driver_licence: '',
        attender_name: '',
        attender_phone: '',
        attender_licence: '',
        insurance_expiry: '2030-01-01',
        fitness_expiry: '2030-01-01',
        permit_expiry: '2030-01-01',
        pollution_expiry: '2030-01-01',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await db
      .insertInto('transport_routes')
      .values({ college_id: college.id, code: `B${b}`, name: `Bench route ${b}`, vehicle_id: v.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const s = await db
      .insertInto('transport_stops')
      .values({ college_id: college.id, route_id: r.id, seq: 1, name: `Bench stop ${b}`, pickup_time: '07:00', fare: 1_500_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    stops.push(s.id);
    vehicles.push(v.id);
  }
  await serve(db, config, {
    info: { stops },
    onStop: async () => {
      const rows = await db
        .selectFrom('transport_vehicles as v')
        .select((eb) => [
          'v.id',
          'v.seats_taken',
          'v.seating_capacity',
          eb
            .selectFrom('transport_passes as p')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('p.vehicle_id', '=', 'v.id')
            .where('p.status', '=', 'active')
            .as('passes'),
        ])
        .where('v.id', 'in', vehicles)
        .execute();
      const mismatched = rows.filter(
        (r) => Number(r.passes) !== Number(r.seats_taken) || Number(r.seats_taken) > r.seating_capacity,
      ).length;
      const issued = rows.reduce((s, r) => s + Number(r.passes), 0);
      const dupNo = await db
        .selectFrom('transport_passes')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('pass_no').distinct().as('d')])
        .where('college_id', '=', college.id)
        .executeTakeFirstOrThrow();
      return { issued, mismatched, seats: BUSES * SEATS, passNumbers: Number(dupNo.n), distinctNumbers: Number(dupNo.d) };
    },
  });
});
