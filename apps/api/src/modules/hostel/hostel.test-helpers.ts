import type { TestApp } from '../../../test/helpers.js';
import { nowIso } from '../../db/index.js';

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

/** A student with a ROLE_STUDENT login (password Demo@1234, copied from the demo student). */
export async function newStudentLogin(t: TestApp, gender: 'MALE' | 'FEMALE') {
  const s = await newStudent(t, gender);
  const demo = await t.db.selectFrom('users').selectAll().where('username', '=', '22A91A0501').executeTakeFirstOrThrow();
  const { id } = await t.db
    .insertInto('users')
    .values({
      college_id: demo.college_id,
      username: s.rollNo,
      email: `${s.rollNo.toLowerCase()}@example.org`,
      password_hash: demo.password_hash,
      full_name: `Student ${s.rollNo}`,
      program: 'CSE',
      institute_type: 'engineering',
      eamcet_code: demo.eamcet_code,
      college_name: demo.college_name,
      affiliated_to: '',
      modules: 'erp',
      emp_code: null,
      status: 'active',
      must_change_password: 0,
      student_id: s.id,
      faculty_id: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('user_roles').values({ user_id: id, role: 'ROLE_STUDENT' }).execute();
  return { ...s, username: s.rollNo };
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
