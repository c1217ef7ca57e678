import crypto from 'node:crypto';
import { academicYear, fuelMileage as mileage } from '@erp/shared';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import * as D from './data.js';

interface RoutePlan {
  code: string;
  name: string;
  stops: Array<[string, string, number]>; // name, pickup time, yearly fare in rupees
}

/** SVEC: routes from Tirupati, Chittoor and the towns around, converging on the campus. */
const SVEC_ROUTES: RoutePlan[] = [
  {
    code: 'R1',
    name: 'Tirupati Bus Stand – Campus',
    stops: [
      ['Tirupati RTC Bus Stand', '07:05', 18000],
      ['Leela Mahal Circle', '07:12', 17500],
      ['Alipiri', '07:20', 17000],
      ['SV University', '07:28', 16500],
      ['Tiruchanur', '07:40', 15000],
      ['Chandragiri', '07:55', 12000],
    ],
  },
  {
    code: 'R2',
    name: 'Renigunta – Campus',
    stops: [
      ['Renigunta Junction', '06:50', 20000],
      ['Gajulamandyam', '07:00', 19000],
      ['Karakambadi', '07:10', 18000],
      ['Mangalam', '07:20', 17000],
      ['Padmavathi Nagar', '07:30', 16000],
      ['Balaji Colony', '07:40', 15000],
    ],
  },
  {
    code: 'R3',
    name: 'Srikalahasti – Campus',
    stops: [
      ['Srikalahasti', '06:35', 22000],
      ['Yerpedu', '06:55', 20000],
      ['Papanaidupeta Cross', '07:10', 19000],
      ['Tirupati Railway Station', '07:30', 17000],
      ['Korlagunta', '07:40', 16000],
    ],
  },
  {
    code: 'R4',
    name: 'Puttur – Campus',
    stops: [
      ['Puttur', '06:40', 21000],
      ['Vadamalapeta', '06:55', 19500],
      ['Settipalli', '07:10', 18000],
      ['Avilala', '07:20', 17000],
      ['MR Palli', '07:30', 16000],
      ['Air Bypass Road', '07:40', 15000],
    ],
  },
  {
    code: 'R5',
    name: 'Chittoor – Campus',
    stops: [
      ['Chittoor Gandhi Circle', '07:15', 15000],
      ['Chittoor RTC Bus Stand', '07:20', 14500],
      ['Murakambattu', '07:30', 13000],
      ['Kanipakam Cross', '07:40', 12000],
      ['Irala', '07:50', 10000],
    ],
  },
  {
    code: 'R6',
    name: 'Pakala – Campus',
    stops: [
      ['Pakala', '06:55', 19000],
      ['Damalacheruvu', '07:10', 17500],
      ['Pulicherla', '07:25', 15500],
      ['Kalikiri Cross', '07:35', 14000],
    ],
  },
  {
    code: 'R7',
    name: 'Tirupati West – Campus',
    stops: [
      ['Bhavani Nagar', '07:00', 17500],
      ['Tummalagunta', '07:10', 17000],
      ['Perur', '07:20', 16000],
      ['Kapila Theertham', '07:30', 16500],
      ['Akkarampalle', '07:38', 16000],
      ['KT Road', '07:45', 15500],
    ],
  },
  {
    code: 'R8',
    name: 'Nagari – Campus',
    stops: [
      ['Nagari', '06:45', 21000],
      ['Narayanavanam', '07:00', 19500],
      ['Vepagunta', '07:15', 17000],
      ['Chinnagottigallu Cross', '07:30', 15000],
    ],
  },
];

