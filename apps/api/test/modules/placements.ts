import type { TestApp } from '../helpers.js';
import { nowIso } from '../../src/db/index.js';
import { newUser } from './grievances.js';

export { multipartFiles, PDF } from './grievances.js';

let seq = 0;

/** A student account of a batch of its own, with published results: [credits, grade points, status]. */
export async function newStudent(
  t: TestApp,
  opts: {
    batch: string;
    branch?: string;
    gender?: string;
    results?: Array<[number, number, 'Pass' | 'Fail' | 'Absent']>;
    name?: string;
  },
) {
  const u = await newUser(t, 'pst', ['ROLE_STUDENT'], {
    batch: opts.batch,
    branch: opts.branch ?? 'CSE',
    gender: opts.gender ?? 'MALE',
    fullName: opts.name,
  });
  if (opts.results?.length) {
    const title = await t.db
      .insertInto('exam_titles')
      .values({
        college_id: u.collegeId,
        title: `Test title ${Date.now()}-${++seq}`,
        exam_type: 'regular',
        published: 1,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('exam_results')
      .values(
        opts.results.map(([credits, points, status], i) => ({
          college_id: u.collegeId,
          exam_title_id: title.id,
          roll_no: u.username,
          course_code: `C${i + 1}`,
          course: `Course ${i + 1}`,
          credits,
          marks: status === 'Absent' ? null : points * 10,
          grade: status === 'Pass' ? 'A' : status === 'Fail' ? 'F' : 'AB',
          grade_points: points,
          status,
          superseded: 0,
        })),
      )
      .execute();
  }
  return u;
}

export async function newCompany(t: TestApp, name = `Company ${Date.now()}-${++seq}`) {
  const res = await t.as('placement', {
    method: 'POST',
    url: '/api/placements/companies',
    payload: { name, sector: 'IT services' },
  });
  if (res.statusCode !== 200) throw new Error(`company: ${res.body}`);
  return res.json() as { id: number; name: string };
}

export async function newDrive(t: TestApp, body: Record<string, unknown>) {
  const companyId = body.companyId ?? (await newCompany(t)).id;
  const res = await t.as('placement', {
    method: 'POST',
    url: '/api/placements/drives',
    payload: {
      driveDate: '2031-02-01',
      roles: 'Graduate Engineer Trainee',
      ctcRupees: 600_000,
      branches: ['CSE', 'ECE'],
      ...body,
      companyId,
    },
  });
  if (res.statusCode !== 200) throw new Error(`drive: ${res.body}`);
  return res.json() as { id: number; company: string };
}
