import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { HOSTEL_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/modules/payments.js';
import { hostelDues } from './hostel.service.js';
import { allot, allotOk, collegeId, INCHARGE, newBuilding, newStudent, newStudentLogin } from '../../../test/modules/hostel.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: Record<string, unknown>, as = INCHARGE) =>
  t.as(as, { method: 'POST', url: `/api/hostel${url}`, payload });
const get = (url: string, as = INCHARGE) => t.as(as, { method: 'GET', url: `/api/hostel${url}` });

describe('buildings and rooms', () => {
  it('creates a building and bulk rooms: floors 1–2, rooms 01–03, 3-sharing = 6 rooms, 18 beds', async () => {
    const b = await post('/buildings', {
      name: 'Krishna Block Test',
      kind: 'BOYS',
      wardenName: 'S. Rao',
      wardenPhone: '9848011111',
    });
    expect(b.statusCode).toBe(200);
    const id = b.json().id;
    const r = await post(`/buildings/${id}/rooms`, {
      floorFrom: 1,
      floorTo: 2,
      roomFrom: 1,
      roomTo: 3,
      sharing: 3,
      ac: false,
      yearlyFee: 4_500_000,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ rooms: 6, beds: 18, first: '101', last: '203' });
    const list = (await get('/buildings')).json().find((x: any) => x.id === id);
    expect(list).toMatchObject({ rooms: 6, beds: 18, occupied: 0, free: 18, floors: [1, 2], occupancyPct: 0, vacancyPct: 100 });
  });

  it('refuses a duplicate building name and overlapping rooms, saving nothing', async () => {
    const b = await newBuilding(t, 'GIRLS', { rooms: 2 });
    expect((await post('/buildings', { name: b.name, kind: 'GIRLS' })).json().message).toBe(HOSTEL_MSG.buildingExists);
    const res = await post(`/buildings/${b.id}/rooms`, {
      floorFrom: 1,
      floorTo: 1,
      roomFrom: 2,
      roomTo: 5,
      sharing: 2,
      ac: false,
      yearlyFee: 100,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HOSTEL_MSG.roomsExist(['102']));
    const n = await t.db
      .selectFrom('hostel_rooms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('building_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(2);
  });

  it('answers 400 with a readable message for bad input', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1 });
    const res = await post(`/buildings/${b.id}/rooms`, {
      floorFrom: 1,
      floorTo: 1,
      roomFrom: 1,
      roomTo: 2,
      sharing: 7,
      yearlyFee: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sharing is 1 to 6');
    expect((await post('/buildings', { name: 'X Block', kind: 'MIXED' })).json().message).toBe('Choose boys, girls or staff');
  });

  it('is for the hostel office only: a student gets 403 on writes, 401 without a token', async () => {
    const student = await newStudentLogin(t, 'MALE');
    expect((await post('/buildings', { name: 'Nope Block', kind: 'BOYS' }, student.username)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/hostel/occupancy' })).statusCode).toBe(401);
    expect((await get('/occupancy', 'librarian')).statusCode).toBe(403);
  });
});

describe('allotment', () => {
  it('allots a bed, numbers the allotment, charges the yearly fee and records the bed history', async () => {
    const b = await newBuilding(t, 'BOYS', { fee: 5_500_000 });
    const s = await newStudent(t, 'MALE');
    const res = await allot(t, {
      rollNo: s.rollNo,
      bedId: b.beds[0].id,
      academicYear: '2025-2026',
      fromDate: '2025-07-01',
      guardianMobile: '9000012345',
    });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.allotmentNo).toMatch(/^H\/2025\/\d{5}$/);
    expect(a).toMatchObject({ roomNo: '101', bedLabel: 'A', status: 'ACTIVE', dues: 5_500_000, guardianMobile: '9000012345' });
    const detail = (await get(`/allotments/${a.id}`)).json();
    expect(detail.history).toEqual([
      expect.objectContaining({ roomNo: '101', bedLabel: 'A', fromDate: '2025-07-01', toDate: null }),
    ]);
    expect(detail.charges).toEqual([expect.objectContaining({ kind: 'FEE', amount: 5_500_000 })]);
    expect(await hostelDues(t.db, await collegeId(t), s.id)).toBe(5_500_000);
  });

  it('refuses a girl in a boys hostel, a boy in a girls hostel, and anyone in staff quarters', async () => {
    const boys = await newBuilding(t, 'BOYS', { rooms: 1 });
    const girls = await newBuilding(t, 'GIRLS', { rooms: 1 });
    const staff = await newBuilding(t, 'STAFF', { rooms: 1 });
    const girl = await newStudent(t, 'FEMALE');
    const boy = await newStudent(t, 'MALE');
    let res = await allot(t, { rollNo: girl.rollNo, bedId: boys.beds[0].id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A female student cannot be allotted a bed in a boys hostel');
    res = await allot(t, { rollNo: boy.rollNo, bedId: girls.beds[0].id });
    expect(res.json().message).toBe('A male student cannot be allotted a bed in a girls hostel');
    res = await allot(t, { rollNo: boy.rollNo, bedId: staff.beds[0].id });
    expect(res.json().message).toBe(HOSTEL_MSG.staffBuilding);
  });

  it('refuses a held bed, a second bed for the same student and a reserved bed', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1, sharing: 3 });
    const [s1, s2] = [await newStudent(t, 'MALE'), await newStudent(t, 'MALE')];
    await allotOk(t, { rollNo: s1.rollNo, bedId: b.beds[0].id });
    let res = await allot(t, { rollNo: s2.rollNo, bedId: b.beds[0].id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HOSTEL_MSG.bedTaken);
    res = await allot(t, { rollNo: s1.rollNo, bedId: b.beds[1].id });
    expect(res.json().message).toBe(HOSTEL_MSG.alreadyResident);
    expect((await post(`/beds/${b.beds[2].id}/reserve`, { reserved: true, note: 'Repairs' })).statusCode).toBe(200);
    res = await allot(t, { rollNo: s2.rollNo, bedId: b.beds[2].id });
    expect(res.json().message).toBe(HOSTEL_MSG.bedReserved);
    expect((await post(`/beds/${b.beds[0].id}/reserve`, { reserved: true })).json().message).toBe(HOSTEL_MSG.bedOccupied);
  });

  it('ten clerks racing for one bed: exactly one wins, the rest get a clear 409', async () => {
    const b = await newBuilding(t, 'GIRLS', { rooms: 1, sharing: 1 });
    const girls = await Promise.all(Array.from({ length: 10 }, () => newStudent(t, 'FEMALE')));
    const results = await Promise.all(girls.map((g) => allot(t, { rollNo: g.rollNo, bedId: b.beds[0].id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.statusCode !== 200);
    expect(losers).toHaveLength(9);
    for (const r of losers) expect(r.json()).toEqual({ message: HOSTEL_MSG.bedTaken });
    const held = await t.db.selectFrom('hostel_allotments').select('id').where('bed_id', '=', b.beds[0].id).execute();
    expect(held).toHaveLength(1);
  });

  it('one student sent to two beds by two clerks at once gets only one', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 2, sharing: 2 });
    const s = await newStudent(t, 'MALE');
    const results = await Promise.all(b.beds.map((bed) => allot(t, { rollNo: s.rollNo, bedId: bed.id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().message).toBe(HOSTEL_MSG.alreadyResident);
  });

  it('gives consecutive allotment numbers to concurrent allotments, none twice', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 4, sharing: 2 });
    const boys = await Promise.all(b.beds.map(() => newStudent(t, 'MALE')));
    const res = await Promise.all(boys.map((s, i) => allotOk(t, { rollNo: s.rollNo, bedId: b.beds[i].id })));
    const numbers = res.map((r) => Number(r.allotmentNo.split('/')[2])).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[7] - numbers[0]).toBe(7);
  });

  it('a student cannot allot themselves (403) and another college cannot see the allotment (404)', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1 });
    const s = await newStudent(t, 'MALE');
    const classmate = await newStudentLogin(t, 'MALE');
    expect(
      (
        await t.as(classmate.username, {
          method: 'POST',
          url: '/api/hostel/allotments',
          payload: { rollNo: s.rollNo, bedId: b.beds[0].id },
        })
      ).statusCode,
    ).toBe(403);
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id });
    const other = await t.as('srkadmin', { method: 'GET', url: `/api/hostel/allotments/${a.id}` }, 'srk.localhost');
    expect(other.statusCode).toBe(404);
    const srkBoard = await t.as('srkadmin', { method: 'GET', url: `/api/hostel/occupancy?buildingId=${b.id}` }, 'srk.localhost');
    expect(srkBoard.json().rooms).toEqual([]);
  });
});

