import { sql } from 'kysely';
import type { Database } from '../index.js';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import { prng } from './data.js';

const COMPANIES: Array<[name: string, sector: string, website: string, hr: string]> = [
  ['Tata Consultancy Services', 'IT services', 'https://www.tcs.com', 'Srinivas Iyer'],
  ['Infosys', 'IT services', 'https://www.infosys.com', 'Meera Nair'],
  ['Wipro', 'IT services', 'https://www.wipro.com', 'Rakesh Menon'],
  ['HCLTech', 'IT services', 'https://www.hcltech.com', 'Anjali Gupta'],
  ['Zoho', 'Software products', 'https://www.zoho.com', 'Karthik Raman'],
  ['Amazon', 'E-commerce', 'https://www.amazon.jobs', 'Priya Sharma'],
  ['Larsen & Toubro', 'Engineering and construction', 'https://www.larsentoubro.com', 'Venkatesh Rao'],
  ['Bosch', 'Automotive', 'https://www.bosch.in', 'Deepa Kulkarni'],
  ['Texas Instruments', 'Semiconductors', 'https://www.ti.com', 'Arvind Pillai'],
  ['Cognizant', 'IT services', 'https://www.cognizant.com', 'Swathi Reddy'],
];

type DrivePlan = {
  company: number;
  offset: number;
  roles: string;
  lakhs: number;
  location: string;
  bond: number;
  branches: string[];
  minCgpa: number;
  maxBacklogs: number | null;
  gender?: string;
  noFeeDues?: boolean;
  /** school marks (percent) and the most years of gap the company allows */
  minTenth?: number;
  minTwelfth?: number;
  maxGap?: number;
  rounds: string[];
};

const ALL = ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'];
const CIRCUIT = ['CSE', 'ECE', 'EEE'];

/** Past drives (negative offsets, in days) completed with rounds and offers; upcoming ones open. */
const DRIVES: DrivePlan[] = [
  {
    company: 0,
    offset: -120,
    roles: 'Assistant System Engineer',
    lakhs: 3.6,
    location: 'Hyderabad',
    bond: 0,
    branches: ALL,
    minCgpa: 6,
    maxBacklogs: 1,
    rounds: ['Aptitude', 'Technical', 'HR'],
  },
  {
    company: 1,
    offset: -105,
    roles: 'Systems Engineer',
    lakhs: 3.6,
    location: 'Mysuru',
    bond: 0,
    branches: ALL,
    minCgpa: 6,
    maxBacklogs: 0,
    rounds: ['Aptitude', 'Technical', 'HR'],
  },
  {
    company: 6,
    offset: -95,
    roles: 'Graduate Engineer Trainee',
    lakhs: 4.5,
    location: 'Chennai',
    bond: 12,
    branches: ['MECH', 'CIVIL', 'EEE'],
    minCgpa: 6.5,
    maxBacklogs: 0,
    rounds: ['Aptitude', 'Technical', 'HR'],
  },
  {
    company: 2,
    offset: -80,
    roles: 'Project Engineer',
    lakhs: 3.5,
    location: 'Bengaluru',
    bond: 0,
    branches: ALL,
    minCgpa: 6,
    maxBacklogs: 1,
    rounds: ['Online test', 'Technical', 'HR'],
  },
  {
    company: 7,
    offset: -70,
    roles: 'Associate Engineer',
    lakhs: 5.2,
    location: 'Coimbatore',
    bond: 0,
    branches: ['ECE', 'EEE', 'MECH'],
    minCgpa: 7,
    maxBacklogs: 0,
    rounds: ['Aptitude', 'Technical'],
  },
  {
    company: 4,
    offset: -60,
    roles: 'Member Technical Staff',
    lakhs: 8.4,
    location: 'Chennai',
    bond: 0,
    branches: CIRCUIT,
    minCgpa: 7,
    maxBacklogs: 0,
    rounds: ['Programming test', 'Technical', 'HR'],
  },
  {
    company: 3,
    offset: -45,
    roles: 'Graduate Engineer Trainee',
    lakhs: 4.25,
    location: 'Noida',
    bond: 12,
    branches: ALL,
    minCgpa: 6,
    maxBacklogs: 1,
    rounds: ['Aptitude', 'HR'],
  },
  {
    company: 8,
    offset: -35,
    roles: 'Analog Design Engineer',
    lakhs: 14,
    location: 'Bengaluru',
    bond: 0,
    branches: ['ECE', 'EEE'],
    minCgpa: 8,
    maxBacklogs: 0,
    rounds: ['Written test', 'Technical', 'Technical II', 'HR'],
  },
  {
    company: 5,
    offset: -20,
    roles: 'Software Development Engineer',
    lakhs: 18,
    location: 'Hyderabad',
    bond: 0,
    branches: ['CSE', 'ECE'],
    minCgpa: 7.5,
    maxBacklogs: 0,
    rounds: ['Online assessment', 'Technical', 'Bar raiser'],
  },
  {
    company: 9,
    offset: 7,
    roles: 'Programmer Analyst Trainee',
    lakhs: 4.0,
    location: 'Chennai',
    bond: 0,
    branches: ALL,
    minCgpa: 0,
    maxBacklogs: null,
    rounds: [],
  },
  {
    company: 0,
    offset: 14,
    roles: 'Digital Engineer',
    lakhs: 7.0,
    location: 'Hyderabad',
    bond: 0,
    branches: CIRCUIT,
    minCgpa: 6.5,
    maxBacklogs: 0,
    noFeeDues: true,
    minTenth: 60,
    minTwelfth: 60,
    maxGap: 1,
    rounds: [],
  },
  {
    company: 1,
    offset: 21,
    roles: 'Specialist Programmer',
    lakhs: 9.5,
    location: 'Pune',
    bond: 0,
    branches: ['CSE'],
    minCgpa: 7,
    maxBacklogs: 0,
    gender: '',
    minTenth: 70,
    minTwelfth: 70,
    maxGap: 0,
    rounds: [],
  },
];

