// Server side of hostel.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp database
// (SQLite or PostgreSQL), adds two bench hostels (1,320 beds each, about 3,000 beds with the seeded
// ones) and 2,000 students (1,000 boys, 1,000 girls), serves the real app and reports its port,
// the beds and the students to allot. Kysely's multi-row inserts: the same on both databases.
import { roomNumber } from '@erp/shared';
import { benchConfig, run, seeded, serve } from './serve.js';

run(async () => {
  const [database, count] = process.argv.slice(2);
  const students = Number(count);
  const config = benchConfig(database);
  const { db, collegeId: college } = await seeded(config);
  const now = new Date().toISOString();
  const beds: Record<string, number[]> = {};
  for (const kind of ['BOYS', 'GIRLS']) {
    const { id } = await db
      .insertInto('hostel_buildings')
      .values({ college_id: college, name: `Bench ${kind} Hostel`, kind, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rooms = [];
    for (let f = 1; f <= 11; f++)
      for (let r = 1; r <= 40; r++)
        rooms.push({
          college_id: college,
          building_id: id,
          floor: f,
          room_no: roomNumber(f, r),
          sharing: 3,
          ac: 0,
          yearly_fee: 5_500_000,
          created_at: now,
        });
    for (let i = 0; i < rooms.length; i += 200)
      await db
        .insertInto('hostel_rooms')
        .values(rooms.slice(i, i + 200))
        .execute();
    const roomIds = await db.selectFrom('hostel_rooms').select('id').where('building_id', '=', id).orderBy('id').execute();
    const bedRows = roomIds.flatMap((r) =>
      ['A', 'B', 'C'].map((label) => ({ college_id: college, building_id: id, room_id: r.id, label })),
    );
    for (let i = 0; i < bedRows.length; i += 300)
      await db
        .insertInto('hostel_beds')
        .values(bedRows.slice(i, i + 300))
        .execute();
    beds[kind] = (await db.selectFrom('hostel_beds').select('id').where('building_id', '=', id).orderBy('id').execute()).map(
      (b) => b.id,
    );
  }
  const rows = Array.from({ length: students }, (_, i) => ({
    college_id: college,
    roll_no: `26BENCH${String(i).padStart(5, '0')}`,
    full_name: `Bench Student ${i}`,
    course: 'B.Tech',
    batch: '2026-2030',
    branch: 'CSE',
    semester: 'I-I',
    section: 'A',
    gender: i % 2 ? 'FEMALE' : 'MALE',
    email: `bench${i}@example.org`,
    mobile: '9876543210',
    father_name: 'Bench Father',
    admission_id: null,
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('students')
      .values(rows.slice(i, i + 200))
      .execute();
  const totalBeds = Number(
    (
      await db
        .selectFrom('hostel_beds')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('college_id', '=', college)
        .executeTakeFirstOrThrow()
    ).n,
  );
  await serve(db, config, {
    info: { beds, rolls: rows.map((r) => [r.roll_no, r.gender]), totalBeds },
    onStop: async () => {
      const dup = await db
        .selectFrom('hostel_allotments')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('bed_id').distinct().as('beds')])
        .where('status', '=', 'ACTIVE')
        .executeTakeFirstOrThrow();
      return { active: Number(dup.n), distinctBeds: Number(dup.beds) };
    },
  });
});
