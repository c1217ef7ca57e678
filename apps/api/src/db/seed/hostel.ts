import { academicYear, roomNumber } from '@erp/shared';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import { prng } from './data.js';

interface Plan {
  name: string;
  kind: 'BOYS' | 'GIRLS';
  warden: [string, string];
  /** [floor from, floor to, rooms per floor, sharing, ac, yearly fee in rupees] */
  blocks: Array<[number, number, number, number, boolean, number]>;
}

const PLANS: Record<'main' | 'srk', Plan[]> = {
  main: [
    {
      name: 'Vivekananda Boys Hostel',
      kind: 'BOYS',
      warden: ['K. Venkata Ramana', '9848022331'],
      blocks: [
        [0, 2, 20, 3, false, 55_000],
        [3, 3, 12, 2, true, 85_000],
      ],
    },
    {
      name: 'Sarojini Naidu Girls Hostel',
      kind: 'GIRLS',
      warden: ['P. Padmavathi', '9848022332'],
      blocks: [
        [0, 2, 16, 3, false, 58_000],
        [3, 3, 10, 2, true, 88_000],
      ],
    },
  ],
  srk: [
    {
      name: 'Ramakrishna Boys Hostel',
      kind: 'BOYS',
      warden: ['M. Subba Rao', '9866011221'],
      blocks: [[1, 2, 6, 2, false, 48_000]],
    },
    { name: 'Sarada Girls Hostel', kind: 'GIRLS', warden: ['S. Annapurna', '9866011222'], blocks: [[1, 2, 5, 2, false, 50_000]] },
  ],
};

const PURPOSES: Array<[string, string, string]> = [
  ['OUTING', 'Shopping at the market', 'Chittoor town'],
  ['OUTING', 'Bank work', 'SBI main branch'],
  ['HOME', 'Weekend at home', 'Tirupati'],
  ['HOME', 'Sister’s wedding', 'Nellore'],
  ['OUTING', 'Medical check-up', 'Apollo clinic'],
  ['HOME', 'Festival holidays', 'Guntur'],
];

const pad = (n: number) => String(n).padStart(2, '0');
const localStamp = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

