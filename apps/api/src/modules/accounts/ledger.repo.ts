import { sql } from 'kysely';
import { prepared, preparedRows } from '../../db/prepared.js';
import type { DB } from '../../db/tables.js';
import { inChunks } from '../../lib/chunked.js';
import { nextCounter } from '../../lib/counters.js';
import { anyColumnContains, columnStartsWith } from '../../lib/search.js';
import { nowIso, type Db } from '../../db/index.js';

/** A database handle or a transaction: every write of the ledger runs inside the caller's transaction. */

/** The next value of a named counter of the college, allocated atomically inside the caller's transaction. */
export function nextNumber(trx: Db, collegeId: number, name: string): Promise<number> {
  return nextCounter(trx, collegeId, name);
}

/** The college's students, each with their accounts profile (seat type, admission number, parent's phone) when there is one. */
function studentsWithProfile(db: Db, collegeId: number) {
  return db
    .selectFrom('students')
    .leftJoin('acc_student_profiles as p', (j) => j.onRef('p.student_id', '=', 'students.id').on('p.college_id', '=', collegeId))
    .where('students.college_id', '=', collegeId);
}

/** What a search hit shows of a student. */
const HIT_COLUMNS = [
  'students.roll_no',
  'students.full_name',
  'students.course',
  'students.batch',
  'students.branch',
  'students.section',
  'p.admission_no',
] as const;

// A counter's every receipt reads the student, their lines, pays lines and writes the receipt:
// prepared (db/prepared.ts), built and compiled once.
const studentByRollQuery = prepared((db, a: { collegeId: number; rollNo: string }) =>
  studentsWithProfile(db, a.collegeId)
    .select(['students.id', ...HIT_COLUMNS, 'students.mobile', 'p.seat_type', 'p.parent_phone'])
    .where('students.roll_no', '=', a.rollNo),
);

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return studentByRollQuery.first(db, { collegeId, rollNo: rollNo.trim().toUpperCase() });
}

export async function searchStudents(db: Db, collegeId: number, q: string) {
  return studentsWithProfile(db, collegeId)
    .select(HIT_COLUMNS)
    .where((eb) =>
      eb.or([columnStartsWith('students.roll_no', q), anyColumnContains(eb, ['students.full_name', 'p.admission_no'], q)]),
    )
    .orderBy('students.roll_no')
    .limit(20)
    .execute();
}

// Every module's charge asks for its head, posts a line and reads the student's open lines:
// prepared (db/prepared.ts), built and compiled once.
const headByCodeQuery = prepared((db, a: { collegeId: number; code: string }) =>
  db.selectFrom('acc_fee_heads').selectAll().where('college_id', '=', a.collegeId).where('code', '=', a.code),
);

export async function headByCode(db: Db, collegeId: number, code: string) {
  return headByCodeQuery.first(db, { collegeId, code });
}

export async function insertHeadIfMissing(db: Db, collegeId: number, code: string, name: string, sortOrder: number) {
  await db
    .insertInto('acc_fee_heads')
    .values({ college_id: collegeId, code, name, sort_order: sortOrder })
    .onConflict((oc) => oc.columns(['college_id', 'code']).doNothing())
    .execute();
}

export async function lineBySource(db: Db, collegeId: number, source: string, sourceRef: string) {
  return db
    .selectFrom('acc_demand_lines')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('source', '=', source)
    .where('source_ref', '=', sourceRef)
    .executeTakeFirst();
}

type LineInsert = Omit<DB['acc_demand_lines'], 'id' | 'paid_paise' | 'waived_paise'>;
const insertLineQuery = prepared((db, a: LineInsert) =>
  db
    .insertInto('acc_demand_lines')
    .values({
      college_id: a.college_id,
      student_id: a.student_id,
      fy: a.fy,
      head_id: a.head_id,
      payer: a.payer,
      sanction_status: a.sanction_status,
      amount_paise: a.amount_paise,
      source: a.source,
      source_ref: a.source_ref,
      due_date: a.due_date,
      created_at: a.created_at,
    })
    .onConflict((oc) => oc.columns(['college_id', 'source', 'source_ref']).doNothing())
    .returning('id'),
);

export async function insertLine(db: Db, row: LineInsert) {
  return (await insertLineQuery.first(db, row))?.id ?? null;
}

