import type { Database } from '../../db/index.js';

type RecordTable = 'faculty_publications' | 'faculty_mous' | 'faculty_awards';

/** A college user by username, with the faculty-register fields when linked. */
export async function userByName(db: Database, collegeId: number, username: string) {
  return db
    .selectFrom('users')
    .leftJoin('faculty', 'faculty.id', 'users.faculty_id')
    .select([
      'users.id',
      'users.username',
      'users.full_name',
      'users.email',
      'users.program',
      'users.institute_type',
      'faculty.emp_code',
      'faculty.designation',
      'faculty.department as faculty_department',
    ])
    .where('users.college_id', '=', collegeId)
    .where('users.username', '=', username)
    .executeTakeFirst();
}

export async function programOf(db: Database, collegeId: number, userId: number) {
  return (await db.selectFrom('users').select('program').where('college_id', '=', collegeId).where('id', '=', userId).executeTakeFirst())?.program;
}

export async function profileFor(db: Database, collegeId: number, userId: number, financialYear: string) {
  return db
    .selectFrom('faculty_profiles')
    .select(['financial_year', 'institution_type', 'data_json'])
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .where('financial_year', '=', financialYear)
    .executeTakeFirst();
}

export interface Counts {
  publications: number;
  citations: number;
  scopus: number;
  mous: number;
  awards: number;
}

export async function counts(db: Database, collegeId: number, userId: number): Promise<Counts> {
  const pub = await db
    .selectFrom('faculty_publications')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('citations'), eb.lit(0)).as('citations'),
      eb.fn.coalesce(eb.fn.sum<number>('scopus_indexed'), eb.lit(0)).as('scopus'),
    ])
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const countIn = async (table: 'faculty_mous' | 'faculty_awards') =>
    Number(
      (await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('college_id', '=', collegeId).where('user_id', '=', userId).executeTakeFirstOrThrow()).n,
    );
  return {
    publications: Number(pub.n),
    citations: Number(pub.citations),
    scopus: Number(pub.scopus),
    mous: await countIn('faculty_mous'),
    awards: await countIn('faculty_awards'),
  };
}

// ---- the signed-in faculty member's own records ----

export async function listPublications(db: Database, collegeId: number, userId: number) {
  const rows = await db
    .selectFrom('faculty_publications')
    .select(['id', 'title', 'journal', 'year', 'scopus_indexed', 'citations'])
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .orderBy('year', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(({ scopus_indexed, ...r }) => ({ ...r, scopusIndexed: scopus_indexed === 1 }));
}

export async function listMous(db: Database, collegeId: number, userId: number) {
  return db
    .selectFrom('faculty_mous')
    .select(['id', 'organisation', 'purpose', 'signed_on as signedOn'])
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .orderBy('signed_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listAwards(db: Database, collegeId: number, userId: number) {
  return db
    .selectFrom('faculty_awards')
    .select(['id', 'title', 'awarded_by as awardedBy', 'awarded_on as awardedOn'])
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .orderBy('awarded_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A row id of the table owned by this user, or undefined. */
export async function ownedId(db: Database, table: RecordTable, collegeId: number, userId: number, id: number) {
  return (
    await db.selectFrom(table).select('id').where('college_id', '=', collegeId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()
  )?.id;
}

/** Another row of this user with the same key columns (case-insensitive text), for duplicate checks. */
export async function sameKey(
  db: Database,
  table: RecordTable,
  collegeId: number,
  userId: number,
  key: { text: ['title' | 'organisation', string]; other: ['year' | 'signed_on' | 'awarded_on', string | number] },
  exceptId?: number,
) {
  let q = db
    .selectFrom(table)
    .select('id')
    .where('college_id', '=', collegeId)
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.fn('lower', [eb.ref(key.text[0] as never)]), '=', key.text[1].toLowerCase()))
    .where(key.other[0] as never, '=', key.other[1] as never);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertRow(db: Database, table: RecordTable, values: Record<string, unknown>) {
  const { id } = await db.insertInto(table).values(values as never).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateRow(db: Database, table: RecordTable, collegeId: number, userId: number, id: number, values: Record<string, unknown>) {
  await db.updateTable(table).set(values as never).where('college_id', '=', collegeId).where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function deleteRow(db: Database, table: RecordTable, collegeId: number, userId: number, id: number) {
  await db.deleteFrom(table).where('college_id', '=', collegeId).where('user_id', '=', userId).where('id', '=', id).execute();
}

/** NAAC / NIRF inputs: the faculty register and every publication with its author's register row. */
export async function naacFaculty(db: Database, collegeId: number) {
  return db
    .selectFrom('faculty')
    .select(['id', 'emp_code', 'full_name', 'department', 'designation', 'qualification', 'phd', 'date_of_joining', 'retired'])
    .where('college_id', '=', collegeId)
    .orderBy('emp_code')
    .execute();
}

export async function naacPublications(db: Database, collegeId: number) {
  return db
    .selectFrom('faculty_publications as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.title', 'p.journal', 'p.year', 'p.scopus_indexed', 'p.citations', 'u.full_name', 'u.faculty_id'])
    .where('p.college_id', '=', collegeId)
    .orderBy('p.year')
    .orderBy('p.id')
    .execute();
}
