import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { AdmissionsTable } from '../../db/tables.js';
import { inChunks, insertChunked, type ChunkOptions } from '../../lib/chunked.js';
import { nextCounter } from '../../lib/counters.js';
import { anyColumnContains } from '../../lib/search.js';

export type NewAdmission = Insertable<AdmissionsTable>;

/** Reserves `count` admission numbers at once (the last one is returned): concurrent callers never share a range. */
export function reserveCounter(db: Db, collegeId: number, count: number): Promise<number> {
  return nextCounter(db, collegeId, 'admission', count);
}

export async function byAadhar(db: Db, collegeId: number, aadhar: string) {
  return db
    .selectFrom('admissions')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('aadhar_no', '=', aadhar)
    .executeTakeFirst();
}

export async function byAdmissionNo(db: Db, collegeId: number, admissionNo: string) {
  return db
    .selectFrom('admissions')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('admission_no', '=', admissionNo)
    .executeTakeFirst();
}

export async function byId(db: Db, collegeId: number, id: number) {
  return db.selectFrom('admissions').selectAll().where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return db
    .selectFrom('students')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
}

export async function linkStudent(db: Db, collegeId: number, studentId: number, admissionId: number) {
  await db
    .updateTable('students')
    .set({ admission_id: admissionId })
    .where('college_id', '=', collegeId)
    .where('id', '=', studentId)
    .execute();
}

export async function insert(db: Db, row: NewAdmission): Promise<number> {
  const r = await db.insertInto('admissions').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertMany(db: Db, rows: NewAdmission[], options?: ChunkOptions) {
  await insertChunked(db, 'admissions', rows, options);
}

export async function update(db: Db, collegeId: number, id: number, values: Partial<NewAdmission>) {
  await db.updateTable('admissions').set(values).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

/** Which of these values already exist in the column, for the college. */
export async function existing(
  db: Db,
  collegeId: number,
  column: 'aadhar_no' | 'admission_no',
  values: string[],
  pause?: () => Promise<void> | undefined,
): Promise<Set<string>> {
  const rows = await inChunks(
    values,
    (slice) =>
      db.selectFrom('admissions').select(column).where('college_id', '=', collegeId).where(column, 'in', slice).execute(),
    undefined,
    pause,
  );
  return new Set(rows.map((r) => (r as Record<string, string>)[column]));
}

export async function list(db: Db, collegeId: number, limit: number, offset: number) {
  return db
    .selectFrom('admissions')
    .select(['id', 'admission_no', 'aadhar_no', 'data_json', 'created_at', 'updated_at'])
    .where('college_id', '=', collegeId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The columns the applications list searches: admission number, name, course, branch, batch. */
const SEARCHED = ['admission_no', 'name', 'course', 'branch', 'batch'] as const;

/** One page of saved admissions, newest first, narrowed by what was typed, and how many match in all. */
export async function search(
  db: Db,
  collegeId: number,
  q: string,
  limit: number | null,
  offset: number,
  f: { branch?: string; admittedFrom?: string; admittedTo?: string } = {},
) {
  let base = db.selectFrom('admissions').where('college_id', '=', collegeId);
  if (q.trim()) base = base.where((eb) => anyColumnContains(eb, SEARCHED, q));
  if (f.branch) base = base.where('branch', '=', f.branch);
  if (f.admittedFrom) base = base.where('date_of_admission', '>=', f.admittedFrom);
  if (f.admittedTo) base = base.where('date_of_admission', '<=', f.admittedTo);
  let page = base.select(['id', 'admission_no', 'aadhar_no', 'data_json', 'created_at', 'updated_at']).orderBy('id', 'desc');
  if (limit !== null) page = page.limit(limit).offset(offset);
  const [rows, total] = await Promise.all([page.execute(), base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function count(db: Db, collegeId: number, sinceIso?: string) {
  let q = db
    .selectFrom('admissions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('college_id', '=', collegeId);
  if (sinceIso) q = q.where('created_at', '>=', sinceIso);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

export async function college(db: Db, collegeId: number) {
  return db
    .selectFrom('colleges')
    .select(['code', 'name', 'address', 'logo_base64'])
    .where('id', '=', collegeId)
    .executeTakeFirstOrThrow();
}

/** NAAC / NIRF inputs: every student on the rolls and every admission, with the fields the figures read. */
export async function naacStudents(db: Db, collegeId: number) {
  return db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name', 'course', 'batch', 'branch', 'gender', 'admission_id'])
    .where('college_id', '=', collegeId)
    .orderBy('roll_no')
    .execute();
}

export async function naacAdmissions(db: Db, collegeId: number) {
  return db
    .selectFrom('admissions')
    .select(['id', 'admission_no', 'name', 'course', 'batch', 'branch', 'gender', 'date_of_admission', 'data_json'])
    .where('college_id', '=', collegeId)
    .orderBy('admission_no')
    .execute();
}
