import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTEL_MSG, type TBedOffer } from '@erp/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { allotOk, INCHARGE, newBuilding, newStudent } from '../../../test/modules/hostel.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.as(INCHARGE, { method: 'POST', url: `/api/hostel${url}`, payload });
const offer = async (applicationId: number, buildingId?: number) => {
  const res = await t.as(INCHARGE, {
    method: 'GET',
    url: `/api/hostel/applications/${applicationId}/beds${buildingId ? `?buildingId=${buildingId}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TBedOffer;
};

/** A building with a non-AC 3-sharing room 101 (beds A–C) and an AC 2-sharing room 201 (beds A–B). */
async function mixedBuilding(kind: 'BOYS' | 'GIRLS') {
  const b = await newBuilding(t, kind, { rooms: 1, sharing: 3, fee: 4_000_000 });
  const ac = await post(`/buildings/${b.id}/rooms`, {
    floorFrom: 2,
    floorTo: 2,
    roomFrom: 1,
    roomTo: 1,
    sharing: 2,
    ac: true,
    yearlyFee: 9_000_000,
  });
  expect(ac.statusCode, ac.body).toBe(200);
  return b;
}

async function apply(rollNo: string, prefs: Record<string, unknown>) {
  const res = await post('/applications', {
    rollNo,
    academicYear: '2030-2031',
    guardianName: 'Test Parent',
    guardianMobile: '9848022222',
    ...prefs,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number };
}

const labels = (o: TBedOffer) => o.beds.map((b) => `${b.roomNo}-${b.label}`);

describe('beds offered at allotment follow the application', () => {
  it('an applicant who asked for AC is offered the AC beds first, the others after, labelled "Not AC"', async () => {
    const b = await mixedBuilding('BOYS');
    const s = await newStudent(t, 'MALE');
    const a = await apply(s.rollNo, { prefersAc: true });
    const o = await offer(a.id, b.id);
    expect(o.preferences).toEqual(['AC']);
    // Without the preference the query order would put room 101 first.
    expect(labels(o)).toEqual(['201-A', '201-B', '101-A', '101-B', '101-C']);
    expect(o.beds.map((x) => x.matches)).toEqual([true, true, false, false, false]);
    expect(o.beds[0].unmet).toEqual([]);
    expect(o.beds[2].unmet).toEqual(['Not AC']);
  });

  it('building, AC and sharing together: full matches first, then beds missing fewest, each labelled', async () => {
    const b = await mixedBuilding('GIRLS');
    const s = await newStudent(t, 'FEMALE');
    const a = await apply(s.rollNo, { preferredBuildingId: b.id, preferredSharing: 3, prefersAc: false });
    const mine = await offer(a.id, b.id);
    expect(mine.preferences).toEqual([`In ${b.name}`, '3-sharing']);
    expect(labels(mine)).toEqual(['101-A', '101-B', '101-C', '201-A', '201-B']);
    expect(mine.beds[3].unmet).toEqual(['2-sharing, not 3']);

    // Across every girls' hostel: the asked-for building's 3-sharing beds lead, and no boys' bed appears.
    const all = await offer(a.id);
    expect(all.beds.slice(0, 3).map((x) => [x.buildingId, x.sharing, x.matches])).toEqual([
      [b.id, 3, true],
      [b.id, 3, true],
      [b.id, 3, true],
    ]);
    expect(all.beds.filter((x) => x.matches).every((x) => x.buildingId === b.id)).toBe(true);
    const elsewhere = all.beds.find((x) => x.buildingId !== b.id)!;
    expect(elsewhere.unmet[0]).toBe(`Not in ${b.name}`);
    const unmetCounts = all.beds.map((x) => x.unmet.length);
    expect(unmetCounts).toEqual([...unmetCounts].sort((x, y) => x - y));
    const kinds = await t.db
      .selectFrom('hostel_buildings')
      .select(['id', 'kind'])
      .where('id', 'in', [...new Set(all.beds.map((x) => x.buildingId))])
      .execute();
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['GIRLS']));
  });

  it('when no bed meets both AC and sharing, the AC beds (missing only the sharing) still come first', async () => {
    const b = await mixedBuilding('BOYS');
    const s = await newStudent(t, 'MALE');
    const a = await apply(s.rollNo, { prefersAc: true, preferredSharing: 3 });
    const o = await offer(a.id, b.id);
    expect(o.preferences).toEqual(['AC', '3-sharing']);
    expect(labels(o)).toEqual(['201-A', '201-B', '101-A', '101-B', '101-C']);
    expect(o.beds.every((x) => !x.matches)).toBe(true);
    expect(o.beds[0].unmet).toEqual(['2-sharing, not 3']);
    expect(o.beds[2].unmet).toEqual(['Not AC']);
  });

  it('leaves out beds that are taken or reserved', async () => {
    const b = await mixedBuilding('BOYS');
    expect(b.beds).toHaveLength(3); // room 101's beds, listed before the AC room was added
    const other = await newStudent(t, 'MALE');
    await allotOk(t, { rollNo: other.rollNo, bedId: b.beds[0].id });
    expect((await post(`/beds/${b.beds[1].id}/reserve`, { reserved: true, note: 'Fan repair' })).statusCode).toBe(200);
    const s = await newStudent(t, 'MALE');
    const a = await apply(s.rollNo, { prefersAc: true });
    expect(labels(await offer(a.id, b.id))).toEqual(['201-A', '201-B', '101-C']);
  });

  it('an application with no preference gets the beds in building, floor and room order, all matching', async () => {
    const b = await mixedBuilding('BOYS');
    const s = await newStudent(t, 'MALE');
    const a = await apply(s.rollNo, {});
    const o = await offer(a.id, b.id);
    expect(o.preferences).toEqual([]);
    expect(labels(o)).toEqual(['101-A', '101-B', '101-C', '201-A', '201-B']);
    expect(o.beds.every((x) => x.matches)).toBe(true);
  });

  it('refuses a decided application (409) and an unknown one (404) with a message', async () => {
    const s = await newStudent(t, 'MALE');
    const a = await apply(s.rollNo, {});
    expect((await post(`/applications/${a.id}/reject`, { note: 'No rooms this term' })).statusCode).toBe(200);
    const closed = await t.as(INCHARGE, { method: 'GET', url: `/api/hostel/applications/${a.id}/beds` });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(HOSTEL_MSG.applicationClosed);
    const missing = await t.as(INCHARGE, { method: 'GET', url: '/api/hostel/applications/99999999/beds' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(HOSTEL_MSG.applicationNotFound);
  });
});
