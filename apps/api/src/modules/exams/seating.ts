import { EXAM_HALL_MSG, EXAM_MSG, ZSeatingRequest, type TSeating, type TSeatingResult, type TSeatingRoom } from '@erp/shared';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import type { DB } from '../../db/tables.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { collegeOf } from './exams.repo.js';
import * as repo from './halls.repo.js';
import { roomSheetsPdf } from './seating-pdf.js';

/**
 * The seating plan of one session. Rooms fill one after another, row by row; each seat takes, of
 * the papers not written by the seat on its left or the seat in front, the paper with the most
 * students still unseated (students of a paper in roll number order). So no two neighbours (left/
 * right, front/back) ever write the same paper, the papers interleave across columns and rows,
 * and a seat stays empty only when every paper left is its neighbour's (a large paper at the end).
 */

export interface Writer {
  student_id: number;
  paper_id: number;
  roll_no: string;
  code: string;
}
export interface PlanRoom {
  id: number;
  name: string;
  rows: number;
  cols: number;
}
export interface PlacedSeat {
  roomId: number;
  row: number;
  col: number;
  seatNo: string;
  studentId: number;
  paperId: number;
}

/** "A101-B3": the room, the row's letter (A = front row) and the column from the left (1-based). */
export const seatNumber = (room: string, row: number, col: number) => `${room}-${String.fromCharCode(65 + row - 1)}${col}`;

/** Places the writers (sorted by roll number) into the rooms in order; `left` counts students who found no seat. */
export function planSeats(writers: readonly Writer[], rooms: readonly PlanRoom[]): { seats: PlacedSeat[]; left: number } {
  const queues = new Map<number, { code: string; students: Writer[]; next: number }>();
  for (const w of writers) {
    let q = queues.get(w.paper_id);
    if (!q) queues.set(w.paper_id, (q = { code: w.code, students: [], next: 0 }));
    q.students.push(w);
  }
  // a fixed order for ties: by paper code
  const papers = [...queues.entries()].sort((a, b) => a[1].code.localeCompare(b[1].code) || a[0] - b[0]);
  let left = writers.length;
  const seats: PlacedSeat[] = [];
  for (const room of rooms) {
    if (left === 0) break;
    // the paper in each seat of the row above (front) and this row so far (left); 0 = empty
    let front = new Array<number>(room.cols).fill(0);
    for (let r = 1; r <= room.rows && left > 0; r++) {
      const row = new Array<number>(room.cols).fill(0);
      for (let c = 1; c <= room.cols && left > 0; c++) {
        const banned1 = c > 1 ? row[c - 2]! : 0;
        const banned2 = front[c - 1]!;
        let pick = -1;
        let most = 0;
        for (const [paperId, q] of papers) {
          const remaining = q.students.length - q.next;
          if (remaining > most && paperId !== banned1 && paperId !== banned2) {
            pick = paperId;
            most = remaining;
          }
        }
        if (pick < 0) continue;
        const q = queues.get(pick)!;
        const w = q.students[q.next++]!;
        row[c - 1] = pick;
        left--;
        seats.push({
          roomId: room.id,
          row: r,
          col: c,
          seatNo: seatNumber(room.name, r, c),
          studentId: w.student_id,
          paperId: pick,
        });
      }
      front = row;
    }
  }
  return { seats, left };
}

async function roomsToFill(db: Database, collegeId: number, roomIds: readonly number[] | undefined): Promise<repo.RoomRow[]> {
  if (!roomIds) {
    const all = await repo.rooms(db, collegeId, false);
    if (all.length === 0) throw badRequest(EXAM_HALL_MSG.noRooms);
    return all;
  }
  const seen = new Set<number>();
  for (const id of roomIds) {
    if (seen.has(id)) throw badRequest(EXAM_HALL_MSG.roomTwice(id));
    seen.add(id);
  }
  const found = new Map((await repo.roomsByIds(db, collegeId, roomIds)).map((r) => [r.id, r]));
  return roomIds.map((id) => {
    const room = found.get(id);
    // another college's room is simply not one of this college's
    if (!room) throw badRequest(EXAM_HALL_MSG.roomUnknown(id));
    if (room.retired) throw badRequest(EXAM_HALL_MSG.roomRetired(room.name));
    return room;
  });
}

