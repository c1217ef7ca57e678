// Bundled and run by naac.bench.mjs: builds the app on a temp SQLite database seeded with the
// demo colleges (five years of NAAC history), adds a large college's five years on top (6,000
// students with admissions and 16 results each, 3,000 grievances, 20,000 loans), and times the
// five-year NAAC metrics, one metric's evidence and the export in process (app.inject).
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { benchConfig, injectToken, run, seeded, sqliteBatch, timeCalls as time } from './serve.js';

const PER_BATCH = 1_000;
const BATCHES = [2018, 2019, 2020, 2021, 2022, 2023];
const GRIEVANCES = 3_000;
const LOANS = 20_000;

run(async () => {
  const [file] = process.argv.slice(2);
  const config = benchConfig(file, { UPLOAD_DIR: path.join(path.dirname(file), 'uploads') });
  const { db, collegeId } = await seeded(config);
  const college = { id: collegeId };
  const now = new Date().toISOString();

  await sqliteBatch(file, (sqlite) => {
    const c = college.id;
    const adm = sqlite.prepare(
      `insert into admissions (college_id, admission_no, aadhar_no, name, course, batch, branch, gender, date_of_admission, data_json, photo_path, created_by, created_at, updated_at)
     values (?, ?, ?, ?, 'B.Tech', ?, ?, ?, ?, ?, null, null, ?, ?)`,
    );
    const student = sqlite.prepare(
      `insert into students (college_id, roll_no, full_name, course, batch, branch, semester, section, gender, email, mobile, father_name, admission_id, created_at)
     values (?, ?, ?, 'B.Tech', ?, ?, 'IV-I', 'A', ?, ?, '9000000000', '', ?, ?)`,
    );
    const title = Number(
      sqlite
        .prepare(
          `insert into exam_titles (college_id, title, exam_type, published, created_at) values (?, 'Bench title', 'regular', 1, ?)`,
        )
        .run(c, now).lastInsertRowid,
    );
    const result = sqlite.prepare(
      `insert into exam_results (college_id, exam_title_id, roll_no, student_name, course_code, course, credits, marks, grade, grade_points, status, superseded)
     values (?, ?, ?, '', ?, ?, 3, 70, 'B', ?, ?, 0)`,
    );
    const branches = ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'];
    const ids: number[] = [];
    for (const y of BATCHES)
      for (let i = 0; i < PER_BATCH; i++) {
        const roll = `B${y}X${String(i).padStart(5, '0')}`;
        const gender = i % 2 ? 'FEMALE' : 'MALE';
        const a = Number(
          adm.run(
            c,
            `BENCH/${y}/${i}`,
            `7${y}${i}`,
            `Bench ${y} ${i}`,
            `${y}-${y + 4}`,
            branches[i % 5],
            gender,
            `${y}-08-${String(1 + (i % 28)).padStart(2, '0')}`,
            JSON.stringify({
              category: ['OC', 'BC-A', 'SC', 'ST'][i % 4],
              nationality: 'Indian',
              annualIncome: String(100000 + (i % 9) * 50000),
            }),
            now,
            now,
          ).lastInsertRowid,
        );
        ids.push(
          Number(
            student.run(c, roll, `Bench ${i}`, `${y}-${y + 4}`, branches[i % 5], gender, `${roll}@bench.example`, a, now)
              .lastInsertRowid,
          ),
        );
        for (let k = 0; k < 16; k++) {
          const fail = (i * 7 + k) % 41 === 0;
          result.run(c, title, roll, `BC${k}`, `Course ${k}`, fail ? 0 : 7, fail ? 'Fail' : 'Pass');
        }
      }
    const user = sqlite.prepare(`select id from users where college_id = ? and username = 'iqac'`).get(c) as { id: number };
    const grievance = sqlite.prepare(
      `insert into grievances (college_id, number, category, subject, description, anonymous, lodged_by, complainant_role, committee_id, status, lodged_on, due_on, decision, decided_at, created_at, updated_at, appeal_reason, appeal_decision)
     values (?, ?, 'academic', 'Bench', 'Bench', 0, ?, 'student', null, ?, ?, ?, '', ?, ?, ?, '', '')`,
    );
    for (let i = 0; i < GRIEVANCES; i++) {
      const lodged = new Date(Date.UTC(2021, 5, 1) + i * 3_600_000 * 14).toISOString().slice(0, 10);
      const resolved = i % 4 !== 0;
      grievance.run(
        c,
        `GRV-NB-${i}`,
        user.id,
        resolved ? 'resolved' : 'in_progress',
        lodged,
        lodged,
        resolved ? `${lodged}T10:00:00Z` : null,
        now,
        now,
      );
    }
    const copy = sqlite.prepare(`select id, title_id from library_copies where college_id = ? limit 1`).get(c) as {
      id: number;
      title_id: number;
    };
    const loan = sqlite.prepare(
      `insert into library_loans (college_id, copy_id, title_id, patron_code, patron_kind, student_id, category, issued_on, due_on, returned_on, renewals, status, issued_by, returned_by, created_at)
     values (?, ?, ?, 'B', 'student', ?, 'UG', ?, ?, ?, 0, 'returned', null, null, ?)`,
    );
    for (let i = 0; i < LOANS; i++) {
      const on = new Date(Date.UTC(2021, 5, 1) + i * 3_600_000 * 2).toISOString().slice(0, 10);
      loan.run(c, copy.id, copy.title_id, ids[i % ids.length], on, on, on, now);
    }
    const head = sqlite.prepare(`select id from acc_fee_heads where college_id = ? limit 1`).get(c) as { id: number };
    const line = sqlite.prepare(
      `insert into acc_demand_lines (college_id, student_id, fy, head_id, payer, sanction_status, amount_paise, paid_paise, waived_paise, source, source_ref, due_date, created_at)
     values (?, ?, ?, ?, 'state_reimbursement', 'received', 3500000, 3500000, 0, 'bench', ?, '2024-07-31', ?)`,
    );
    ids.forEach((id, i) => {
      if (i % 3 === 0)
        for (const y of [2021, 2022, 2023, 2024, 2025])
          line.run(c, id, `${y}-${String((y + 1) % 100).padStart(2, '0')}`, head.id, `${id}-${y}`, now);
    });
  });

  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  const token = await injectToken(app, 'iqac');
  const iqac = { authorization: `Bearer ${token}` };

  const metrics = await time('NAAC metrics, five years', 10, () =>
    app.inject({ method: 'GET', url: '/api/naac/metrics?year=2025', headers: iqac }),
  );
  const evidence = await time('NAAC evidence, 2.2.1', 10, () =>
    app.inject({ method: 'GET', url: '/api/naac/metrics/2.2.1/evidence?year=2025', headers: iqac }),
  );
  const exported = await time('NAAC export, five years', 3, () =>
    app.inject({ method: 'GET', url: '/api/naac/export?years=2021-2025', headers: iqac }),
  );
  const nirf = await time('NIRF data', 10, () => app.inject({ method: 'GET', url: '/api/nirf/data?year=2025', headers: iqac }));

  await app.close();
  await db.destroy();
  process.send?.({ results: [metrics, evidence, exported, nirf] });
});