describe('applications', () => {
  it('a student applies for a year; the allotment closes the application; a second one for the year is refused', async () => {
    const s = await newStudentLogin(t, 'FEMALE');
    const b = await newBuilding(t, 'GIRLS', { rooms: 1 });
    const payload = {
      academicYear: '2025-2026',
      preferredBuildingId: b.id,
      preferredSharing: 2,
      prefersAc: false,
      guardianName: 'K. Ramesh',
      guardianMobile: '9440012345',
    };
    const res = await post('/applications', payload, s.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rollNo: s.rollNo, status: 'PENDING', preferredBuilding: b.name });
    expect((await post('/applications', payload, s.username)).json().message).toBe(HOSTEL_MSG.applicationExists);
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[1].id, academicYear: '2025-2026' });
    const mine = (await get('/applications', s.username)).json();
    expect(mine.items).toEqual([expect.objectContaining({ status: 'ALLOTTED', decisionNote: `${b.name} 101-B` })]);
    const detail = (await get(`/allotments/${a.id}`, s.username)).json();
    expect(detail.guardianMobile).toBe('9440012345');
  });

  it('a student cannot apply for someone else, nor for a hostel of the other gender', async () => {
    const s = await newStudentLogin(t, 'MALE');
    const other = await newStudent(t, 'MALE');
    const girls = await newBuilding(t, 'GIRLS', { rooms: 1 });
    const base = { academicYear: '2025-2026', guardianName: 'P. Rao', guardianMobile: '9440012345' };
    expect((await post('/applications', { ...base, rollNo: other.rollNo }, s.username)).statusCode).toBe(403);
    const res = await post('/applications', { ...base, preferredBuildingId: girls.id }, s.username);
    expect(res.json().message).toBe('A male student cannot be allotted a bed in a girls hostel');
    expect((await post('/applications', { ...base, guardianMobile: '12345' }, s.username)).json().message).toBe(
      'Enter a 10-digit mobile number',
    );
  });

  it('the incharge rejects with a reason; a decided application cannot be rejected again', async () => {
    const s = await newStudent(t, 'MALE');
    const app = (
      await post('/applications', {
        rollNo: s.rollNo,
        academicYear: '2025-2026',
        guardianName: 'A B',
        guardianMobile: '9440012345',
      })
    ).json();
    expect((await post(`/applications/${app.id}/reject`, { note: 'Lives in the town' })).json()).toMatchObject({
      status: 'REJECTED',
      decisionNote: 'Lives in the town',
    });
    expect((await post(`/applications/${app.id}/reject`, { note: 'again' })).json().message).toBe(HOSTEL_MSG.applicationClosed);
  });
});

