// Bundled and run by grievances-placements.bench.mjs: builds the app on a temp SQLite database
// seeded with the demo colleges, adds a large batch and many grievances, and times the calls
// in process (app.inject), so the figures are the app's own cost.
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { benchConfig, injectToken, run, seeded, sqliteBatch, timeCalls as time } from './serve.js';

const STUDENTS = 2_000;
const GRIEVANCES = 5_000;

run(async () => {
  const [file] = process.argv.slice(2);
  const config = benchConfig(file, { UPLOAD_DIR: path.join(path.dirname(file), 'uploads') });
  const { db, collegeId } = await seeded(config);
  const college = { id: collegeId };
  const now = new Date().toISOString();

  // A batch of 2,000 students with 16 published results each.
  await sqliteBatch(file, (sqlite) => {
    const student = sqlite.prepare(
      `insert into students (college_id, roll_no, full_name, course, batch, branch, semester, section, gender, email, mobile, father_name, admission_id, created_at)
     values (?, ?, ?, 'B.Tech', '2030-2034', ?, 'IV-I', 'A', ?, ?, '9000000000', '', null, ?)`,
    );
    const title = Number(
      sqlite
        .prepare(
          `insert into exam_titles (college_id, title, exam_type, published, created_at) values (?, 'Bench title', 'regular', 1, ?)`,
        )
        .run(college.id, now).lastInsertRowid,
    );
    const result = sqlite.prepare(
      `insert into exam_results (college_id, exam_title_id, roll_no, student_name, course_code, course, credits, marks, grade, grade_points, status, superseded)
     values (?, ?, ?, '', ?, ?, 3, 70, 'B', ?, ?, 0)`,
    );
    const branches = ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'];
    for (let i = 0; i < STUDENTS; i++) {
      const roll = `30B91A${String(i).padStart(5, '0')}`;
      student.run(college.id, roll, `Student ${i}`, branches[i % 5], i % 2 ? 'FEMALE' : 'MALE', `${roll}@bench.example`, now);
      for (let c = 0; c < 16; c++) {
        const fail = (i * 7 + c) % 29 === 0;
        result.run(college.id, title, roll, `BC${c}`, `Course ${c}`, fail ? 0 : 5 + ((i + c) % 6), fail ? 'Fail' : 'Pass');
      }
    }
    const user = sqlite.prepare(`select id from users where college_id = ? and username = '22A91A0501'`).get(college.id) as {
      id: number;
    };
    const grievance = sqlite.prepare(
      `insert into grievances (college_id, number, category, subject, description, anonymous, lodged_by, complainant_role, committee_id, status, lodged_on, due_on, decision, created_at, updated_at, appeal_reason, appeal_decision)
     values (?, ?, ?, ?, 'A grievance lodged for the benchmark.', 0, ?, 'ROLE_STUDENT', null, ?, ?, ?, '', ?, ?, '', '')`,
    );
    const cats = ['academic', 'examination', 'fees', 'hostel', 'transport', 'library', 'infrastructure', 'other'];
    const statuses = ['submitted', 'acknowledged', 'in_progress', 'resolved', 'rejected'];
    for (let i = 0; i < GRIEVANCES; i++) {
      const lodged = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000 * 4).toISOString().slice(0, 10);
      grievance.run(
        college.id,
        `GRV-B-${i}`,
        cats[i % 8],
        `Bench grievance ${i}`,
        user.id,
        statuses[i % 5],
        lodged,
        lodged,
        now,
        now,
      );
    }
  });

  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const token = (username: string) => injectToken(app, username);
  const dean = { authorization: `Bearer ${await token('placement')}` };
  const incharge = { authorization: `Bearer ${await token('grievance')}` };
  const student = { authorization: `Bearer ${await token('22A91A0501')}` };

  const company = (
    await app.inject({ method: 'POST', url: '/api/placements/companies', headers: dean, payload: { name: 'Bench Co' } })
  ).json();
  const drive = (
    await app.inject({
      method: 'POST',
      url: '/api/placements/drives',
      headers: dean,
      payload: {
        companyId: company.id,
        driveDate: '2099-01-01',
        roles: 'Engineer',
        ctcRupees: 600000,
        batch: '2030-2034',
        branches: ['CSE', 'ECE', 'EEE'],
        minCgpa: 7,
        maxBacklogs: 0,
        noFeeDues: true,
      },
    })
  ).json();

  const eligible = await time('eligibility, 2,000 students', 20, () =>
    app.inject({ method: 'GET', url: `/api/placements/drives/${drive.id}/eligible`, headers: dean }),
  );
  const list = await time('grievance list, 5,017 rows, page 1', 100, () =>
    app.inject({ method: 'GET', url: '/api/grievances?page=1&pageSize=20', headers: incharge }),
  );
  const overdue = await time('grievance list, overdue filter', 100, () =>
    app.inject({ method: 'GET', url: '/api/grievances?overdue=true&page=1&pageSize=20', headers: incharge }),
  );
  const report = await time('grievance report, 5,017 rows', 20, () =>
    app.inject({ method: 'GET', url: '/api/grievances/reports', headers: incharge }),
  );
  let k = 0;
  const lodge = await time('lodge a grievance', 100, () =>
    app.inject({
      method: 'POST',
      url: '/api/grievances',
      headers: student,
      payload: { category: 'academic', subject: `Bench ${k++}`, description: 'A grievance lodged by the benchmark loop.' },
    }),
  );
  const studentDrives = await time('student drive list', 50, () =>
    app.inject({ method: 'GET', url: '/api/placements/drives', headers: student }),
  );

  await app.close();
  await db.destroy();
  process.send?.({ results: [eligible, list, overdue, report, lodge, studentDrives] });
});
