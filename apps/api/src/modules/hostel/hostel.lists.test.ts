import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { collegeId, INCHARGE, newStudent } from '../../../test/modules/hostel.js';
import { HOSTEL_LIST_CAPS } from './hostel.repo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const get = async (url: string) => {
  const res = await t.as(INCHARGE, { method: 'GET', url: `/api/hostel${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the applications list, cut for speed', () => {
  it('counts every application the filters match beside the rows it sends', async () => {
    const college = await collegeId(t);
    const [s1, s2, s3, s4] = [
      await newStudent(t, 'MALE'),
      await newStudent(t, 'MALE'),
      await newStudent(t, 'FEMALE'),
      await newStudent(t, 'FEMALE'),
    ];
    const application = (studentId: number, year: string, status: string, day: number) => ({
      college_id: college,
      student_id: studentId,
      academic_year: year,
      preferred_building_id: null,
      preferred_sharing: null,
      status,
      created_by: null,
      created_at: `2041-05-0${day}T10:00:00.000Z`,
      decided_at: null,
    });
    await t.db
      .insertInto('hostel_applications')
      .values([
        application(s1.id, '2041-2042', 'PENDING', 1),
        application(s2.id, '2041-2042', 'PENDING', 2),
        application(s3.id, '2041-2042', 'REJECTED', 3),
        application(s4.id, '2042-2043', 'PENDING', 4),
      ])
      .execute();
    // 2041-2042: three of the four, whatever their state
    expect(await get('/applications?academicYear=2041-2042')).toMatchObject({ total: 3, limit: HOSTEL_LIST_CAPS.applications });
    // and pending: two, the earliest first
    const pending = await get('/applications?academicYear=2041-2042&status=PENDING');
    expect(pending.total).toBe(2);
    expect(pending.items.map((a: { rollNo: string }) => a.rollNo)).toEqual([s1.rollNo, s2.rollNo]);
  });
});

describe('the out-pass register, paged by the server', () => {
  it('pages the search with the count of all it matches, and the status filter narrows the count', async () => {
    const college = await collegeId(t);
    const [s, other] = [await newStudent(t, 'MALE'), await newStudent(t, 'MALE')];
    const outpass = (studentId: number, day: number, status: string) => ({
      college_id: college,
      student_id: studentId,
      allotment_id: null,
      kind: 'OUTING',
      purpose: 'Market',
      leave_at: `2041-01-0${day}T10:00`,
      return_by: `2041-01-0${day}T18:00`,
      status,
      decided_by: null,
      out_at: null,
      in_at: null,
      created_by: null,
      created_at: `2041-01-0${day}T09:00:00.000Z`,
    });
    const ids: number[] = [];
    for (const row of [
      outpass(s.id, 1, 'PENDING'),
      outpass(s.id, 2, 'REJECTED'),
      outpass(s.id, 3, 'PENDING'),
      outpass(other.id, 4, 'PENDING'),
    ])
      ids.push((await t.db.insertInto('hostel_outpasses').values(row).returning('id').executeTakeFirstOrThrow()).id);

    // three of s's, two a page, the latest leaving first
    const first = await get(`/outpasses?q=${s.rollNo}&pageSize=2`);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
    const second = await get(`/outpasses?q=${s.rollNo}&pageSize=2&page=2`);
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(second.items.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    // pending only: two of the three
    expect((await get(`/outpasses?q=${s.rollNo}&status=PENDING`)).total).toBe(2);

    const tooMany = await t.as(INCHARGE, { method: 'GET', url: '/api/hostel/outpasses?pageSize=500' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('At most 100 out-passes a page');
  });
});