describe('transfer', () => {
  it('moves the resident, frees the old bed, keeps the history and charges a dearer room’s difference', async () => {
    const cheap = await newBuilding(t, 'BOYS', { rooms: 1, fee: 4_000_000 });
    const dear = await newBuilding(t, 'BOYS', { rooms: 1, fee: 6_500_000 });
    const s = await newStudent(t, 'MALE');
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: cheap.beds[0].id, fromDate: '2025-07-01' });
    const res = await post(`/allotments/${a.id}/transfer`, {
      bedId: dear.beds[1].id,
      reason: 'Roommate conflict',
      date: '2025-09-15',
    });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ building: dear.name, roomNo: '101', bedLabel: 'B', dues: 6_500_000 });
    expect(d.history.map((h: any) => [h.building, h.bedLabel, h.fromDate, h.toDate, h.reason])).toEqual([
      [cheap.name, 'A', '2025-07-01', '2025-09-15', 'Allotted'],
      [dear.name, 'B', '2025-09-15', null, 'Roommate conflict'],
    ]);
    // The old bed is free again.
    const s2 = await newStudent(t, 'MALE');
    expect((await allot(t, { rollNo: s2.rollNo, bedId: cheap.beds[0].id })).statusCode).toBe(200);
  });

  it('refuses a held bed, the same bed, and a bed in a hostel of the other gender', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1 });
    const girls = await newBuilding(t, 'GIRLS', { rooms: 1 });
    const [s1, s2] = [await newStudent(t, 'MALE'), await newStudent(t, 'MALE')];
    const a1 = await allotOk(t, { rollNo: s1.rollNo, bedId: b.beds[0].id });
    await allotOk(t, { rollNo: s2.rollNo, bedId: b.beds[1].id });
    expect((await post(`/allotments/${a1.id}/transfer`, { bedId: b.beds[1].id, reason: 'Wants window' })).json().message).toBe(
      HOSTEL_MSG.bedTaken,
    );
    expect((await post(`/allotments/${a1.id}/transfer`, { bedId: b.beds[0].id, reason: 'Wants window' })).json().message).toBe(
      HOSTEL_MSG.sameBed,
    );
    expect(
      (await post(`/allotments/${a1.id}/transfer`, { bedId: girls.beds[0].id, reason: 'Wants window' })).json().message,
    ).toBe('A male student cannot be allotted a bed in a girls hostel');
    expect((await post(`/allotments/${a1.id}/transfer`, { bedId: b.beds[1].id, reason: '' })).json().message).toBe(
      'Give the reason for the transfer',
    );
  });

  it('two residents moved to the same free bed at once: one moves, the other is refused', async () => {
    const b = await newBuilding(t, 'GIRLS', { rooms: 2, sharing: 2 });
    const [g1, g2] = [await newStudent(t, 'FEMALE'), await newStudent(t, 'FEMALE')];
    const a1 = await allotOk(t, { rollNo: g1.rollNo, bedId: b.beds[0].id });
    const a2 = await allotOk(t, { rollNo: g2.rollNo, bedId: b.beds[1].id });
    const res = await Promise.all(
      [a1, a2].map((a) => post(`/allotments/${a.id}/transfer`, { bedId: b.beds[3].id, reason: 'Corner bed' })),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(res.find((r) => r.statusCode === 409)!.json().message).toBe(HOSTEL_MSG.bedTaken);
  });

  it('a student requests a transfer; the incharge grants it through the transfer, or rejects it', async () => {
    const s = await newStudentLogin(t, 'FEMALE');
    const b = await newBuilding(t, 'GIRLS', { rooms: 2 });
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id });
    const req = await post('/transfer-requests', { reason: 'Closer to the study hall please' }, s.username);
    expect(req.statusCode).toBe(200);
    expect((await post('/transfer-requests', { reason: 'Another request' }, s.username)).json().message).toBe(
      HOSTEL_MSG.transferPending,
    );
    const moved = await post(`/allotments/${a.id}/transfer`, {
      bedId: b.beds[2].id,
      reason: 'As requested',
      requestId: req.json().id,
    });
    expect(moved.statusCode).toBe(200);
    const mine = (await get('/transfer-requests', s.username)).json();
    expect(mine.items[0]).toMatchObject({ status: 'APPROVED', roomNo: '102' });
    const again = await post('/transfer-requests', { reason: 'Now the ground floor' }, s.username);
    expect(
      (await post(`/transfer-requests/${again.json().id}/reject`, { note: 'No ground floor beds free' })).json().status,
    ).toBe('REJECTED');
  });
});

