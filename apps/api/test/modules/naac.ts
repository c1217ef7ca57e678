import crypto from 'node:crypto';
import { ROLES } from '@erp/shared';
import type { Database } from '../../src/db/index.js';
import { nowIso } from '../../src/db/index.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { GRIEVANCE_NOT_YET_DECIDED } from '../../src/db/row-defaults.js';
import { DEMO_PASSWORD } from '../helpers.js';
import { newPlacementCompany } from '../builders.js';

/**
 * A college of its own (host quality-<hex>.test) with a small, hand-countable history for the
 * academic year 2024-25 (1 May 2024 – 30 April 2025) and rows just outside it. The expected
 * figures in naac.test.ts and nirf.test.ts are worked out from these rows by hand.
 */
export async function qualityCollege(db: Database) {
  const tag = crypto.randomBytes(3).toString('hex');
  const host = `quality-${tag}.test`;
  const now = nowIso();
  const { id: c } = await db
    .insertInto('colleges')
    .values({
      code: `Q${tag}`.toUpperCase(),
      name: 'Quality Test College',
      address: '',
      about_us: '',
      official_communication: '',
      campus: '',
      fax_number: '',
      logo_base64: '',
      banner_base64: '',
      settings_json: '{}',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('college_domains').values({ domain: host, college_id: c }).execute();
  const hash = await hashPassword(DEMO_PASSWORD);
  const user = async (username: string, role: string, facultyId: number | null = null) => {
    const { id } = await db
      .insertInto('users')
      .values({
        college_id: c,
        username,
        email: `${username}@${host}`,
        password_hash: hash,
        full_name: username,
        program: 'CSE',
        institute_type: 'engineering',
        eamcet_code: '',
        college_name: '',
        affiliated_to: '',
        modules: 'erp',
        emp_code: null,
        status: 'active',
        must_change_password: 0,
        student_id: null,
        faculty_id: facultyId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: id, role }).execute();
    return id;
  };
  const iqacId = await user('iqac', ROLES.IQAC_INCHARGE);
  await user('clerk', ROLES.ACCOUNTANT);

  // Faculty: F1 (Ph.D., joined 2010), F2 (joined 2020), F3 joins after the year, F4 retired.
  const fac = (emp: string, phd: number, doj: string, retired = 0) => ({
    college_id: c,
    emp_code: emp,
    full_name: `Teacher ${emp}`,
    email: `${emp}@${host}`,
    department: 'CSE',
    designation: 'Assistant Professor',
    created_at: now,
    retired,
    qualification: phd ? 'Ph.D' : 'M.Tech',
    phd,
    date_of_joining: doj,
  });
  await db
    .insertInto('faculty')
    .values([fac('F1', 1, '2010-06-01'), fac('F2', 0, '2020-07-01'), fac('F3', 1, '2025-06-01'), fac('F4', 1, '2005-01-01', 1)])
    .execute();
  const f1 = (
    await db.selectFrom('faculty').select('id').where('college_id', '=', c).where('emp_code', '=', 'F1').executeTakeFirstOrThrow()
  ).id;
  const author = await user('teacher1', ROLES.FACULTY, f1);
  await db
    .insertInto('faculty_publications')
    .values(
      [2024, 2024, 2024, 2023].map((year, i) => ({
        college_id: c,
        user_id: author,
        title: `Paper ${i + 1}`,
        journal: 'Journal',
        year,
        scopus_indexed: i % 2,
        citations: 2,
        created_at: now,
      })),
    )
    .execute();

  // Admissions: two in 2024-25 (one reserved, one from Nepal), one the year before.
  const adm = (no: string, date: string, data: Record<string, string>) => ({
    college_id: c,
    admission_no: no,
    aadhar_no: `9${no}`,
    name: `Admitted ${no}`,
    course: 'B.Tech',
    batch: '2024-2028',
    branch: 'CSE',
    gender: 'MALE',
    date_of_admission: date,
    data_json: JSON.stringify({ dateOfAdmission: date, ...data }),
    photo_path: null,
    created_by: null,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('admissions')
    .values([
      adm('A1', '2024-08-10', { category: 'BC-A', nationality: 'Indian', annualIncome: '400000' }),
      adm('A2', '2024-08-12', { category: 'OC', nationality: 'Nepali', annualIncome: '200000' }),
      adm('A3', '2023-08-01', { category: 'SC', nationality: 'Indian' }),
    ])
    .execute();
  const admId = async (no: string) =>
    (
      await db
        .selectFrom('admissions')
        .select('id')
        .where('college_id', '=', c)
        .where('admission_no', '=', no)
        .executeTakeFirstOrThrow()
    ).id;

  // Students: S1–S4 graduate in 2025 (outgoing in 2024-25), S5–S6 joined in 2024, S7 joins in 2025.
  const stu = async (roll: string, batch: string, gender: string, admission: number | null = null) =>
    (
      await db
        .insertInto('students')
        .values({
          college_id: c,
          roll_no: `${tag}${roll}`,
          full_name: `Student ${roll}`,
          course: 'B.Tech',
          batch,
          branch: 'CSE',
          semester: 'IV-II',
          section: 'A',
          gender,
          email: `${roll}@${host}`,
          mobile: '9876543210',
          father_name: 'Parent',
          admission_id: admission,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const s = {
    s1: await stu('S1', '2021-2025', 'FEMALE'),
    s2: await stu('S2', '2021-2025', 'MALE'),
    s3: await stu('S3', '2021-2025', 'FEMALE'),
    s4: await stu('S4', '2021-2025', 'MALE'),
    s5: await stu('S5', '2024-2028', 'MALE', await admId('A1')),
    s6: await stu('S6', '2024-2028', 'FEMALE', await admId('A2')),
    s7: await stu('S7', '2025-2029', 'MALE'),
  };

  // Results: S1 passes, S2 still has a failure, S3 failed and cleared it in a supplementary, S4 has none.
  const { id: title } = await db
    .insertInto('exam_titles')
    .values({ college_id: c, title: `IV-II ${tag}`, exam_type: 'regular', published: 1, created_at: '2025-04-20T10:00:00Z' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: supply } = await db
    .insertInto('exam_titles')
    .values({
      college_id: c,
      title: `IV-II supply ${tag}`,
      exam_type: 'supply',
      published: 1,
      created_at: '2025-04-25T10:00:00Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const result = (roll: string, code: string, status: string, superseded = 0, exam = title) => ({
    college_id: c,
    exam_title_id: exam,
    roll_no: `${tag}${roll}`,
    course_code: code,
    course: code,
    credits: 3,
    marks: status === 'Pass' ? 70 : 20,
    grade: status === 'Pass' ? 'B' : 'F',
    grade_points: status === 'Pass' ? 7 : 0,
    status,
    superseded,
  });
  await db
    .insertInto('exam_results')
    .values([
      result('S1', 'C1', 'Pass'),
      result('S1', 'C2', 'Pass'),
      result('S2', 'C1', 'Pass'),
      result('S2', 'C2', 'Fail'),
      result('S3', 'C1', 'Fail', 1),
      result('S3', 'C1', 'Pass', 0, supply),
    ])
    .execute();

  // Library: two copies bought in the year (₹500 + ₹1,500), one before; three loans in the year, one after.
  const { id: titleId } = await db
    .insertInto('library_titles')
    .values({
      college_id: c,
      title: 'Signals',
      subtitle: '',
      authors: '',
      isbn: null,
      publisher: '',
      year: null,
      edition: '',
      subjects: '',
      call_number: '',
      language: 'en',
      pages: null,
      item_type: 'BOOK',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const copy = (acc: string, price: number, on: string) => ({
    college_id: c,
    title_id: titleId,
    accession_no: `${tag}${acc}`,
    shelf_location: '',
    status: 'available',
    hold_id: null,
    price,
    vendor: 'Book House',
    acquired_on: on,
    created_at: now,
  });
  await db
    .insertInto('library_copies')
    .values([copy('L1', 50_000, '2024-07-01'), copy('L2', 150_000, '2024-12-01'), copy('L3', 90_000, '2023-01-01')])
    .execute();
  const copyId = (
    await db.selectFrom('library_copies').select('id').where('college_id', '=', c).orderBy('id').executeTakeFirstOrThrow()
  ).id;
  const loan = (on: string) => ({
    college_id: c,
    copy_id: copyId,
    title_id: titleId,
    patron_code: `${tag}S1`,
    patron_kind: 'student',
    student_id: s.s1,
    category: 'UG',
    issued_on: on,
    due_on: on,
    returned_on: on,
    renewals: 0,
    status: 'returned',
    issued_by: null,
    returned_by: null,
    created_at: now,
  });
  await db
    .insertInto('library_loans')
    .values([loan('2024-09-02'), loan('2024-09-10'), loan('2024-09-20'), loan('2025-05-02')])
    .execute();

  // Accounts: a merit concession for S5 and NSP demand for S5 and S6 in 2024-25; two bills paid.
  const { id: head } = await db
    .insertInto('acc_fee_heads')
    .values({ college_id: c, code: 'TUI', name: 'Tuition', sort_order: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: merit } = await db
    .insertInto('acc_concession_types')
    .values({ college_id: c, code: 'MERIT', name: 'Merit scholarship', payer: 'institution', category: 'Merit' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('acc_concessions')
    .values({
      college_id: c,
      student_id: s.s5,
      type_id: merit,
      fy: '2024-25',
      head_id: head,
      basis: 'amount',
      value: 1000,
      amount_paise: 100_000,
      status: 'approved',
      note: '',
      proposed_by: null,
      proposed_by_name: '',
      decided_by_name: '',
      decision_note: '',
      line_id: null,
      created_at: now,
      decided_at: now,
    })
    .execute();
  const line = (student: number, fy: string) => ({
    college_id: c,
    student_id: student,
    fy,
    head_id: head,
    payer: 'nsp',
    sanction_status: 'sanctioned',
    amount_paise: 500_000,
    source: 'demand',
    source_ref: `${student}-${fy}`,
    due_date: '2024-07-31',
    created_at: now,
  });
  await db
    .insertInto('acc_demand_lines')
    .values([line(s.s5, '2024-25'), line(s.s6, '2024-25'), line(s.s6, '2023-24')])
    .execute();
  const { id: vendor } = await db
    .insertInto('acc_vendors')
    .values({
      college_id: c,
      name: 'Lab Supplies',
      gstin: '',
      pan: '',
      bank_account: '',
      ifsc: '',
      phone: '',
      address: '',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bill = async (no: string, description: string, paise: number) => {
    const { id } = await db
      .insertInto('acc_bills')
      .values({
        college_id: c,
        vendor_id: vendor,
        bill_no: no,
        bill_date: '2024-06-01',
        description,
        amount_paise: paise,
        gst_paise: 0,
        tds_paise: 0,
        paid_paise: paise,
        status: 'paid',
        created_by: null,
        created_by_name: '',
        decided_by_name: '',
        decision_note: '',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('acc_bill_payments')
      .values({
        college_id: c,
        bill_id: id,
        fy: '2024-25',
        voucher_no: Number(no),
        entry_date: '2024-06-10',
        mode: 'bank',
        reference: '',
        amount_paise: paise,
        paid_by: '',
        created_at: now,
      })
      .execute();
  };
  await bill('1', 'Laboratory equipment for ECE', 10_000_000);
  await bill('2', 'Annual maintenance of lifts', 5_000_000);

  // Grievances: three lodged in 2024-25 (one decided in time, one late, one open), one the year before.
  const grv = (no: string, lodged: string, due: string, status: string, decided: string | null) => ({
    college_id: c,
    number: `${tag}-${no}`,
    category: 'academic',
    subject: 'Subject',
    description: 'Description',
    anonymous: 0,
    lodged_by: iqacId,
    complainant_role: 'student',
    committee_id: null,
    status,
    lodged_on: lodged,
    due_on: due,
    ...GRIEVANCE_NOT_YET_DECIDED,
    decided_at: decided,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('grievances')
    .values([
      grv('1', '2024-06-10', '2024-07-01', 'resolved', '2024-06-20T10:00:00Z'),
      grv('2', '2024-09-01', '2024-09-20', 'resolved', '2024-10-15T10:00:00Z'),
      grv('3', '2025-01-05', '2025-01-25', 'in_progress', null),
      grv('4', '2023-12-01', '2023-12-20', 'resolved', '2023-12-10T10:00:00Z'),
    ])
    .execute();

  // Placements: S1 one offer (₹4 lakh), S2 a first (₹6 lakh) and a dream offer (₹9 lakh); S3 goes on to an M.Tech.
  const acme = await newPlacementCompany(db, c, 'Acme');
  const newDrive = (date: string, ctc: number) => acme.drive({ date, ctcPaise: ctc });
  const drive = await newDrive('2024-11-01', 40_000_000);
  const dream = await newDrive('2025-01-10', 90_000_000);
  const offer = (student: number, slot: number, ctc: number, d = drive) => ({
    college_id: c,
    drive_id: d,
    student_id: student,
    slot,
    ctc_paise: ctc,
    joining_date: '2025-07-01',
    letter_path: null,
    created_at: now,
  });
  await db
    .insertInto('placement_offers')
    .values([offer(s.s1, 1, 40_000_000), offer(s.s2, 1, 60_000_000), offer(s.s2, 2, 90_000_000, dream)])
    .execute();
  await db
    .insertInto('placement_higher_studies')
    .values({ college_id: c, student_id: s.s3, programme: 'M.Tech', institution: 'IIT Madras', created_at: now })
    .execute();
  return { collegeId: c, host, tag, students: s };
}
