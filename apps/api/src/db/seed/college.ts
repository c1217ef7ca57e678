import type { Transaction } from 'kysely';
import type { DB } from '../tables.js';
import { insertChunked, type SeededCollege } from './context.js';
import * as D from './data.js';
import { drawBanner, drawLogo } from './images.js';
import { createUserWithRoles } from '../../modules/auth/index.js';

type Variant = 'main' | 'srk';

const PROFILE: Record<
  Variant,
  {
    code: string;
    name: string;
    domains: string[];
    rollCollege: string;
    mailDomain: string;
    settings: Record<string, unknown>;
    colours: [[number, number, number], [number, number, number]];
    studentsPerBranchBatch: number;
    users: typeof D.DEMO_USERS;
  }
> = {
  main: {
    code: 'SVEC',
    name: 'Sri Venkateswara Engineering College',
    domains: [],
    rollCollege: 'A91',
    mailDomain: 'svec.edu.in',
    settings: {},
    colours: [
      [13, 71, 161],
      [0, 172, 193],
    ],
    studentsPerBranchBatch: 30,
    users: D.DEMO_USERS,
  },
  srk: {
    code: 'SRK',
    name: 'Sri Ramakrishna Institute of Technology',
    domains: ['srk.localhost'],
    rollCollege: 'B81',
    mailDomain: 'srkit.edu.in',
    // The SRK variant shows the fee package and takes admission types from seat types.
    settings: { homeVariant: 'SRK', feePackage: true, admissionTypesFromSeatTypes: true },
    colours: [
      [123, 31, 62],
      [245, 166, 35],
    ],
    studentsPerBranchBatch: 3,
    users: [
      { username: 'srkadmin', fullName: 'Raghavendra Swamy', roles: ['ROLE_ADMIN'] },
      { username: 'srkadmissions', fullName: 'Kalpana Devi', roles: ['ROLE_ADMISSIONS'] },
      { username: 'srkexamcell', fullName: 'Narasimha Murthy', roles: ['ROLE_EXAMINATION'] },
    ],
  },
};

const BATCH_YEARS = [2022, 2023, 2024, 2025];

