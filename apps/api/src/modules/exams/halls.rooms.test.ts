import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_HALL_MSG, MSG } from '@erp/shared';
import crypto from 'node:crypto';
import { collegeId, newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newExam, newExamRoom, newPaper, newWriters, registerAll } from '../../../test/modules/exam-halls.js';

let t: TestApp;
let svec: number;
let srk: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = await collegeId(t.db);
  srk = await collegeId(t.db, 'SRK');
});
afterAll(async () => t.close());

const CELL = 'examcell';
const SRK_HOST = 'srk.localhost';
const roomName = () => `T${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
const create = (payload: object, as = CELL) => t.as(as, { method: 'POST', url: '/api/exam-rooms', payload });
const update = (id: number, payload: object, as = CELL, host?: string) =>
  t.as(as, { method: 'PUT', url: `/api/exam-rooms/${id}`, payload }, host);
const list = async (query = '', as = CELL, host?: string) => {
  const res = await t.as(as, { method: 'GET', url: `/api/exam-rooms${query}` }, host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<{
    id: number;
    name: string;
    block: string;
    rows: number;
    cols: number;
    capacity: number;
    retired: boolean;
  }>;
};

describe('exam rooms', () => {
  it('adds a room with its layout; capacity is rows × columns', async () => {
    const name = roomName();
    const res = await create({ name, block: 'Block A', rows: 6, cols: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Room ${name} added: 30 seats`);
    const room = (await list()).find((r) => r.id === res.json().id);
    expect(room).toEqual({ id: res.json().id, name, block: 'Block A', rows: 6, cols: 5, capacity: 30, retired: false });
  });

  it('refuses a bad room with a human message', async () => {
    const cases: Array<[object, string]> = [
      [{ name: '', rows: 5, cols: 5 }, EXAM_HALL_MSG.roomName],
      [{ name: 'A234567890123456X', rows: 5, cols: 5 }, EXAM_HALL_MSG.roomName],
      [{ name: 'A#1', rows: 5, cols: 5 }, EXAM_HALL_MSG.roomNameChars],
      [{ name: roomName(), rows: 0, cols: 5 }, EXAM_HALL_MSG.rows],
      [{ name: roomName(), rows: 27, cols: 5 }, EXAM_HALL_MSG.rows],
      [{ name: roomName(), rows: 2.5, cols: 5 }, EXAM_HALL_MSG.rows],
      [{ name: roomName(), rows: 5, cols: 21 }, EXAM_HALL_MSG.cols],
      [{ name: roomName(), rows: 5 }, EXAM_HALL_MSG.cols],
      [{ name: roomName(), rows: 5, cols: 5, block: 'x'.repeat(61) }, EXAM_HALL_MSG.block],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect({ body, status: res.statusCode, message: res.json().message }).toEqual({ body, status: 400, message });
    }
  });

  it('refuses a second room of the same name (any case)', async () => {
    const name = roomName();
    expect((await create({ name, rows: 5, cols: 5 })).statusCode).toBe(200);
    const again = await create({ name: name.toLowerCase(), rows: 4, cols: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EXAM_HALL_MSG.roomTaken(name.toLowerCase()));
  });

  it('changes and retires a room; a retired room is listed only when asked', async () => {
    const name = roomName();
    const { id } = (await create({ name, rows: 5, cols: 5 })).json();
    const renamed = roomName();
    const res = await update(id, { name: renamed, block: 'Block B', rows: 4, cols: 8 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`Room ${renamed} saved: 32 seats`);
    expect((await list()).find((r) => r.id === id)).toMatchObject({ name: renamed, block: 'Block B', capacity: 32 });

    const retired = await update(id, { name: renamed, block: 'Block B', rows: 4, cols: 8, retired: true });
    expect(retired.json().message).toBe(`Room ${renamed} retired`);
    expect((await list()).some((r) => r.id === id)).toBe(false);
    expect((await list('?includeRetired=true')).find((r) => r.id === id)?.retired).toBe(true);

    const other = (await create({ name: roomName(), rows: 2, cols: 2 })).json();
    const clash = await update(other.id, { name: renamed, rows: 2, cols: 2 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(EXAM_HALL_MSG.roomTaken(renamed));
    const missing = await update(2_000_000_000, { name: roomName(), rows: 2, cols: 2 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(EXAM_HALL_MSG.roomNotFound);
  });

  it('will not shrink a room under seats already planned', async () => {
    const room = await newExamRoom(t.db, svec, 2, 3);
    const exam = await newExam(t.db, svec);
    const paper = await newPaper(t.db, svec, exam, { date: '2026-11-16', session: 'FN' });
    const other = await newPaper(t.db, svec, exam, { date: '2026-11-16', session: 'FN' });
    const s = await newWriters(t.db, svec, 6);
    await registerAll(
      t.db,
      svec,
      exam.id,
      s.map((x, i) => ({ studentId: x.id, paperIds: [i % 2 ? other.id : paper.id] })),
    );
    const plan = await t.as(CELL, {
      method: 'POST',
      url: `/api/exams/${exam.id}/seating`,
      payload: { date: '2026-11-16', session: 'FN', roomIds: [room.id] },
    });
    expect(plan.statusCode, plan.body).toBe(200);
    // all six seats are taken: 2 × 2 would leave row 1-2 col 3 out
    const shrink = await update(room.id, { name: room.name, rows: 2, cols: 2 });
    expect(shrink.statusCode).toBe(409);
    expect(shrink.json().message).toBe(EXAM_HALL_MSG.shrinkPlanned(room.name));
    // growing is fine
    expect((await update(room.id, { name: room.name, rows: 3, cols: 3 })).statusCode).toBe(200);
  });

  it('is the exam cell’s: faculty and students get 403', async () => {
    const student = await newStudent(t.db, svec, { login: true });
    const room = await newExamRoom(t.db, svec, 2, 2);
    for (const who of ['faculty', student.username!]) {
      const calls = [
        await t.as(who, { method: 'GET', url: '/api/exam-rooms' }),
        await create({ name: roomName(), rows: 2, cols: 2 }, who),
        await update(room.id, { name: roomName(), rows: 2, cols: 2 }, who),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.noPermission);
      }
    }
  });

  it("keeps each college's rooms apart", async () => {
    const ours = await newExamRoom(t.db, svec, 3, 3);
    const theirs = await newExamRoom(t.db, srk, 3, 3);
    const atSrk = await list('?includeRetired=true', 'srkexamcell', SRK_HOST);
    expect(atSrk.some((r) => r.id === ours.id)).toBe(false);
    expect(atSrk.some((r) => r.id === theirs.id)).toBe(true);
    expect((await list('?includeRetired=true')).some((r) => r.id === theirs.id)).toBe(false);
    const res = await update(ours.id, { name: roomName(), rows: 1, cols: 1 }, 'srkexamcell', SRK_HOST);
    expect(res.statusCode).toBe(404);
    // the same name may exist at both colleges
    expect((await create({ name: theirs.name, rows: 2, cols: 2 })).statusCode).toBe(200);
  });
});
