import { sql } from 'kysely';
import type { DB } from '../../db/tables.js';
import type { Db } from '../../db/index.js';

export async function heads(db: Db, collegeId: number) {
  return db
    .selectFrom('acc_fee_heads')
    .selectAll()
    .where('college_id', '=', collegeId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function insertHead(db: Db, row: Omit<DB['acc_fee_heads'], 'id'>) {
  return db.insertInto('acc_fee_heads').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function headIds(db: Db, collegeId: number, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('acc_fee_heads').select('id').where('college_id', '=', collegeId).where('id', 'in', ids).execute();
}

export async function structures(db: Db, collegeId: number, q: { course?: string; batch?: string }) {
  let query = db.selectFrom('acc_fee_structures').selectAll().where('college_id', '=', collegeId);
  if (q.course) query = query.where('course', '=', q.course);
  if (q.batch) query = query.where('batch', '=', q.batch);
  return query.orderBy('course').orderBy('batch').orderBy('year_of_study').orderBy('seat_type').execute();
}

export async function structureLines(db: Db, collegeId: number, structureIds: number[]) {
  if (!structureIds.length) return [];
  return db
    .selectFrom('acc_fee_structure_lines as l')
    .innerJoin('acc_fee_heads as h', 'h.id', 'l.head_id')
    .select(['l.structure_id', 'l.head_id', 'l.amount_paise', 'h.code', 'h.name'])
    .where('l.college_id', '=', collegeId)
    .where('l.structure_id', 'in', structureIds)
    .orderBy('h.sort_order')
    .execute();
}

export async function insertStructure(db: Db, row: Omit<DB['acc_fee_structures'], 'id'>) {
  return db.insertInto('acc_fee_structures').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function insertStructureLines(db: Db, rows: Array<Omit<DB['acc_fee_structure_lines'], 'id'>>) {
  await db.insertInto('acc_fee_structure_lines').values(rows).execute();
}

export async function structureById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('acc_fee_structures')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateStructure(
  db: Db,
  collegeId: number,
  id: number,
  set: Pick<DB['acc_fee_structures'], 'course' | 'batch' | 'year_of_study' | 'seat_type'>,
) {
  await db.updateTable('acc_fee_structures').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function deleteStructureLines(db: Db, collegeId: number, structureId: number) {
  await db
    .deleteFrom('acc_fee_structure_lines')
    .where('college_id', '=', collegeId)
    .where('structure_id', '=', structureId)
    .execute();
}

/** Students of the batch, and how many of them have a matching structure and how many lines/paise it makes. */
export async function demandPreview(db: Db, collegeId: number, batch: string, year: number, course?: string) {
  let students = db
    .selectFrom('students as s')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.college_id', '=', collegeId)
    .where('s.batch', '=', batch);
  if (course) students = students.where('s.course', '=', course);
  let covered = db
    .selectFrom('students as s')
    .leftJoin('acc_student_profiles as p', (j) => j.onRef('p.student_id', '=', 's.id').onRef('p.college_id', '=', 's.college_id'))
    .innerJoin('acc_fee_structures as f', (j) =>
      j
        .onRef('f.college_id', '=', 's.college_id')
        .onRef('f.course', '=', 's.course')
        .onRef('f.batch', '=', 's.batch')
        .on('f.year_of_study', '=', year)
        .on('f.seat_type', '=', sql<string>`coalesce(p.seat_type, 'Convener')`),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.college_id', '=', collegeId)
    .where('s.batch', '=', batch);
  if (course) covered = covered.where('s.course', '=', course);
  const [a, b] = await Promise.all([students.executeTakeFirst(), covered.executeTakeFirst()]);
  return { students: Number(a?.n ?? 0), covered: Number(b?.n ?? 0) };
}

/**
 * Raises the year's demand for the whole batch in one INSERT ... SELECT: one line per student and
 * structure head, keyed 'fy/student/head' so raising it again inserts nothing.
 */
export async function raiseDemand(
  db: Db,
  p: { collegeId: number; batch: string; year: number; course?: string; fy: string; dueDate: string; now: string },
) {
  const courseFilter = p.course ? sql`AND s.course = ${p.course}` : sql``;
  const res = await sql`
    INSERT INTO acc_demand_lines
      (college_id, student_id, fy, head_id, payer, sanction_status, amount_paise, paid_paise, waived_paise, source, source_ref, due_date, created_at)
    SELECT s.college_id, s.id, CAST(${p.fy} AS VARCHAR(7)), l.head_id, 'student', 'na', l.amount_paise, 0, 0, 'demand',
      CAST(${p.fy} AS VARCHAR(7)) || '/' || CAST(s.id AS VARCHAR(12)) || '/' || CAST(l.head_id AS VARCHAR(12)),
      CAST(${p.dueDate} AS VARCHAR(10)), CAST(${p.now} AS VARCHAR(40))
    FROM students s
    LEFT JOIN acc_student_profiles p ON p.student_id = s.id AND p.college_id = s.college_id
    INNER JOIN acc_fee_structures f ON f.college_id = s.college_id AND f.course = s.course AND f.batch = s.batch
      AND f.year_of_study = ${p.year} AND f.seat_type = COALESCE(p.seat_type, 'Convener')
    INNER JOIN acc_fee_structure_lines l ON l.structure_id = f.id
    WHERE s.college_id = ${p.collegeId} AND s.batch = ${p.batch} ${courseFilter}
    ON CONFLICT (college_id, source, source_ref) DO NOTHING
  `.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

export async function demandTotal(db: Db, collegeId: number, fy: string, batch: string, course?: string) {
  let q = db
    .selectFrom('acc_demand_lines as d')
    .innerJoin('students as s', 's.id', 'd.student_id')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('d.amount_paise').as('total')])
    .where('d.college_id', '=', collegeId)
    .where('d.fy', '=', fy)
    .where('d.source', '=', 'demand')
    .where('s.batch', '=', batch);
  if (course) q = q.where('s.course', '=', course);
  const r = await q.executeTakeFirst();
  return { lines: Number(r?.n ?? 0), total: Number(r?.total ?? 0) };
}
