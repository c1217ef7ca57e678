import crypto from 'node:crypto';
import { gradeFor, ROLES } from '@erp/shared';
import type { Database } from '../src/db/index.js';
import { nowIso } from '../src/db/index.js';
import { hashPassword } from '../src/lib/passwords.js';
import { DEMO_PASSWORD } from './helpers.js';

/**
 * Row builders: each test makes the rows it needs, with unique keys, so no test depends on the
 * seed's counts or on another test. Every builder takes the college and overrides of its row.
 */

const unique = (prefix: string) => `${prefix}${crypto.randomBytes(4).toString('hex').toUpperCase()}`;

/** A college id by code (the test database carries the two demo colleges). */
export async function collegeId(db: Database, code = 'SVEC'): Promise<number> {
  return (await db.selectFrom('colleges').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

let passwordHash: Promise<string> | null = null;
/** The password hash of DEMO_PASSWORD, made once per test file. */
const demoHash = () => (passwordHash ??= hashPassword(DEMO_PASSWORD));

export interface BuiltStudent {
  id: number;
  rollNo: string;
  fullName: string;
  /** the login's username when one was made (signs in with DEMO_PASSWORD) */
  username: string | null;
}

/** A student of the college; with `login: true`, a student login too (username = roll number). */
export async function newStudent(
  db: Database,
  college: number,
  over: Partial<{ roll_no: string; full_name: string; semester: string; course: string; branch: string; batch: string; gender: string; login: boolean }> = {},
): Promise<BuiltStudent> {
  const { login, ...fields } = over;
  const row = {
    college_id: college,
    roll_no: unique('T9'),
    full_name: 'Test Student',
    course: 'B.Tech',
    batch: '2022-2026',
    branch: 'CSE',
    semester: 'IV-I',
    section: 'A',
    gender: 'Female',
    email: `${unique('s')}@example.org`.toLowerCase(),
    mobile: '9876543210',
    father_name: 'Test Parent',
    admission_id: null,
    created_at: nowIso(),
    ...fields,
  };
  const { id } = await db.insertInto('students').values(row).returning('id').executeTakeFirstOrThrow();
  let username: string | null = null;
  if (login) {
    username = row.roll_no;
    const user = await db
      .insertInto('users')
      .values({
        college_id: college,
        username,
        email: row.email,
        password_hash: await demoHash(),
        full_name: row.full_name,
        program: row.branch,
        institute_type: '',
        eamcet_code: '',
        college_name: '',
        affiliated_to: '',
        modules: '',
        emp_code: null,
        status: 'active',
        must_change_password: 0,
        student_id: id,
        faculty_id: null,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('user_roles').values({ user_id: user.id, role: ROLES.STUDENT }).execute();
  }
  return { id, rollNo: row.roll_no, fullName: row.full_name, username };
}

/** A parent login (ROLE_PARENT) linked to the students given; signs in with DEMO_PASSWORD. */
export async function newParent(db: Database, college: number, studentIds: number[]): Promise<{ id: number; username: string; email: string }> {
  const username = unique('parent').toLowerCase();
  const email = `${username}@example.org`;
  const user = await db
    .insertInto('users')
    .values({
      college_id: college, username, email, password_hash: await demoHash(), full_name: 'Test Parent', program: '',
      institute_type: '', eamcet_code: '', college_name: '', affiliated_to: '', modules: '', emp_code: null,
      status: 'active', must_change_password: 0, student_id: null, faculty_id: null, created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role: ROLES.PARENT }).execute();
  for (const studentId of studentIds)
    await db
      .insertInto('parent_links')
      .values({ college_id: college, parent_user_id: user.id, student_id: studentId, relation: 'Father', via: 'office', created_by: null, created_at: nowIso() })
      .execute();
  return { id: user.id, username, email };
}

/** An exam title (regular unless said, published unless said). */
export async function newExamTitle(
  db: Database,
  college: number,
  over: Partial<{ title: string; exam_type: 'regular' | 'supply'; published: number }> = {},
): Promise<{ id: number; title: string }> {
  const row = {
    college_id: college,
    title: unique('Test title '),
    exam_type: 'regular',
    published: 1,
    created_at: nowIso(),
    ...over,
  };
  const { id } = await db.insertInto('exam_titles').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, title: row.title };
}

/** One course result; grade, points and status follow from the marks ('AB': absent). */
export async function newExamResult(
  db: Database,
  college: number,
  title: { id: number },
  student: { rollNo: string; fullName?: string },
  course: { code: string; name?: string; credits: number; marks: number | 'AB'; superseded?: number },
) {
  const g = gradeFor(course.marks);
  await db
    .insertInto('exam_results')
    .values({
      college_id: college,
      exam_title_id: title.id,
      roll_no: student.rollNo,
      student_name: student.fullName ?? '',
      course_code: course.code,
      course: course.name ?? course.code,
      credits: course.credits,
      marks: course.marks === 'AB' ? null : course.marks,
      grade: g.grade,
      grade_points: g.gradePoints,
      status: g.status,
      superseded: course.superseded ?? 0,
    })
    .execute();
}

/** A faculty member (no login); emp_code unique unless given. */
export async function newFaculty(
  db: Database,
  college: number,
  over: Partial<{ emp_code: string; full_name: string; department: string; designation: string; retired: number }> = {},
): Promise<{ id: number; empCode: string; fullName: string }> {
  const row = {
    college_id: college,
    emp_code: unique('TF'),
    full_name: 'Test Faculty',
    email: `${unique('f')}@example.org`.toLowerCase(),
    department: 'CSE',
    designation: 'Assistant Professor',
    created_at: nowIso(),
    ...over,
  };
  const { id } = await db.insertInto('faculty').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, empCode: row.emp_code, fullName: row.full_name };
}

/** The ids of a college's batch, branch (short name) and semester of a course (B.Tech unless said). */
export async function masterIds(
  db: Database,
  college: number,
  names: { course?: string; batch?: string; branch?: string; semester?: string } = {},
): Promise<{ batchId: number; branchId: number; semesterId: number }> {
  const course = await db.selectFrom('courses').select('id').where('college_id', '=', college).where('name', '=', names.course ?? 'B.Tech').executeTakeFirstOrThrow();
  const of = { college_id: college, course_id: course.id };
  const batch = await db.selectFrom('batches').select('id').where('college_id', '=', of.college_id).where('course_id', '=', of.course_id).where('name', '=', names.batch ?? '2022-2026').executeTakeFirstOrThrow();
  const branch = await db.selectFrom('branches').select('id').where('college_id', '=', of.college_id).where('course_id', '=', of.course_id).where('short_name', '=', names.branch ?? 'CSE').executeTakeFirstOrThrow();
  const semester = await db.selectFrom('semesters').select('id').where('college_id', '=', of.college_id).where('course_id', '=', of.course_id).where('name', '=', names.semester ?? 'IV-I').executeTakeFirstOrThrow();
  return { batchId: batch.id, branchId: branch.id, semesterId: semester.id };
}

/** A section (class) with the students given in it; batch/branch/semester by name as in masterIds. */
export async function newSection(
  db: Database,
  college: number,
  over: { name?: string; course?: string; batch?: string; branch?: string; semester?: string; studentIds?: number[] } = {},
): Promise<{ id: number; name: string }> {
  const ids = await masterIds(db, college, over);
  const name = over.name ?? unique('S');
  const { id } = await db
    .insertInto('sections')
    .values({ college_id: college, batch_id: ids.batchId, branch_id: ids.branchId, semester_id: ids.semesterId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const studentId of over.studentIds ?? [])
    await db.insertInto('section_students').values({ college_id: college, section_id: id, student_id: studentId }).execute();
  return { id, name };
}

/** A library title (a book unless item_type says otherwise), without copies. */
export async function newBook(
  db: Database,
  college: number,
  over: Partial<{ title: string; authors: string; isbn: string | null; item_type: string; subjects: string; publisher: string; year: number | null }> = {},
): Promise<{ id: number; title: string }> {
  const row = {
    college_id: college,
    title: unique('Test Book '),
    subtitle: '',
    authors: 'Test Author',
    isbn: null,
    publisher: 'Test Press',
    year: 2020,
    edition: '',
    subjects: 'Testing',
    call_number: '000 TES',
    language: 'English',
    pages: 100,
    item_type: 'book',
    created_at: nowIso(),
    updated_at: nowIso(),
    ...over,
  };
  const { id } = await db.insertInto('library_titles').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, title: row.title };
}

/** A copy of a library title (available unless said); accession number unique unless given. */
export async function newCopy(
  db: Database,
  college: number,
  title: { id: number },
  over: Partial<{ accession_no: string; status: string; price: number; shelf_location: string }> = {},
): Promise<{ id: number; accessionNo: string }> {
  const row = {
    college_id: college,
    title_id: title.id,
    accession_no: unique('TA'),
    shelf_location: 'Stack T-1',
    status: 'available',
    hold_id: null,
    price: 50_000,
    vendor: 'Test Vendor',
    acquired_on: nowIso().slice(0, 10),
    created_at: nowIso(),
    ...over,
  };
  const { id } = await db.insertInto('library_copies').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, accessionNo: row.accession_no };
}

/** A hostel building (no rooms). */
export async function newHostelBuilding(
  db: Database,
  college: number,
  over: Partial<{ name: string; kind: string }> = {},
): Promise<{ id: number; name: string }> {
  const row = { college_id: college, name: unique('Test Block '), kind: 'GIRLS', created_at: nowIso(), ...over };
  const { id } = await db.insertInto('hostel_buildings').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, name: row.name };
}