const balance = sql<number>`acc_demand_lines.amount_paise - acc_demand_lines.paid_paise - acc_demand_lines.waived_paise`;

/** The student's lines in the stated order: oldest year first, then the heads' order. */
const linesOfQuery = prepared((db, a: { collegeId: number; studentId: number }) =>
  db
    .selectFrom('acc_demand_lines')
    .innerJoin('acc_fee_heads as h', 'h.id', 'acc_demand_lines.head_id')
    .selectAll('acc_demand_lines')
    .select(['h.code as head_code', 'h.name as head_name', 'h.sort_order', balance.as('balance')])
    .where('acc_demand_lines.college_id', '=', a.collegeId)
    .where('acc_demand_lines.student_id', '=', a.studentId)
    .orderBy('acc_demand_lines.fy')
    .orderBy('h.sort_order')
    .orderBy('acc_demand_lines.id'),
);

export async function linesOf(db: Db, collegeId: number, studentId: number) {
  return linesOfQuery.all(db, { collegeId, studentId });
}

export async function lineById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('acc_demand_lines')
    .innerJoin('acc_fee_heads as h', 'h.id', 'acc_demand_lines.head_id')
    .selectAll('acc_demand_lines')
    .select(['h.name as head_name', balance.as('balance')])
    .where('acc_demand_lines.college_id', '=', collegeId)
    .where('acc_demand_lines.id', '=', id)
    .executeTakeFirst();
}

/** Adds to what was paid on a line only while the line still owes that much; 0 rows means it no longer does. */
const addPaidQuery = prepared((db, a: { lineId: number; amount: number }) =>
  db
    .updateTable('acc_demand_lines')
    .set({ paid_paise: sql`paid_paise + ${a.amount}` })
    .where('id', '=', a.lineId)
    .where(sql<number>`amount_paise - paid_paise - waived_paise`, '>=', a.amount),
);

export async function addPaid(db: Db, lineId: number, amount: number): Promise<boolean> {
  return (await addPaidQuery.changes(db, { lineId, amount })) === 1;
}

/** Waives part of a line only while the line still owes that much. */
export async function addWaived(db: Db, lineId: number, amount: number): Promise<boolean> {
  const res = await db
    .updateTable('acc_demand_lines')
    .set({ waived_paise: sql`waived_paise + ${amount}` })
    .where('id', '=', lineId)
    .where(sql<number>`amount_paise - paid_paise - waived_paise`, '>=', amount)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A student's open lines posted by one module, in the stated order (for the module's own desk). */
const openLinesOfSourceQuery = prepared((db, a: { collegeId: number; studentId: number; source: string }) =>
  db
    .selectFrom('acc_demand_lines')
    .innerJoin('acc_fee_heads as h', 'h.id', 'acc_demand_lines.head_id')
    .select([
      'acc_demand_lines.id',
      'acc_demand_lines.head_id',
      'acc_demand_lines.fy',
      'acc_demand_lines.source_ref',
      balance.as('balance'),
    ])
    .where('acc_demand_lines.college_id', '=', a.collegeId)
    .where('acc_demand_lines.student_id', '=', a.studentId)
    .where('acc_demand_lines.source', '=', a.source)
    .where('acc_demand_lines.payer', '=', 'student')
    .where(balance, '>', 0)
    .orderBy('acc_demand_lines.fy')
    .orderBy('h.sort_order')
    .orderBy('acc_demand_lines.id'),
);

export async function openLinesOfSource(db: Db, collegeId: number, studentId: number, source: string) {
  return openLinesOfSourceQuery.all(db, { collegeId, studentId, source });
}

/** A student's lines posted by one module, whatever their balance (for the module's screens). */
export async function linesOfSource(db: Db, collegeId: number, studentId: number, source: string) {
  return db
    .selectFrom('acc_demand_lines')
    .innerJoin('acc_fee_heads as h', 'h.id', 'acc_demand_lines.head_id')
    .selectAll('acc_demand_lines')
    .select(['h.name as head_name', balance.as('balance')])
    .where('acc_demand_lines.college_id', '=', collegeId)
    .where('acc_demand_lines.student_id', '=', studentId)
    .where('acc_demand_lines.source', '=', source)
    .orderBy('acc_demand_lines.fy')
    .orderBy('acc_demand_lines.id')
    .execute();
}

