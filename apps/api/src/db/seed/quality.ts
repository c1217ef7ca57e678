import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import { GRIEVANCE_NOT_YET_DECIDED } from '../row-defaults.js';
import { BRANCH_CODES, prng } from './data.js';

/**
 * Five academic years (2021-22 … 2025-26) of the history NAAC and NIRF read, for the main demo
 * college: graduated batches with final results, offers and higher studies; admissions with
 * categories for every batch; dated faculty; publications, library purchases and loans,
 * scholarships, bills and grievances per year; and IQAC's own figures (intake, posts, ...).
 * Runs after every module it borrows from; bulk inserts only, so it stays fast.
 */
const YEARS = [2021, 2022, 2023, 2024, 2025];
const OLD_BATCHES = [2018, 2019, 2020, 2021];
const PER_BRANCH = 6;
const CATEGORIES = ['OC', 'OC', 'OC', 'BC-A', 'BC-B', 'SC', 'ST', 'EWS'];
const fy = (y: number) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

async function seedFor(ctx: SeedContext, college: SeededCollege) {
  const { db, now } = ctx;
  const c = college.id;
  const rand = prng(1701);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];

  // Graduated batches: a few students per branch, so every year has an outgoing batch.
  const old: Array<Record<string, unknown>> = [];
  for (const y of OLD_BATCHES)
    for (const [branch, code] of Object.entries(BRANCH_CODES))
      for (let n = 1; n <= PER_BRANCH; n++) {
        const roll = `${String(y).slice(2)}Q1A${code}${pad(n)}`;
        old.push({
          college_id: c,
          roll_no: roll,
          full_name: `Alumnus ${branch} ${y} ${n}`,
          course: 'B.Tech',
          batch: `${y}-${y + 4}`,
          branch,
          semester: 'IV-II',
          section: 'A',
          gender: n % 2 ? 'MALE' : 'FEMALE',
          email: `${roll.toLowerCase()}@alumni.example.org`,
          mobile: '9000000000',
          father_name: 'Parent',
          admission_id: null,
          created_at: now,
        });
      }
  await insertChunked(db, 'students', old);
  const students = await db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name', 'batch', 'branch', 'gender', 'admission_id'])
    .where('college_id', '=', c)
    .execute();

  // Admissions with a category, nationality and income for every student who has none.
  const admissions = students
    .filter((s) => !s.admission_id)
    .map((s, i) => {
      const start = Number(s.batch.slice(0, 4));
      const date = `${start}-08-${pad(1 + (i % 28))}`;
      const data = {
        dateOfAdmission: date,
        name: s.full_name,
        batch: s.batch,
        branch: s.branch,
        gender: s.gender,
        category: pick(CATEGORIES),
        nationality: i % 97 === 5 ? 'Nepali' : 'Indian',
        annualIncome: String(100_000 + Math.floor(rand() * 8) * 50_000),
        rollNumber: s.roll_no,
      };
      return {
        college_id: c,
        admission_no: `${college.code}/Q/${start}/${pad(i + 1, 5)}`,
        aadhar_no: String(300_000_000_000 + i),
        name: s.full_name,
        course: 'B.Tech',
        batch: s.batch,
        branch: s.branch,
        gender: s.gender,
        date_of_admission: date,
        data_json: JSON.stringify(data),
        photo_path: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      };
    });
  await insertChunked(db, 'admissions', admissions);
  const admIds = await db
    .selectFrom('admissions')
    .select(['id', 'aadhar_no'])
    .where('college_id', '=', c)
    .where('admission_no', 'like', `${college.code}/Q/%`)
    .execute();
  const byAadhar = new Map(admIds.map((a) => [a.aadhar_no, a.id]));
  const unlinked = students.filter((s) => !s.admission_id);
  for (const [i, s] of unlinked.entries())
    await db
      .updateTable('students')
      .set({ admission_id: byAadhar.get(String(300_000_000_000 + i)) ?? null })
      .where('id', '=', s.id)
      .execute();

  // Faculty: dates of joining and Ph.D.s for the register, two who joined recently.
  const faculty = await db.selectFrom('faculty').select(['id']).where('college_id', '=', c).orderBy('id').execute();
  for (const [i, f] of faculty.entries())
    await db
      .updateTable('faculty')
      .set({
        date_of_joining: `${2004 + ((i * 3) % 18)}-06-${pad(1 + (i % 27))}`,
        phd: i % 3 === 0 ? 1 : 0,
        qualification: i % 3 === 0 ? 'Ph.D' : 'M.Tech',
      })
      .where('id', '=', f.id)
      .execute();
  await insertChunked(
    db,
    'faculty',
    [2023, 2024].map((y, i) => ({
      college_id: c,
      emp_code: `EMPQ${y}`,
      full_name: i ? 'Dr. Sahithi Reddy' : 'Pranav Kumar',
      email: `empq${y}@svec.example.org`,
      department: i ? 'ECE' : 'MECH',
      designation: 'Assistant Professor',
      created_at: now,
      retired: 0,
      qualification: i ? 'Ph.D' : 'M.Tech',
      phd: i,
      date_of_joining: `${y}-07-01`,
    })),
  );

  // Publications: a few more each year by the second demo teacher (the faculty and HoD logins keep
  // the small, hand-countable lists the faculty dashboard's demo and tests show).
  const authors = ['faculty2'].map((u) => college.users.get(u)).filter((u): u is number => !!u);
  await insertChunked(
    db,
    'faculty_publications',
    YEARS.flatMap((y) =>
      Array.from({ length: 4 + (y % 3) }, (_, i) => ({
        college_id: c,
        user_id: authors[i % authors.length],
        title: `Study ${i + 1} on campus analytics (${y})`,
        journal: i % 2 ? 'IEEE Access' : 'Journal of Engineering Education Transformations',
        year: y,
        scopus_indexed: i % 2,
        citations: (2026 - y) * (i + 1),
        created_at: now,
      })),
    ),
  );

  // Final results of the graduated batches: most pass everything; a few keep a backlog.
  const titles: Record<number, number> = {};
  for (const y of OLD_BATCHES) {
    const { id } = await db
      .insertInto('exam_titles')
      .values({
        college_id: c,
        title: `B.Tech IV-II Regular Examinations ${y + 4} (archive)`,
        exam_type: 'regular',
        published: 1,
        created_at: `${y + 4}-05-20T10:00:00Z`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    titles[y] = id;
  }
  const graduated = students.filter((s) => OLD_BATCHES.includes(Number(s.batch.slice(0, 4))));
  const results = graduated.flatMap((s, i) =>
    ['PE401', 'PR402'].map((code, k) => {
      const fail = k === 1 && i % 9 === 3;
      return {
        college_id: c,
        exam_title_id: titles[Number(s.batch.slice(0, 4))],
        roll_no: s.roll_no,
        student_name: s.full_name,
        course_code: code,
        course: k ? 'Project Work' : 'Professional Elective IV',
        credits: k ? 8 : 3,
        marks: fail ? 28 : 62 + (i % 30),
        grade: fail ? 'F' : 'B',
        grade_points: fail ? 0 : 7,
        status: fail ? 'Fail' : 'Pass',
        superseded: 0,
      };
    }),
  );
  await insertChunked(db, 'exam_results', results);

  // Placements: one archive drive per graduated batch; about three in five placed, one in ten to higher studies.
  const company = await db
    .selectFrom('placement_companies')
    .select('id')
    .where('college_id', '=', c)
    .orderBy('id')
    .executeTakeFirst();
  if (company) {
    for (const y of OLD_BATCHES) {
      const { id: drive } = await db
        .insertInto('placement_drives')
        .values({
          college_id: c,
          company_id: company.id,
          drive_date: `${y + 3}-11-15`,
          roles: 'Graduate Engineer Trainee',
          ctc_paise: 450_000_00,
          location: 'Hyderabad',
          bond_months: 0,
          batch: `${y}-${y + 4}`,
          branches_json: JSON.stringify(Object.keys(BRANCH_CODES)),
          min_cgpa_x100: 0,
          max_backlogs: null,
          gender: '',
          no_fee_dues: 0,
          min_attendance: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const batch = graduated.filter((s) => s.batch === `${y}-${y + 4}`);
      await insertChunked(
        db,
        'placement_offers',
        batch
          .filter((_, i) => i % 5 < 3)
          .map((s, i) => ({
            college_id: c,
            drive_id: drive,
            student_id: s.id,
            slot: 1,
            ctc_paise: (350_000 + (i % 6) * 50_000) * 100,
            joining_date: `${y + 4}-07-01`,
            letter_path: null,
            created_at: now,
          })),
      );
      await insertChunked(
        db,
        'placement_higher_studies',
        batch
          .filter((_, i) => i % 10 === 4)
          .map((s) => ({ college_id: c, student_id: s.id, programme: 'M.Tech', institution: 'JNTU Anantapur', created_at: now })),
      );
    }
  }

  // Library: books bought and loans made each year.
  const title = await db.selectFrom('library_titles').select('id').where('college_id', '=', c).orderBy('id').executeTakeFirst();
  if (title) {
    await insertChunked(
      db,
      'library_copies',
      YEARS.flatMap((y) =>
        Array.from({ length: 6 }, (_, i) => ({
          college_id: c,
          title_id: title.id,
          accession_no: `Q${y}${pad(i + 1, 3)}`,
          shelf_location: 'Stack Q',
          status: 'available',
          hold_id: null,
          price: (45_000 + i * 12_500 + (y - 2021) * 5_000) * 100,
          vendor: 'Allied Book House',
          acquired_on: `${y}-0${6 + (i % 3)}-1${i}`,
          created_at: now,
        })),
      ),
    );
    const copy = await db
      .selectFrom('library_copies')
      .select('id')
      .where('college_id', '=', c)
      .where('accession_no', '=', 'Q2021001')
      .executeTakeFirstOrThrow();
    const borrowers = students.slice(0, 40);
    await insertChunked(
      db,
      'library_loans',
      YEARS.flatMap((y) =>
        borrowers.slice(0, 20 + (y - 2021) * 5).map((s, i) => {
          const on = `${y + (i % 3 === 2 ? 1 : 0)}-${i % 3 === 2 ? '02' : pad(7 + (i % 5))}-${pad(1 + (i % 25))}`;
          return {
            college_id: c,
            copy_id: copy.id,
            title_id: title.id,
            patron_code: s.roll_no,
            patron_kind: 'student',
            student_id: s.id,
            category: 'UG',
            issued_on: on,
            due_on: on,
            returned_on: on,
            renewals: 0,
            status: 'returned',
            issued_by: null,
            returned_by: null,
            created_at: now,
          };
        }),
      ),
    );
  }

  // Scholarships: state fee reimbursement for the reserved-category students on the rolls each year.
  const head = await db
    .selectFrom('acc_fee_heads')
    .select('id')
    .where('college_id', '=', c)
    .orderBy('sort_order')
    .executeTakeFirst();
  if (head) {
    const lines = YEARS.flatMap((y) =>
      students
        .filter((s) => {
          const start = Number(s.batch.slice(0, 4));
          return start <= y && y < start + 4 && (s.id % 7 === 1 || s.id % 7 === 4);
        })
        .map((s) => ({
          college_id: c,
          student_id: s.id,
          fy: fy(y),
          head_id: head.id,
          payer: s.id % 2 ? 'state_reimbursement' : 'nsp',
          sanction_status: 'received',
          amount_paise: 35_000_00,
          paid_paise: 35_000_00,
          waived_paise: 0,
          source: 'naac-history',
          source_ref: `${s.id}-${y}`,
          due_date: `${y}-07-31`,
          created_at: now,
        })),
    );
    await insertChunked(db, 'acc_demand_lines', lines);
  }

  // Bills paid: laboratory equipment (capital) and electricity and maintenance (operational).
  const { id: vendor } = await db
    .insertInto('acc_vendors')
    .values({
      college_id: c,
      name: 'Sri Sai Scientific and Services',
      gstin: '',
      pan: '',
      bank_account: '',
      ifsc: '',
      phone: '',
      address: 'Tirupati',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const billRows = YEARS.flatMap(
    (y) =>
      [
        [
          `Q${y}-1`,
          `Laboratory equipment for the ${pick(Object.keys(BRANCH_CODES))} department`,
          (18 + (y % 4)) * 1_00_000 * 100,
          y,
        ],
        [`Q${y}-2`, 'Electricity charges for the year', 24 * 1_00_000 * 100, y],
        [`Q${y}-3`, 'Annual maintenance of lifts and generators', 6 * 1_00_000 * 100, y],
      ] as Array<[string, string, number, number]>,
  );
  await insertChunked(
    db,
    'acc_bills',
    billRows.map(([no, description, amount, y]) => ({
      college_id: c,
      vendor_id: vendor,
      bill_no: no,
      bill_date: `${y}-09-01`,
      description,
      amount_paise: amount,
      gst_paise: 0,
      tds_paise: 0,
      paid_paise: amount,
      status: 'paid',
      created_by: null,
      created_by_name: 'Seed',
      decided_by_name: 'Principal',
      decision_note: '',
      created_at: now,
    })),
  );
  const bills = await db
    .selectFrom('acc_bills')
    .select(['id', 'bill_no', 'amount_paise'])
    .where('vendor_id', '=', vendor)
    .execute();
  await insertChunked(
    db,
    'acc_bill_payments',
    bills.map((b, i) => {
      const y = Number(b.bill_no.slice(1, 5));
      return {
        college_id: c,
        bill_id: b.id,
        fy: fy(y),
        voucher_no: 9000 + i,
        entry_date: `${y}-09-20`,
        mode: 'bank',
        reference: `NEFT${i}`,
        amount_paise: b.amount_paise,
        paid_by: 'Accounts',
        created_at: now,
      };
    }),
  );

  // Grievances: six a year, most decided within the fifteen working days.
  const lodger = college.users.get('student') ?? college.users.get('faculty') ?? [...college.users.values()][0];
  await insertChunked(
    db,
    'grievances',
    YEARS.flatMap((y) =>
      Array.from({ length: 6 }, (_, i) => {
        const lodged = `${y}-${pad(7 + i)}-05`;
        const late = i === 4;
        const open = i === 5 && y === 2025;
        return {
          college_id: c,
          number: `GRV-H${y}-${pad(i + 1, 3)}`,
          category: ['academic', 'examination', 'fees', 'hostel', 'library', 'infrastructure'][i],
          subject: 'Archived grievance',
          description: 'Recorded for the NAAC history.',
          anonymous: 0,
          lodged_by: lodger,
          complainant_role: 'student',
          committee_id: null,
          status: open ? 'in_progress' : 'resolved',
          lodged_on: lodged,
          due_on: `${y}-${pad(7 + i)}-26`,
          ...GRIEVANCE_NOT_YET_DECIDED,
          decision: open ? '' : 'Resolved by the committee.',
          decided_at: open ? null : `${y}-${pad(7 + i)}-${late ? '30' : '15'}T10:00:00Z`,
          created_at: now,
          updated_at: now,
        };
      }),
    ),
  );

  // IQAC's own figures per year: intake, reserved seats and posts (NAAC); other states, women faculty, salaries (NIRF).
  const entered = YEARS.flatMap(
    (y) =>
      [
        ['naac', y, 'sanctioned_intake', y === 2021 ? 36 : 180], // 2021-22 admitted only the small archive batch
        ['naac', y, 'reserved_seats', y === 2021 ? 18 : 100],
        ['naac', y, 'sanctioned_posts', 30],
        ['nirf', y, 'other_states', 14 + (y - 2021) * 2],
        ['nirf', y, 'women_faculty', 7],
        ['nirf', y, 'salaries_lakh', 380 + (y - 2021) * 25],
      ] as Array<[string, number, string, number]>,
  );
  await insertChunked(
    db,
    'quality_year_inputs',
    entered.map(([framework, year, input_key, value]) => ({
      college_id: c,
      framework,
      year,
      input_key,
      value,
      note: 'Demo figure',
      updated_by: 'iqac',
      updated_at: now,
    })),
  );
}

export async function seedQuality(ctx: SeedContext) {
  await seedFor(ctx, ctx.main);
}
