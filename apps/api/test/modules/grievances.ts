import type { TestApp } from '../helpers.js';
import { nowIso } from '../../src/db/index.js';

let seq = 0;

/** A user of the default college with these roles and the demo password; a student role gets a student row. */
export async function newUser(
  t: TestApp,
  prefix: string,
  roles: string[],
  extra: { fullName?: string; batch?: string; branch?: string; gender?: string } = {},
) {
  const college = await t.db.selectFrom('colleges').select('id').where('code', '=', 'SVEC').executeTakeFirstOrThrow();
  const hash = (
    await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .where('college_id', '=', college.id)
      .executeTakeFirstOrThrow()
  ).password_hash;
  const username = `${prefix}${Date.now().toString(36)}${++seq}`.toUpperCase();
  const fullName = extra.fullName ?? `${prefix} ${seq}`;
  let studentId: number | null = null;
  if (roles.includes('ROLE_STUDENT')) {
    studentId = (
      await t.db
        .insertInto('students')
        .values({
          college_id: college.id,
          roll_no: username,
          full_name: fullName,
          course: 'B.Tech',
          batch: extra.batch ?? '2022-2026',
          branch: extra.branch ?? 'CSE',
          semester: 'IV-I',
          section: 'A',
          gender: extra.gender ?? 'MALE',
          email: `${username.toLowerCase()}@svec.edu.in`,
          mobile: '9876543210',
          father_name: '',
          admission_id: null,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const { id } = await t.db
    .insertInto('users')
    .values({
      college_id: college.id,
      username,
      email: `${username.toLowerCase()}@svec.edu.in`,
      password_hash: hash,
      full_name: fullName,
      program: extra.branch ?? 'CSE',
      institute_type: 'engineering',
      eamcet_code: 'SVEC',
      college_name: '',
      affiliated_to: '',
      modules: 'erp',
      emp_code: null,
      status: 'active',
      must_change_password: 0,
      student_id: studentId,
      faculty_id: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('user_roles')
    .values(roles.map((role) => ({ user_id: id, role })))
    .execute();
  return { id, username, fullName, studentId, collegeId: college.id };
}

/** A body of one or more file parts, as a browser sends it. */
export function multipartFiles(
  files: Array<{ name: string; filename: string; data: Buffer }>,
  fields: Record<string, string> = {},
) {
  const boundary = '----erpgrv' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A compliant committee: a Professor chair, four senior members (one a woman, one OBC), a student invitee. */
export function compliantMembers(chairUserId: number | null, memberUserId: number | null) {
  return [
    {
      userId: chairUserId,
      name: 'Dr. K. Ramana',
      position: 'chair',
      designation: 'Professor',
      gender: 'MALE',
      socialCategory: 'GEN',
    },
    {
      userId: memberUserId,
      name: 'Dr. P. Sujatha',
      position: 'member',
      designation: 'Professor',
      gender: 'FEMALE',
      socialCategory: 'OBC',
    },
    {
      userId: null,
      name: 'Dr. M. Ravi',
      position: 'member',
      designation: 'Associate Professor',
      gender: 'MALE',
      socialCategory: 'GEN',
    },
    {
      userId: null,
      name: 'Dr. S. Anil',
      position: 'member',
      designation: 'Associate Professor',
      gender: 'MALE',
      socialCategory: 'SC',
    },
    { userId: null, name: 'Dr. R. Latha', position: 'member', designation: 'Professor', gender: 'FEMALE', socialCategory: 'GEN' },
    {
      userId: null,
      name: 'Sahithi Reddy',
      position: 'student_invitee',
      designation: 'Student',
      gender: 'FEMALE',
      socialCategory: 'GEN',
    },
  ];
}

/** Routes these categories to a new committee, taking them off whichever committee had them. */
export async function routeTo(t: TestApp, categories: string[], members: unknown[], name = `Committee ${++seq}`) {
  const existing = (await t.as('admin', { method: 'GET', url: '/api/grievances/committees' })).json() as Array<{
    id: number;
    name: string;
    categories: string[];
    members: unknown[];
  }>;
  for (const c of existing) {
    if (!c.categories.some((x) => categories.includes(x))) continue;
    const res = await t.as('admin', {
      method: 'PUT',
      url: `/api/grievances/committees/${c.id}`,
      payload: { name: c.name, categories: c.categories.filter((x) => !categories.includes(x)), members: c.members },
    });
    if (res.statusCode !== 200) throw new Error(`unroute: ${res.body}`);
  }
  const res = await t.as('admin', { method: 'POST', url: '/api/grievances/committees', payload: { name, categories, members } });
  if (res.statusCode !== 200) throw new Error(`committee: ${res.body}`);
  return res.json() as { id: number };
}