const BATCH = '2022-2026';
const DREAM_PAISE = 1_000_000_00;

/** CGPA over passed courses and open backlogs, from the seeded published results (enough to pick plausible applicants). */
async function standings(db: Database, collegeId: number) {
  const rows = await db
    .selectFrom('exam_results as r')
    .innerJoin('exam_titles as t', 't.id', 'r.exam_title_id')
    .select(['r.roll_no', 'r.course_code', 'r.credits', 'r.grade_points', 'r.status'])
    .where('r.college_id', '=', collegeId)
    .where('t.published', '=', 1)
    .where('r.superseded', '=', 0)
    .execute();
  const by = new Map<string, Map<string, { credits: number; points: number; passed: boolean }>>();
  for (const r of rows) {
    const m = by.get(r.roll_no) ?? new Map();
    by.set(r.roll_no, m);
    const seen = m.get(r.course_code);
    if (!seen || (r.status === 'Pass' && !seen.passed))
      m.set(r.course_code, { credits: r.credits, points: r.grade_points, passed: r.status === 'Pass' });
  }
  const out = new Map<string, { cgpa: number; activeBacklogs: number }>();
  for (const [roll, m] of by) {
    const passed = [...m.values()].filter((c) => c.passed);
    const credits = passed.reduce((a, c) => a + c.credits, 0);
    out.set(roll, {
      cgpa: credits ? passed.reduce((a, c) => a + c.credits * c.points, 0) / credits : 0,
      activeBacklogs: m.size - passed.length,
    });
  }
  return out;
}

const dayOf = (now: string, offset: number) => new Date(Date.parse(now) + offset * 86_400_000).toISOString().slice(0, 10);

/** Ten companies, their drives for the final-year batch, applications, rounds, offers and higher studies. */
export async function seedPlacements(ctx: SeedContext): Promise<void> {
  for (const college of [ctx.main, ctx.srk]) await seedCollege(ctx, ctx.db as Database, college);
}

/**
 * Every student's school record, spread from their id: 10th 60–98%, 12th / diploma 55–97%, most
 * with no gap, about one in thirteen a year and one in forty-seven two; the demo student a strong one.
 */
async function seedSchoolRecords(db: Database, college: SeededCollege) {
  await db
    .updateTable('students')
    .set({
      tenth_percent_x100: sql<number>`6000 + (id * 53) % 3800`,
      twelfth_percent_x100: sql<number>`5500 + (id * 37) % 4200`,
      gap_years: sql<number>`case when id % 47 = 0 then 2 when id % 13 = 0 then 1 else 0 end`,
    })
    .where('college_id', '=', college.id)
    .where('tenth_percent_x100', 'is', null)
    .execute();
  await db
    .updateTable('students')
    .set({ tenth_percent_x100: 9120, twelfth_percent_x100: 9450, gap_years: 0 })
    .where('college_id', '=', college.id)
    .where('roll_no', '=', college.rollNos[0])
    .execute();
}

