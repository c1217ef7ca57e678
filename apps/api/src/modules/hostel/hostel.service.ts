import {
  HOSTEL_MSG,
  HOSTEL_STAFF_ROLES,
  hostelPercent,
  roomNumber,
  type TBoardRoom,
  type TBuildingStats,
  type THostelSummary,
  type TOccupancy,
  type TOccupancyQuery,
} from '@erp/shared';
import { z } from 'zod';
import { ZBuildingCreate, ZRoomsBulk } from '@erp/shared';
import type { Database, Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import type { Insertable } from 'kysely';
import type { DB } from '../../db/tables.js';
import { dueFromSource, postCharge, postedCharges, settleFromSource, waiveFromSource } from '../accounts/index.js';
import * as repo from './hostel.repo.js';

/** Local (IST) clock: the hostel register speaks in the college's time, not UTC. */
export const nowLocal = (at = Date.now()) => new Date(at + 330 * 60_000).toISOString().slice(0, 16);
export const todayLocal = () => nowLocal().slice(0, 10);

export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

export const actorOf = (user: RequestUser) => ({ id: user.id, username: user.username });
export const isStaff = (user: RequestUser) => user.roles.some((r) => (HOSTEL_STAFF_ROLES as string[]).includes(r));

export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The student a call is about: a student always acts for themselves (a roll number naming someone
 * else is refused); the office names the student by roll number or id.
 */
export async function studentFor(db: Database, user: RequestUser, ref: { rollNo?: string; studentId?: number }) {
  if (!isStaff(user)) {
    const own = await repo.studentIdOfUser(db, user.collegeId, user.id);
    if (!own) throw forbidden(HOSTEL_MSG.noStudentLink);
    const student = await repo.studentById(db, user.collegeId, own);
    if (!student) throw forbidden(HOSTEL_MSG.noStudentLink);
    if (
      (ref.rollNo && ref.rollNo.toUpperCase() !== student.roll_no) ||
      (ref.studentId !== undefined && ref.studentId !== student.id)
    ) {
      throw forbidden('A student may only act for themselves');
    }
    return student;
  }
  const student =
    ref.studentId !== undefined
      ? await repo.studentById(db, user.collegeId, ref.studentId)
      : ref.rollNo
        ? await repo.studentByRoll(db, user.collegeId, ref.rollNo)
        : undefined;
  if (!student)
    throw ref.studentId !== undefined || ref.rollNo ? notFound(HOSTEL_MSG.studentNotFound) : badRequest('Choose the student');
  return student;
}

/** Boys' hostels take male students, girls' hostels female students; staff quarters take no students. */
export function assertGender(kind: string, gender: string) {
  if (kind === 'STAFF') throw badRequest(HOSTEL_MSG.staffBuilding);
  const wanted = kind === 'BOYS' ? 'MALE' : 'FEMALE';
  if (gender.toUpperCase() !== wanted)
    throw badRequest(HOSTEL_MSG.genderMismatch(kind === 'BOYS' ? 'boys' : 'girls', gender || 'unknown'));
}

/** The source name of the hostel's charges in the accounts ledger. */
export const LEDGER_SOURCE = 'hostel';

/**
 * What a student owes the hostel, in paise: the hostel's charges (fees per allotment year,
 * damages at checkout) as the accounts ledger holds them, so money paid at the accounts counter
 * counts as much as money paid at the hostel office.
 */
export async function hostelDues(db: Db, collegeId: number, studentId: number): Promise<number> {
  return dueFromSource(db, collegeId, studentId, LEDGER_SOURCE);
}

type HostelCharge = Insertable<DB['hostel_charges']>;

/** The ledger reference of an allotment's caution deposit: one per allotment. */
export const depositRef = (allotmentId: number) => `caution-${allotmentId}`;

/** Where a hostel charge sits in the accounts ledger: its fee head and its reference there. */
export function ledgerLineOf(c: { id: number; kind: string; allotment_id: number | null }) {
  if (c.kind === 'DEPOSIT' && c.allotment_id !== null)
    return { head: 'CAUTION_DEPOSIT', headName: 'Hostel caution deposit', sourceRef: depositRef(c.allotment_id) };
  if (c.kind === 'DAMAGE') return { head: 'HOSTEL_DAMAGE', headName: 'Hostel damages', sourceRef: `charge-${c.id}` };
  return { head: 'HOSTEL', headName: 'Hostel Fee', sourceRef: `charge-${c.id}` };
}

/** Records hostel charges and posts each into the student ledger, inside the caller's transaction. */
export async function chargeAndPost(trx: Db, rows: HostelCharge[], dueDate: string) {
  for (const row of rows) {
    const id = await repo.insertCharge(trx, row);
    await postCharge(trx, {
      collegeId: row.college_id,
      studentId: row.student_id,
      ...ledgerLineOf({ id, kind: row.kind, allotment_id: row.allotment_id ?? null }),
      amountPaise: row.amount,
      source: LEDGER_SOURCE,
      dueDate,
    });
  }
}

/**
 * Records money taken at the hostel office and passes it to the student ledger as a hostel-desk
 * receipt against the hostel's lines. (A waiver is never recorded here: it is a concession the
 * accounts office approves, see recordPayment.)
 */
export async function receiveAndPost(
  trx: Db,
  row: Insertable<DB['hostel_receipts']> & { kind: 'PAYMENT' },
  actor: { id: number; username: string },
) {
  const id = await repo.insertReceipt(trx, row);
  await settleFromSource(trx, {
    collegeId: row.college_id,
    actor,
    studentId: row.student_id,
    source: LEDGER_SOURCE,
    paymentRef: `receipt-${id}`,
    amountPaise: row.amount,
    mode: row.mode ?? 'cash',
    reference: `Hostel office ${row.mode ?? ''} ${row.reference ?? ''}`.replace(/\s+/g, ' ').trim(),
    date: row.paid_on,
  });
  return id;
}

/**
 * Posts the hostel charges an older version kept only in the hostel's tables (inside the caller's
 * transaction, one college): each unposted charge becomes its ledger line once. For the students
 * whose charges were just posted, the office's receipts are passed as hostel-desk receipts (once
 * per receipt) and its waivers waive what the ledger has not yet waived. Returns the counts.
 */
export async function ledgerBackfill(trx: Db, collegeId: number) {
  const { charges, receipts } = await repo.allChargesAndReceipts(trx, collegeId);
  const students = new Set<number>();
  let posted = 0;
  for (const c of charges) {
    const { created } = await postCharge(trx, {
      collegeId,
      studentId: c.student_id,
      ...ledgerLineOf(c),
      amountPaise: c.amount,
      source: LEDGER_SOURCE,
      dueDate: c.created_at.slice(0, 10),
    });
    if (created) {
      posted++;
      students.add(c.student_id);
    }
  }
  let payments = 0;
  for (const r of receipts) {
    if (!students.has(r.student_id) || r.kind === 'WAIVER') continue;
    await settleFromSource(trx, {
      collegeId,
      actor: { id: null, username: 'ledger backfill' },
      studentId: r.student_id,
      source: LEDGER_SOURCE,
      paymentRef: `receipt-${r.id}`,
      amountPaise: r.amount,
      mode: r.mode ?? 'cash',
      reference: `Hostel office ${r.mode ?? ''} ${r.reference ?? ''}`.replace(/\s+/g, ' ').trim(),
      date: r.paid_on,
    });
    payments++;
  }
  for (const studentId of students) {
    const waivers = receipts.filter((r) => r.student_id === studentId && r.kind === 'WAIVER').reduce((n, r) => n + r.amount, 0);
    if (!waivers) continue;
    const inLedger = (await postedCharges(trx, collegeId, studentId, LEDGER_SOURCE)).reduce((n, l) => n + l.waivedPaise, 0);
    if (waivers > inLedger)
      await waiveFromSource(trx, { collegeId, studentId, source: LEDGER_SOURCE, amountPaise: waivers - inLedger });
  }
  return { charges: posted, payments };
}

/** For the portals' overview: the student's bed, hostel dues and out-passes waiting, read only. */
export async function hostelGlance(db: Database, collegeId: number, studentId: number) {
  const [a, dues, pending] = await Promise.all([
    repo.activeAllotmentOf(db, collegeId, studentId),
    // What the ledger holds: counter payments and approved waivers count, as on every other screen.
    hostelDues(db, collegeId, studentId),
    repo.outpasses(db, collegeId, { studentId, status: 'PENDING' }),
  ]);
  return {
    room: a ? `${a.building}, Room ${a.roomNo}-${a.bedLabel}` : null,
    dues: Math.max(0, dues),
    outpassesPending: pending.total,
  };
}

// Buildings and rooms.

async function buildingStats(db: Database, collegeId: number, buildingId?: number): Promise<TBuildingStats[]> {
  const [list, counts, floors] = await Promise.all([
    repo.buildings(db, collegeId),
    repo.buildingCounts(db, collegeId, buildingId),
    repo.floorsOf(db, collegeId),
  ]);
  const byId = new Map(counts.map((c) => [c.buildingId, c]));
  const floorsBy = new Map<number, number[]>();
  for (const f of floors) floorsBy.set(f.building_id, [...(floorsBy.get(f.building_id) ?? []), f.floor]);
  return list
    .filter((b) => buildingId === undefined || b.id === buildingId)
    .map((b) => {
      const c = byId.get(b.id);
      const beds = Number(c?.beds ?? 0);
      const occupied = Number(c?.occupied ?? 0);
      const reserved = Number(c?.reserved ?? 0);
      return {
        id: b.id,
        name: b.name,
        kind: b.kind,
        wardenName: b.warden_name,
        wardenPhone: b.warden_phone,
        floors: floorsBy.get(b.id) ?? [],
        rooms: Number(c?.rooms ?? 0),
        beds,
        occupied,
        reserved,
        free: beds - occupied - reserved,
        occupancyPct: hostelPercent(occupied, beds),
        vacancyPct: hostelPercent(beds - occupied - reserved, beds),
      };
    });
}

export const listBuildings = (db: Database, collegeId: number) => buildingStats(db, collegeId);

export async function createBuilding(db: Database, user: RequestUser, input: z.output<typeof ZBuildingCreate>) {
  const collegeId = user.collegeId;
  if (await repo.buildingByName(db, collegeId, input.name)) throw conflict(HOSTEL_MSG.buildingExists);
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const newId = await repo.insertBuilding(trx, {
        college_id: collegeId,
        name: input.name,
        kind: input.kind,
        warden_name: input.wardenName,
        warden_phone: input.wardenPhone,
        created_at: nowIso(),
      });
      await audit(trx, {
        collegeId,
        actor: actorOf(user),
        action: 'hostel.building.create',
        entity: 'hostel_building',
        entityId: newId,
        after: input,
      });
      return newId;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(HOSTEL_MSG.buildingExists);
    throw e;
  }
  return (await buildingStats(db, collegeId, id))[0];
}

