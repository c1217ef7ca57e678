import type { TestApp } from '../helpers.js';
import { nowIso } from '../../src/db/index.js';
import { newStudent as newStudentWithLogin } from '../builders.js';

export const INCHARGE = 'hostel';
let seq = 0;
const uniq = () =>
  `${Date.now().toString(36).slice(-4)}${(++seq).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

export async function collegeId(t: TestApp, host = 'localhost') {
  const code = host === 'localhost' ? 'SVEC' : 'SRK';
  return (await t.db.selectFrom('colleges').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** A student row (no login). */
export async function newStudent(t: TestApp, gender: 'MALE' | 'FEMALE', opts: { college?: number; name?: string } = {}) {
  const college = opts.college ?? (await collegeId(t));
  const rollNo = `T${uniq()}`.slice(0, 12);
  const { id } = await t.db
    .insertInto('students')
    .values({
      college_id: college,
      roll_no: rollNo,
      full_name: opts.name ?? `Test ${gender === 'MALE' ? 'Ravi' : 'Lakshmi'} ${rollNo}`,
      course: 'B.Tech',
      batch: '2024-2028',
      branch: 'CSE',
      semester: 'II-I',
      section: 'A',
      gender,
      email: `${rollNo.toLowerCase()}@example.org`,
      mobile: '9876543210',
      father_name: 'Test Father',
      admission_id: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, rollNo };
}

/** A student with a ROLE_STUDENT login (username = roll number, password Demo@1234). */
export async function newStudentLogin(t: TestApp, gender: 'MALE' | 'FEMALE') {
  const rollNo = `T${uniq()}`.slice(0, 12);
  const s = await newStudentWithLogin(t.db, await collegeId(t), {
    roll_no: rollNo,
    full_name: `Test ${gender === 'MALE' ? 'Ravi' : 'Lakshmi'} ${rollNo}`,
    batch: '2024-2028',
    semester: 'II-I',
    gender,
    login: true,
  });
  return { id: s.id, rollNo, username: s.username! };
}

export async function newBuilding(
  t: TestApp,
  kind: 'BOYS' | 'GIRLS' | 'STAFF',
  opts: { rooms?: number; sharing?: number; fee?: number; floors?: number } = {},
) {
  const res = await t.as(INCHARGE, {
    method: 'POST',
    url: '/api/hostel/buildings',
    payload: { name: `Block ${uniq()}`, kind, wardenName: 'Warden', wardenPhone: '9848012345' },
  });
  if (res.statusCode !== 200) throw new Error(`building: ${res.statusCode} ${res.body}`);
  const building = res.json() as { id: number; name: string };
  const rooms = await t.as(INCHARGE, {
    method: 'POST',
    url: `/api/hostel/buildings/${building.id}/rooms`,
    payload: {
      floorFrom: 1,
      floorTo: opts.floors ?? 1,
      roomFrom: 1,
      roomTo: opts.rooms ?? 2,
      sharing: opts.sharing ?? 2,
      ac: false,
      yearlyFee: opts.fee ?? 6_000_000,
    },
  });
  if (rooms.statusCode !== 200) throw new Error(`rooms: ${rooms.statusCode} ${rooms.body}`);
  const beds = await t.db
    .selectFrom('hostel_beds as b')
    .innerJoin('hostel_rooms as r', 'r.id', 'b.room_id')
    .select(['b.id', 'r.room_no', 'b.label'])
    .where('b.building_id', '=', building.id)
    .orderBy('r.room_no')
    .orderBy('b.label')
    .execute();
  return { ...building, beds };
}

export async function allot(t: TestApp, body: Record<string, unknown>) {
  return t.as(INCHARGE, { method: 'POST', url: '/api/hostel/allotments', payload: body });
}

export async function allotOk(t: TestApp, body: Record<string, unknown>) {
  const res = await allot(t, body);
  if (res.statusCode !== 200) throw new Error(`allot: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; allotmentNo: string; dues: number };
}