export async function seedCollege(
  trx: Transaction<DB>,
  { variant, passwordHash, now }: { variant: Variant; passwordHash: string; now: string },
): Promise<SeededCollege> {
  const p = PROFILE[variant];
  const rand = D.prng(variant === 'main' ? 7 : 11);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const [primary, accent] = p.colours;

  const { id: collegeId } = await trx
    .insertInto('colleges')
    .values({
      code: p.code,
      name: p.name,
      address:
        variant === 'main' ? 'Tirupati Road, Chittoor, Andhra Pradesh 517127' : 'Ring Road, Nellore, Andhra Pradesh 524004',
      about_us: `${p.name} is an AICTE-approved institution offering undergraduate, postgraduate and diploma programmes in engineering and management, with NAAC 'A' accreditation and an active placement cell.`,
      official_communication: `principal@${p.mailDomain}`,
      campus: variant === 'main' ? '42-acre campus, 5 km from Chittoor bus station' : '30-acre campus on the Nellore ring road',
      fax_number: variant === 'main' ? '+91-8572-246001' : '+91-861-2317001',
      logo_base64: drawLogo(primary, accent).toString('base64'),
      banner_base64: drawBanner(primary, accent, p.name).toString('base64'),
      settings_json: JSON.stringify(p.settings),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (const domain of p.domains) await trx.insertInto('college_domains').values({ domain, college_id: collegeId }).execute();
  await trx
    .insertInto('college_phones')
    .values(
      (variant === 'main' ? ['+91-8572-246000', '+91-94401-23456'] : ['+91-861-2317000', '+91-98480-65432']).map((number, i) => ({
        college_id: collegeId,
        number,
        sort_order: i,
      })),
    )
    .execute();
  await trx
    .insertInto('college_contacts')
    .values(
      [
        ['Principal', 'Dr. Padmavathi Rao', `principal@${p.mailDomain}`],
        ['Admissions Officer', 'Sunitha Reddy', `admissions@${p.mailDomain}`],
        ['Controller of Examinations', 'Venkata Subbaiah', `coe@${p.mailDomain}`],
        ['Training and Placement Officer', 'Dr. Kishore Babu', `placements@${p.mailDomain}`],
      ].map(([designation, name, mail_id], i) => ({ college_id: collegeId, designation, name, mail_id, sort_order: i })),
    )
    .execute();

  const departmentIds = new Map<string, number>();
  for (const [name, full_name] of D.DEPARTMENTS) {
    const { id } = await trx
      .insertInto('departments')
      .values({ college_id: collegeId, name, full_name })
      .returning('id')
      .executeTakeFirstOrThrow();
    departmentIds.set(name, id);
  }

  for (const course of D.COURSES) {
    const { id: courseId } = await trx
      .insertInto('courses')
      .values({ college_id: collegeId, name: course.name, level: course.level, duration_years: course.years })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('batches')
      .values(BATCH_YEARS.map((y) => ({ college_id: collegeId, course_id: courseId, name: `${y}-${y + course.years}` })))
      .execute();
    await trx
      .insertInto('branches')
      .values(
        course.branches.map((b) => ({
          college_id: collegeId,
          course_id: courseId,
          department_id: departmentIds.get(b) ?? null,
          short_name: b,
          name: D.DEPARTMENTS.find(([n]) => n === b)?.[1] ?? b,
        })),
      )
      .execute();
    await trx
      .insertInto('semesters')
      .values(
        D.SEMESTER_NAMES.slice(0, course.years * 2).map((name, i) => ({
          college_id: collegeId,
          course_id: courseId,
          name,
          sort_order: i,
        })),
      )
      .execute();
  }

  await trx
    .insertInto('seat_types')
    .values(D.SEAT_TYPES.map(([name, code]) => ({ college_id: collegeId, name, code })))
    .execute();
  const kv = (kind: string, values: string[]) =>
    values.map((v, i) => ({ college_id: collegeId, kind, key: v, value: v, sort_order: i }));
  await trx
    .insertInto('key_values')
    .values([...kv('entrancetype', D.ENTRANCE_TYPES), ...kv('Nationality', D.NATIONALITIES), ...kv('Religion', D.RELIGIONS)])
    .execute();
  for (const [caste, subs] of Object.entries(D.CASTES)) {
    const { id } = await trx
      .insertInto('castes')
      .values({ college_id: collegeId, name: caste })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sub_castes')
      .values(subs.map((name) => ({ college_id: collegeId, caste_id: id, name })))
      .execute();
  }
  await trx
    .insertInto('agents')
    .values(D.AGENTS.map((name) => ({ college_id: collegeId, name })))
    .execute();
  await trx.insertInto('counters').values({ college_id: collegeId, name: 'admission', value: 0 }).execute();

  // Students: B.Tech, four batches, five branches; roll numbers like 22A91A0501.
  const students: Array<Record<string, unknown>> = [];
  for (const year of BATCH_YEARS) {
    const semester = D.SEMESTER_NAMES[(2025 - year) * 2] ?? 'I-I';
    for (const [branch, code] of Object.entries(D.BRANCH_CODES)) {
      for (let n = 1; n <= p.studentsPerBranchBatch; n++) {
        const female = rand() < 0.45;
        const first = pick(female ? D.FEMALE_NAMES : D.MALE_NAMES);
        const surname = pick(D.SURNAMES);
        const rollNo = `${String(year).slice(2)}${p.rollCollege}A${code}${String(n).padStart(2, '0')}`;
        students.push({
          college_id: collegeId,
          roll_no: rollNo,
          full_name: `${first} ${surname}`,
          course: 'B.Tech',
          batch: `${year}-${year + 4}`,
          branch,
          semester,
          section: n <= p.studentsPerBranchBatch / 2 ? 'A' : 'B',
          gender: female ? 'FEMALE' : 'MALE',
          email: `${rollNo.toLowerCase()}@${p.mailDomain}`,
          mobile: `9${Math.floor(100000000 + rand() * 899999999)}`,
          father_name: `${pick(D.MALE_NAMES)} ${surname}`,
          admission_id: null,
          created_at: now,
        });
      }
    }
  }
  await insertChunked(trx, 'students', students);
  const rollNos = students.map((s) => s.roll_no as string);

  // Faculty: four per department; the demo 'faculty' and 'hod' users are the first two of CSE.
  const faculty: Array<Record<string, unknown>> = [];
  let emp = 1001;
  for (const [dept] of D.DEPARTMENTS) {
    for (let i = 0; i < 4; i++) {
      const female = rand() < 0.4;
      const first = pick(female ? D.FEMALE_NAMES : D.MALE_NAMES);
      const surname = pick(D.SURNAMES);
      faculty.push({
        college_id: collegeId,
        emp_code: `EMP${emp++}`,
        full_name: `${first} ${surname}`,
        email: `${first.toLowerCase()}.${surname.toLowerCase()}${emp}@${p.mailDomain}`,
        department: dept,
        designation: i === 0 ? 'Professor' : i === 1 ? 'Associate Professor' : 'Assistant Professor',
        created_at: now,
      });
    }
  }
  const linked = p.users.filter((u) => u.roles.includes('ROLE_FACULTY') || u.roles.includes('ROLE_HOD'));
  linked.forEach((u, i) =>
    Object.assign(faculty[i], { full_name: u.fullName, email: `${u.username}@${p.mailDomain}`, department: u.program ?? 'CSE' }),
  );
  await insertChunked(trx, 'faculty', faculty);
  const facultyRows = await trx.selectFrom('faculty').select(['id', 'email']).where('college_id', '=', collegeId).execute();
  const facultyByEmail = new Map(facultyRows.map((f) => [f.email, f.id]));

  const users = new Map<string, number>();
  const firstStudent = students[0];
  const studentRow = await trx
    .selectFrom('students')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('roll_no', '=', rollNos[0])
    .executeTakeFirstOrThrow();
  const accounts = [
    ...p.users,
    {
      username: rollNos[0],
      fullName: firstStudent.full_name as string,
      roles: ['ROLE_STUDENT'],
      program: firstStudent.branch as string,
    },
  ];
  for (const u of accounts) {
    const isStudent = u.roles.includes('ROLE_STUDENT');
    const email = isStudent ? (firstStudent.email as string) : `${u.username}@${p.mailDomain}`;
    const id = await createUserWithRoles(
      trx,
      {
        college_id: collegeId,
        username: u.username,
        email,
        password_hash: passwordHash,
        full_name: u.fullName,
        program: u.program ?? '',
        institute_type: 'engineering',
        eamcet_code: p.code,
        college_name: p.name,
        affiliated_to: '',
        modules: 'erp',
        emp_code: null,
        status: 'active',
        must_change_password: 0,
        student_id: isStudent ? studentRow.id : null,
        faculty_id: facultyByEmail.get(email) ?? null,
        created_at: now,
      },
      u.roles,
    );
    users.set(u.username, id);
  }

  return { id: collegeId, code: p.code, name: p.name, rollNos, users };
}