/** SRK: routes around Nellore. */
const SRK_ROUTES: RoutePlan[] = [
  {
    code: 'N1',
    name: 'Nellore Bus Stand – Campus',
    stops: [
      ['Nellore RTC Bus Stand', '07:20', 15000],
      ['Chinna Bazaar', '07:27', 14500],
      ['Stonehousepet', '07:35', 14000],
      ['Dargamitta', '07:42', 13500],
    ],
  },
  {
    code: 'N2',
    name: 'Kovur – Campus',
    stops: [
      ['Kovur', '07:00', 17000],
      ['Allipuram', '07:15', 15500],
      ['Pogathota', '07:25', 14500],
      ['Magunta Layout', '07:35', 13500],
    ],
  },
  {
    code: 'N3',
    name: 'Buchireddypalem – Campus',
    stops: [
      ['Buchireddypalem', '06:55', 18000],
      ['Sangam Cross', '07:10', 16500],
      ['Vedayapalem', '07:30', 14000],
    ],
  },
  {
    code: 'N4',
    name: 'Gudur – Campus',
    stops: [
      ['Gudur', '06:30', 22000],
      ['Venkatachalam', '06:55', 19000],
      ['Haranathapuram', '07:25', 15000],
    ],
  },
  {
    code: 'N5',
    name: 'Kavali – Campus',
    stops: [
      ['Kavali', '06:20', 24000],
      ['Allur', '06:45', 21000],
      ['Kodavalur', '07:05', 18000],
      ['Balaji Nagar', '07:30', 14000],
    ],
  },
  {
    code: 'N6',
    name: 'Muthukur – Campus',
    stops: [
      ['Muthukur', '06:50', 18500],
      ['Indukurpet', '07:05', 17000],
      ['Ramalingapuram', '07:30', 14000],
    ],
  },
  {
    code: 'N7',
    name: 'Atmakur – Campus',
    stops: [
      ['Atmakur', '06:25', 23000],
      ['Podalakur Cross', '06:55', 19000],
      ['Mini Bypass', '07:30', 14000],
    ],
  },
  {
    code: 'N8',
    name: 'Nellore South – Campus',
    stops: [
      ['Ayyappa Gudi', '07:15', 15000],
      ['Ramamurthy Nagar', '07:25', 14500],
      ['Fathekhanpet', '07:35', 14000],
    ],
  },
];

const MODELS = [
  'Ashok Leyland Lynx Smart',
  'Tata Starbus Ultra',
  'Eicher Skyline Pro',
  'BharatBenz 1017 School Bus',
  'Ashok Leyland Sunshine',
  'Tata LP 909 Starbus',
];
/** Diesel in paise per litre. */
const DIESEL = 9_450;

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const licence = (rand: () => number, rto: string) =>
  `AP${rto}${2008 + Math.floor(rand() * 12)}${String(Math.floor(rand() * 9_999_999)).padStart(7, '0')}`;
const mobile = (rand: () => number) => `9${String(Math.floor(100_000_000 + rand() * 899_999_999))}`;

/**
 * Transport of both colleges: 8 buses each (some certificates expiring within 30 days of the
 * seed date, one already lapsed), a route per bus with stops, passes for students (the demo
 * student among them) and staff with their fare dues, and a year of expenses: weekly fuel with
 * km per litre (two fills flagged), salaries, servicing, repairs, quarterly road tax and insurance.
 */
export async function seedTransport(ctx: SeedContext): Promise<void> {
  await seedCollegeTransport(ctx, ctx.main, SVEC_ROUTES, {
    rto: '03',
    series: 'TA',
    seed: 131,
    studentShare: 0.5,
    staff: ['faculty', 'hod', 'librarian', 'examcell', 'accountant', 'admissions'],
  });
  await seedCollegeTransport(ctx, ctx.srk, SRK_ROUTES, {
    rto: '26',
    series: 'TB',
    seed: 137,
    studentShare: 0.45,
    staff: ['srkadmissions', 'srkexamcell'],
  });
}

