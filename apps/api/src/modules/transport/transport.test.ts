import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORT_MSG } from '@erp/shared';
import fs from 'node:fs';
import path from 'node:path';
import { newStudent } from '../../../test/builders.js';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { encodePng } from '../../lib/png.js';
import { pdfText } from '../../../test/modules/payments.js';
import { transportDues } from './transport.service.js';
import {
  OFFICE,
  STUDENT,
  isoInDays,
  issue,
  newRoute,
  newVehicle,
  rollNos,
  vehicleBody,
} from '../../../test/modules/transport.js';

let t: TestApp;
let svec: number;
beforeAll(async () => {
  t = await createTestApp();
  svec = (await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

const studentId = async (roll: string) =>
  (
    await t.db
      .selectFrom('students')
      .select('id')
      .where('college_id', '=', svec)
      .where('roll_no', '=', roll)
      .executeTakeFirstOrThrow()
  ).id;
const seatsTaken = async (vehicleId: number) =>
  Number(
    (await t.db.selectFrom('transport_vehicles').select('seats_taken').where('id', '=', vehicleId).executeTakeFirstOrThrow())
      .seats_taken,
  );

describe('vehicles', () => {
  it('stores an Indian registration number in its plain form and refuses others with a message', async () => {
    const v = await newVehicle(t, { regNo: 'ts 09 ea-4321' });
    expect(v.regNo).toBe('TS09EA4321');

    const bad = await t.as(OFFICE, {
      method: 'POST',
      url: '/api/transport/vehicles',
      payload: vehicleBody({ regNo: 'XX12AB1234' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(TRANSPORT_MSG.badRegistration);

    const dup = await t.as(OFFICE, {
      method: 'POST',
      url: '/api/transport/vehicles',
      payload: vehicleBody({ regNo: 'TS09EA4321' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(TRANSPORT_MSG.duplicateRegistration('TS09EA4321'));
  });

  it('warns on the dashboard about certificates expiring within 30 days, not later ones', async () => {
    const v = await newVehicle(t, { insuranceExpiry: isoInDays(10), permitExpiry: isoInDays(-2), fitnessExpiry: isoInDays(31) });
    const res = await t.as(OFFICE, { method: 'GET', url: '/api/transport/dashboard' });
    expect(res.statusCode).toBe(200);
    const mine = (res.json().warnings as Array<{ vehicleId: number; certificate: string; daysLeft: number }>).filter(
      (w) => w.vehicleId === v.id,
    );
    expect(mine.map((w) => [w.certificate, w.daysLeft])).toEqual([
      ['permit', -2],
      ['insurance', 10],
    ]);
  });

  it('refuses a capacity below the passes already issued, and retiring a vehicle that runs a route', async () => {
    const v = await newVehicle(t, { seatingCapacity: 3 });
    const route = await newRoute(t, v.id);
    const [a, b] = await rollNos(t, 100, 2);
    expect((await issue(t, a, route.stops[0].id)).statusCode).toBe(200);
    expect((await issue(t, b, route.stops[0].id)).statusCode).toBe(200);

    const shrink = await t.as(OFFICE, {
      method: 'PUT',
      url: `/api/transport/vehicles/${v.id}`,
      payload: vehicleBody({ regNo: v.regNo, seatingCapacity: 1 }),
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().message).toBe(TRANSPORT_MSG.capacityBelowPasses(2));
    const ok = await t.as(OFFICE, {
      method: 'PUT',
      url: `/api/transport/vehicles/${v.id}`,
      payload: vehicleBody({ regNo: v.regNo, seatingCapacity: 2 }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().seatingCapacity).toBe(2);

    const retire = await t.as(OFFICE, {
      method: 'POST',
      url: `/api/transport/vehicles/${v.id}/retire`,
      payload: { reason: 'Sold' },
    });
    expect(retire.statusCode).toBe(400);
    expect(retire.json().message).toBe(TRANSPORT_MSG.retireWithRoute(route.code));

    const spare = await newVehicle(t);
    const retired = await t.as(OFFICE, {
      method: 'POST',
      url: `/api/transport/vehicles/${spare.id}/retire`,
      payload: { reason: 'Condemned' },
    });
    expect(retired.statusCode).toBe(200);
    expect(retired.json().status).toBe('retired');
  });
});

describe('routes and stops', () => {
  it('keeps stops in order with pickup times and yearly fares', async () => {
    const v = await newVehicle(t);
    const r = await newRoute(t, v.id, [
      { name: 'Renigunta', pickupTime: '07:00', fare: 2_400_000 },
      { name: 'Karakambadi', pickupTime: '07:15', fare: 2_000_000 },
      { name: 'Tiruchanur', pickupTime: '07:30', fare: 1_500_000 },
    ]);
    const list = (await t.as(OFFICE, { method: 'GET', url: '/api/transport/routes' })).json() as Array<{
      id: number;
      vehicleRegNo: string;
      stops: Array<{ seq: number; name: string; fare: number }>;
    }>;
    const mine = list.find((x) => x.id === r.id)!;
    expect(mine.vehicleRegNo).toBe(v.regNo);
    expect(mine.stops.map((s) => [s.seq, s.name, s.fare])).toEqual([
      [1, 'Renigunta', 2_400_000],
      [2, 'Karakambadi', 2_000_000],
      [3, 'Tiruchanur', 1_500_000],
    ]);

    const backwards = await t.as(OFFICE, {
      method: 'POST',
      url: '/api/transport/routes',
      payload: {
        code: 'BAD1',
        name: 'Bad',
        vehicleId: null,
        stops: [
          { name: 'A', pickupTime: '08:00', fare: 0 },
          { name: 'B', pickupTime: '07:00', fare: 0 },
        ],
      },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(TRANSPORT_MSG.stopOrder);

    const taken = await t.as(OFFICE, {
      method: 'POST',
      url: '/api/transport/routes',
      payload: { code: 'BAD2', name: 'Bad', vehicleId: v.id, stops: [{ name: 'A', pickupTime: '08:00', fare: 0 }] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(TRANSPORT_MSG.vehicleOnOtherRoute(v.regNo, r.code));
  });

  it('edits stops: renames and re-prices kept ones, adds new ones, refuses dropping one with passes', async () => {
    const v = await newVehicle(t);
    const r = await newRoute(t, v.id);
    const [roll] = await rollNos(t, 110, 1);
    expect((await issue(t, roll, r.stops[0].id)).statusCode).toBe(200);
    const drop = await t.as(OFFICE, {
      method: 'PUT',
      url: `/api/transport/routes/${r.id}`,
      payload: {
        code: r.code,
        name: 'Edited',
        vehicleId: v.id,
        stops: [{ id: r.stops[1].id, name: 'Leela Mahal', pickupTime: '07:20', fare: 1_700_000 }],
      },
    });
    expect(drop.statusCode).toBe(400);
    expect(drop.json().message).toBe(TRANSPORT_MSG.stopHasPasses('Alipiri'));

    const edit = await t.as(OFFICE, {
      method: 'PUT',
      url: `/api/transport/routes/${r.id}`,
      payload: {
        code: r.code,
        name: 'Edited',
        vehicleId: v.id,
        stops: [
          { id: r.stops[0].id, name: 'Alipiri', pickupTime: '07:10', fare: 1_800_000 },
          { name: 'SV University', pickupTime: '07:15', fare: 1_700_000 },
        ],
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().stops.map((s: { name: string; passes: number }) => [s.name, s.passes])).toEqual([
      ['Alipiri', 1],
      ['SV University', 0],
    ]);
  });
});

describe('routes and stops: changing the vehicle', () => {
  it('moves the pass holders to the new vehicle only when it has the seats', async () => {
    const old = await newVehicle(t, { seatingCapacity: 5 });
    const small = await newVehicle(t, { seatingCapacity: 1 });
    const big = await newVehicle(t, { seatingCapacity: 10 });
    const r = await newRoute(t, old.id);
    const [a, b] = await rollNos(t, 170, 2);
    await issue(t, a, r.stops[0].id);
    await issue(t, b, r.stops[1].id);
    const body = (vehicleId: number) => ({
      code: r.code,
      name: 'Moved',
      vehicleId,
      stops: r.stops.map((s, i) => ({ id: s.id, name: s.name, pickupTime: i === 0 ? '07:10' : '07:20', fare: s.fare })),
    });
    const tooSmall = await t.as(OFFICE, { method: 'PUT', url: `/api/transport/routes/${r.id}`, payload: body(small.id) });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().message).toBe(TRANSPORT_MSG.routeVehicleTooSmall(small.regNo, 2));
    expect(await seatsTaken(old.id)).toBe(2);

    const moved = await t.as(OFFICE, { method: 'PUT', url: `/api/transport/routes/${r.id}`, payload: body(big.id) });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ vehicleRegNo: big.regNo, seatsTaken: 2, seatingCapacity: 10 });
    expect(await seatsTaken(old.id)).toBe(0);
    const onBig = await t.db
      .selectFrom('transport_passes')
      .select('id')
      .where('vehicle_id', '=', big.id)
      .where('status', '=', 'active')
      .execute();
    expect(onBig).toHaveLength(2);
  });
});

describe('who sees what', () => {
  it('keeps the office calls to the transport roles and each college to its own fleet', async () => {
    const v = await newVehicle(t);
    expect((await t.as('faculty', { method: 'GET', url: '/api/transport/vehicles' })).statusCode).toBe(403);
    expect(
      (
        await t.as(STUDENT, {
          method: 'POST',
          url: '/api/transport/passes',
          payload: { holderType: 'student', holder: STUDENT, stopId: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.as('principal', { method: 'GET', url: '/api/transport/vehicles' })).statusCode).toBe(200);
    const srk = await t.as('srkadmin', { method: 'GET', url: '/api/transport/vehicles' }, 'srk.localhost');
    expect(srk.statusCode).toBe(200);
    const regs = (srk.json() as Array<{ regNo: string }>).map((x) => x.regNo);
    expect(regs).not.toContain(v.regNo);
    const edit = await t.as(
      'srkadmin',
      { method: 'PUT', url: `/api/transport/vehicles/${v.id}`, payload: vehicleBody({ regNo: v.regNo }) },
      'srk.localhost',
    );
    expect(edit.statusCode).toBe(404);
  });
});

describe('pass holders search', () => {
  const holders = async (holderType: string, q: string) =>
    (await t.as(OFFICE, { method: 'GET', url: `/api/transport/holders?holderType=${holderType}&q=${encodeURIComponent(q)}` }))
      .json()
      .map((h: { ref: string }) => h.ref);

  it('finds students by any part of the roll number or the name, in any case', async () => {
    const s = await newStudent(t.db, svec, { full_name: 'Meenakshi Sundaresan' });
    expect(await holders('student', s.rollNo.slice(3).toLowerCase())).toEqual([s.rollNo]);
    const byName = await holders('student', 'NAKSHI SUNDAR');
    expect(byName).toContain(s.rollNo);
  });

  it('finds active staff logins by any part of the username or the name, never a student’s', async () => {
    const username = `tstaff${Date.now().toString(36)}`;
    // A login like the transport office's own (no roles copied), under a name of its own.
    const { id: _id, ...office } = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', OFFICE)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('users')
      .values({
        ...office,
        username,
        email: `${username}@example.org`,
        full_name: 'Venkata Subrahmanyam',
        emp_code: null,
        status: 'active',
      })
      .execute();
    expect(await holders('staff', username.slice(2).toUpperCase())).toEqual([username]);
    expect(await holders('staff', 'ata subrah')).toContain(username);
    const s = await newStudent(t.db, svec, { login: true });
    expect(await holders('staff', s.rollNo)).toEqual([]);
  });
});

describe('passes', () => {
  it("issues a student's pass for a stop and raises the stop's yearly fare as a due; cancelling frees the seat and the due", async () => {
    const v = await newVehicle(t);
    const r = await newRoute(t, v.id);
    const [roll] = await rollNos(t, 120, 1);
    // Dues the student may already owe (another year's pass) stay as they are.
    const before = await transportDues(t.db, svec, await studentId(roll));
    const res = await issue(t, roll, r.stops[1].id);
    expect(res.statusCode).toBe(200);
    const pass = res.json();
    expect(pass).toMatchObject({
      holderType: 'student',
      holderRef: roll,
      stopName: 'Leela Mahal Circle',
      fare: 1_600_000,
      status: 'active',
      vehicleRegNo: v.regNo,
    });
    expect(pass.passNo).toMatch(/^SVEC\/TP\/\d{5}$/);
    expect(await seatsTaken(v.id)).toBe(1);
    expect(await transportDues(t.db, svec, await studentId(roll))).toBe(before + 1_600_000);

    const again = await issue(t, roll, r.stops[0].id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRANSPORT_MSG.alreadyHasPass(pass.holderName, '2031-2032'));

    const cancel = await t.as(OFFICE, {
      method: 'POST',
      url: `/api/transport/passes/${pass.id}/cancel`,
      payload: { reason: 'Moved to hostel' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect(await seatsTaken(v.id)).toBe(0);
    expect(await transportDues(t.db, svec, await studentId(roll))).toBe(before);
    const twice = await t.as(OFFICE, {
      method: 'POST',
      url: `/api/transport/passes/${pass.id}/cancel`,
      payload: { reason: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TRANSPORT_MSG.passAlreadyCancelled);
  });

  it('refuses a pass when the vehicle is full', async () => {
    const v = await newVehicle(t, { seatingCapacity: 1 });
    const r = await newRoute(t, v.id);
    const [a, b] = await rollNos(t, 130, 2);
    expect((await issue(t, a, r.stops[0].id)).statusCode).toBe(200);
    const full = await issue(t, b, r.stops[0].id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(TRANSPORT_MSG.vehicleFull(v.regNo, 1));
  });

  it('gives the last two seats to exactly two of six clerks issuing at once', async () => {
    const v = await newVehicle(t, { seatingCapacity: 2 });
    const r = await newRoute(t, v.id);
    const rolls = await rollNos(t, 140, 6);
    const results = await Promise.all(rolls.map((roll) => issue(t, roll, r.stops[0].id)));
    const codes = results.map((x) => x.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await seatsTaken(v.id)).toBe(2);
    const active = await t.db
      .selectFrom('transport_passes')
      .select('pass_no')
      .where('vehicle_id', '=', v.id)
      .where('status', '=', 'active')
      .execute();
    expect(active).toHaveLength(2);
    expect(new Set(active.map((p) => p.pass_no)).size).toBe(2);
  });

  it('issues a staff pass by login, with no fare due, and refuses unknown holders', async () => {
    const v = await newVehicle(t);
    const r = await newRoute(t, v.id);
    const staff = await issue(t, 'faculty', r.stops[0].id, { holderType: 'staff' });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ holderType: 'staff', holderRef: 'faculty', holderName: 'Farida Rao' });
    const dues = await t.db.selectFrom('transport_dues').select('id').where('pass_id', '=', staff.json().id).execute();
    expect(dues).toHaveLength(0);

    const nobody = await issue(t, '99Z99Z9999', r.stops[0].id);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().message).toBe(TRANSPORT_MSG.studentNotFound('99Z99Z9999'));
    const studentAsStaff = await issue(t, STUDENT, r.stops[0].id, { holderType: 'staff' });
    expect(studentAsStaff.statusCode).toBe(400);
    const noStop = await issue(t, STUDENT, 99_999_999);
    expect(noStop.statusCode).toBe(400);
    expect(noStop.json().message).toBe(TRANSPORT_MSG.stopNotFound);
  });

  it('lets a student see and print only their own pass; the PDF carries the holder and a verification code', async () => {
    const v = await newVehicle(t);
    const r = await newRoute(t, v.id);
    const mine = (await issue(t, STUDENT, r.stops[0].id, { academicYear: '2032-2033' })).json();
    const [other] = await rollNos(t, 150, 1);
    const theirs = (await issue(t, other, r.stops[0].id, { academicYear: '2032-2033' })).json();

    const list = await t.as(STUDENT, { method: 'GET', url: '/api/transport/passes/mine' });
    expect(list.statusCode).toBe(200);
    const refs = (list.json() as Array<{ id: number; holderRef: string }>).map((p) => p.holderRef);
    expect(new Set(refs)).toEqual(new Set([STUDENT]));
    expect((list.json() as Array<{ id: number }>).some((p) => p.id === mine.id)).toBe(true);

    const pdf = await t.as(STUDENT, { method: 'GET', url: `/api/transport/passes/${mine.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(STUDENT);
    expect(text).toContain(mine.passNo);
    expect(text).toContain('BUS PASS');
    const code = (
      await t.db.selectFrom('transport_passes').select('verify_code').where('id', '=', mine.id).executeTakeFirstOrThrow()
    ).verify_code;
    expect(text).toContain(code);
    const verified = await t.app.inject({ method: 'GET', url: `/api/documents/verify/${code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain(STUDENT);

    const peek = await t.as(STUDENT, { method: 'GET', url: `/api/transport/passes/${theirs.id}/pdf` });
    expect(peek.statusCode).toBe(403);
    expect(peek.json().message).toBe(TRANSPORT_MSG.passNotYours);
    expect((await t.as(STUDENT, { method: 'GET', url: '/api/transport/passes' })).statusCode).toBe(403);
    expect((await t.as(OFFICE, { method: 'GET', url: `/api/transport/passes/${theirs.id}/pdf` })).statusCode).toBe(200);

    // Another college's admin does not find it.
    const srk = await t.as('srkadmin', { method: 'GET', url: `/api/transport/passes/${mine.id}/pdf` }, 'srk.localhost');
    expect(srk.statusCode).toBe(404);
  });

  it("prints the photo stored with the student's admission, and a silhouette without one", async () => {
    const v = await newVehicle(t);
    const r = await newRoute(t, v.id);
    const [withPhoto, without] = await rollNos(t, 180, 2);
    const rel = path.join('SVEC', 'admissions', `${withPhoto}.png`);
    fs.mkdirSync(path.dirname(path.join(t.config.UPLOAD_DIR, rel)), { recursive: true });
    fs.writeFileSync(
      path.join(t.config.UPLOAD_DIR, rel),
      encodePng(30, 40, () => [200, 120, 40, 255]),
    );
    const now = new Date().toISOString();
    const adm = await t.db
      .insertInto('admissions')
      .values({
        college_id: svec,
        admission_no: `TP-${withPhoto}`,
        aadhar_no: `9${Date.now()}`.slice(0, 12),
        name: 'Photo Test',
        course: 'B.Tech',
        batch: '',
        branch: 'CSE',
        gender: 'Male',
        date_of_admission: '2024-07-01',
        data_json: '{}',
        photo_path: rel,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('students')
      .set({ admission_id: adm.id })
      .where('college_id', '=', svec)
      .where('roll_no', '=', withPhoto)
      .execute();

    const a = (await issue(t, withPhoto, r.stops[0].id)).json();
    const b = (await issue(t, without, r.stops[0].id)).json();
    const pdfA = await t.as(OFFICE, { method: 'GET', url: `/api/transport/passes/${a.id}/pdf` });
    const pdfB = await t.as(OFFICE, { method: 'GET', url: `/api/transport/passes/${b.id}/pdf` });
    expect(pdfA.statusCode).toBe(200);
    expect(pdfA.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(pdfB.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('lists passes with search and paging', async () => {
    const v = await newVehicle(t);
    const r = await newRoute(t, v.id);
    const [a, b] = await rollNos(t, 160, 2);
    await issue(t, a, r.stops[0].id);
    await issue(t, b, r.stops[1].id);
    const res = await t.as(OFFICE, { method: 'GET', url: `/api/transport/passes?routeId=${r.id}&pageSize=1` });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().items).toHaveLength(1);
    const q = await t.as(OFFICE, { method: 'GET', url: `/api/transport/passes?routeId=${r.id}&q=${b}` });
    expect(q.json().items.map((p: { holderRef: string }) => p.holderRef)).toEqual([b]);
  });
});

describe('fares in the accounts ledger', () => {
  const ledgerOf = async (rollNo: string) =>
    (await t.as('accountant', { method: 'GET', url: `/api/accounts/students/${rollNo}/ledger` })).json();

  it('posts the fare with the pass, counts a payment at the accounts counter, and takes the unpaid rest back on cancel', async () => {
    const v = await newVehicle(t);
    const r = await newRoute(t, v.id);
    const [roll] = await rollNos(t, 230, 1);
    const res = await issue(t, roll, r.stops[0].id, { academicYear: '2032-2033' });
    expect(res.statusCode).toBe(200);
    const pass = res.json();
    expect(pass.fareLedger).toEqual({ amountPaise: 1_800_000, paidPaise: 0, waivedPaise: 0, balancePaise: 1_800_000 });
    let line = (await ledgerOf(roll)).lines.find(
      (l: any) => l.source === 'transport' && l.amountPaise === 1_800_000 && l.paidPaise === 0,
    );
    expect(line).toMatchObject({ headCode: 'TRANSPORT', headName: 'Transport Fee', payer: 'student', balancePaise: 1_800_000 });

    // ₹10,000 paid at the accounts counter against the fare: the pass shows ₹8,000 still due.
    const before = await transportDues(t.db, svec, await studentId(roll));
    const paid = await t.as('accountant', {
      method: 'POST',
      url: '/api/accounts/receipts',
      payload: {
        rollNo: roll,
        mode: 'upi',
        reference: 'UPI1',
        amount: 1_000_000,
        allocation: [{ lineId: line.id, amountPaise: 1_000_000 }],
      },
    });
    expect(paid.statusCode).toBe(200);
    expect(await transportDues(t.db, svec, await studentId(roll))).toBe(before - 1_000_000);
    const listed = (await t.as(OFFICE, { method: 'GET', url: `/api/transport/passes?q=${roll}&status=all` })).json();
    expect(listed.items.find((p: any) => p.id === pass.id).fareLedger).toEqual({
      amountPaise: 1_800_000,
      paidPaise: 1_000_000,
      waivedPaise: 0,
      balancePaise: 800_000,
    });

    // Cancelled before its year (2032-33) began, nothing of the fare is kept: the ₹8,000 unpaid is
    // waived and the ₹10,000 paid comes off the line as the receipt's excess credit.
    const cancel = await t.as(OFFICE, {
      method: 'POST',
      url: `/api/transport/passes/${pass.id}/cancel`,
      payload: { reason: 'Left the route' },
    });
    expect(cancel.json()).toMatchObject({
      fareKeptPaise: 0,
      creditedPaise: 1_000_000,
      fareLedger: { amountPaise: 1_800_000, paidPaise: 0, waivedPaise: 1_800_000, balancePaise: 0 },
    });
    const after = await ledgerOf(roll);
    line = after.lines.find((l: any) => l.id === line.id);
    expect(line).toMatchObject({ paidPaise: 0, waivedPaise: 1_800_000, balancePaise: 0 });
    expect(after.receipts.find((r: any) => r.id === paid.json().id)).toMatchObject({ amountPaise: 1_000_000, excessPaise: 1_000_000 });
    expect(await transportDues(t.db, svec, await studentId(roll))).toBe(before - 1_800_000);
  });

  describe('a pass given up during its year keeps the fare of the months (or semesters) begun', () => {
    /** A ₹18,000 pass of 2026-27 as if issued on 10 June 2026, ₹12,000 of it paid at the counter. */
    async function passUsedSinceJune() {
      const v = await newVehicle(t);
      const r = await newRoute(t, v.id);
      const roll = (await newStudent(t.db, svec)).rollNo;
      const pass = (await issue(t, roll, r.stops[0].id, { academicYear: '2026-2027' })).json();
      await t.db.updateTable('transport_passes').set({ issued_at: '2026-06-10T04:00:00.000Z' }).where('id', '=', pass.id).execute();
      const line = (await ledgerOf(roll)).lines.find((l: any) => l.source === 'transport');
      const paid = await t.as('accountant', {
        method: 'POST',
        url: '/api/accounts/receipts',
        payload: { rollNo: roll, mode: 'cash', amount: 1_200_000, allocation: [{ lineId: line.id, amountPaise: 1_200_000 }] },
      });
      expect(paid.statusCode).toBe(200);
      return { roll, pass, line, receipt: paid.json() };
    }
    const cancelOn = (id: number, date: string) =>
      t.as(OFFICE, { method: 'POST', url: `/api/transport/passes/${id}/cancel`, payload: { reason: 'Moved to the hostel', date } });
    const basis = async (leavingBasis: 'month' | 'semester') => {
      const current = (await t.as('accountsofficer', { method: 'GET', url: '/api/accounts/settings' })).json();
      const res = await t.as('accountsofficer', { method: 'PUT', url: '/api/accounts/settings', payload: { ...current, leavingBasis } });
      expect(res.statusCode).toBe(200);
    };

    it('by the month: June to October is five months of ₹1,500; the ₹4,500 paid beyond comes back', async () => {
      await basis('month');
      const { roll, pass, line, receipt } = await passUsedSinceJune();
      const res = await cancelOn(pass.id, '2026-10-15');
      expect(res.statusCode).toBe(200);
      // ₹18,000 a year is ₹1,500 a month; June–October kept: ₹7,500. Paid ₹12,000: ₹4,500 back.
      expect(res.json()).toMatchObject({ status: 'cancelled', fareKeptPaise: 750_000, creditedPaise: 450_000 });
      const l = await ledgerOf(roll);
      expect(l.lines.find((x: any) => x.id === line.id)).toMatchObject({ paidPaise: 750_000, waivedPaise: 1_050_000, balancePaise: 0 });
      expect(l.receipts.find((r: any) => r.id === receipt.id)).toMatchObject({ excessPaise: 450_000 });
    });

    it('by the semester: leaving in October keeps the first semester, ₹9,000; ₹3,000 comes back', async () => {
      await basis('semester');
      try {
        const { roll, pass, line } = await passUsedSinceJune();
        const res = await cancelOn(pass.id, '2026-10-15');
        expect(res.json()).toMatchObject({ fareKeptPaise: 900_000, creditedPaise: 300_000 });
        const l = await ledgerOf(roll);
        expect(l.lines.find((x: any) => x.id === line.id)).toMatchObject({ paidPaise: 900_000, waivedPaise: 900_000, balancePaise: 0 });
      } finally {
        await basis('month');
      }
    });

    it('refuses a last day in the future or before the pass was issued, and changes nothing', async () => {
      const { pass } = await passUsedSinceJune();
      const early = await cancelOn(pass.id, '2026-06-01');
      expect(early.statusCode).toBe(400);
      expect(early.json().message).toBe(TRANSPORT_MSG.cancelDateBeforeIssue('2026-06-10'));
      const future = await cancelOn(pass.id, '2199-01-01');
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe(TRANSPORT_MSG.cancelDateFuture);
      const still = (await t.as(OFFICE, { method: 'GET', url: `/api/transport/passes?q=${pass.holderRef}&status=all` })).json();
      expect(still.items.find((p: any) => p.id === pass.id).status).toBe('active');
    });
  });

  it("posts nothing when the bus is full", async () => {
    const v = await newVehicle(t, { seatingCapacity: 1 });
    const r = await newRoute(t, v.id);
    // Two students of the test's own: seeded ones may already hold a pass another test issued.
    const [a, b] = [(await newStudent(t.db, svec)).rollNo, (await newStudent(t.db, svec)).rollNo];
    expect((await issue(t, a, r.stops[0].id, { academicYear: '2032-2033' })).statusCode).toBe(200);
    const lines = async () => (await ledgerOf(b)).lines.filter((l: any) => l.source === 'transport').length;
    const n = await lines();
    expect((await issue(t, b, r.stops[0].id, { academicYear: '2032-2033' })).statusCode).toBe(409);
    expect(await lines()).toBe(n);
  });
});