describe('vacate and dues', () => {
  it('refuses to vacate with dues unless overridden with a reason, and saves nothing when refused', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1, fee: 5_000_000 });
    const s = await newStudent(t, 'MALE');
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, academicYear: '2025-2026', fromDate: '2025-07-01' });
    let res = await post(`/allotments/${a.id}/vacate`, {
      date: '2026-04-30',
      damages: [{ description: 'Broken chair', amount: 150_000 }],
    });
    expect(res.statusCode).toBe(409);
    // 50,000 fee + 1,500 damage = 51,500 due.
    expect(res.json()).toEqual({ message: HOSTEL_MSG.duesPending('₹51,500'), dues: 5_150_000 });
    expect(await hostelDues(t.db, await collegeId(t), s.id)).toBe(5_000_000);
    res = await post(`/allotments/${a.id}/vacate`, {
      date: '2026-04-30',
      damages: [{ description: 'Broken chair', amount: 150_000 }],
      overrideReason: 'Parent will pay by cheque',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dues: 5_150_000, overridden: true });
    expect(await hostelDues(t.db, await collegeId(t), s.id)).toBe(5_150_000);
    const d = (await get(`/allotments/${a.id}`)).json();
    expect(d).toMatchObject({ status: 'VACATED', vacatedOn: '2026-04-30', overrideReason: 'Parent will pay by cheque' });
    expect(d.history[0].toDate).toBe('2026-04-30');
    expect((await post(`/allotments/${a.id}/vacate`, { date: '2026-04-30' })).json().message).toBe(HOSTEL_MSG.notActive);
    // The bed is free for the next student.
    expect((await allot(t, { rollNo: (await newStudent(t, 'MALE')).rollNo, bedId: b.beds[0].id })).statusCode).toBe(200);
  });

  it('vacates without override once dues are paid; payments cannot exceed dues', async () => {
    const b = await newBuilding(t, 'GIRLS', { rooms: 1, fee: 3_000_000 });
    const s = await newStudent(t, 'FEMALE');
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, academicYear: '2025-2026', fromDate: '2025-07-01' });
    expect((await post(`/allotments/${a.id}/payments`, { amount: 3_000_001 })).json().message).toBe(
      HOSTEL_MSG.overpaid('₹30,000'),
    );
    const paid = await post(`/allotments/${a.id}/payments`, { amount: 2_000_000, mode: 'UPI', reference: 'UTR123' });
    expect(paid.json()).toEqual({ message: '₹20,000 received; ₹10,000 still due', dues: 1_000_000 });
    // Checkout: a 500 damage, the remaining 10,000 + 500 collected at the counter → nothing due.
    const res = await post(`/allotments/${a.id}/vacate`, {
      date: '2026-04-30',
      damages: [{ description: 'Lost key', amount: 50_000 }],
      collected: 1_050_000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dues: 0, overridden: false });
    expect(await hostelDues(t.db, await collegeId(t), s.id)).toBe(0);
  });

  it('five clerks taking the whole fee at once record it once; the others are told nothing is due', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1, fee: 2_000_000 });
    const s = await newStudent(t, 'MALE');
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id });
    const res = await Promise.all(Array.from({ length: 5 }, () => post(`/allotments/${a.id}/payments`, { amount: 2_000_000 })));
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of res.filter((x) => x.statusCode !== 200)) expect(r.json().message).toBe(HOSTEL_MSG.nothingDue);
    expect(await hostelDues(t.db, await collegeId(t), s.id)).toBe(0);
  });

  it('refuses a vacate date before the allotment', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1, fee: 0 });
    const s = await newStudent(t, 'MALE');
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, fromDate: '2025-07-01' });
    expect((await post(`/allotments/${a.id}/vacate`, { date: '2025-06-30' })).json().message).toBe(
      HOSTEL_MSG.vacateBeforeAllotment,
    );
    expect((await post(`/allotments/${a.id}/vacate`, { date: '2025-07-31' })).json()).toMatchObject({
      dues: 0,
      overridden: false,
    });
  });
});