const BED_LABELS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** "Floors 1–4, rooms 01–20, 3-sharing": every room and its beds in one transaction, or none. */
export async function createRooms(db: Database, user: RequestUser, buildingId: number, input: z.output<typeof ZRoomsBulk>) {
  const collegeId = user.collegeId;
  const building = await repo.building(db, collegeId, buildingId);
  if (!building) throw notFound(HOSTEL_MSG.buildingNotFound);
  const numbers: Array<{ floor: number; roomNo: string }> = [];
  for (let f = input.floorFrom; f <= input.floorTo; f++)
    for (let n = input.roomFrom; n <= input.roomTo; n++) numbers.push({ floor: f, roomNo: roomNumber(f, n) });
  if (numbers.length > 1000) throw badRequest(HOSTEL_MSG.tooManyRooms);
  const clash = await repo.existingRoomNos(
    db,
    buildingId,
    numbers.map((r) => r.roomNo),
  );
  if (clash.length) throw conflict(HOSTEL_MSG.roomsExist(clash));
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      const rooms = await repo.insertRooms(
        trx,
        numbers.map((r) => ({
          college_id: collegeId,
          building_id: buildingId,
          floor: r.floor,
          room_no: r.roomNo,
          sharing: input.sharing,
          ac: input.ac ? 1 : 0,
          yearly_fee: input.yearlyFee,
          created_at: now,
        })),
      );
      await repo.insertBeds(
        trx,
        rooms.flatMap((r) =>
          BED_LABELS.slice(0, r.sharing).map((label) => ({
            college_id: collegeId,
            building_id: buildingId,
            room_id: r.id,
            label,
          })),
        ),
      );
      await audit(trx, {
        collegeId,
        actor: actorOf(user),
        action: 'hostel.rooms.create',
        entity: 'hostel_building',
        entityId: buildingId,
        after: input,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(HOSTEL_MSG.roomsExist(numbers.map((r) => r.roomNo)));
    throw e;
  }
  return {
    message: `${numbers.length} rooms with ${numbers.length * input.sharing} beds created in ${building.name}`,
    rooms: numbers.length,
    beds: numbers.length * input.sharing,
    first: numbers[0].roomNo,
    last: numbers[numbers.length - 1].roomNo,
  };
}

/** Holds a free bed back from allotment (repairs, a reserved seat) or releases it. */
export async function reserveBed(db: Database, user: RequestUser, bedId: number, input: { reserved: boolean; note: string }) {
  const bed = await repo.bed(db, user.collegeId, bedId);
  if (!bed) throw notFound(HOSTEL_MSG.bedNotFound);
  if (input.reserved && (await repo.bedHolder(db, bedId))) throw conflict(HOSTEL_MSG.bedOccupied);
  await repo.setReserved(db, user.collegeId, bedId, input.reserved, input.note);
  return { message: input.reserved ? `Bed ${bed.room_no}-${bed.label} reserved` : `Bed ${bed.room_no}-${bed.label} released` };
}

/**
 * The board: one read of every bed of the college (or building) with its resident; the building
 * counts are totalled from it and the filters applied after, so the counts stay unfiltered.
 */
export async function occupancy(db: Database, collegeId: number, q: TOccupancyQuery): Promise<TOccupancy> {
  const [list, beds] = await Promise.all([
    repo.buildings(db, collegeId),
    repo.board(db, collegeId, { buildingId: q.buildingId }),
  ]);
  const totals = new Map<number, { beds: number; occupied: number; reserved: number; rooms: Set<number>; floors: Set<number> }>();
  const rooms: TBoardRoom[] = [];
  let current: TBoardRoom | undefined;
  const ac = q.ac === undefined ? undefined : q.ac === 'yes';
  for (const b of beds) {
    const status = b.allotment_id ? 'occupied' : b.reserved ? 'reserved' : 'free';
    let t = totals.get(b.building_id);
    if (!t) totals.set(b.building_id, (t = { beds: 0, occupied: 0, reserved: 0, rooms: new Set(), floors: new Set() }));
    t.beds++;
    if (status === 'occupied') t.occupied++;
    else if (status === 'reserved') t.reserved++;
    t.rooms.add(b.room_id);
    t.floors.add(b.floor);
    if (
      (q.floor !== undefined && b.floor !== q.floor) ||
      (q.sharing !== undefined && b.sharing !== q.sharing) ||
      (ac !== undefined && (b.ac === 1) !== ac)
    )
      continue;
    if (!current || current.id !== b.room_id) {
      current = {
        id: b.room_id,
        buildingId: b.building_id,
        floor: b.floor,
        roomNo: b.room_no,
        sharing: b.sharing,
        ac: b.ac === 1,
        yearlyFee: b.yearly_fee,
        beds: [],
      };
      rooms.push(current);
    }
    current.beds.push({
      id: b.id,
      label: b.label,
      status,
      note: b.reserved_note,
      allotmentId: b.allotment_id,
      rollNo: b.roll_no,
      name: b.full_name,
    });
  }
  const buildings = list
    .filter((b) => q.buildingId === undefined || b.id === q.buildingId)
    .map((b) => {
      const t = totals.get(b.id);
      const n = t?.beds ?? 0;
      const occupied = t?.occupied ?? 0;
      const reserved = t?.reserved ?? 0;
      return {
        id: b.id,
        name: b.name,
        kind: b.kind,
        wardenName: b.warden_name,
        wardenPhone: b.warden_phone,
        floors: [...(t?.floors ?? [])].sort((x, y) => x - y),
        rooms: t?.rooms.size ?? 0,
        beds: n,
        occupied,
        reserved,
        free: n - occupied - reserved,
        occupancyPct: hostelPercent(occupied, n),
        vacancyPct: hostelPercent(n - occupied - reserved, n),
      };
    });
  // A status filter keeps the rooms that have such a bed (the room shows all its beds).
  const shown = q.status ? rooms.filter((r) => r.beds.some((b) => b.status === q.status)) : rooms;
  return { buildings, rooms: shown };
}

/**
 * The board as JSON text: 3,000 beds checked field by field against the response schema would
 * cost more than reading them, and the shape is built above from typed rows (as results does).
 */
export async function occupancyJson(db: Database, collegeId: number, q: TOccupancyQuery): Promise<string> {
  return JSON.stringify(await occupancy(db, collegeId, q));
}

export async function summary(db: Database, collegeId: number): Promise<THostelSummary> {
  const stats = await buildingStats(db, collegeId);
  const sum = (k: 'beds' | 'occupied' | 'free' | 'reserved') => stats.reduce((n, b) => n + b[k], 0);
  const c = await repo.counts(db, collegeId, nowLocal());
  return {
    buildings: stats.length,
    beds: sum('beds'),
    occupied: sum('occupied'),
    free: sum('free'),
    reserved: sum('reserved'),
    occupancyPct: hostelPercent(sum('occupied'), sum('beds')),
    ...c,
  };
}
