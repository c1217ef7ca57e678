import { describe, expect, it } from 'vitest';
import { isIndianRegistration, normalizeRegistration, ZExpenseInput, ZRouteInput, ZVehicleInput } from './transport-schemas.js';

describe('Indian registration numbers', () => {
  it('accepts state, RTO, series and number in their usual forms', () => {
    for (const v of [
      'TS09AB1234',
      'AP03TA0123',
      'KA01A1234',
      'DL3CAB1234',
      'ts 09 ab 1234',
      'MH-12-DE-1433',
      'TN371234',
      '22BH1234AA',
    ])
      expect(isIndianRegistration(v), v).toBe(true);
  });
  it('refuses unknown state codes, short numbers and stray characters', () => {
    for (const v of [
      'XX09AB1234',
      'TS09AB123',
      'TS09ABCD1234',
      'TS00AB1234',
      'TS09AB0000',
      '1234',
      'TS09AB12345',
      'TS09@B1234',
      '22BH1234IO',
    ])
      expect(isIndianRegistration(v), v).toBe(false);
  });
  it('normalizes to capitals without spaces or hyphens', () => {
    expect(normalizeRegistration('ap 03-ta 0123')).toBe('AP03TA0123');
  });
});

describe('transport forms', () => {
  const vehicle = {
    regNo: 'ap03ta0123',
    vehicleType: 'Bus',
    seatingCapacity: '52',
    driverName: 'Ramanaiah',
    driverLicence: 'ap03 2015 0012345',
    insuranceExpiry: '2027-01-31',
    fitnessExpiry: '2027-01-31',
    permitExpiry: '2027-01-31',
    pollutionExpiry: '2027-01-31',
  };
  it('cleans a vehicle and says what is wrong in words', () => {
    const ok = ZVehicleInput.parse(vehicle);
    expect(ok).toMatchObject({ regNo: 'AP03TA0123', seatingCapacity: 52, driverLicence: 'AP0320150012345', driverPhone: '' });
    const bad = ZVehicleInput.safeParse({ ...vehicle, seatingCapacity: 0, insuranceExpiry: '31-01-2027', driverPhone: '12345' });
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Seating capacity must be at least 1',
        'Insurance expiry must be a date (yyyy-mm-dd)',
        'Phone must be a 10-digit Indian mobile number',
      ]),
    );
  });
  it('needs litres and odometer on a fuel entry only', () => {
    const base = { vehicleId: 1, expenseDate: '2026-10-01', amount: 500000 };
    expect(ZExpenseInput.safeParse({ ...base, category: 'fuel' }).error!.issues[0].message).toBe(
      'A fuel entry needs litres and the odometer reading',
    );
    expect(ZExpenseInput.safeParse({ ...base, category: 'tax' }).success).toBe(true);
  });
  it('upper-cases route codes and wants each stop once', () => {
    const r = ZRouteInput.safeParse({
      code: 'r1',
      name: 'Route',
      stops: [
        { name: 'A', pickupTime: '07:00', fare: 0 },
        { name: 'a', pickupTime: '07:10', fare: 0 },
      ],
    });
    expect(r.error!.issues[0].message).toBe('Each stop appears once on a route');
    expect(ZRouteInput.parse({ code: 'r1', name: 'Route', stops: [{ name: 'A', pickupTime: '07:00', fare: 0 }] }).code).toBe(
      'R1',
    );
  });
});