async function seedCollege(ctx: SeedContext, db: Database, college: SeededCollege) {
  await seedSchoolRecords(db, college);
  const rand = prng(college.code === 'SVEC' ? 1501 : 1502);
  const main = college.code === 'SVEC';
  const domain = main ? 'svec' : 'srk';
  await insertChunked(
    db,
    'placement_companies',
    COMPANIES.map(([name, sector, website, hr], i) => ({
      college_id: college.id,
      name,
      sector,
      website,
      hr_name: hr,
      hr_email: `campus.${domain}@${new URL(website).hostname.replace(/^www\./, '')}`,
      hr_phone: `98${String(40000000 + i * 1234567).slice(0, 8)}`,
      created_at: ctx.now,
    })),
  );
  const companies = await db
    .selectFrom('placement_companies')
    .select(['id', 'name'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .execute();
  const students = await db
    .selectFrom('students')
    .select(['id', 'roll_no', 'branch', 'gender'])
    .where('college_id', '=', college.id)
    .where('batch', '=', BATCH)
    .orderBy('roll_no')
    .execute();
  const standing = await standings(db, college.id);
  const demoStudent = college.rollNos[0];

  const drives = main ? DRIVES : DRIVES.filter((_, i) => i % 3 === 0 || i >= 9);
  const offers = new Map<number, number[]>(); // student id → offer CTCs (paise)
  const barredUntil = new Map<number, number>(); // student id → index of the last drive they are barred from
  const applications: Array<Record<string, unknown>> = [];
  const results: Array<{ drive: number; rounds: string[]; date: string; outcomes: Map<number, string[]> }> = [];
  const offerRows: Array<Record<string, unknown>> = [];

  for (const [index, plan] of drives.entries()) {
    const date = dayOf(ctx.now, plan.offset);
    const ctc = Math.round(plan.lakhs * 100_000) * 100;
    const { id: driveId } = await db
      .insertInto('placement_drives')
      .values({
        college_id: college.id,
        company_id: companies[plan.company].id,
        drive_date: date,
        roles: plan.roles,
        ctc_paise: ctc,
        location: plan.location,
        bond_months: plan.bond,
        batch: BATCH,
        branches_json: JSON.stringify(plan.branches),
        min_cgpa_x100: Math.round(plan.minCgpa * 100),
        max_backlogs: plan.maxBacklogs,
        gender: plan.gender ?? '',
        no_fee_dues: plan.noFeeDues ? 1 : 0,
        min_attendance: null,
        min_tenth_x100: (plan.minTenth ?? 0) * 100,
        min_twelfth_x100: (plan.minTwelfth ?? 0) * 100,
        max_gap_years: plan.maxGap ?? null,
        created_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (plan.offset > 0) continue; // upcoming: open for applications

    const outcomes = new Map<number, string[]>();
    for (const s of students) {
      if (s.roll_no === demoStudent) continue; // the demo student's own journey is left to the demo
      const st = standing.get(s.roll_no) ?? { cgpa: 0, activeBacklogs: 0 };
      if (
        !plan.branches.includes(s.branch) ||
        st.cgpa < plan.minCgpa ||
        (plan.maxBacklogs !== null && st.activeBacklogs > plan.maxBacklogs)
      )
        continue;
      if ((barredUntil.get(s.id) ?? -1) >= index) continue;
      const held = offers.get(s.id) ?? [];
      if (held.length >= 2 || (held.length === 1 && (held[0] >= DREAM_PAISE || ctc < DREAM_PAISE))) continue;
      if (rand() > 0.7) continue;
      const path: string[] = [];
      let status = 'applied';
      for (const [r] of plan.rounds.entries()) {
        const roll = rand();
        if (r === 0 && roll < 0.05) {
          path.push('absent');
          status = 'no_show';
          barredUntil.set(s.id, index + 2);
          break;
        }
        const pass = r === 0 ? 0.6 : r === plan.rounds.length - 1 ? 0.8 : 0.55;
        if (roll < pass + (st.cgpa - 7) * 0.05) path.push('qualified');
        else {
          path.push('not_qualified');
          status = 'rejected';
          break;
        }
      }
      if (status === 'applied') {
        status = 'selected';
        offers.set(s.id, [...held, ctc]);
        offerRows.push({
          college_id: college.id,
          drive_id: driveId,
          student_id: s.id,
          slot: held.length + 1,
          ctc_paise: ctc,
          joining_date: dayOf(ctx.now, 200 + Math.floor(rand() * 60)),
          letter_path: null,
          created_at: `${dayOf(date, 3)}T06:30:00.000Z`,
        });
      }
      outcomes.set(s.id, path);
      applications.push({
        college_id: college.id,
        drive_id: driveId,
        student_id: s.id,
        resume_path: null,
        status,
        applied_at: `${dayOf(date, -5)}T05:00:00.000Z`,
      });
    }
    results.push({ drive: driveId, rounds: plan.rounds, date, outcomes });
  }
  await insertChunked(db, 'placement_applications', applications);
  await insertChunked(db, 'placement_offers', offerRows);

  const apps = await db
    .selectFrom('placement_applications')
    .select(['id', 'drive_id', 'student_id'])
    .where('college_id', '=', college.id)
    .execute();
  const appId = new Map(apps.map((a) => [`${a.drive_id}|${a.student_id}`, a.id]));
  const roundResults: Array<Record<string, unknown>> = [];
  for (const r of results) {
    for (const [seq, name] of r.rounds.entries()) {
      const { id: roundId } = await db
        .insertInto('placement_rounds')
        .values({ college_id: college.id, drive_id: r.drive, seq: seq + 1, name, held_on: r.date })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [studentId, path] of r.outcomes) {
        if (path[seq])
          roundResults.push({
            college_id: college.id,
            round_id: roundId,
            application_id: appId.get(`${r.drive}|${studentId}`),
            result: path[seq],
          });
      }
    }
  }
  await insertChunked(db, 'placement_round_results', roundResults);

  // A few unplaced students going on to higher studies.
  const unplaced = students.filter((s) => !offers.has(s.id) && s.roll_no !== demoStudent);
  const programmes: Array<[string, string]> = [
    ['M.Tech', 'IIT Tirupati'],
    ['M.S.', 'University of Texas at Dallas'],
    ['MBA', 'IIM Visakhapatnam'],
    ['M.Tech', 'NIT Warangal'],
    ['M.Tech', 'JNTU Anantapur'],
  ];
  const higher = unplaced.filter((_, i) => i % 9 === 4).slice(0, main ? 8 : 2);
  // Verified by the dean (counted), admitted the year the batch graduates.
  const graduates = Number(BATCH.slice(5));
  const dean = college.users.get('placement') ?? null;
  await insertChunked(
    db,
    'placement_higher_studies',
    higher.map((s, i) => ({
      college_id: college.id,
      student_id: s.id,
      programme: programmes[i % programmes.length][0],
      institution: programmes[i % programmes.length][1],
      admission_year: graduates,
      evidence_path: null,
      evidence_name: '',
      status: 'verified',
      declared_by: null,
      verified_by: dean,
      verified_at: ctx.now,
      created_at: ctx.now,
      updated_at: ctx.now,
    })),
  );
  // Two more declared by students and waiting for the dean's verification (not counted until then).
  const taken = new Set(higher.map((s) => s.id));
  const declared = unplaced.filter((s, i) => i % 9 === 7 && !taken.has(s.id)).slice(0, main ? 2 : 1);
  const declaredProgrammes: Array<[string, string]> = [
    ['M.S. Computer Science', 'Arizona State University'],
    ['M.Tech VLSI', 'IIIT Hyderabad'],
  ];
  await insertChunked(
    db,
    'placement_higher_studies',
    declared.map((s, i) => ({
      college_id: college.id,
      student_id: s.id,
      programme: declaredProgrammes[i][0],
      institution: declaredProgrammes[i][1],
      admission_year: graduates,
      evidence_path: null,
      evidence_name: '',
      status: 'declared',
      declared_by: college.users.get(s.roll_no) ?? null,
      verified_by: null,
      verified_at: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    })),
  );
}