describe('occupancy board', () => {
  it('counts free, occupied and reserved beds per building and filters rooms', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 2, sharing: 2, floors: 2 }); // 4 rooms, 8 beds
    const s = await newStudent(t, 'MALE');
    await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id });
    await post(`/beds/${b.beds[3].id}/reserve`, { reserved: true, note: 'Fan repair' });
    const board = (await get(`/occupancy?buildingId=${b.id}`)).json();
    // 1 occupied, 1 reserved, 6 free of 8: occupancy 12.5 %, vacancy 75 %.
    expect(board.buildings).toEqual([
      expect.objectContaining({ beds: 8, occupied: 1, reserved: 1, free: 6, occupancyPct: 12.5, vacancyPct: 75 }),
    ]);
    expect(board.rooms).toHaveLength(4);
    expect(board.rooms[0].beds[0]).toMatchObject({ status: 'occupied', rollNo: s.rollNo });
    expect(board.rooms[1].beds[1]).toMatchObject({ status: 'reserved', note: 'Fan repair' });
    expect((await get(`/occupancy?buildingId=${b.id}&floor=2`)).json().rooms.map((r: any) => r.roomNo)).toEqual(['201', '202']);
    expect((await get(`/occupancy?buildingId=${b.id}&status=occupied`)).json().rooms.map((r: any) => r.roomNo)).toEqual(['101']);
    expect((await get(`/occupancy?status=gone`)).json().message).toBe('Status is free, occupied or reserved');
  });

  it('exports residents with parent contact numbers', async () => {
    const b = await newBuilding(t, 'GIRLS', { rooms: 1 });
    const s = await newStudent(t, 'FEMALE');
    await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, guardianName: 'V. Srinivas', guardianMobile: '9123456780' });
    const res = await get(`/residents/export?buildingId=${b.id}`);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const ws = wb.getWorksheet('Residents')!;
    expect(ws.getRow(1).getCell(10).value).toBe('Parent mobile');
    expect(ws.getRow(2).values).toEqual(expect.arrayContaining([b.name, '101', 'A', s.rollNo, 'V. Srinivas', '9123456780']));
    expect(ws.rowCount).toBe(2);
  });
});

