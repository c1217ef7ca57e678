import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import { anyColumnContains } from '../../lib/search.js';

export async function settings(db: Db, collegeId: number) {
  return db.selectFrom('placement_settings').selectAll().where('college_id', '=', collegeId).executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  collegeId: number,
  s: { no_show_bar_drives: number; offer_policy: string; dream_ctc_paise: number },
  now: string,
) {
  await db
    .insertInto('placement_settings')
    .values({ college_id: collegeId, ...s, updated_at: now })
    .onConflict((oc) => oc.columns(['college_id']).doUpdateSet({ ...s, updated_at: now }))
    .execute();
}

export async function companies(db: Db, collegeId: number) {
  return db
    .selectFrom('placement_companies as c')
    .selectAll('c')
    .select((eb) =>
      eb
        .selectFrom('placement_drives as d')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('d.company_id', '=', 'c.id')
        .as('drives'),
    )
    .where('c.college_id', '=', collegeId)
    .orderBy('c.name')
    .execute();
}

export async function companyById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('placement_companies')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertCompany(db: Db, row: Insertable<DB['placement_companies']>) {
  return (await db.insertInto('placement_companies').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function companyByName(db: Db, collegeId: number, name: string) {
  return db
    .selectFrom('placement_companies')
    .select('id')
    .where('college_id', '=', collegeId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

const DRIVE = [
  'd.id',
  'd.company_id',
  'c.name as company',
  'd.drive_date',
  'd.roles',
  'd.ctc_paise',
  'd.location',
  'd.bond_months',
  'd.batch',
  'd.branches_json',
  'd.min_cgpa_x100',
  'd.max_backlogs',
  'd.gender',
  'd.no_fee_dues',
  'd.min_attendance',
  'd.min_tenth_x100',
  'd.min_twelfth_x100',
  'd.max_gap_years',
] as const;

function drivesQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('placement_drives as d')
    .innerJoin('placement_companies as c', 'c.id', 'd.company_id')
    .select(DRIVE)
    .select((eb) => [
      eb
        .selectFrom('placement_applications as a')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('a.drive_id', '=', 'd.id')
        .as('applicants'),
      eb
        .selectFrom('placement_offers as o')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('o.drive_id', '=', 'd.id')
        .as('offers'),
    ])
    .where('d.college_id', '=', collegeId);
}

export type DriveRow = Awaited<ReturnType<typeof driveById>> & {};

export async function drives(db: Db, collegeId: number, f: { batch?: string; companyId?: number; from?: string }) {
  let q = drivesQuery(db, collegeId);
  if (f.batch) q = q.where('d.batch', '=', f.batch);
  if (f.companyId) q = q.where('d.company_id', '=', f.companyId);
  if (f.from) q = q.where('d.drive_date', '>=', f.from);
  return q.orderBy('d.drive_date', 'desc').orderBy('d.id', 'desc').execute();
}

export async function driveById(db: Db, collegeId: number, id: number) {
  return drivesQuery(db, collegeId).where('d.id', '=', id).executeTakeFirst();
}

/** What eligibility reads of a student: the two student queries below must read the same. */
const STUDENT_COLUMNS = [
  'id',
  'roll_no',
  'full_name',
  'branch',
  'batch',
  'gender',
  'semester',
  'tenth_percent_x100',
  'twelfth_percent_x100',
  'gap_years',
] as const;

/** The batch's drives in the order they are held: what "the next two drives" counts along. */
export async function batchDriveOrder(db: Db, collegeId: number, batch: string) {
  return db
    .selectFrom('placement_drives as d')
    .innerJoin('placement_companies as c', 'c.id', 'd.company_id')
    .select(['d.id', 'd.drive_date', 'c.name as company'])
    .where('d.college_id', '=', collegeId)
    .where('d.batch', '=', batch)
    .orderBy('d.drive_date')
    .orderBy('d.id')
    .execute();
}

export async function insertDrive(db: Db, row: Insertable<DB['placement_drives']>) {
  return (await db.insertInto('placement_drives').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function studentsOfBatch(db: Db, collegeId: number, batch: string) {
  return db
    .selectFrom('students')
    .select(STUDENT_COLUMNS)
    .where('college_id', '=', collegeId)
    .where('batch', '=', batch)
    .orderBy('roll_no')
    .execute();
}

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return db
    .selectFrom('students')
    .select(STUDENT_COLUMNS)
    .where('college_id', '=', collegeId)
    .where('roll_no', '=', rollNo.toUpperCase())
    .executeTakeFirst();
}

export async function studentOfUser(db: Db, collegeId: number, userId: number) {
  return db
    .selectFrom('users')
    .innerJoin('students', 'students.id', 'users.student_id')
    .select([
      'students.id',
      'students.roll_no',
      'students.full_name',
      'students.branch',
      'students.batch',
      'students.gender',
      'students.semester',
      'students.tenth_percent_x100',
      'students.twelfth_percent_x100',
      'students.gap_years',
    ])
    .where('users.id', '=', userId)
    .where('users.college_id', '=', collegeId)
    .where('students.college_id', '=', collegeId)
    .executeTakeFirst();
}

/** Applications the students left without turning up, with the drive they skipped. */
export async function noShows(db: Db, collegeId: number, studentIds: number[]) {
  if (!studentIds.length) return [];
  const out: Array<{ student_id: number; drive_id: number }> = [];
  for (let i = 0; i < studentIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('placement_applications')
        .select(['student_id', 'drive_id'])
        .where('college_id', '=', collegeId)
        .where('status', '=', 'no_show')
        .where('student_id', 'in', studentIds.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

export async function offersOf(db: Db, collegeId: number, studentIds: number[]) {
  if (!studentIds.length) return [];
  const out: Array<{ id: number; student_id: number; drive_id: number; ctc_paise: number; slot: number }> = [];
  for (let i = 0; i < studentIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('placement_offers')
        .select(['id', 'student_id', 'drive_id', 'ctc_paise', 'slot'])
        .where('college_id', '=', collegeId)
        .where('student_id', 'in', studentIds.slice(i, i + 500))
        .execute()),
    );
  }
  return out.map((o) => ({ ...o, ctc_paise: Number(o.ctc_paise) }));
}

/** Applications with the student and, when one was made, the offer of that drive. */
function applicationRows(db: Db, collegeId: number) {
  return db
    .selectFrom('placement_applications as a')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .leftJoin('placement_offers as o', (j) => j.onRef('o.drive_id', '=', 'a.drive_id').onRef('o.student_id', '=', 'a.student_id'))
    .select([
      'a.id',
      'a.drive_id',
      'a.student_id',
      's.roll_no',
      's.full_name',
      's.branch',
      'a.status',
      'a.resume_path',
      'a.applied_at',
      'o.ctc_paise as offer_ctc',
      'o.id as offer_id',
      'o.letter_path',
    ])
    .where('a.college_id', '=', collegeId);
}

export async function applicationsOfDrive(db: Db, collegeId: number, driveId: number) {
  return applicationRows(db, collegeId).where('a.drive_id', '=', driveId).orderBy('s.roll_no').execute();
}

export async function applicationsOfStudent(db: Db, collegeId: number, studentId: number) {
  return applicationRows(db, collegeId)
    .innerJoin('placement_drives as d', 'd.id', 'a.drive_id')
    .innerJoin('placement_companies as c', 'c.id', 'd.company_id')
    .select(['c.name as company', 'd.drive_date'])
    .where('a.student_id', '=', studentId)
    .orderBy('d.drive_date', 'desc')
    .execute();
}

export async function applicationOf(db: Db, collegeId: number, driveId: number, studentId: number) {
  return db
    .selectFrom('placement_applications')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('drive_id', '=', driveId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

export async function insertApplication(db: Db, row: Insertable<DB['placement_applications']>) {
  return (await db.insertInto('placement_applications').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function setApplicationStatus(db: Db, collegeId: number, ids: number[], status: string) {
  if (!ids.length) return;
  await db
    .updateTable('placement_applications')
    .set({ status })
    .where('college_id', '=', collegeId)
    .where('id', 'in', ids)
    .execute();
}

export async function rounds(db: Db, collegeId: number, driveId: number) {
  return db
    .selectFrom('placement_rounds as r')
    .select(['r.id', 'r.seq', 'r.name', 'r.held_on'])
    .where('r.college_id', '=', collegeId)
    .where('r.drive_id', '=', driveId)
    .orderBy('r.seq')
    .execute();
}

export async function roundResults(db: Db, collegeId: number, driveId: number) {
  return db
    .selectFrom('placement_round_results as rr')
    .innerJoin('placement_rounds as r', 'r.id', 'rr.round_id')
    .select(['rr.round_id', 'r.seq', 'r.name', 'rr.application_id', 'rr.result'])
    .where('rr.college_id', '=', collegeId)
    .where('r.drive_id', '=', driveId)
    .execute();
}

export async function insertRound(db: Db, row: Insertable<DB['placement_rounds']>) {
  return (await db.insertInto('placement_rounds').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertRoundResults(db: Db, rows: Array<Insertable<DB['placement_round_results']>>) {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('placement_round_results')
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function insertOffer(db: Db, row: Insertable<DB['placement_offers']>) {
  return (await db.insertInto('placement_offers').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function offerById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('placement_offers')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setOfferLetter(db: Db, collegeId: number, id: number, path: string) {
  await db
    .updateTable('placement_offers')
    .set({ letter_path: path })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .execute();
}

/** Offers with the student and company, for the register, the stats and a student's own page. */
export async function offerRows(db: Db, collegeId: number, f: { batch?: string; studentId?: number; id?: number }) {
  let q = db
    .selectFrom('placement_offers as o')
    .innerJoin('students as s', 's.id', 'o.student_id')
    .innerJoin('placement_drives as d', 'd.id', 'o.drive_id')
    .innerJoin('placement_companies as c', 'c.id', 'd.company_id')
    .leftJoin('users as u', 'u.id', 'o.created_by')
    .select([
      'o.id',
      'o.drive_id',
      'o.student_id',
      'o.slot',
      'o.ctc_paise',
      'o.joining_date',
      'o.role',
      'o.letter_path',
      'o.created_at',
      'u.full_name as decided_by_name',
      's.roll_no',
      's.full_name',
      's.branch',
      's.batch',
      'c.name as company',
      'd.roles',
      'd.location',
      'd.drive_date',
    ])
    .where('o.college_id', '=', collegeId);
  if (f.batch) q = q.where('s.batch', '=', f.batch);
  if (f.studentId) q = q.where('o.student_id', '=', f.studentId);
  if (f.id) q = q.where('o.id', '=', f.id);
  const rows = await q.orderBy('s.roll_no').orderBy('o.slot').execute();
  return rows.map((r) => ({ ...r, ctc_paise: Number(r.ctc_paise) }));
}

/** Verified higher-studies records of a batch: the ones the statistics count. */
export async function higherStudiesOfBatch(db: Db, collegeId: number, batch: string) {
  return db
    .selectFrom('placement_higher_studies as h')
    .innerJoin('students as s', 's.id', 'h.student_id')
    .select(['h.student_id', 's.branch', 'h.programme', 'h.institution'])
    .where('h.college_id', '=', collegeId)
    .where('h.status', '=', 'verified')
    .where('s.batch', '=', batch)
    .execute();
}

export interface HigherStudiesFilter {
  batch?: string;
  status?: string;
  q?: string;
  id?: number;
  studentId?: number;
}

function higherStudiesQuery(db: Db, collegeId: number, f: HigherStudiesFilter) {
  let q = db
    .selectFrom('placement_higher_studies as h')
    .innerJoin('students as s', 's.id', 'h.student_id')
    .where('h.college_id', '=', collegeId);
  if (f.batch) q = q.where('s.batch', '=', f.batch);
  if (f.status) q = q.where('h.status', '=', f.status);
  if (f.id) q = q.where('h.id', '=', f.id);
  if (f.studentId) q = q.where('h.student_id', '=', f.studentId);
  if (f.q) {
    q = q.where((eb) =>
      anyColumnContains(eb, ['s.roll_no', 's.full_name', 'h.programme', 'h.institution'], f.q!),
    );
  }
  return q;
}

const HS_COLUMNS = [
  'h.id',
  'h.student_id',
  's.roll_no',
  's.full_name',
  's.branch',
  's.batch',
  'h.programme',
  'h.institution',
  'h.admission_year',
  'h.status',
  'h.evidence_path',
  'h.evidence_name',
  'h.declared_by',
  'h.verified_at',
  'h.created_at',
] as const;

export type HigherStudiesRow = Awaited<ReturnType<typeof higherStudiesRows>>[number];

/** Higher-studies records, newest batch first, then by roll number; a page when limit is given. */
export async function higherStudiesRows(db: Db, collegeId: number, f: HigherStudiesFilter, page?: { limit: number; offset: number }) {
  let q = higherStudiesQuery(db, collegeId, f).select(HS_COLUMNS).orderBy('s.batch', 'desc').orderBy('s.roll_no');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export async function higherStudiesCount(db: Db, collegeId: number, f: HigherStudiesFilter) {
  const row = await higherStudiesQuery(db, collegeId, f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One record per student: a second entry replaces the first (the unique index decides a race). */
export async function upsertHigherStudies(db: Db, row: Insertable<DB['placement_higher_studies']>) {
  const { college_id: _c, student_id: _s, created_at: _a, evidence_path: _e, evidence_name: _n, ...set } = row;
  await db
    .insertInto('placement_higher_studies')
    .values(row)
    .onConflict((oc) => oc.columns(['college_id', 'student_id']).doUpdateSet(set))
    .execute();
}

export async function updateHigherStudies(
  db: Db,
  collegeId: number,
  id: number,
  set: Pick<Updateable<DB['placement_higher_studies']>, 'status' | 'verified_by' | 'verified_at' | 'updated_at' | 'evidence_path' | 'evidence_name'>,
) {
  await db.updateTable('placement_higher_studies').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function deleteHigherStudies(db: Db, collegeId: number, id: number) {
  await db.deleteFrom('placement_higher_studies').where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function offerCount(db: Db, collegeId: number, studentId: number) {
  const row = await db
    .selectFrom('placement_offers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** NAAC / NIRF inputs: every offer (with its drive's company) and every higher-studies record. */
export async function naacOffers(db: Db, collegeId: number) {
  return db
    .selectFrom('placement_offers as o')
    .innerJoin('placement_drives as d', 'd.id', 'o.drive_id')
    .innerJoin('placement_companies as c', 'c.id', 'd.company_id')
    .select(['o.id', 'o.student_id', 'o.ctc_paise', 'o.slot', 'd.drive_date', 'd.batch', 'd.roles', 'c.name as company'])
    .where('o.college_id', '=', collegeId)
    .orderBy('o.id')
    .execute();
}

export async function naacHigherStudies(db: Db, collegeId: number) {
  return db
    .selectFrom('placement_higher_studies')
    .select(['id', 'student_id', 'programme', 'institution', 'admission_year', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('status', '=', 'verified')
    .orderBy('id')
    .execute();
}

/** How many students hold a second (dream) offer. */
export async function studentsWithTwoOffers(db: Db, collegeId: number) {
  const row = await db
    .selectFrom('placement_offers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('college_id', '=', collegeId)
    .where('slot', '=', 2)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The batches of students leaving in a year (batch "2022-2026" leaves in 2026), oldest start first. */
export async function batchesLeavingIn(db: Db, collegeId: number, endYear: number) {
  const rows = await db
    .selectFrom('students')
    .select('batch')
    .distinct()
    .where('college_id', '=', collegeId)
    .where('batch', 'like', `%-${endYear}`)
    .orderBy('batch')
    .execute();
  return rows.map((r) => r.batch).filter((b): b is string => typeof b === 'string' && /^\d{4}-\d{4}$/.test(b));
}
