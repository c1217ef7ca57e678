import type { TestApp } from '../helpers.js';

export const OFFICE = 'transport';
export const STUDENT = '22A91A0501';

let n = 0;
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** A registration number no other test in the file uses. */
export function regNo() {
  n += 1;
  const r = Math.floor(Math.random() * LETTERS.length * LETTERS.length);
  return `AP39${LETTERS[r % LETTERS.length]}${LETTERS[Math.floor(r / LETTERS.length)]}${String(1000 + ((n * 37) % 9000)).padStart(4, '0')}`;
}

export const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export const today = () => isoInDays(0);

export function vehicleBody(over: Record<string, unknown> = {}) {
  return {
    regNo: regNo(),
    vehicleType: 'Bus',
    makeModel: 'Ashok Leyland Lynx',
    seatingCapacity: 40,
    driverName: 'Ramanaiah K',
    driverPhone: '9876543210',
    driverLicence: 'AP03 2015 0012345',
    attenderName: 'Subbamma',
    insuranceExpiry: isoInDays(200),
    fitnessExpiry: isoInDays(200),
    permitExpiry: isoInDays(200),
    pollutionExpiry: isoInDays(200),
    ...over,
  };
}

export async function newVehicle(t: TestApp, over: Record<string, unknown> = {}, host?: string, user = OFFICE) {
  const res = await t.as(user, { method: 'POST', url: '/api/transport/vehicles', payload: vehicleBody(over) }, host);
  if (res.statusCode !== 200) throw new Error(`vehicle: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; regNo: string; seatsTaken: number; seatingCapacity: number };
}

let routeN = 0;
export async function newRoute(
  t: TestApp,
  vehicleId: number | null,
  stops: Array<{ name: string; pickupTime: string; fare: number }> = [
    { name: 'Alipiri', pickupTime: '07:10', fare: 1_800_000 },
    { name: 'Leela Mahal Circle', pickupTime: '07:20', fare: 1_600_000 },
  ],
) {
  routeN += 1;
  const res = await t.as(OFFICE, {
    method: 'POST',
    url: '/api/transport/routes',
    payload: { code: `T${Date.now().toString(36).slice(-4)}${routeN}`, name: `Test route ${routeN}`, vehicleId, stops },
  });
  if (res.statusCode !== 200) throw new Error(`route: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; code: string; stops: Array<{ id: number; name: string; fare: number }> };
}

/** Roll numbers of seeded students of the main college, from the given index on (the test's own picks). */
export async function rollNos(t: TestApp, from: number, count: number) {
  const rows = await t.db
    .selectFrom('students')
    .innerJoin('colleges', 'colleges.id', 'students.college_id')
    .select('students.roll_no')
    .where('colleges.code', '=', 'SVEC')
    .orderBy('students.roll_no')
    .offset(from)
    .limit(count)
    .execute();
  return rows.map((r) => r.roll_no);
}

export function issue(t: TestApp, holder: string, stopId: number, over: Record<string, unknown> = {}) {
  return t.as(OFFICE, {
    method: 'POST',
    url: '/api/transport/passes',
    payload: { holderType: 'student', holder, stopId, academicYear: '2031-2032', ...over },
  });
}
