// Bundled and run by grievances-placements.bench.mjs: builds the app on a temp database (SQLite,
// or PostgreSQL from bench/kit.mjs) seeded with the demo colleges, adds a large batch and many
// grievances, and times the calls in process (app.inject), so the figures are the app's own cost.
import { buildApp } from '../src/app.js';
import { analyzed, benchConfig, bulkLoad, injectToken, run, seeded, timeCalls as time } from './serve.js';

const STUDENTS = 2_000;
const GRIEVANCES = 5_000;

run(async () => {
  const [database] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId } = await seeded(config);
  const college = { id: collegeId };
  const now = new Date().toISOString();

  const lodger = await db
    .selectFrom('users')
    .select('id')
    .where('college_id', '=', college.id)
    .where('username', '=', '22A91A0501')
    .executeTakeFirstOrThrow();

  // A batch of 2,000 students with 16 published results each.
  await bulkLoad(config.database, async (bulk) => {
    const [title] = await bulk.insertIds('exam_titles', [
      { college_id: college.id, title: 'Bench title', exam_type: 'regular', published: 1, created_at: now },
    ]);
    const branches = ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'];
    const students = [];
    const results = [];
    for (let i = 0; i < STUDENTS; i++) {
      const roll = `30B91A${String(i).padStart(5, '0')}`;
      students.push({
        college_id: college.id,
        roll_no: roll,
        full_name: `Student ${i}`,
        course: 'B.Tech',
        batch: '2030-2034',
        branch: branches[i % 5],
        semester: 'IV-I',
        section: 'A',
        gender: i % 2 ? 'FEMALE' : 'MALE',
        email: `${roll}@bench.example`,
        mobile: '9000000000',
        father_name: '',
        admission_id: null,
        created_at: now,
      });
      for (let c = 0; c < 16; c++) {
        const fail = (i * 7 + c) % 29 === 0;
        results.push({
          college_id: college.id,
          exam_title_id: title,
          roll_no: roll,
          student_name: '',
          course_code: `BC${c}`,
          course: `Course ${c}`,
          credits: 3,
          marks: 70,
          grade: 'B',
          grade_points: fail ? 0 : 5 + ((i + c) % 6),
          status: fail ? 'Fail' : 'Pass',
          superseded: 0,
        });
      }
    }
    await bulk.insert('students', students);
    await bulk.insert('exam_results', results);
    const cats = ['academic', 'examination', 'fees', 'hostel', 'transport', 'library', 'infrastructure', 'other'];
    const statuses = ['submitted', 'acknowledged', 'in_progress', 'resolved', 'rejected'];
    await bulk.insert(
      'grievances',
      Array.from({ length: GRIEVANCES }, (_, i) => {
        const lodged = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000 * 4).toISOString().slice(0, 10);
        return {
          college_id: college.id,
          number: `GRV-B-${i}`,
          category: cats[i % 8],
          subject: `Bench grievance ${i}`,
          description: 'A grievance lodged for the benchmark.',
          anonymous: 0,
          lodged_by: lodger.id,
          complainant_role: 'ROLE_STUDENT',
          committee_id: null,
          status: statuses[i % 5],
          lodged_on: lodged,
          due_on: lodged,
          decision: '',
          created_at: now,
          updated_at: now,
          appeal_reason: '',
          appeal_decision: '',
        };
      }),
    );
  });
  await analyzed(db);

  // In process, with the server's logger (the access log at info: inject's requests are logged too).
  const app = await buildApp({ config, db });
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
