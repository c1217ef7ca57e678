import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORT_MSG } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { mileage } from './transport.expenses.js';
import { OFFICE, isoInDays, issue, newRoute, newVehicle, rollNos } from '../../../test/modules/transport.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const add = (body: Record<string, unknown>) => t.as(OFFICE, { method: 'POST', url: '/api/transport/expenses', payload: body });
const fuel = (vehicleId: number, expenseDate: string, odometerKm: number, litres: number, amount = litres * 9_500) =>
  add({ vehicleId, category: 'fuel', expenseDate, odometerKm, litres, amount });

describe('mileage', () => {
  it('divides the km since the last fill by the litres and flags a fill 25% off the usual', () => {
    expect(mileage(200, 50_000, [], 'Bus')).toEqual({ kmplX100: 400, anomaly: null });
    expect(mileage(200, 100_000, [], 'Bus').anomaly).toBe('2.00 km/l is outside the usual 2.5–7 km/l for a bus');
    // usual = median(4.00, 4.20, 3.80) = 4.00; 2.90 is 27.5% below, rounded 28%
    expect(mileage(290, 100_000, [400, 420, 380], 'Bus').anomaly).toBe("2.90 km/l is 28% below this vehicle's usual 4.00 km/l");
    expect(mileage(310, 100_000, [400, 420, 380], 'Bus').anomaly).toBeNull();
  });
});

describe('expenses', () => {
  it('computes km per litre from the odometer and flags an odd fill', async () => {
    const v = await newVehicle(t);
    const first = await fuel(v.id, isoInDays(-20), 10_000, 40);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ litres: 40, odometerKm: 10_000, kmRun: null, kmPerLitre: null, anomaly: null });

    const second = await fuel(v.id, isoInDays(-15), 10_200, 50);
    expect(second.json()).toMatchObject({ kmRun: 200, kmPerLitre: 4, anomaly: null });

    // 150 km on 75 litres: 2 km/l, outside a bus's 2.5–7 (fewer than three fills on record).
    const third = await fuel(v.id, isoInDays(-10), 10_350, 75);
    expect(third.json()).toMatchObject({
      kmRun: 150,
      kmPerLitre: 2,
      anomaly: '2.00 km/l is outside the usual 2.5–7 km/l for a bus',
    });

    const flagged = await t.as(OFFICE, { method: 'GET', url: `/api/transport/expenses?vehicleId=${v.id}&anomalies=1` });
    expect(flagged.json().items.map((e: { id: number }) => e.id)).toEqual([third.json().id]);
  });

  it('refuses an odometer reading that does not lie between the neighbouring fills', async () => {
    const v = await newVehicle(t);
    await fuel(v.id, isoInDays(-20), 20_000, 40);
    await fuel(v.id, isoInDays(-10), 20_400, 80);
    const back = await fuel(v.id, isoInDays(-5), 20_300, 30);
    expect(back.statusCode).toBe(400);
    const d = isoInDays(-10).split('-').reverse().join('-');
    expect(back.json().message).toBe(TRANSPORT_MSG.odometerBackwards(20_300, 20_400, d));

    // A late entry between two fills is placed and the later fill recomputed against it.
    const between = await fuel(v.id, isoInDays(-15), 20_200, 50);
    expect(between.statusCode).toBe(200);
    expect(between.json()).toMatchObject({ kmRun: 200, kmPerLitre: 4 });
    const list = await t.as(OFFICE, { method: 'GET', url: `/api/transport/expenses?vehicleId=${v.id}&category=fuel` });
    const latest = list.json().items[0];
    expect(latest).toMatchObject({ odometerKm: 20_400, kmRun: 200, kmPerLitre: 2.5 });

    const ahead = await fuel(v.id, isoInDays(-12), 20_500, 10);
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().message).toBe(TRANSPORT_MSG.odometerAhead(20_500, 20_400, d));
  });

  it('refuses bad entries with a message and nothing saved', async () => {
    const v = await newVehicle(t);
    const noLitres = await add({ vehicleId: v.id, category: 'fuel', expenseDate: isoInDays(-1), amount: 100 });
    expect(noLitres.statusCode).toBe(400);
    expect(noLitres.body).toContain(TRANSPORT_MSG.fuelNeedsFigures);
    const future = await add({ vehicleId: v.id, category: 'tax', expenseDate: isoInDays(3), amount: 100 });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(TRANSPORT_MSG.futureDate);
    const zero = await add({ vehicleId: v.id, category: 'repair', expenseDate: isoInDays(-1), amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain('Amount must be more than zero');
    const list = await t.as(OFFICE, { method: 'GET', url: `/api/transport/expenses?vehicleId=${v.id}` });
    expect(list.json().total).toBe(0);
  });
});

describe('monthly report', () => {
  it('gives cost per km per vehicle, per route and per student carried, and an Excel copy', async () => {
    const day = isoInDays(0);
    const month = day.slice(0, 7);
    const v = await newVehicle(t, { seatingCapacity: 10 });
    const r = await newRoute(t, v.id);
    const [a, b] = await rollNos(t, 200, 2);
    await issue(t, a, r.stops[0].id);
    await issue(t, b, r.stops[1].id);
    await issue(t, 'hod', r.stops[0].id, { holderType: 'staff' });
    // Fills of ₹4,750 and ₹9,500: 300 km on the second fill's 100 litres would be 3 km/l.
    await fuel(v.id, day, 50_000, 50, 475_000);
    await fuel(v.id, day, 50_300, 100, 950_000);
    await add({ vehicleId: v.id, category: 'salary', expenseDate: day, amount: 2_500_000 });
    await add({ vehicleId: v.id, category: 'maintenance', expenseDate: day, amount: 75_000 });

    const res = await t.as(OFFICE, { method: 'GET', url: `/api/transport/reports/monthly?month=${month}` });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    const row = report.vehicles.find((x: { vehicleId: number }) => x.vehicleId === v.id);
    // total = 4,75,000 + 9,50,000 + 25,00,000 + 75,000 = 40,00,000 paise over 300 km
    expect(row).toMatchObject({
      fuel: 1_425_000,
      salary: 2_500_000,
      maintenance: 75_000,
      total: 4_000_000,
      km: 300,
      litres: 150,
      kmPerLitre: 2,
      costPerKm: 13_333,
    });
    const route = report.routes.find((x: { routeId: number }) => x.routeId === r.id);
    // three passengers (two students, one staff): 40,00,000 / 3 = 13,33,333.33 → 13,33,333
    expect(route).toMatchObject({
      km: 300,
      cost: 4_000_000,
      passengers: 3,
      students: 2,
      costPerKm: 13_333,
      costPerPassenger: 1_333_333,
    });

    const bad = await t.as(OFFICE, { method: 'GET', url: '/api/transport/reports/monthly?month=2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(TRANSPORT_MSG.badMonth);

    const xlsx = await t.as(OFFICE, { method: 'GET', url: `/api/transport/reports/monthly.xlsx?month=${month}` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Vehicles')!;
    const found = sheet.getColumn(1).values.includes(v.regNo);
    expect(found).toBe(true);
    expect(wb.getWorksheet('Routes')!.getColumn(1).values).toContain(r.code);
  });
});