describe('allotment letter', () => {
  it('prints the letter with its issued verification code, only to its student or the office, and revokes it on vacate', async () => {
    const s = await newStudentLogin(t, 'MALE');
    const b = await newBuilding(t, 'BOYS', { rooms: 1, fee: 5_500_000 });
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, academicYear: '2025-2026', fromDate: '2025-07-01' });
    const res = await get(`/allotments/${a.id}/letter`, s.username);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('HOSTEL ALLOTMENT LETTER');
    expect(text).toContain(a.allotmentNo);
    expect(text).toContain('₹55,000.00');
    const code = (
      await t.db.selectFrom('hostel_allotments').select('letter_code').where('id', '=', a.id).executeTakeFirstOrThrow()
    ).letter_code!;
    expect(text).toContain(code);
    const other = await newStudentLogin(t, 'MALE');
    expect((await get(`/allotments/${a.id}/letter`, other.username)).statusCode).toBe(403);
    await post(`/allotments/${a.id}/vacate`, { date: '2026-04-30', overrideReason: 'Fee waived by principal' });
    const doc = await t.db
      .selectFrom('issued_documents')
      .select(['revoked_at', 'revoked_reason'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(doc.revoked_reason).toBe('Room vacated');
  });
});

describe('out-passes', () => {
  it('a resident asks, the warden approves, the gate records out and in; a late return is flagged', async () => {
    const s = await newStudentLogin(t, 'FEMALE');
    const b = await newBuilding(t, 'GIRLS', { rooms: 1 });
    expect(
      (
        await post(
          '/outpasses',
          { kind: 'OUTING', purpose: 'Shopping', leaveAt: '2025-10-04T16:00', returnBy: '2025-10-04T19:00' },
          s.username,
        )
      ).json().message,
    ).toBe(HOSTEL_MSG.noAllotment);
    await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id });
    const bad = await post(
      '/outpasses',
      { kind: 'OUTING', purpose: 'Shopping', leaveAt: '2025-10-04T16:00', returnBy: '2025-10-04T15:00' },
      s.username,
    );
    expect(bad.json().message).toBe(HOSTEL_MSG.outpassBadTimes);
    const op = (
      await post(
        '/outpasses',
        {
          kind: 'HOME',
          purpose: 'Dasara holidays',
          destination: 'Guntur',
          leaveAt: '2025-10-04T16:00',
          returnBy: '2025-10-06T19:00',
        },
        s.username,
      )
    ).json();
    expect(op.status).toBe('PENDING');
    expect(
      (
        await post(
          '/outpasses',
          { kind: 'OUTING', purpose: 'Movie', leaveAt: '2025-10-05T16:00', returnBy: '2025-10-05T19:00' },
          s.username,
        )
      ).json().message,
    ).toBe(HOSTEL_MSG.outpassOpen);
    expect((await post(`/outpasses/${op.id}/approve`, {}, s.username)).statusCode).toBe(403);
    expect((await post(`/outpasses/${op.id}/out`, { at: '2025-10-04T16:10' })).json().message).toBe(
      HOSTEL_MSG.outpassState('PENDING'),
    );
    expect((await post(`/outpasses/${op.id}/approve`, { note: 'Parent called' })).json().status).toBe('APPROVED');
    expect((await post(`/outpasses/${op.id}/out`, { at: '2025-10-04T16:10' })).json()).toMatchObject({
      status: 'OUT',
      outAt: '2025-10-04T16:10',
      late: true,
    });
    const back = (await post(`/outpasses/${op.id}/return`, { at: '2025-10-06T21:30' })).json();
    expect(back).toMatchObject({ status: 'RETURNED', inAt: '2025-10-06T21:30', late: true });
    const late = (await get(`/outpasses?late=yes&q=${s.rollNo}`)).json();
    expect(late.items.map((o: any) => o.id)).toEqual([op.id]);
    const mine = (await get('/outpasses', s.username)).json();
    expect(mine.items.map((o: any) => o.id)).toEqual([op.id]);
  });

  it('an on-time return is not late; a rejection needs a reason', async () => {
    const s = await newStudent(t, 'MALE');
    const b = await newBuilding(t, 'BOYS', { rooms: 1 });
    await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id });
    const op = (
      await post('/outpasses', {
        rollNo: s.rollNo,
        kind: 'OUTING',
        purpose: 'Bank work',
        leaveAt: '2025-10-04T10:00',
        returnBy: '2025-10-04T13:00',
      })
    ).json();
    expect(op.status).toBe('APPROVED'); // entered by the warden
    await post(`/outpasses/${op.id}/out`, { at: '2025-10-04T10:05' });
    expect((await post(`/outpasses/${op.id}/return`, { at: '2025-10-04T12:40' })).json()).toMatchObject({ late: false });
    const s2 = await newStudentLogin(t, 'MALE');
    await allotOk(t, { rollNo: s2.rollNo, bedId: b.beds[1].id });
    const op2 = (
      await post(
        '/outpasses',
        { kind: 'OUTING', purpose: 'Movie', leaveAt: '2025-10-05T16:00', returnBy: '2025-10-05T19:00' },
        s2.username,
      )
    ).json();
    expect((await post(`/outpasses/${op2.id}/reject`, {})).json().message).toBe('Give a reason for rejecting');
    expect((await post(`/outpasses/${op2.id}/reject`, { note: 'Exams tomorrow' })).json().status).toBe('REJECTED');
  });
});

