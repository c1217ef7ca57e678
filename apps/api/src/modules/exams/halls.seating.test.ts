import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_HALL_MSG, MSG } from '@erp/shared';
import { collegeId, newCollege, newStudent, newUser } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/modules/payments.js';
import {
  neighboursSharingAPaper,
  newExam,
  newExamRoom,
  newPaper,
  newWriters,
  registerAll,
} from '../../../test/modules/exam-halls.js';
import { planSeats } from './seating.js';

let t: TestApp;
let svec: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = await collegeId(t.db);
});
afterAll(async () => t.close());

const CELL = 'examcell';
const DAY = '2026-11-16';
const plan = (examId: number, payload: object, as = CELL, host?: string) =>
  t.as(as, { method: 'POST', url: `/api/exams/${examId}/seating`, payload }, host);
const seatsOf = (examId: number, date = DAY, session = 'FN') =>
  t.db
    .selectFrom('exam_seats')
    .select(['room_id', 'row_no', 'col_no', 'seat_no', 'student_id', 'paper_id'])
    .where('exam_id', '=', examId)
    .where('date', '=', date)
    .where('session', '=', session)
    .orderBy('room_id')
    .orderBy('row_no')
    .orderBy('col_no')
    .execute();

/** An exam whose papers (codes in the order given) are all on DAY FN, with `counts[k]` students writing paper k. */
async function session(counts: number[], codes = counts.map((_, k) => String.fromCharCode(65 + k))) {
  const exam = await newExam(t.db, svec);
  const tag = `${exam.id}X`;
  const papers: Array<{ id: number; code: string }> = [];
  for (const c of codes) papers.push(await newPaper(t.db, svec, exam, { code: `${tag}${c}`, date: DAY, session: 'FN' }));
  const students = await newWriters(
    t.db,
    svec,
    counts.reduce((a, b) => a + b, 0),
  );
  const entries: Array<{ studentId: number; paperIds: number[] }> = [];
  let i = 0;
  counts.forEach((n, k) => {
    for (let j = 0; j < n; j++) entries.push({ studentId: students[i++]!.id, paperIds: [papers[k]!.id] });
  });
  await registerAll(t.db, svec, exam.id, entries);
  return { exam, papers, students };
}