/** Lines of one module by its own references (e.g. the passes on a page). */
export async function linesByRefs(db: Db, collegeId: number, source: string, refs: string[]) {
  if (!refs.length) return [];
  return db
    .selectFrom('acc_demand_lines')
    .select(['source_ref', 'amount_paise', 'paid_paise', 'waived_paise'])
    .where('college_id', '=', collegeId)
    .where('source', '=', source)
    .where('source_ref', 'in', refs)
    .execute();
}

/** Lines by id with their posting module's reference (to tell the module what changed). */
const linesByIdsQuery = preparedRows((db, a: { collegeId: number }, rows: Array<{ id: number }>) =>
  db
    .selectFrom('acc_demand_lines')
    .select(['id', 'source', 'source_ref', 'amount_paise', 'paid_paise', 'waived_paise'])
    .where('college_id', '=', a.collegeId)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    ),
);

export async function linesByIds(db: Db, collegeId: number, ids: number[]) {
  return linesByIdsQuery.all(
    db,
    { collegeId },
    ids.map((id) => ({ id })),
  );
}

export async function subtractPaid(db: Db, lineId: number, amount: number) {
  await db
    .updateTable('acc_demand_lines')
    .set({ paid_paise: sql`paid_paise - ${amount}` })
    .where('id', '=', lineId)
    .execute();
}

export async function setSanction(db: Db, lineId: number, status: string) {
  await db.updateTable('acc_demand_lines').set({ sanction_status: status }).where('id', '=', lineId).execute();
}

type ReceiptInsert = Omit<DB['acc_receipts'], 'id' | 'doc_code'> & { doc_code: string };
const insertReceiptQuery = prepared((db, a: ReceiptInsert) =>
  db
    .insertInto('acc_receipts')
    .values({
      college_id: a.college_id,
      kind: a.kind,
      series: a.series,
      fy: a.fy,
      receipt_no: a.receipt_no,
      reverses_id: a.reverses_id,
      student_id: a.student_id,
      entry_date: a.entry_date,
      mode: a.mode,
      reference: a.reference,
      bank: a.bank,
      instrument_date: a.instrument_date,
      amount_paise: a.amount_paise,
      status: a.status,
      cancel_reason: a.cancel_reason,
      cancelled_by: a.cancelled_by,
      cancelled_at: a.cancelled_at,
      clerk_id: a.clerk_id,
      clerk: a.clerk,
      source: a.source,
      source_ref: a.source_ref,
      doc_code: a.doc_code,
      created_at: a.created_at,
    })
    .returning('id'),
);

/** A receipt or reversal; `doc_code` is the issued document's code, empty until there is one. */
export async function insertReceipt(db: Db, row: Omit<ReceiptInsert, 'doc_code'> & { doc_code?: string }) {
  const inserted = await insertReceiptQuery.first(db, { ...row, doc_code: row.doc_code ?? '' });
  if (!inserted) throw new Error('The receipt was not saved');
  return inserted;
}

export async function setReceiptDocCode(db: Db, id: number, code: string) {
  await db.updateTable('acc_receipts').set({ doc_code: code }).where('id', '=', id).execute();
}

type AllocationInsert = Omit<DB['acc_allocations'], 'id'>;
const insertAllocationsQuery = preparedRows((db, _a: Record<string, never>, rows: AllocationInsert[]) =>
  db.insertInto('acc_allocations').values(
    rows.map((r) => ({
      college_id: r.college_id,
      receipt_id: r.receipt_id,
      line_id: r.line_id,
      head_id: r.head_id,
      amount_paise: r.amount_paise,
    })),
  ),
);

export async function insertAllocations(db: Db, rows: AllocationInsert[]) {
  await insertAllocationsQuery.changes(db, {}, rows);
}

export async function receiptBySource(db: Db, collegeId: number, source: string, sourceRef: string) {
  return db
    .selectFrom('acc_receipts')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('source', '=', source)
    .where('source_ref', '=', sourceRef)
    .executeTakeFirst();
}

const receiptColumns = [
  'acc_receipts.id',
  'acc_receipts.kind',
  'acc_receipts.series',
  'acc_receipts.fy',
  'acc_receipts.receipt_no',
  'acc_receipts.reverses_id',
  'acc_receipts.entry_date',
  'acc_receipts.mode',
  'acc_receipts.reference',
  'acc_receipts.bank',
  'acc_receipts.instrument_date',
  'acc_receipts.amount_paise',
  'acc_receipts.status',
  'acc_receipts.cancel_reason',
  'acc_receipts.cancelled_by',
  'acc_receipts.clerk',
  'acc_receipts.doc_code',
  'acc_receipts.created_at',
  'acc_receipts.student_id',
  's.roll_no',
  's.full_name',
  's.course',
  's.batch',
  's.branch',
] as const;

