import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/migrations/helpers.js';
import { prepared } from '../../db/prepared.js';
import type { DB } from '../../db/tables.js';
import { nextCounter } from '../../lib/counters.js';
import { anyColumnContains } from '../../lib/search.js';
import { cappedRows, pagedRows } from '../../lib/capped.js';

// Buildings, rooms, beds.

export async function buildings(db: Db, collegeId: number) {
  return db
    .selectFrom('hostel_buildings')
    .select(['id', 'name', 'kind', 'warden_name', 'warden_phone'])
    .where('college_id', '=', collegeId)
    .orderBy('name')
    .execute();
}

export async function building(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('hostel_buildings')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function buildingByName(db: Db, collegeId: number, name: string) {
  return db
    .selectFrom('hostel_buildings')
    .select('id')
    .where('college_id', '=', collegeId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export async function insertBuilding(db: Db, row: Insertable<DB['hostel_buildings']>) {
  return (await db.insertInto('hostel_buildings').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Per building: rooms, beds, occupied (an active allotment holds it), reserved (held, not occupied), floors. */
export async function buildingCounts(db: Db, collegeId: number, buildingId?: number) {
  let q = db
    .selectFrom('hostel_beds as b')
    .leftJoin('hostel_allotments as a', 'a.active_bed_id', 'b.id')
    .select((eb) => [
      'b.building_id as buildingId',
      eb.fn.countAll<number>().as('beds'),
      eb.fn.count<number>('a.id').as('occupied'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('a.id', 'is', null), eb('b.reserved', '=', 1)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('reserved'),
      eb.fn.count<number>('b.room_id').distinct().as('rooms'),
    ])
    .where('b.college_id', '=', collegeId)
    .groupBy('b.building_id');
  if (buildingId !== undefined) q = q.where('b.building_id', '=', buildingId);
  return q.execute();
}

export async function floorsOf(db: Db, collegeId: number) {
  return db
    .selectFrom('hostel_rooms')
    .select(['building_id', 'floor'])
    .distinct()
    .where('college_id', '=', collegeId)
    .orderBy('building_id')
    .orderBy('floor')
    .execute();
}

export async function existingRoomNos(db: Db, buildingId: number, roomNos: string[]) {
  const found: string[] = [];
  for (let i = 0; i < roomNos.length; i += 500) {
    const rows = await db
      .selectFrom('hostel_rooms')
      .select('room_no')
      .where('building_id', '=', buildingId)
      .where('room_no', 'in', roomNos.slice(i, i + 500))
      .execute();
    found.push(...rows.map((r) => r.room_no));
  }
  return found;
}

export async function insertRooms(trx: Db, rows: Insertable<DB['hostel_rooms']>[]) {
  const out: Array<{ id: number; room_no: string; sharing: number }> = [];
  for (let i = 0; i < rows.length; i += 200) {
    out.push(
      ...(await trx
        .insertInto('hostel_rooms')
        .values(rows.slice(i, i + 200))
        .returning(['id', 'room_no', 'sharing'])
        .execute()),
    );
  }
  return out;
}

export async function insertBeds(trx: Db, rows: Insertable<DB['hostel_beds']>[]) {
  for (let i = 0; i < rows.length; i += 300)
    await trx
      .insertInto('hostel_beds')
      .values(rows.slice(i, i + 300))
      .execute();
}

/** A bed with its room and building, for allotment and transfer checks. */
// An allotment's reads are prepared (db/prepared.ts): built and compiled once, run per allotment.
const bedQuery = prepared((db, a: { collegeId: number; bedId: number }) =>
  db
    .selectFrom('hostel_beds as b')
    .innerJoin('hostel_rooms as r', 'r.id', 'b.room_id')
    .innerJoin('hostel_buildings as h', 'h.id', 'b.building_id')
    .select([
      'b.id',
      'b.label',
      'b.reserved',
      'b.room_id',
      'b.building_id',
      'r.room_no',
      'r.floor',
      'r.yearly_fee',
      'r.sharing',
      'h.name as building_name',
      'h.kind',
    ])
    .where('b.college_id', '=', a.collegeId)
    .where('b.id', '=', a.bedId),
);

export async function bed(db: Db, collegeId: number, bedId: number) {
  return bedQuery.first(db, { collegeId, bedId });
}

export async function bedHolder(db: Db, bedId: number) {
  return db.selectFrom('hostel_allotments').select('id').where('active_bed_id', '=', bedId).executeTakeFirst();
}

export async function setReserved(db: Db, collegeId: number, bedId: number, reserved: boolean, note: string) {
  await db
    .updateTable('hostel_beds')
    .set({ reserved: reserved ? 1 : 0, reserved_note: reserved ? note : '' })
    .where('college_id', '=', collegeId)
    .where('id', '=', bedId)
    .execute();
}

/** Every bed of the board with its room and, when held, the resident. One query. */
export async function board(db: Db, collegeId: number, f: { buildingId?: number }) {
  let q = db
    .selectFrom('hostel_beds as b')
    .innerJoin('hostel_rooms as r', 'r.id', 'b.room_id')
    .leftJoin('hostel_allotments as a', 'a.active_bed_id', 'b.id')
    .leftJoin('students as s', 's.id', 'a.student_id')
    .select([
      'b.id',
      'b.label',
      'b.reserved',
      'b.reserved_note',
      'r.id as room_id',
      'r.building_id',
      'r.floor',
      'r.room_no',
      'r.sharing',
      'r.ac',
      'r.yearly_fee',
      'a.id as allotment_id',
      's.roll_no',
      's.full_name',
    ])
    .where('b.college_id', '=', collegeId);
  if (f.buildingId !== undefined) q = q.where('b.building_id', '=', f.buildingId);
  return q.orderBy('r.building_id').orderBy('r.floor').orderBy('r.room_no').orderBy('b.label').execute();
}

/** Free beds (not held, not reserved) in a college's buildings of one kind, with their room and building. */
export async function freeBeds(db: Db, collegeId: number, f: { kind: string; buildingId?: number }) {
  let q = db
    .selectFrom('hostel_beds as b')
    .innerJoin('hostel_rooms as r', 'r.id', 'b.room_id')
    .innerJoin('hostel_buildings as h', 'h.id', 'b.building_id')
    .leftJoin('hostel_allotments as a', 'a.active_bed_id', 'b.id')
    .select([
      'b.id',
      'b.label',
      'b.building_id',
      'h.name as building_name',
      'r.floor',
      'r.room_no',
      'r.sharing',
      'r.ac',
      'r.yearly_fee',
    ])
    .where('b.college_id', '=', collegeId)
    .where('h.kind', '=', f.kind)
    .where('b.reserved', '=', 0)
    .where('a.id', 'is', null);
  if (f.buildingId !== undefined) q = q.where('b.building_id', '=', f.buildingId);
  return q.orderBy('h.name').orderBy('r.floor').orderBy('r.room_no').orderBy('b.label').execute();
}

// Students.

function studentQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name', 'gender', 'branch', 'batch', 'mobile', 'father_name'])
    .where('college_id', '=', collegeId);
}

export async function studentById(db: Db, collegeId: number, id: number) {
  return studentQuery(db, collegeId).where('id', '=', id).executeTakeFirst();
}

const studentByRollQuery = prepared((db, a: { collegeId: number; rollNo: string }) =>
  studentQuery(db, a.collegeId).where('roll_no', '=', a.rollNo),
);

export async function studentByRoll(db: Db, collegeId: number, rollNo: string) {
  return studentByRollQuery.first(db, { collegeId, rollNo: rollNo.toUpperCase() });
}

export async function studentIdOfUser(db: Db, collegeId: number, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('student_id')
    .where('college_id', '=', collegeId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.student_id ?? null;
}

// Applications.

function applicationQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('hostel_applications as p')
    .innerJoin('students as s', 's.id', 'p.student_id')
    .leftJoin('hostel_buildings as h', 'h.id', 'p.preferred_building_id')
    .select([
      'p.id',
      'p.student_id as studentId',
      's.roll_no as rollNo',
      's.full_name as name',
      's.gender',
      's.branch',
      'p.academic_year as academicYear',
      'p.preferred_building_id as preferredBuildingId',
      'h.name as preferredBuilding',
      'p.preferred_sharing as preferredSharing',
      'p.prefers_ac as prefersAc',
      'p.guardian_name as guardianName',
      'p.guardian_mobile as guardianMobile',
      'p.notes',
      'p.status',
      'p.decision_note as decisionNote',
      'p.created_at as createdAt',
    ])
    .where('p.college_id', '=', collegeId);
}

/** The lists below are cut at these for speed; each answer says how many rows match in all. */
export const HOSTEL_LIST_CAPS = { applications: 2000, transferRequests: 1000, outpasses: 500 } as const;

/** The first applications matching the filters, oldest first, and how many match. */
export async function applications(db: Db, collegeId: number, f: { status?: string; academicYear?: string; studentId?: number }) {
  let q = applicationQuery(db, collegeId);
  if (f.status) q = q.where('p.status', '=', f.status);
  if (f.academicYear) q = q.where('p.academic_year', '=', f.academicYear);
  if (f.studentId !== undefined) q = q.where('p.student_id', '=', f.studentId);
  return cappedRows(q.orderBy('p.created_at').orderBy('p.id'), HOSTEL_LIST_CAPS.applications);
}

export async function application(db: Db, collegeId: number, id: number) {
  return applicationQuery(db, collegeId).where('p.id', '=', id).executeTakeFirst();
}

/** The student's pending application for a year, if any (no joins: the allotment path is hot). */
const pendingApplicationQuery = prepared((db, a: { collegeId: number; studentId: number; academicYear: string }) =>
  db
    .selectFrom('hostel_applications')
    .select(['id', 'guardian_name', 'guardian_mobile'])
    .where('college_id', '=', a.collegeId)
    .where('student_id', '=', a.studentId)
    .where('academic_year', '=', a.academicYear)
    .where('status', '=', 'PENDING'),
);

export async function pendingApplication(db: Db, collegeId: number, studentId: number, academicYear: string) {
  return pendingApplicationQuery.first(db, { collegeId, studentId, academicYear });
}

export async function insertApplication(db: Db, row: Insertable<DB['hostel_applications']>) {
  return (await db.insertInto('hostel_applications').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Closes a pending application or transfer request; false when someone else decided it first. */
async function decidePending(
  db: Db,
  table: 'hostel_applications' | 'hostel_transfer_requests',
  collegeId: number,
  id: number,
  status: string,
  note: string,
  at: string,
) {
  const r = await db
    .updateTable(table)
    .set({ status, decision_note: note, decided_at: at })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Closes a pending application; false when someone else decided it first. */
export async function decideApplication(db: Db, collegeId: number, id: number, status: string, note: string, at: string) {
  return decidePending(db, 'hostel_applications', collegeId, id, status, note, at);
}

// Allotments.

export function allotmentQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('hostel_allotments as a')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .innerJoin('hostel_beds as b', 'b.id', 'a.bed_id')
    .innerJoin('hostel_rooms as r', 'r.id', 'a.room_id')
    .innerJoin('hostel_buildings as h', 'h.id', 'a.building_id')
    .select([
      'a.id',
      'a.allotment_no as allotmentNo',
      'a.student_id as studentId',
      's.roll_no as rollNo',
      's.full_name as name',
      's.gender',
      's.branch',
      's.batch',
      's.mobile',
      'a.academic_year as academicYear',
      'a.building_id as buildingId',
      'h.name as building',
      'r.floor',
      'r.room_no as roomNo',
      'a.bed_id as bedId',
      'b.label as bedLabel',
      'a.status',
      'a.from_date as fromDate',
      'a.vacated_on as vacatedOn',
      'a.guardian_name as guardianName',
      'a.guardian_mobile as guardianMobile',
      'a.override_reason as overrideReason',
      'a.vacate_note as vacateNote',
    ])
    .where('a.college_id', '=', collegeId);
}

export async function allotment(db: Db, collegeId: number, id: number) {
  return allotmentQuery(db, collegeId).where('a.id', '=', id).executeTakeFirst();
}

export async function activeAllotmentOf(db: Db, collegeId: number, studentId: number) {
  return allotmentQuery(db, collegeId).where('a.active_student_id', '=', studentId).executeTakeFirst();
}

export async function latestAllotmentOf(db: Db, collegeId: number, studentId: number) {
  return allotmentQuery(db, collegeId).where('a.student_id', '=', studentId).orderBy('a.id', 'desc').executeTakeFirst();
}

function filteredAllotments(db: Db, collegeId: number, f: { status: string; buildingId?: number; q?: string }) {
  let q = allotmentQuery(db, collegeId);
  if (f.status !== 'ALL') q = q.where('a.status', '=', f.status);
  if (f.buildingId !== undefined) q = q.where('a.building_id', '=', f.buildingId);
  if (f.q) q = q.where((eb) => eb.or([anyColumnContains(eb, ['s.roll_no', 's.full_name'], f.q!), eb('r.room_no', '=', f.q!)]));
  return q;
}

export async function allotments(
  db: Db,
  collegeId: number,
  f: { status: string; buildingId?: number; q?: string; page: number; pageSize: number },
) {
  const rows = await filteredAllotments(db, collegeId, f)
    .orderBy('h.name')
    .orderBy('r.room_no')
    .orderBy('b.label')
    .orderBy('a.id')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  const { n } = await filteredAllotments(db, collegeId, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function allResidents(db: Db, collegeId: number, buildingId?: number) {
  return filteredAllotments(db, collegeId, { status: 'ACTIVE', buildingId })
    .select(['s.father_name as fatherName', 's.email'])
    .orderBy('h.name')
    .orderBy('r.room_no')
    .orderBy('b.label')
    .execute();
}

/** The next number of the college's hostel allotments, allocated atomically inside the caller's transaction. */
export function nextAllotmentNo(trx: Db, collegeId: number): Promise<number> {
  return nextCounter(trx, collegeId, 'hostel_allotment');
}

export async function insertAllotment(trx: Db, row: Insertable<DB['hostel_allotments']>) {
  return (await trx.insertInto('hostel_allotments').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Changes an allotment only while it is active; false when it no longer was. */
async function updateActiveAllotment(trx: Db, collegeId: number, id: number, set: Updateable<DB['hostel_allotments']>) {
  const r = await trx
    .updateTable('hostel_allotments')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Moves an active allotment to another bed; the unique index on active_bed_id refuses a held bed. */
export async function moveAllotment(
  trx: Db,
  collegeId: number,
  id: number,
  to: { bed_id: number; room_id: number; building_id: number },
) {
  return updateActiveAllotment(trx, collegeId, id, { ...to, active_bed_id: to.bed_id });
}

/** Frees the bed and the student; false when the allotment was already vacated. */
export async function vacateAllotment(
  trx: Db,
  collegeId: number,
  id: number,
  set: { vacated_on: string; vacate_note: string; override_reason: string },
) {
  return updateActiveAllotment(trx, collegeId, id, { ...set, status: 'VACATED', active_bed_id: null, active_student_id: null });
}

/** Undoes an active allotment: frees the bed and the student; false when it was no longer active. */
export async function cancelAllotment(trx: Db, collegeId: number, id: number, set: { on: string; reason: string }) {
  return updateActiveAllotment(trx, collegeId, id, {
    status: 'CANCELLED',
    vacated_on: set.on,
    vacate_note: set.reason,
    active_bed_id: null,
    active_student_id: null,
  });
}

/** Puts an allotted application back in the queue (its allotment was undone). */
export async function reopenApplication(trx: Db, collegeId: number, id: number, note: string) {
  await trx
    .updateTable('hostel_applications')
    .set({ status: 'PENDING', decision_note: note, decided_at: null })
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', 'ALLOTTED')
    .execute();
}

/** The allotment's row fields the leaving rules need (its application and letter). */
export async function allotmentRow(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('hostel_allotments')
    .select(['id', 'application_id', 'letter_code', 'created_at'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The charges raised on one allotment (fee, room-change difference, deposit, damages), oldest first. */
export async function chargesOfAllotment(db: Db, collegeId: number, allotmentId: number) {
  return db
    .selectFrom('hostel_charges')
    .select(['id', 'kind', 'description', 'amount', 'allotment_id'])
    .where('college_id', '=', collegeId)
    .where('allotment_id', '=', allotmentId)
    .orderBy('id')
    .execute();
}

export async function insertHistory(trx: Db, row: Insertable<DB['hostel_bed_history']>) {
  await trx.insertInto('hostel_bed_history').values(row).execute();
}

export async function closeHistory(trx: Db, allotmentId: number, toDate: string) {
  await trx
    .updateTable('hostel_bed_history')
    .set({ to_date: toDate })
    .where('allotment_id', '=', allotmentId)
    .where('to_date', 'is', null)
    .execute();
}

export async function history(db: Db, collegeId: number, allotmentIds: number[]) {
  if (allotmentIds.length === 0) return [];
  return db
    .selectFrom('hostel_bed_history as x')
    .innerJoin('hostel_beds as b', 'b.id', 'x.bed_id')
    .innerJoin('hostel_rooms as r', 'r.id', 'b.room_id')
    .innerJoin('hostel_buildings as h', 'h.id', 'b.building_id')
    .select([
      'x.bed_id as bedId',
      'h.name as building',
      'r.room_no as roomNo',
      'b.label as bedLabel',
      'x.from_date as fromDate',
      'x.to_date as toDate',
      'x.reason',
    ])
    .where('x.college_id', '=', collegeId)
    .where('x.allotment_id', 'in', allotmentIds)
    .orderBy('x.id')
    .execute();
}

export async function allotmentIdsOfStudent(db: Db, collegeId: number, studentId: number) {
  const rows = await db
    .selectFrom('hostel_allotments')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .execute();
  return rows.map((r) => r.id);
}

// Ledger.

/**
 * Holds the allotment's row until the transaction ends, so two clerks taking money or checking
 * out the same student run one after the other (PostgreSQL; SQLite runs write transactions one
 * at a time already).
 */
export async function lockAllotment(trx: Db, collegeId: number, id: number) {
  if (!isPostgres(trx)) return;
  await trx
    .selectFrom('hostel_allotments')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .forUpdate()
    .execute();
}

export async function insertCharge(trx: Db, row: Insertable<DB['hostel_charges']>): Promise<number> {
  const r = await trx.insertInto('hostel_charges').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function insertReceipt(trx: Db, row: Insertable<DB['hostel_receipts']>): Promise<number> {
  const r = await trx.insertInto('hostel_receipts').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function charges(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('hostel_charges')
    .select(['id', 'kind', 'description', 'amount', 'created_at as date'])
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
}

export async function receipts(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('hostel_receipts')
    .select(['id', 'kind', sql<string>`mode || ' ' || reference`.as('description'), 'amount', 'paid_on as date'])
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();
}

// Transfer requests.

export async function transferRequests(db: Db, collegeId: number, f: { status?: string; studentId?: number; id?: number }) {
  let q = db
    .selectFrom('hostel_transfer_requests as t')
    .innerJoin('hostel_allotments as a', 'a.id', 't.allotment_id')
    .innerJoin('students as s', 's.id', 't.student_id')
    .innerJoin('hostel_beds as b', 'b.id', 'a.bed_id')
    .innerJoin('hostel_rooms as r', 'r.id', 'a.room_id')
    .innerJoin('hostel_buildings as h', 'h.id', 'a.building_id')
    .leftJoin('hostel_buildings as p', 'p.id', 't.preferred_building_id')
    .select([
      't.id',
      't.allotment_id as allotmentId',
      's.roll_no as rollNo',
      's.full_name as name',
      'h.name as building',
      'r.room_no as roomNo',
      'b.label as bedLabel',
      't.reason',
      'p.name as preferredBuilding',
      't.status',
      't.decision_note as decisionNote',
      't.created_at as createdAt',
    ])
    .where('t.college_id', '=', collegeId);
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.studentId !== undefined) q = q.where('t.student_id', '=', f.studentId);
  if (f.id !== undefined) q = q.where('t.id', '=', f.id);
  return cappedRows(q.orderBy('t.id', 'desc'), HOSTEL_LIST_CAPS.transferRequests);
}

export async function pendingTransferOf(db: Db, collegeId: number, allotmentId: number) {
  return db
    .selectFrom('hostel_transfer_requests')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('allotment_id', '=', allotmentId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
}

export async function insertTransferRequest(db: Db, row: Insertable<DB['hostel_transfer_requests']>) {
  return (await db.insertInto('hostel_transfer_requests').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function decideTransferRequest(db: Db, collegeId: number, id: number, status: string, note: string, at: string) {
  return decidePending(db, 'hostel_transfer_requests', collegeId, id, status, note, at);
}

export async function transferRequestRow(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('hostel_transfer_requests')
    .selectAll()
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

// Out-passes.

export function outpassQuery(db: Db, collegeId: number) {
  return db
    .selectFrom('hostel_outpasses as o')
    .innerJoin('students as s', 's.id', 'o.student_id')
    .leftJoin('hostel_allotments as a', 'a.id', 'o.allotment_id')
    .leftJoin('hostel_rooms as r', 'r.id', 'a.room_id')
    .leftJoin('hostel_buildings as h', 'h.id', 'a.building_id')
    .select([
      'o.id',
      'o.student_id as studentId',
      's.roll_no as rollNo',
      's.full_name as name',
      'h.name as building',
      'r.room_no as roomNo',
      'o.kind',
      'o.purpose',
      'o.destination',
      'o.leave_at as leaveAt',
      'o.return_by as returnBy',
      'o.status',
      'o.out_at as outAt',
      'o.in_at as inAt',
      'o.decision_note as decisionNote',
      'a.guardian_mobile as guardianMobile',
    ])
    .where('o.college_id', '=', collegeId);
}

/** Out-passes matching the filters, the latest leaving first (page them or cap them). */
function outpassesQuery(db: Db, collegeId: number, f: { status?: string; studentId?: number; q?: string; lateAt?: string }) {
  let q = outpassQuery(db, collegeId);
  if (f.status) q = q.where('o.status', '=', f.status);
  if (f.studentId !== undefined) q = q.where('o.student_id', '=', f.studentId);
  if (f.q) q = q.where((eb) => anyColumnContains(eb, ['s.roll_no', 's.full_name'], f.q!));
  if (f.lateAt) {
    const now = f.lateAt;
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('o.status', '=', 'RETURNED'), eb('o.in_at', '>', eb.ref('o.return_by'))]),
        eb.and([eb('o.status', '=', 'OUT'), eb('o.return_by', '<', now)]),
      ]),
    );
  }
  return q.orderBy('o.leave_at', 'desc').orderBy('o.id', 'desc');
}

/** One page of the register's out-passes and how many match. */
export async function outpassPage(
  db: Db,
  collegeId: number,
  f: Parameters<typeof outpassesQuery>[2],
  page: { page: number; pageSize: number },
) {
  return pagedRows(outpassesQuery(db, collegeId, f), page.page, page.pageSize);
}

/** The first out-passes matching the filters, the latest first, and how many match. */
export async function outpasses(db: Db, collegeId: number, f: Parameters<typeof outpassesQuery>[2]) {
  return cappedRows(outpassesQuery(db, collegeId, f), HOSTEL_LIST_CAPS.outpasses);
}

export async function outpass(db: Db, collegeId: number, id: number) {
  return outpassQuery(db, collegeId).where('o.id', '=', id).executeTakeFirst();
}

export async function openOutpassOf(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('hostel_outpasses')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .where('status', 'in', ['PENDING', 'APPROVED', 'OUT'])
    .executeTakeFirst();
}

export async function insertOutpass(db: Db, row: Insertable<DB['hostel_outpasses']>) {
  return (await db.insertInto('hostel_outpasses').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** Moves an out-pass from one status to the next; false when it was not in `from` any more. */
export async function stepOutpass(
  db: Db,
  collegeId: number,
  id: number,
  from: string,
  set: { status: string; decided_by?: number; decision_note?: string; out_at?: string; in_at?: string },
) {
  const r = await db
    .updateTable('hostel_outpasses')
    .set(set)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function counts(db: Db, collegeId: number, nowLocal: string) {
  const one = async (
    table: 'hostel_applications' | 'hostel_transfer_requests' | 'hostel_outpasses',
    status: string,
    returnBefore?: string,
  ) => {
    let q = db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('college_id', '=', collegeId)
      .where('status', '=', status);
    if (returnBefore !== undefined) q = q.where('return_by', '<', returnBefore);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const lateReturns = await one('hostel_outpasses', 'OUT', nowLocal);
  return {
    pendingApplications: await one('hostel_applications', 'PENDING'),
    pendingTransfers: await one('hostel_transfer_requests', 'PENDING'),
    pendingOutpasses: await one('hostel_outpasses', 'PENDING'),
    studentsOut: await one('hostel_outpasses', 'OUT'),
    lateReturns,
  };
}

/** Every hostel charge and office receipt of a college, oldest first (for posting what an older version never posted). */
export async function allChargesAndReceipts(db: Db, collegeId: number) {
  const [charges, receipts] = await Promise.all([
    db
      .selectFrom('hostel_charges')
      .select(['id', 'student_id', 'allotment_id', 'kind', 'amount', 'created_at'])
      .where('college_id', '=', collegeId)
      .where('amount', '>', 0)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('hostel_receipts')
      .select(['id', 'student_id', 'kind', 'mode', 'reference', 'amount', 'paid_on'])
      .where('college_id', '=', collegeId)
      .where('amount', '>', 0)
      .orderBy('paid_on')
      .orderBy('id')
      .execute(),
  ]);
  return { charges, receipts };
}