/** A hostel room with one bed per sharing place (labels A, B, ...); yearly fee in paise. */
export async function newRoom(
  db: Database,
  college: number,
  building: { id: number },
  over: Partial<{ room_no: string; floor: number; sharing: number; ac: number; yearly_fee: number }> = {},
): Promise<{ id: number; roomNo: string; bedIds: number[] }> {
  const row = { college_id: college, building_id: building.id, floor: 1, room_no: unique('R'), sharing: 2, ac: 0, yearly_fee: 6_000_000, created_at: nowIso(), ...over };
  const { id } = await db.insertInto('hostel_rooms').values(row).returning('id').executeTakeFirstOrThrow();
  const bedIds: number[] = [];
  for (const label of 'ABCDEF'.slice(0, row.sharing))
    bedIds.push(
      (await db.insertInto('hostel_beds').values({ college_id: college, building_id: building.id, room_id: id, label }).returning('id').executeTakeFirstOrThrow()).id,
    );
  return { id, roomNo: row.room_no, bedIds };
}

/** A transport vehicle (a bus with valid papers unless said). */
export async function newBus(
  db: Database,
  college: number,
  over: Partial<{ reg_no: string; seating_capacity: number; status: string; insurance_expiry: string }> = {},
): Promise<{ id: number; regNo: string }> {
  const far = '2099-12-31';
  const row = {
    college_id: college,
    reg_no: unique('TS09T'),
    vehicle_type: 'Bus',
    make_model: 'Test Coach',
    seating_capacity: 40,
    driver_name: 'Test Driver',
    driver_phone: '9876500000',
    driver_licence: unique('DL'),
    attender_name: '',
    attender_phone: '',
    attender_licence: '',
    insurance_expiry: far,
    fitness_expiry: far,
    permit_expiry: far,
    pollution_expiry: far,
    created_at: nowIso(),
    updated_at: nowIso(),
    ...over,
  };
  const { id } = await db.insertInto('transport_vehicles').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, regNo: row.reg_no };
}