export async function receiptById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('acc_receipts')
    .innerJoin('students as s', 's.id', 'acc_receipts.student_id')
    .select(receiptColumns)
    .where('acc_receipts.college_id', '=', collegeId)
    .where('acc_receipts.id', '=', id)
    .executeTakeFirst();
}

export async function receiptsOfStudent(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('acc_receipts')
    .innerJoin('students as s', 's.id', 'acc_receipts.student_id')
    .select(receiptColumns)
    .where('acc_receipts.college_id', '=', collegeId)
    .where('acc_receipts.student_id', '=', studentId)
    .orderBy('acc_receipts.entry_date', 'desc')
    .orderBy('acc_receipts.id', 'desc')
    .execute();
}

export async function allocationsOf(db: Db, collegeId: number, receiptIds: number[]) {
  if (!receiptIds.length) return [];
  return db
    .selectFrom('acc_allocations as a')
    .innerJoin('acc_demand_lines as l', 'l.id', 'a.line_id')
    .innerJoin('acc_fee_heads as h', 'h.id', 'a.head_id')
    .select(['a.receipt_id', 'a.line_id', 'a.head_id', 'a.amount_paise', 'h.name as head_name', 'l.fy'])
    .where('a.college_id', '=', collegeId)
    .where('a.receipt_id', 'in', receiptIds)
    .orderBy('a.id')
    .execute();
}

/** What a receipt brought beyond its allocations, held for the student (one row per receipt). */
export async function insertExcessCredit(
  db: Db,
  row: { college_id: number; student_id: number; receipt_id: number; amount_paise: number; created_at: string },
) {
  await db
    .insertInto('acc_excess_credits')
    .values({ ...row, status: 'open' })
    .execute();
}

export async function cancelExcessCredit(db: Db, collegeId: number, receiptId: number) {
  await db
    .updateTable('acc_excess_credits')
    .set({ status: 'cancelled' })
    .where('college_id', '=', collegeId)
    .where('receipt_id', '=', receiptId)
    .execute();
}