/** POST /api/exams/:id/seating: plans the session again from scratch, replacing its earlier plan in one transaction. */
export async function planSession(
  db: Database,
  user: RequestUser,
  examId: number,
  input: z.output<typeof ZSeatingRequest>,
): Promise<TSeatingResult> {
  const { collegeId } = user;
  if (!(await repo.examOf(db, collegeId, examId))) throw notFound(EXAM_MSG.notFound);
  const rooms = await roomsToFill(db, collegeId, input.roomIds);
  const writers = await repo.sessionWriters(db, collegeId, examId, input.date, input.session);
  if (writers.length === 0) throw badRequest(EXAM_HALL_MSG.noStudents(input.date, input.session));

  const perStudent = new Map<number, number>();
  for (const w of writers) perStudent.set(w.student_id, (perStudent.get(w.student_id) ?? 0) + 1);
  const twice = [...perStudent.values()].filter((n) => n > 1).length;
  if (twice > 0) throw conflict(EXAM_HALL_MSG.twoPapers(twice));

  const capacity = rooms.reduce((sum, r) => sum + r.rows * r.cols, 0);
  if (capacity < writers.length)
    throw conflict(EXAM_HALL_MSG.seatsShort(writers.length, capacity), {
      students: writers.length,
      seats: capacity,
      short: writers.length - capacity,
    });

  const { seats, left } = planSeats(writers, rooms);
  if (left > 0) throw conflict(EXAM_HALL_MSG.spacingShort(left), { unseated: left });

  const rows: Array<Insertable<DB['exam_seats']>> = seats.map((s) => ({
    college_id: collegeId,
    exam_id: examId,
    date: input.date,
    session: input.session,
    room_id: s.roomId,
    row_no: s.row,
    col_no: s.col,
    seat_no: s.seatNo,
    student_id: s.studentId,
    paper_id: s.paperId,
  }));
  await db.transaction().execute(async (trx) => {
    await repo.replaceSeats(trx, collegeId, examId, input.date, input.session, rows);
    await audit(trx, {
      collegeId,
      actor: user,
      action: 'exam.seating',
      entity: 'exam',
      entityId: examId,
      after: { date: input.date, session: input.session, students: seats.length, rooms: rooms.map((r) => r.name) },
    });
  });

  const codeOf = new Map(writers.map((w) => [w.paper_id, w.code]));
  const summary = summarise(rooms, seats, codeOf);
  const emptySeats = summary.reduce((sum, r) => sum + r.capacity - r.seated, 0);
  return {
    message: `${seats.length} students seated in ${summary.length} room${summary.length === 1 ? '' : 's'} for ${input.date} ${input.session}`,
    students: seats.length,
    roomsUsed: summary.length,
    emptySeats,
    rooms: summary,
  };
}

function summarise(rooms: readonly repo.RoomRow[], seats: readonly PlacedSeat[], codeOf: Map<number, string>) {
  const byRoom = new Map<number, Map<string, number>>();
  for (const s of seats) {
    let m = byRoom.get(s.roomId);
    if (!m) byRoom.set(s.roomId, (m = new Map()));
    const code = codeOf.get(s.paperId) ?? '';
    m.set(code, (m.get(code) ?? 0) + 1);
  }
  return rooms
    .filter((r) => byRoom.has(r.id))
    .map((r) => {
      const papers = [...byRoom.get(r.id)!]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([code, students]) => ({ code, students }));
      return {
        roomId: r.id,
        name: r.name,
        capacity: r.rows * r.cols,
        seated: papers.reduce((n, p) => n + p.students, 0),
        papers,
      };
    });
}

/** GET /api/exams/:id/seating: the session's rooms with their seats (one room when asked, for its PDF). */
export async function seatingOf(
  db: Database,
  collegeId: number,
  examId: number,
  date: string,
  session: string,
  roomId?: number,
): Promise<TSeating> {
  if (!(await repo.examOf(db, collegeId, examId))) throw notFound(EXAM_MSG.notFound);
  const [all, writers] = await Promise.all([
    repo.seatsOf(db, collegeId, examId, date, session),
    repo.sessionWriters(db, collegeId, examId, date, session),
  ]);
  const seats = roomId === undefined ? all : all.filter((s) => s.room_id === roomId);
  const roomIds = [...new Set(seats.map((s) => s.room_id))];
  const rooms = await repo.roomsByIds(db, collegeId, roomIds);
  const byId = new Map<number, TSeatingRoom>(
    rooms.map((r) => [r.id, { roomId: r.id, name: r.name, block: r.block, rows: r.rows, cols: r.cols, seats: [] }]),
  );
  for (const s of seats)
    byId
      .get(s.room_id)
      ?.seats.push({ seatNo: s.seat_no, row: s.row_no, col: s.col_no, rollNo: s.roll_no, name: s.full_name, paperCode: s.code });
  // a student registered (or moved to this session) after the plan has no seat yet
  const seated = new Set(all.map((s) => s.student_id));
  const writing = new Set(writers.map((w) => w.student_id));
  const unseated = [...writing].filter((id) => !seated.has(id)).length;
  return {
    date,
    session,
    students: writing.size,
    unseated,
    rooms: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true })),
  };
}

/** GET /api/exams/:id/seating/:roomId.pdf: the room chart, door list and attendance sheet of one room. */
export async function roomPdfFor(
  db: Database,
  college: { id: number; name: string },
  examId: number,
  roomId: number,
  date: string,
  session: string,
): Promise<{ pdf: Buffer; name: string }> {
  const exam = await repo.examOf(db, college.id, examId);
  if (!exam) throw notFound(EXAM_MSG.notFound);
  const room = await repo.roomOf(db, college.id, roomId);
  if (!room) throw notFound(EXAM_HALL_MSG.roomNotFound);
  const seats = (await repo.seatsOf(db, college.id, examId, date, session)).filter((s) => s.room_id === roomId);
  if (seats.length === 0) throw notFound(EXAM_HALL_MSG.noPlan);
  const pdf = await roomSheetsPdf({
    collegeName: college.name,
    collegeAddress: (await collegeOf(db, college.id))?.address ?? '',
    examName: exam.name,
    date,
    session,
    room: { name: room.name, block: room.block, rows: room.rows, cols: room.cols },
    seats: seats.map((s) => ({
      seatNo: s.seat_no,
      row: s.row_no,
      col: s.col_no,
      rollNo: s.roll_no,
      name: s.full_name,
      paperCode: s.code,
      paperName: s.paper_name,
    })),
  });
  return { pdf, name: `room-${room.name.replace(/[^A-Za-z0-9-]/g, '_')}-${date}-${session}` };
}
