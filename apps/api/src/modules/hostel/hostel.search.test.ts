import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { allotOk, INCHARGE, newBuilding, newStudent } from '../../../test/modules/hostel.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('allotments search', () => {
  it('finds residents of a block by any part of the roll number or the name, in any case, or by the exact room number', async () => {
    const b = await newBuilding(t, 'GIRLS', { rooms: 2, sharing: 1 });
    const s1 = await newStudent(t, 'FEMALE', { name: 'Sravani Kondaveeti' });
    const s2 = await newStudent(t, 'FEMALE', { name: 'Harika Pemmasani' });
    await allotOk(t, { rollNo: s1.rollNo, bedId: b.beds[0].id });
    await allotOk(t, { rollNo: s2.rollNo, bedId: b.beds[1].id });
    const found = async (q: string) => {
      const res = await t.as(INCHARGE, {
        method: 'GET',
        url: `/api/hostel/allotments?buildingId=${b.id}&q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json().rows.map((r: { rollNo: string }) => r.rollNo);
    };
    expect(await found('KONDAVEE')).toEqual([s1.rollNo]);
    expect(await found(s2.rollNo.slice(2).toLowerCase())).toEqual([s2.rollNo]);
    // The room number matches exactly (a roll number holding those digits would match too).
    expect(await found(b.beds[1].room_no)).toContain(s2.rollNo);
    expect(await found('nobody here')).toEqual([]);
  });
});