async function seedCollegeHostel(ctx: SeedContext, college: SeededCollege, variant: 'main' | 'srk') {
  const { db, now } = ctx;
  const rand = prng(variant === 'main' ? 1301 : 1302);
  const year = academicYear();
  const start = `${year.slice(0, 4)}-07-01`;
  const students = await db
    .selectFrom('students')
    .select(['id', 'roll_no', 'gender', 'father_name'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .execute();
  const incharge = college.users.get('hostel') ?? college.users.get('srkadmin') ?? null;
  const demoRoll = college.rollNos[0];

  const allotments: Array<Record<string, unknown>> = [];
  const bedOf: number[] = [];
  const fees: number[] = [];
  const reservedBeds: number[] = [];
  let n = 0;

  for (const plan of PLANS[variant]) {
    const { id: buildingId } = await db
      .insertInto('hostel_buildings')
      .values({
        college_id: college.id,
        name: plan.name,
        kind: plan.kind,
        warden_name: plan.warden[0],
        warden_phone: plan.warden[1],
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rooms: Array<Record<string, unknown>> = [];
    for (const [from, to, perFloor, sharing, ac, fee] of plan.blocks) {
      for (let f = from; f <= to; f++) {
        for (let r = 1; r <= perFloor; r++) {
          rooms.push({
            college_id: college.id,
            building_id: buildingId,
            floor: f,
            room_no: roomNumber(f, r),
            sharing,
            ac: ac ? 1 : 0,
            yearly_fee: fee * 100,
            created_at: now,
          });
        }
      }
    }
    await insertChunked(db, 'hostel_rooms', rooms);
    const roomRows = await db
      .selectFrom('hostel_rooms')
      .select(['id', 'sharing', 'yearly_fee'])
      .where('building_id', '=', buildingId)
      .orderBy('id')
      .execute();
    await insertChunked(
      db,
      'hostel_beds',
      roomRows.flatMap((r) =>
        ['A', 'B', 'C', 'D', 'E', 'F']
          .slice(0, r.sharing)
          .map((label) => ({ college_id: college.id, building_id: buildingId, room_id: r.id, label })),
      ),
      300,
    );
    const beds = await db
      .selectFrom('hostel_beds as b')
      .innerJoin('hostel_rooms as r', 'r.id', 'b.room_id')
      .select(['b.id', 'b.room_id', 'r.yearly_fee'])
      .where('b.building_id', '=', buildingId)
      .orderBy('r.floor')
      .orderBy('r.room_no')
      .orderBy('b.label')
      .execute();

    // About seven in ten of the eligible students live in; the demo student always does.
    const gender = plan.kind === 'BOYS' ? 'MALE' : 'FEMALE';
    const eligible = students.filter((s) => s.gender === gender);
    const residents = eligible.filter((s) => s.roll_no === demoRoll || rand() < 0.62).slice(0, Math.floor(beds.length * 0.85));
    // Fill beds in order but leave gaps so the board has free beds on every floor.
    let b = 0;
    for (const s of residents) {
      if (rand() < 0.12) b++;
      if (b >= beds.length) break;
      const bed = beds[b++];
      n++;
      allotments.push({
        college_id: college.id,
        allotment_no: `H/${year.slice(0, 4)}/${String(n).padStart(5, '0')}`,
        student_id: s.id,
        academic_year: year,
        application_id: null,
        building_id: buildingId,
        room_id: bed.room_id,
        bed_id: bed.id,
        active_bed_id: bed.id,
        active_student_id: s.id,
        status: 'ACTIVE',
        from_date: start,
        guardian_name: s.father_name,
        guardian_mobile: `9${Math.floor(100000000 + rand() * 899999999)}`,
        created_by: incharge,
        created_at: now,
      });
      bedOf.push(bed.id);
      fees.push(bed.yearly_fee);
    }
    // A few beds held back for repairs.
    for (const bed of beds.slice(-3)) reservedBeds.push(bed.id);
  }
  if (reservedBeds.length) {
    await db
      .updateTable('hostel_beds')
      .set({ reserved: 1, reserved_note: 'Under repair' })
      .where('id', 'in', reservedBeds)
      .execute();
  }

  // Applications first (the allotments point at them), all allotted.
  await insertChunked(
    db,
    'hostel_applications',
    allotments.map((a) => ({
      college_id: college.id,
      student_id: a.student_id,
      academic_year: year,
      guardian_name: a.guardian_name,
      guardian_mobile: a.guardian_mobile,
      status: 'ALLOTTED',
      created_by: incharge,
      created_at: now,
      decided_at: now,
    })),
  );
  const apps = await db
    .selectFrom('hostel_applications')
    .select(['id', 'student_id'])
    .where('college_id', '=', college.id)
    .execute();
  const appOf = new Map(apps.map((a) => [a.student_id, a.id]));
  for (const a of allotments) a.application_id = appOf.get(a.student_id as number) ?? null;
  await insertChunked(db, 'hostel_allotments', allotments);
  await db.insertInto('counters').values({ college_id: college.id, name: 'hostel_allotment', value: n }).execute();
  const rows = await db
    .selectFrom('hostel_allotments')
    .select(['id', 'student_id', 'bed_id', 'building_id'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .execute();

  await insertChunked(
    db,
    'hostel_bed_history',
    rows.map((a) => ({
      college_id: college.id,
      allotment_id: a.id,
      student_id: a.student_id,
      bed_id: a.bed_id,
      from_date: start,
      reason: 'Allotted',
      created_by: incharge,
      created_at: now,
    })),
    300,
  );
  await insertChunked(
    db,
    'hostel_charges',
    rows.map((a, i) => ({
      college_id: college.id,
      student_id: a.student_id,
      allotment_id: a.id,
      kind: 'FEE',
      description: `Hostel fee ${year}`,
      amount: fees[i],
      created_by: incharge,
      created_at: now,
    })),
    300,
  );
  // Most paid in full, some half, a few nothing yet.
  const receipts: Array<Record<string, unknown>> = [];
  rows.forEach((a, i) => {
    const r = rand();
    const amount = r < 0.7 ? fees[i] : r < 0.88 ? fees[i] / 2 : 0;
    if (amount > 0) {
      receipts.push({
        college_id: college.id,
        student_id: a.student_id,
        allotment_id: a.id,
        kind: 'PAYMENT',
        mode: r < 0.4 ? 'UPI' : 'Cash',
        reference: `HR${1000 + i}`,
        amount,
        paid_on: `${year.slice(0, 4)}-07-${pad(1 + (i % 28))}`,
        created_by: incharge,
        created_at: now,
      });
    }
  });
  await insertChunked(db, 'hostel_receipts', receipts, 300);

  // Pending applications from students not yet in, for the incharge to allot.
  const housed = new Set(rows.map((a) => a.student_id));
  const waiting = students.filter((s) => !housed.has(s.id)).slice(0, variant === 'main' ? 8 : 2);
  await insertChunked(
    db,
    'hostel_applications',
    waiting.map((s, i) => ({
      college_id: college.id,
      student_id: s.id,
      academic_year: year,
      preferred_sharing: i % 2 ? 2 : 3,
      prefers_ac: i % 3 === 0 ? 1 : 0,
      guardian_name: s.father_name,
      guardian_mobile: `9${Math.floor(100000000 + rand() * 899999999)}`,
      notes: i % 2 ? 'Prefers a ground-floor room' : '',
      status: 'PENDING',
      created_by: null,
      created_at: now,
    })),
  );

  // A transfer request waiting for the warden.
  if (rows.length > 5) {
    await db
      .insertInto('hostel_transfer_requests')
      .values({
        college_id: college.id,
        allotment_id: rows[5].id,
        student_id: rows[5].student_id,
        reason: 'Would like to move nearer my branch-mates',
        status: 'PENDING',
        created_at: now,
      })
      .execute();
  }

  // The out-pass register: returned on time, one late return, one out now, one pending, one approved.
  const nowMs = Date.now() + 330 * 60_000;
  const day = 86_400_000;
  const passes: Array<Record<string, unknown>> = [];
  const pick = (i: number) => rows[(i * 7) % rows.length];
  for (let i = 0; i < Math.min(rows.length, 10); i++) {
    const a = pick(i + 1);
    const [kind, purpose, destination] = PURPOSES[i % PURPOSES.length];
    const leave = nowMs - (12 - i) * day + 10 * 3_600_000;
    const back = leave + (kind === 'HOME' ? 2 * day : 4 * 3_600_000);
    const base = {
      college_id: college.id,
      student_id: a.student_id,
      allotment_id: a.id,
      kind,
      purpose,
      destination,
      leave_at: localStamp(new Date(leave)),
      return_by: localStamp(new Date(back)),
      decided_by: incharge,
      decision_note: '',
      out_at: null,
      in_at: null,
      created_by: null,
      created_at: now,
    };
    if (i < 6) {
      const late = i === 2; // the one late return: 2 h 40 min after the time
      passes.push({
        ...base,
        status: 'RETURNED',
        out_at: localStamp(new Date(leave + 600_000)),
        in_at: localStamp(new Date(back + (late ? 160 : -30) * 60_000)),
        decision_note: 'Approved',
      });
    } else if (i === 6) {
      passes.push({
        ...base,
        leave_at: localStamp(new Date(nowMs - 3 * 3_600_000)),
        return_by: localStamp(new Date(nowMs + 3 * 3_600_000)),
        status: 'OUT',
        out_at: localStamp(new Date(nowMs - 3 * 3_600_000)),
        decision_note: 'Approved',
      });
    } else if (i === 7) {
      passes.push({
        ...base,
        leave_at: localStamp(new Date(nowMs + day)),
        return_by: localStamp(new Date(nowMs + 3 * day)),
        status: 'APPROVED',
        decision_note: 'Parent confirmed by phone',
      });
    } else {
      passes.push({
        ...base,
        leave_at: localStamp(new Date(nowMs + 2 * day)),
        return_by: localStamp(new Date(nowMs + 2 * day + 5 * 3_600_000)),
        status: 'PENDING',
        decided_by: null,
      });
    }
  }
  await insertChunked(db, 'hostel_outpasses', passes);
}

/** Two hostels per college (boys, girls) with rooms, residents from the seeded students, dues and out-passes. */
export async function seedHostel(ctx: SeedContext) {
  await seedCollegeHostel(ctx, ctx.main, 'main');
  await seedCollegeHostel(ctx, ctx.srk, 'srk');
}