describe('the student page', () => {
  it('shows the student their bed, dues, history and out-passes', async () => {
    const s = await newStudentLogin(t, 'MALE');
    const b = await newBuilding(t, 'BOYS', { rooms: 1, fee: 4_800_000 });
    await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[1].id });
    const me = (await get('/me', s.username)).json();
    expect(me.student.rollNo).toBe(s.rollNo);
    expect(me.allotment).toMatchObject({ building: b.name, roomNo: '101', bedLabel: 'B', dues: 4_800_000 });
    expect(me.allotment.history).toHaveLength(1);
    expect((await get('/me', INCHARGE)).statusCode).toBe(403);
  });
});

describe('hostel dues in the accounts ledger', () => {
  const ledgerOf = async (rollNo: string) =>
    (await t.as('accountant', { method: 'GET', url: `/api/accounts/students/${rollNo}/ledger` })).json();
  /** The accounts officer approves the student's proposed concessions (the hostel's waivers). */
  const approveWaivers = async (rollNo: string) => {
    const list = await t.as('accountsofficer', {
      method: 'GET',
      url: `/api/accounts/concessions?status=proposed&rollNo=${rollNo}`,
    });
    for (const c of list.json().items as Array<{ id: number }>) {
      const res = await t.as('accountsofficer', {
        method: 'POST',
        url: `/api/accounts/concessions/${c.id}/decision`,
        payload: { decision: 'approve', note: 'ok' },
      });
      expect(res.statusCode).toBe(200);
    }
  };

  it('posts the fee on allotment, passes hostel payments and waivers on, and counts the accounts counter too', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1, fee: 5_000_000 });
    const s = await newStudent(t, 'MALE');
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: b.beds[0].id, academicYear: '2025-2026', fromDate: '2025-07-01' });
    let l = await ledgerOf(s.rollNo);
    const hostel = l.lines.filter((x: any) => x.source === 'hostel');
    expect(hostel).toHaveLength(1);
    expect(hostel[0]).toMatchObject({
      headCode: 'HOSTEL',
      fy: '2025-26',
      dueDate: '2025-07-01',
      amountPaise: 5_000_000,
      balancePaise: 5_000_000,
    });
    expect(l.totals.studentDuePaise).toBe(5_000_000);

    // ₹20,000 at the hostel office, ₹5,000 waived once the accounts officer approves: 50,000 − 20,000 − 5,000 = 25,000 left.
    expect((await post(`/allotments/${a.id}/payments`, { amount: 2_000_000, mode: 'UPI', reference: 'UTR9' })).statusCode).toBe(
      200,
    );
    expect(
      (await post(`/allotments/${a.id}/payments`, { amount: 500_000, kind: 'WAIVER', reference: 'Warden' })).statusCode,
    ).toBe(200);
    await approveWaivers(s.rollNo);
    l = await ledgerOf(s.rollNo);
    expect(l.lines.find((x: any) => x.source === 'hostel')).toMatchObject({
      paidPaise: 2_000_000,
      waivedPaise: 500_000,
      balancePaise: 2_500_000,
    });
    expect(l.receipts).toHaveLength(1);
    expect(l.receipts[0]).toMatchObject({
      label: 'Hostel office UPI UTR9',
      mode: 'upi',
      amountPaise: 2_000_000,
      receiptNo: null,
      pdfUrl: '',
    });
    expect(l.totals).toMatchObject({ studentDuePaise: 2_500_000, advancePaise: 0 });

    // The rest at the accounts counter: the hostel sees nothing due and the student vacates without an override.
    const paid = await t.as('accountant', {
      method: 'POST',
      url: '/api/accounts/receipts',
      payload: { rollNo: s.rollNo, mode: 'cash', amount: 2_500_000 },
    });
    expect(paid.statusCode).toBe(200);
    expect(await hostelDues(t.db, await collegeId(t), s.id)).toBe(0);
    const d = (await get(`/allotments/${a.id}`)).json();
    expect(d.dues).toBe(0);
    expect(d.posted).toEqual([
      expect.objectContaining({
        headName: 'Hostel Fee',
        amountPaise: 5_000_000,
        paidPaise: 4_500_000,
        waivedPaise: 500_000,
        balancePaise: 0,
      }),
    ]);
    const v = await post(`/allotments/${a.id}/vacate`, { date: '2026-04-30' });
    expect(v.json()).toMatchObject({ dues: 0, overridden: false });
  });

  it('posts damages and a dearer room, and the checkout collection pays them', async () => {
    const cheap = await newBuilding(t, 'GIRLS', { rooms: 1, fee: 3_000_000 });
    const dear = await newBuilding(t, 'GIRLS', { rooms: 1, fee: 4_000_000 });
    const s = await newStudent(t, 'FEMALE');
    const a = await allotOk(t, { rollNo: s.rollNo, bedId: cheap.beds[0].id, academicYear: '2025-2026', fromDate: '2025-07-01' });
    expect(
      (await post(`/allotments/${a.id}/transfer`, { bedId: dear.beds[0].id, reason: 'Medical', date: '2025-08-01' })).statusCode,
    ).toBe(200);
    const res = await post(`/allotments/${a.id}/vacate`, {
      date: '2026-04-30',
      damages: [{ description: 'Broken window', amount: 120_000 }],
      collected: 4_120_000,
    });
    expect(res.json()).toMatchObject({ dues: 0, overridden: false });
    const l = await ledgerOf(s.rollNo);
    // 30,000 fee + 10,000 difference + 1,200 damage, all paid by the one checkout receipt of 41,200.
    expect(
      l.lines.filter((x: any) => x.source === 'hostel').map((x: any) => [x.headCode, x.amountPaise, x.balancePaise, x.dueDate]),
    ).toEqual([
      ['HOSTEL', 3_000_000, 0, '2025-07-01'],
      ['HOSTEL', 1_000_000, 0, '2025-08-01'],
      ['HOSTEL_DAMAGE', 120_000, 0, '2026-04-30'],
    ]);
    expect(l.receipts.map((r: any) => [r.label, r.amountPaise, r.date])).toEqual([
      ['Hostel office Cash Checkout', 4_120_000, '2026-04-30'],
    ]);
  });

  it('posts nothing when the allotment is refused', async () => {
    const b = await newBuilding(t, 'BOYS', { rooms: 1, fee: 5_000_000, sharing: 1 });
    const first = await newStudent(t, 'MALE');
    const second = await newStudent(t, 'MALE');
    await allotOk(t, { rollNo: first.rollNo, bedId: b.beds[0].id });
    expect((await allot(t, { rollNo: second.rollNo, bedId: b.beds[0].id })).statusCode).toBe(409);
    expect((await ledgerOf(second.rollNo)).lines).toEqual([]);
  });
});