describe('seating a session', () => {
  it('fills a room so no neighbour writes the same paper, as worked by hand', async () => {
    // A 6, B 4, C 2 into 3 rows × 4: each seat takes the paper with most left that its left and front neighbours do not write
    const { exam, papers, students } = await session([6, 4, 2]);
    const room = await newExamRoom(t.db, svec, 3, 4);
    const res = await plan(exam.id, { date: DAY, session: 'FN', roomIds: [room.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: `12 students seated in 1 room for ${DAY} FN`,
      students: 12,
      roomsUsed: 1,
      emptySeats: 0,
      rooms: [
        {
          roomId: room.id,
          name: room.name,
          capacity: 12,
          seated: 12,
          papers: [{ students: 6 }, { students: 4 }, { students: 2 }],
        },
      ],
    });
    const seats = await seatsOf(exam.id);
    const letter = new Map(papers.map((p, k) => [p.id, 'ABC'[k]]));
    const grid = [1, 2, 3].map((r) =>
      seats
        .filter((s) => s.row_no === r)
        .map((s) => letter.get(s.paper_id))
        .join(' '),
    );
    expect(grid).toEqual(['A B A B', 'B A C A', 'A B A C']);
    expect(neighboursSharingAPaper(seats)).toEqual([]);
    // A's students in roll order take A's seats in seat order: A1, A3, B2, B4, C1, C3
    const seatOf = new Map(seats.map((s) => [s.student_id, s.seat_no]));
    expect(students.slice(0, 6).map((s) => seatOf.get(s.id))).toEqual(
      ['A1', 'A3', 'B2', 'B4', 'C1', 'C3'].map((x) => `${room.name}-${x}`),
    );
  });

  it('never seats two neighbours with one paper (every pair checked) across rooms of different shapes', async () => {
    const { exam, students } = await session([40, 25, 15, 5]);
    const rooms = [await newExamRoom(t.db, svec, 5, 6), await newExamRoom(t.db, svec, 4, 7), await newExamRoom(t.db, svec, 6, 5)];
    const res = await plan(exam.id, { date: DAY, session: 'FN', roomIds: rooms.map((r) => r.id) });
    expect(res.statusCode, res.body).toBe(200);
    const seats = await seatsOf(exam.id);
    expect(seats.length).toBe(85);
    expect(new Set(seats.map((s) => s.student_id)).size).toBe(85);
    expect(new Set(seats.map((s) => s.student_id))).toEqual(new Set(students.map((s) => s.id)));
    expect(neighboursSharingAPaper(seats)).toEqual([]);
    for (const s of seats) {
      const room = rooms.find((r) => r.id === s.room_id)!;
      expect(s.seat_no).toBe(`${room.name}-${String.fromCharCode(64 + s.row_no)}${s.col_no}`);
    }
  });

  it('refuses when the seats are fewer than the students, saying how many short', async () => {
    const { exam } = await session([7, 6]);
    const room = await newExamRoom(t.db, svec, 3, 4);
    const res = await plan(exam.id, { date: DAY, session: 'FN', roomIds: [room.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('13 students write in this session but the rooms chosen have 12 seats: 1 seat short');
    expect(res.json().short).toBe(1);
    expect(await seatsOf(exam.id)).toEqual([]);
  });

  it('leaves seats empty between writers of one paper, and refuses when even that does not fit', async () => {
    // one paper: a chessboard, 6 of the 12 seats
    const one = await session([6]);
    const room = await newExamRoom(t.db, svec, 3, 4);
    const res = await plan(one.exam.id, { date: DAY, session: 'FN', roomIds: [room.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().emptySeats).toBe(6);
    expect((await seatsOf(one.exam.id)).map((s) => `${s.row_no}${s.col_no}`)).toEqual(['11', '13', '22', '24', '31', '33']);
    const seven = await session([7]);
    const over = await plan(seven.exam.id, { date: DAY, session: 'FN', roomIds: [room.id] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(EXAM_HALL_MSG.spacingShort(1));
  });

  it('replaces the earlier plan of the session in one go', async () => {
    const { exam } = await session([5, 5]);
    const first = await newExamRoom(t.db, svec, 4, 4);
    const second = await newExamRoom(t.db, svec, 2, 5);
    expect((await plan(exam.id, { date: DAY, session: 'FN', roomIds: [first.id] })).statusCode).toBe(200);
    expect((await seatsOf(exam.id)).every((s) => s.room_id === first.id)).toBe(true);
    expect((await plan(exam.id, { date: DAY, session: 'FN', roomIds: [second.id, first.id] })).statusCode).toBe(200);
    const seats = await seatsOf(exam.id);
    expect(seats.length).toBe(10);
    expect(seats.every((s) => s.room_id === second.id)).toBe(true);
    // a refused plan leaves the last one as it was
    const tiny = await newExamRoom(t.db, svec, 1, 2);
    expect((await plan(exam.id, { date: DAY, session: 'FN', roomIds: [tiny.id] })).statusCode).toBe(409);
    expect((await seatsOf(exam.id)).length).toBe(10);
  });

  it('refuses a student with two papers in the session, a session nobody writes, and rooms it may not use', async () => {
    const { exam, papers, students } = await session([3, 3]);
    const room = await newExamRoom(t.db, svec, 3, 3);
    const none = await plan(exam.id, { date: DAY, session: 'AN', roomIds: [room.id] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(EXAM_HALL_MSG.noStudents(DAY, 'AN'));

    const retired = await newExamRoom(t.db, svec, 3, 3, { retired: 1 });
    const r1 = await plan(exam.id, { date: DAY, session: 'FN', roomIds: [room.id, retired.id] });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe(EXAM_HALL_MSG.roomRetired(retired.name));
    const twice = await plan(exam.id, { date: DAY, session: 'FN', roomIds: [room.id, room.id] });
    expect(twice.json().message).toBe(EXAM_HALL_MSG.roomTwice(room.id));
    // another college's room is not one of ours
    const srkRoom = await newExamRoom(t.db, await collegeId(t.db, 'SRK'), 5, 5);
    const foreign = await plan(exam.id, { date: DAY, session: 'FN', roomIds: [srkRoom.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(EXAM_HALL_MSG.roomUnknown(srkRoom.id));
    const badSession = await plan(exam.id, { date: DAY, session: 'XX', roomIds: [room.id] });
    expect(badSession.statusCode).toBe(400);
    expect(badSession.json().message).toBe(EXAM_HALL_MSG.session);

    // the first student also writes the second paper: a clash the timetable must clear first
    const reg = await t.db
      .selectFrom('exam_registrations')
      .select('id')
      .where('exam_id', '=', exam.id)
      .where('student_id', '=', students[0]!.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('exam_registration_papers')
      .values({
        college_id: svec,
        registration_id: reg.id,
        exam_id: exam.id,
        student_id: students[0]!.id,
        paper_id: papers[1]!.id,
        kind: 'backlog',
      })
      .execute();
    const clash = await plan(exam.id, { date: DAY, session: 'FN', roomIds: [room.id] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(EXAM_HALL_MSG.twoPapers(1));
  });

  it("fills every room in use of the caller's college when no rooms are named", async () => {
    const college = await newCollege(t.db);
    const cell = await newUser(t.db, college.id, { roles: ['ROLE_EXAMINATION'] });
    const exam = await newExam(t.db, college.id);
    const a = await newPaper(t.db, college.id, exam, { date: DAY, session: 'FN' });
    const b = await newPaper(t.db, college.id, exam, { date: DAY, session: 'FN' });
    const s = await newWriters(t.db, college.id, 8);
    await registerAll(
      t.db,
      college.id,
      exam.id,
      s.map((x, i) => ({ studentId: x.id, paperIds: [i < 4 ? a.id : b.id] })),
    );
    const noRooms = await plan(exam.id, { date: DAY, session: 'FN' }, cell.username, college.host);
    expect(noRooms.statusCode).toBe(400);
    expect(noRooms.json().message).toBe(EXAM_HALL_MSG.noRooms);
    const r1 = await newExamRoom(t.db, college.id, 1, 4, { name: 'B1' });
    await newExamRoom(t.db, college.id, 5, 5, { name: 'B0', retired: 1 });
    const r2 = await newExamRoom(t.db, college.id, 2, 2, { name: 'B2' });
    const res = await plan(exam.id, { date: DAY, session: 'FN' }, cell.username, college.host);
    expect(res.statusCode, res.body).toBe(200);
    // B1 (4 seats) then B2 (4 seats); the retired B0 is left out
    expect(res.json().rooms.map((r: { roomId: number; seated: number }) => [r.roomId, r.seated])).toEqual([
      [r1.id, 4],
      [r2.id, 4],
    ]);
  });
});

describe('the plan and its sheets', () => {
  it('lists rooms with their seats, and counts a student registered after the plan as unseated', async () => {
    const { exam, papers, students } = await session([3, 2]);
    const room = await newExamRoom(t.db, svec, 2, 3);
    await plan(exam.id, { date: DAY, session: 'FN', roomIds: [room.id] });
    const late = await newWriters(t.db, svec, 1);
    await registerAll(t.db, svec, exam.id, [{ studentId: late[0]!.id, paperIds: [papers[0]!.id] }]);
    const res = await t.as(CELL, { method: 'GET', url: `/api/exams/${exam.id}/seating?date=${DAY}&session=FN` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ date: DAY, session: 'FN', students: 6, unseated: 1 });
    expect(body.rooms).toHaveLength(1);
    expect(body.rooms[0]).toMatchObject({ roomId: room.id, name: room.name, rows: 2, cols: 3 });
    expect(body.rooms[0].seats[0]).toEqual({
      seatNo: `${room.name}-A1`,
      row: 1,
      col: 1,
      rollNo: students[0]!.rollNo,
      name: students[0]!.name,
      paperCode: papers[0]!.code,
    });
    expect(body.rooms[0].seats).toHaveLength(5);
    const badDate = await t.as(CELL, { method: 'GET', url: `/api/exams/${exam.id}/seating?date=2026-13-01&session=FN` });
    expect(badDate.statusCode).toBe(400);
  });

  it('prints the room chart, door list and attendance sheet of a room', async () => {
    const { exam, papers, students } = await session([3, 2]);
    const room = await newExamRoom(t.db, svec, 2, 3);
    await plan(exam.id, { date: DAY, session: 'FN', roomIds: [room.id] });
    const res = await t.as(CELL, { method: 'GET', url: `/api/exams/${exam.id}/seating/${room.id}.pdf?date=${DAY}&session=FN` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const heading of ['Room chart', 'Door list', 'Attendance sheet', 'Answer script no.', 'Signature'])
      expect(text).toContain(heading);
    for (const s of students) expect(text).toContain(s.rollNo);
    expect(text).toContain(`${papers[0]!.code} Paper ${papers[0]!.code} (3)`);
    expect(text).toContain(`${room.name}-B2`);

    const otherRoom = await newExamRoom(t.db, svec, 2, 2);
    const none = await t.as(CELL, {
      method: 'GET',
      url: `/api/exams/${exam.id}/seating/${otherRoom.id}.pdf?date=${DAY}&session=FN`,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(EXAM_HALL_MSG.noPlan);
    const srkRoom = await newExamRoom(t.db, await collegeId(t.db, 'SRK'), 2, 2);
    const foreign = await t.as(CELL, {
      method: 'GET',
      url: `/api/exams/${exam.id}/seating/${srkRoom.id}.pdf?date=${DAY}&session=FN`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(EXAM_HALL_MSG.roomNotFound);
  });

  it('is the exam cell’s: faculty and students get 403, another college’s exam 404', async () => {
    const { exam } = await session([2, 2]);
    const room = await newExamRoom(t.db, svec, 2, 2);
    const student = await newStudent(t.db, svec, { login: true });
    for (const who of ['faculty', student.username!]) {
      const calls = [
        await plan(exam.id, { date: DAY, session: 'FN', roomIds: [room.id] }, who),
        await t.as(who, { method: 'GET', url: `/api/exams/${exam.id}/seating?date=${DAY}&session=FN` }),
        await t.as(who, { method: 'GET', url: `/api/exams/${exam.id}/seating/${room.id}.pdf?date=${DAY}&session=FN` }),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.noPermission);
      }
    }
    const srkRoom = await newExamRoom(t.db, await collegeId(t.db, 'SRK'), 4, 4);
    const atSrk = await plan(exam.id, { date: DAY, session: 'FN', roomIds: [srkRoom.id] }, 'srkexamcell', 'srk.localhost');
    expect(atSrk.statusCode).toBe(404);
  });
});

describe('at scale', () => {
  // how fast: apps/api/bench/exams.bench.mjs (benchmarks measure; tests never assert on time)
  it('seats 6,000 students into 100 rooms with no neighbours sharing a paper', async () => {
    // 12 papers of 500 students; 100 rooms of 8 × 8 (6,400 seats)
    const { exam } = await session(Array.from({ length: 12 }, () => 500));
    const rooms: Array<{ id: number; name: string }> = [];
    for (let i = 0; i < 100; i++) rooms.push(await newExamRoom(t.db, svec, 8, 8, { name: `S${exam.id}-${i}`.slice(0, 12) }));
    const res = await plan(exam.id, { date: DAY, session: 'FN', roomIds: rooms.map((r) => r.id) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().students).toBe(6000);
    const seats = await seatsOf(exam.id);
    expect(seats.length).toBe(6000);
    expect(neighboursSharingAPaper(seats)).toEqual([]);
  }, 180_000);

  it('plans in memory: the greedy fills by most students left', () => {
    const w = (id: number, paper: number) => ({
      student_id: id,
      paper_id: paper,
      roll_no: `R${String(id).padStart(3, '0')}`,
      code: `C${paper}`,
    });
    const { seats, left } = planSeats([w(1, 1), w(2, 1), w(3, 2)], [{ id: 9, name: 'X', rows: 1, cols: 3 }]);
    expect(left).toBe(0);
    expect(seats.map((s) => `${s.seatNo}:${s.paperId}`)).toEqual(['X-A1:1', 'X-A2:2', 'X-A3:1']);
  });
});