async function seedCollegeTransport(
  ctx: SeedContext,
  college: SeededCollege,
  plans: RoutePlan[],
  opt: { rto: string; series: string; seed: number; studentShare: number; staff: string[] },
) {
  const { db } = ctx;
  const rand = D.prng(opt.seed);
  const today = ctx.now.slice(0, 10);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const person = () => `${pick(D.MALE_NAMES)} ${pick(D.SURNAMES)}`;

  // Vehicles: certificate dates relative to the seed date.
  const soon: Record<number, Partial<Record<'insurance' | 'fitness' | 'permit' | 'pollution', number>>> = {
    1: { insurance: 12 },
    3: { permit: 21 },
    4: { fitness: 26 },
    6: { pollution: -3 },
  };
  const capacities = [52, 52, 48, 52, 40, 56, 45, 50];
  const vehicleRows = plans.map((_, i) => {
    const days = (c: 'insurance' | 'fitness' | 'permit' | 'pollution', base: number) =>
      addDays(today, soon[i]?.[c] ?? base + Math.floor(rand() * 200));
    return {
      college_id: college.id,
      reg_no: `AP${opt.rto}${opt.series}${String(1100 + i * 731 + Math.floor(rand() * 90)).padStart(4, '0')}`,
      vehicle_type: 'Bus',
      make_model: MODELS[i % MODELS.length],
      seating_capacity: capacities[i],
      driver_name: person(),
      driver_phone: mobile(rand),
      driver_licence: licence(rand, opt.rto),
      attender_name: person(),
      attender_phone: mobile(rand),
      attender_licence: '',
      insurance_expiry: days('insurance', 60),
      fitness_expiry: days('fitness', 90),
      permit_expiry: days('permit', 120),
      pollution_expiry: days('pollution', 45),
      created_at: ctx.now,
      updated_at: ctx.now,
    };
  });
  const vehicles = await db
    .insertInto('transport_vehicles')
    .values(vehicleRows)
    .returning(['id', 'reg_no', 'seating_capacity', 'insurance_expiry'])
    .execute();

  const routes = await db
    .insertInto('transport_routes')
    .values(
      plans.map((p, i) => ({
        college_id: college.id,
        code: p.code,
        name: p.name,
        vehicle_id: vehicles[i].id,
        created_at: ctx.now,
      })),
    )
    .returning(['id', 'code', 'name', 'vehicle_id'])
    .execute();
  const stopRows = plans.flatMap((p, i) =>
    p.stops.map(([name, time, fare], s) => ({
      college_id: college.id,
      route_id: routes[i].id,
      seq: s + 1,
      name,
      pickup_time: time,
      fare: fare * 100,
    })),
  );
  const stops = await db.insertInto('transport_stops').values(stopRows).returning(['id', 'route_id', 'name', 'fare']).execute();

  // Passes: the first student (the demo student) on route 1, then a share of the students; staff by login.
  const year = academicYear(new Date(ctx.now));
  const termStart = `${year.slice(0, 4)}-06-10`;
  const issuedOn = (k: number) => {
    const d = addDays(termStart, k % 35);
    return `${d < today ? d : addDays(today, -1)}T04:30:00.000Z`;
  };
  const students = await db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name', 'course', 'branch', 'semester'])
    .where('college_id', '=', college.id)
    .orderBy('roll_no')
    .execute();
  const demo = college.rollNos[0];
  const ordered = [...students.filter((s) => s.roll_no === demo), ...students.filter((s) => s.roll_no !== demo)];
  const riders = ordered.filter((s, i) => i === 0 || rand() < opt.studentShare);
  const staffUsers = await db
    .selectFrom('users')
    .select(['id', 'username', 'full_name', 'program', 'emp_code'])
    .where('college_id', '=', college.id)
    .where('username', 'in', opt.staff)
    .execute();
  const taken = new Map<number, number>();
  const seatFree = (r: number) => (taken.get(r) ?? 0) < vehicles[r].seating_capacity - (r === 4 ? 0 : 3);
  const passRows: Array<Record<string, unknown>> = [];
  const docs: Array<Record<string, unknown>> = [];
  let passNo = 0;
  const addPass = (
    holder: {
      type: 'student' | 'staff';
      studentId: number | null;
      userId: number | null;
      ref: string;
      name: string;
      detail: string;
    },
    r: number,
    k: number,
  ) => {
    const routeStops = stops.filter((s) => s.route_id === routes[r].id);
    const stop = routeStops[k % routeStops.length];
    passNo += 1;
    taken.set(r, (taken.get(r) ?? 0) + 1);
    const code = crypto.createHash('sha256').update(`${college.code}-pass-${passNo}`).digest('base64url').slice(0, 16);
    const issuedAt = issuedOn(k);
    passRows.push({
      college_id: college.id,
      pass_no: passNo,
      holder_type: holder.type,
      student_id: holder.studentId,
      user_id: holder.userId,
      holder_ref: holder.ref,
      holder_name: holder.name,
      holder_detail: holder.detail,
      route_id: routes[r].id,
      stop_id: stop.id,
      vehicle_id: vehicles[r].id,
      academic_year: year,
      fare: stop.fare,
      verify_code: code,
      issued_at: issuedAt,
      issued_by: college.users.get('transport') ?? null,
    });
    docs.push({
      code,
      college_id: college.id,
      kind: 'bus-pass',
      title: `Bus pass ${college.code}/TP/${String(passNo).padStart(5, '0')} for ${year}`,
      holder: `${holder.name} (${holder.ref})`,
      fields_json: JSON.stringify([
        { label: 'Route', value: `${routes[r].code} · ${routes[r].name}` },
        { label: 'Stop', value: stop.name },
        { label: 'Academic year', value: year },
      ]),
      revoked_at: null,
      revoked_reason: null,
      issued_at: issuedAt,
    });
  };
  riders.forEach((s, k) => {
    // Route 5 (index 4) fills up completely, so the office sees a full bus.
    let r = k === 0 ? 0 : k % 3 === 0 ? 4 : Math.floor(rand() * plans.length);
    for (let tries = 0; tries < plans.length && !seatFree(r); tries++) r = (r + 1) % plans.length;
    if (!seatFree(r)) return;
    addPass(
      {
        type: 'student',
        studentId: s.id,
        userId: null,
        ref: s.roll_no,
        name: s.full_name,
        detail: `${s.course} ${s.branch} · ${s.semester}`,
      },
      r,
      k === 0 ? 2 : k,
    );
  });
  staffUsers.forEach((u, k) => {
    const r = (k * 3 + 1) % plans.length;
    if (!seatFree(r)) return;
    addPass(
      {
        type: 'staff',
        studentId: null,
        userId: u.id,
        ref: u.username,
        name: u.full_name,
        detail: [u.emp_code, u.program].filter(Boolean).join(' · ') || 'Staff',
      },
      r,
      k,
    );
  });
  await insertChunked(db, 'issued_documents', docs);
  await insertChunked(db, 'transport_passes', passRows);
  for (const [r, n] of taken)
    await db.updateTable('transport_vehicles').set({ seats_taken: n }).where('id', '=', vehicles[r].id).execute();
  await db.insertInto('counters').values({ college_id: college.id, name: 'transport_pass', value: passNo }).execute();

  // The full route 5 has three students waiting for a seat, in the order they asked.
  if ((taken.get(4) ?? 0) >= vehicles[4].seating_capacity) {
    const holding = new Set(passRows.map((p) => p.holder_ref));
    const route5Stops = stops.filter((x) => x.route_id === routes[4].id);
    const waiting = ordered.filter((x) => !holding.has(x.roll_no)).slice(0, 3);
    await insertChunked(
      db,
      'transport_waitlist',
      waiting.map((x, k) => ({
        college_id: college.id,
        route_id: routes[4].id,
        stop_id: route5Stops[k % route5Stops.length].id,
        holder_type: 'student',
        student_id: x.id,
        user_id: null,
        holder_ref: x.roll_no,
        holder_name: x.full_name,
        holder_detail: `${x.course} ${x.branch} · ${x.semester}`,
        academic_year: year,
        status: 'waiting',
        created_by: college.users.get('transport') ?? null,
        created_at: issuedOn(40 + k),
      })),
    );
  }

  const inserted = await db
    .selectFrom('transport_passes')
    .select(['id', 'student_id', 'fare', 'issued_at'])
    .where('college_id', '=', college.id)
    .where('holder_type', '=', 'student')
    .execute();
  // Dues: most students paid part of the fare at the accounts office (the accounts module will post payments).
  await insertChunked(
    db,
    'transport_dues',
    inserted.map((p, i) => ({
      college_id: college.id,
      pass_id: p.id,
      student_id: p.student_id,
      academic_year: year,
      amount: p.fare,
      paid: i % 4 === 0 ? 0 : i % 4 === 1 ? p.fare : Math.round(p.fare / 2),
      created_at: p.issued_at,
    })),
  );

  // A year of expenses.
  const start = addDays(today, -364);
  const expenses: Array<Record<string, unknown>> = [];
  const base = {
    college_id: college.id,
    description: '',
    bill_no: '',
    created_by: college.users.get('transport') ?? null,
    created_at: ctx.now,
  };
  vehicles.forEach((v, i) => {
    const usual = 4.2 + (i % 4) * 0.25;
    let odo = 38_000 + i * 14_500 + Math.floor(rand() * 3000);
    const history: number[] = [];
    let bill = 0;
    for (let d = 0; d <= 364; d += 7) {
      const date = addDays(start, d + (i % 3));
      if (date > today) break;
      const km = 380 + Math.floor(rand() * 90);
      const odd = (i === 2 && d === 210) || (i === 5 && d === 315);
      const kmpl = odd ? usual * 0.62 : usual + (rand() - 0.5) * 0.4;
      const litresMl = Math.round((km / kmpl) * 1000);
      const prev = odo;
      odo += km;
      const first = d === 0;
      const m = first ? null : mileage(odo - prev, litresMl, history.slice(-6).reverse(), 'Bus');
      if (m) history.push(m.kmplX100);
      bill += 1;
      expenses.push({
        ...base,
        vehicle_id: v.id,
        category: 'fuel',
        expense_date: date,
        amount: Math.round((litresMl * DIESEL) / 1000),
        litres_ml: litresMl,
        odometer_km: odo,
        km_run: first ? null : odo - prev,
        kmpl_x100: m?.kmplX100 ?? null,
        anomaly: m?.anomaly ?? null,
        description: 'Diesel, full tank',
        bill_no: `HP-${college.code}-${i + 1}-${bill}`,
      });
    }
    for (let mth = 0; mth < 12; mth++) {
      const date = addDays(start, mth * 30 + 28);
      if (date > today) break;
      expenses.push({
        ...base,
        vehicle_id: v.id,
        category: 'salary',
        expense_date: date,
        amount: 1_800_000,
        description: `Driver salary: ${vehicleRows[i].driver_name}`,
      });
      expenses.push({
        ...base,
        vehicle_id: v.id,
        category: 'salary',
        expense_date: date,
        amount: 1_100_000,
        description: `Attender salary: ${vehicleRows[i].attender_name}`,
      });
      if (mth % 3 === 1) {
        expenses.push({
          ...base,
          vehicle_id: v.id,
          category: 'maintenance',
          expense_date: addDays(date, -10),
          amount: 600_000 + Math.floor(rand() * 900_000),
          description: 'Periodic service: oil, filters, greasing',
        });
        expenses.push({
          ...base,
          vehicle_id: v.id,
          category: 'tax',
          expense_date: addDays(date, -20),
          amount: 1_250_000,
          description: 'Quarterly road tax',
        });
      }
      if (rand() < 0.18)
        expenses.push({
          ...base,
          vehicle_id: v.id,
          category: 'repair',
          expense_date: addDays(date, -5),
          amount: 300_000 + Math.floor(rand() * 2_200_000),
          description: pick([
            'Brake pads replaced',
            'Clutch plate',
            'Two rear tyres',
            'Battery replaced',
            'Windscreen',
            'AC blower repair',
          ]),
        });
    }
    const renewal = addDays(v.insurance_expiry, -365);
    if (renewal >= start && renewal <= today)
      expenses.push({
        ...base,
        vehicle_id: v.id,
        category: 'insurance',
        expense_date: renewal,
        amount: 6_500_000 + Math.floor(rand() * 1_000_000),
        description: 'Comprehensive policy renewal',
      });
  });
  await insertChunked(db, 'transport_expenses', expenses, 300);
}