/** A transport route with its stops in order (fare: yearly, paise), on the vehicle given if any. */
export async function newRoute(
  db: Database,
  college: number,
  over: { code?: string; name?: string; vehicleId?: number | null; stops?: Array<{ name: string; fare: number; pickup_time?: string }> } = {},
): Promise<{ id: number; code: string; stopIds: number[] }> {
  const code = over.code ?? unique('TR');
  const { id } = await db
    .insertInto('transport_routes')
    .values({ college_id: college, code, name: over.name ?? `Test route ${code}`, vehicle_id: over.vehicleId ?? null, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stopIds: number[] = [];
  let seq = 0;
  for (const s of over.stops ?? [{ name: 'Test stop', fare: 1_200_000 }])
    stopIds.push(
      (
        await db
          .insertInto('transport_stops')
          .values({ college_id: college, route_id: id, seq: ++seq, name: s.name, pickup_time: s.pickup_time ?? '07:30', fare: s.fare })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  return { id, code, stopIds };
}

/** A calendar event (a one-day holiday unless said); dates ISO yyyy-mm-dd. */
export async function newCalendarEvent(
  db: Database,
  college: number,
  over: Partial<{ title: string; kind: string; start_date: string; end_date: string; description: string }> = {},
): Promise<{ id: number; title: string }> {
  const start = over.start_date ?? '2099-01-01';
  const row = { college_id: college, title: unique('Test event '), kind: 'holiday', start_date: start, end_date: over.end_date ?? start, description: '', created_at: nowIso(), ...over };
  const { id } = await db.insertInto('calendar_events').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, title: row.title };
}

export interface BuiltUser {
  id: number;
  username: string;
  email: string;
  fullName: string;
  /** the faculty register row when one was made (faculty: true or an object) */
  facultyId: number | null;
}

/**
 * A staff login of the college with the roles given; signs in with DEMO_PASSWORD. With `faculty`,
 * a faculty register row is made and linked (department = program unless said).
 */
export async function newUser(
  db: Database,
  college: number,
  over: {
    roles: string[];
    username?: string;
    full_name?: string;
    program?: string;
    must_change_password?: number;
    faculty?: boolean | { department?: string; designation?: string };
  },
): Promise<BuiltUser> {
  const username = over.username ?? unique('user').toLowerCase();
  const email = `${username}@example.org`;
  const fullName = over.full_name ?? 'Test User';
  const program = over.program ?? '';
  let facultyId: number | null = null;
  if (over.faculty) {
    const f = typeof over.faculty === 'object' ? over.faculty : {};
    facultyId = (
      await newFaculty(db, college, {
        full_name: fullName,
        department: f.department ?? (program || 'CSE'),
        ...(f.designation ? { designation: f.designation } : {}),
      })
    ).id;
  }
  const { id } = await db
    .insertInto('users')
    .values({
      college_id: college, username, email, password_hash: await demoHash(), full_name: fullName, program,
      institute_type: 'engineering', eamcet_code: '', college_name: '', affiliated_to: '', modules: 'erp', emp_code: null,
      status: 'active', must_change_password: over.must_change_password ?? 0, student_id: null, faculty_id: facultyId, created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (over.roles.length) await db.insertInto('user_roles').values(over.roles.map((role) => ({ user_id: id, role }))).execute();
  return { id, username, email, fullName, facultyId };
}

/** A faculty member's publication (by user id); scopus_indexed 0/1. */
export async function newPublication(
  db: Database,
  college: number,
  userId: number,
  over: Partial<{ title: string; journal: string; year: number; scopus_indexed: number; citations: number }> = {},
): Promise<{ id: number; title: string }> {
  const row = { college_id: college, user_id: userId, title: unique('Test paper '), journal: 'Test Journal', year: 2024, scopus_indexed: 0, citations: 0, created_at: nowIso(), ...over };
  const { id } = await db.insertInto('faculty_publications').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, title: row.title };
}

/** A faculty member's MoU (by user id); signed_on ISO. */
export async function newMou(
  db: Database,
  college: number,
  userId: number,
  over: Partial<{ organisation: string; purpose: string; signed_on: string }> = {},
): Promise<{ id: number; organisation: string }> {
  const row = { college_id: college, user_id: userId, organisation: unique('Test Org '), purpose: '', signed_on: '2024-01-15', created_at: nowIso(), ...over };
  const { id } = await db.insertInto('faculty_mous').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, organisation: row.organisation };
}

/** A faculty member's award (by user id); awarded_on ISO. */
export async function newAward(
  db: Database,
  college: number,
  userId: number,
  over: Partial<{ title: string; awarded_by: string; awarded_on: string }> = {},
): Promise<{ id: number; title: string }> {
  const row = { college_id: college, user_id: userId, title: unique('Test award '), awarded_by: 'Test Body', awarded_on: '2024-02-20', created_at: nowIso(), ...over };
  const { id } = await db.insertInto('faculty_awards').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, title: row.title };
}

/** A faculty member's stored profile for one financial year (yyyy-yyyy). */
export async function newFacultyProfile(
  db: Database,
  college: number,
  userId: number,
  financialYear: string,
  data: Partial<{ designation: string; qualification: string; specialization: string; experienceYears: number }>,
): Promise<void> {
  await db
    .insertInto('faculty_profiles')
    .values({ college_id: college, user_id: userId, financial_year: financialYear, institution_type: 'engineering', data_json: JSON.stringify(data), updated_at: nowIso() })
    .execute();
}

/** A department of the college (active unless retired: 1); name unique unless given. */
export async function newDepartment(
  db: Database,
  college: number,
  over: Partial<{ name: string; full_name: string; retired: number }> = {},
): Promise<{ id: number; name: string }> {
  const row = { college_id: college, name: unique('D'), full_name: 'Test Department', retired: 0, ...over };
  const { id } = await db.insertInto('departments').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, name: row.name };
}

/**
 * A college of its own (no calendar, no students, no logins), reached at the host returned:
 * for rules that read everything a college holds, such as its working days.
 */
export async function newCollege(db: Database): Promise<{ id: number; code: string; host: string }> {
  const code = unique('C');
  const { id } = await db
    .insertInto('colleges')
    .values({
      code, name: `Test College ${code}`, address: '', about_us: '', official_communication: '', campus: '', fax_number: '',
      logo_base64: '', banner_base64: '', settings_json: '{}', created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const host = `${code.toLowerCase()}.localhost`;
  await db.insertInto('college_domains').values({ domain: host, college_id: id }).execute();
  return { id, code, host };
}

/**
 * A placement company, and its drives on demand: open to CSE of a batch, at a CTC, with no
 * eligibility conditions (no CGPA, backlog, gender, fee or attendance rule).
 */
export async function newPlacementCompany(db: Database, college: number, name = unique('Company ')) {
  const now = nowIso();
  const { id } = await db
    .insertInto('placement_companies')
    .values({ college_id: college, name, sector: 'IT', website: '', hr_name: '', hr_email: '', hr_phone: '', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const drive = async (d: { date: string; batch?: string; ctcPaise?: number }) =>
    (
      await db
        .insertInto('placement_drives')
        .values({
          college_id: college,
          company_id: id,
          drive_date: d.date,
          roles: 'Engineer',
          ctc_paise: d.ctcPaise ?? 30_000_000,
          location: '',
          bond_months: 0,
          batch: d.batch ?? '2021-2025',
          branches_json: '["CSE"]',
          min_cgpa_x100: 0,
          max_backlogs: null,
          gender: '',
          no_fee_dues: 0,
          min_attendance: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { id, drive };
}