/** What each still-active receipt paid on a line, newest receipt first (a cancelled receipt's allocations net to nothing). */
export async function activeAllocationsOfLine(db: Db, collegeId: number, lineId: number) {
  return db
    .selectFrom('acc_allocations as a')
    .innerJoin('acc_receipts as r', 'r.id', 'a.receipt_id')
    .select(['a.id', 'a.receipt_id', 'a.amount_paise', 'r.student_id'])
    .where('a.college_id', '=', collegeId)
    .where('a.line_id', '=', lineId)
    .where('r.kind', '=', 'receipt')
    .where('r.status', '=', 'active')
    .where('a.amount_paise', '>', 0)
    .orderBy('a.receipt_id', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
}

/** Lowers one allocation (money taken off a line goes back to its receipt). */
export async function reduceAllocation(db: Db, allocationId: number, amount: number): Promise<boolean> {
  const r = await db
    .updateTable('acc_allocations')
    .set({ amount_paise: sql`amount_paise - ${amount}` })
    .where('id', '=', allocationId)
    .where('amount_paise', '>=', amount)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Adds to a receipt's excess credit (opening it again if it was all set against dues), or starts one. */
export async function addToExcess(db: Db, row: { college_id: number; student_id: number; receipt_id: number; amount_paise: number }) {
  const r = await db
    .updateTable('acc_excess_credits')
    .set({ amount_paise: sql`amount_paise + ${row.amount_paise}`, status: 'open' })
    .where('college_id', '=', row.college_id)
    .where('receipt_id', '=', row.receipt_id)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await insertExcessCredit(db, { ...row, created_at: nowIso() });
}

export async function excessById(db: Db, collegeId: number, id: number) {
  return db.selectFrom('acc_excess_credits').selectAll().where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

/** Sets what is left of an open excess credit; only while it is still open at the amount read (a race loses). */
export async function setExcessLeft(db: Db, id: number, from: number, left: number): Promise<boolean> {
  const r = await db
    .updateTable('acc_excess_credits')
    .set({ amount_paise: left, status: left === 0 ? 'adjusted' : 'open' })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('amount_paise', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function excessOfReceipts(db: Db, collegeId: number, receiptIds: number[]) {
  if (!receiptIds.length) return [];
  return db
    .selectFrom('acc_excess_credits')
    .select(['receipt_id', 'amount_paise'])
    .where('college_id', '=', collegeId)
    .where('receipt_id', 'in', receiptIds)
    .execute();
}

/** The excess credits of the college, newest first, with their receipt and student. */
export async function excessCredits(db: Db, collegeId: number, q: { status?: string; rollNo?: string }) {
  let query = db
    .selectFrom('acc_excess_credits as x')
    .innerJoin('acc_receipts as r', 'r.id', 'x.receipt_id')
    .innerJoin('students as s', 's.id', 'x.student_id')
    .select([
      'x.id',
      'x.receipt_id',
      'x.amount_paise',
      'x.status',
      'x.created_at',
      'r.series',
      'r.fy',
      'r.receipt_no',
      'r.reference',
      'r.entry_date',
      'r.mode',
      'r.amount_paise as receipt_amount_paise',
      's.roll_no',
      's.full_name',
    ])
    .where('x.college_id', '=', collegeId);
  if (q.status) query = query.where('x.status', '=', q.status);
  if (q.rollNo) query = query.where('s.roll_no', '=', q.rollNo.trim().toUpperCase());
  return query.orderBy('x.id', 'desc').limit(500).execute();
}

/** Marks an active counter receipt cancelled; 0 rows means it was not an active counter receipt. */
export async function markCancelled(db: Db, collegeId: number, id: number, reason: string, by: string, at: string) {
  const res = await db
    .updateTable('acc_receipts')
    .set({ status: 'cancelled', cancel_reason: reason, cancelled_by: by, cancelled_at: at })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('kind', '=', 'receipt')
    .where('series', '=', 'C')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function headCodeById(db: Db, collegeId: number, headId: number) {
  const h = await db
    .selectFrom('acc_fee_heads')
    .select('code')
    .where('college_id', '=', collegeId)
    .where('id', '=', headId)
    .executeTakeFirst();
  return h?.code;
}

/** The roll number of the student a login belongs to (null for staff logins). */
export async function rollOfUser(db: Db, collegeId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .innerJoin('students as s', 's.id', 'users.student_id')
    .select(['s.roll_no', 's.id'])
    .where('users.college_id', '=', collegeId)
    .where('s.college_id', '=', collegeId)
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** The roll numbers among these with anything open in the ledger (their own share). */
export async function owingRolls(db: Db, collegeId: number, rollNos: readonly string[]): Promise<string[]> {
  const rows = await inChunks(rollNos, (part) =>
    db
      .selectFrom('acc_demand_lines')
      .innerJoin('students as s', 's.id', 'acc_demand_lines.student_id')
      .select('s.roll_no')
      .where('acc_demand_lines.college_id', '=', collegeId)
      .where('s.college_id', '=', collegeId)
      .where('s.roll_no', 'in', part)
      .where('acc_demand_lines.payer', '=', 'student')
      .groupBy('s.roll_no')
      .having(sql<number>`sum(${balance})`, '>', 0)
      .execute(),
  );
  return rows.map((r) => r.roll_no);
}

/** What each of these students owes now on their own lines (not the state's or a sponsor's), by student id; a source may be left out. */
export async function duesByStudent(db: Db, collegeId: number, studentIds: readonly number[], exceptSource?: string) {
  return inChunks(studentIds, (part) => {
    let q = db
      .selectFrom('acc_demand_lines')
      .select(['student_id', sql<number>`sum(${balance})`.as('due')])
      .where('college_id', '=', collegeId)
      .where('student_id', 'in', part)
      .where('payer', '=', 'student');
    if (exceptSource) q = q.where('source', '!=', exceptSource);
    return q.groupBy('student_id').execute();
  });
}

/** The numbers of these receipts, by id (a reversal names the receipt it reverses by its number). */
export async function receiptNumbers(db: Db, collegeId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('acc_receipts')
    .select(['id', 'series', 'fy', 'receipt_no', 'reference'])
    .where('college_id', '=', collegeId)
    .where('id', 'in', ids)
    .execute();
}
