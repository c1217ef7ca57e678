// Bundled and run by naac.bench.mjs: builds the app on a temp database (SQLite, or PostgreSQL from
// bench/kit.mjs) seeded with the demo colleges (five years of NAAC history), adds a large
// college's five years on top (6,000 students with admissions and 16 results each, 3,000
// grievances, 20,000 loans), and times the five-year NAAC metrics, one metric's evidence and the
// export in process (app.inject).
import { buildApp } from '../src/app.js';
import { analyzed, benchConfig, bulkLoad, injectToken, run, seeded, timeCalls as time } from './serve.js';

const PER_BATCH = 1_000;
const BATCHES = [2018, 2019, 2020, 2021, 2022, 2023];
const GRIEVANCES = 3_000;
const LOANS = 20_000;

run(async () => {
  const [database] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId } = await seeded(config);
  const college = { id: collegeId };
  const now = new Date().toISOString();

  const c = college.id;
  const lodger = await db
    .selectFrom('users')
    .select('id')
    .where('college_id', '=', c)
    .where('username', '=', 'iqac')
    .executeTakeFirstOrThrow();
  const copy = await db
    .selectFrom('library_copies')
    .select(['id', 'title_id'])
    .where('college_id', '=', c)
    .limit(1)
    .executeTakeFirstOrThrow();
  const head = await db.selectFrom('acc_fee_heads').select('id').where('college_id', '=', c).limit(1).executeTakeFirstOrThrow();

  await bulkLoad(config.database, async (bulk) => {
    const [title] = await bulk.insertIds('exam_titles', [
      { college_id: c, title: 'Bench title', exam_type: 'regular', published: 1, created_at: now },
    ]);
    const branches = ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'];
    const ids: number[] = [];
    for (const y of BATCHES) {
      const batch = Array.from({ length: PER_BATCH }, (_, i) => ({
        i,
        roll: `B${y}X${String(i).padStart(5, '0')}`,
        gender: i % 2 ? 'FEMALE' : 'MALE',
      }));
      const admissions = await bulk.insertIds(
        'admissions',
        batch.map(({ i, gender }) => ({
          college_id: c,
          admission_no: `BENCH/${y}/${i}`,
          aadhar_no: `7${y}${i}`,
          name: `Bench ${y} ${i}`,
          course: 'B.Tech',
          batch: `${y}-${y + 4}`,
          branch: branches[i % 5],
          gender,
          date_of_admission: `${y}-08-${String(1 + (i % 28)).padStart(2, '0')}`,
          data_json: JSON.stringify({
            category: ['OC', 'BC-A', 'SC', 'ST'][i % 4],
            nationality: 'Indian',
            annualIncome: String(100000 + (i % 9) * 50000),
          }),
          photo_path: null,
          created_by: null,
          created_at: now,
          updated_at: now,
        })),
      );
      ids.push(
        ...(await bulk.insertIds(
          'students',
          batch.map(({ i, roll, gender }, k) => ({
            college_id: c,
            roll_no: roll,
            full_name: `Bench ${i}`,
            course: 'B.Tech',
            batch: `${y}-${y + 4}`,
            branch: branches[i % 5],
            semester: 'IV-I',
            section: 'A',
            gender,
            email: `${roll}@bench.example`,
            mobile: '9000000000',
            father_name: '',
            admission_id: admissions[k],
            created_at: now,
          })),
        )),
      );
      await bulk.insert(
        'exam_results',
        batch.flatMap(({ i, roll }) =>
          Array.from({ length: 16 }, (_, k) => {
            const fail = (i * 7 + k) % 41 === 0;
            return {
              college_id: c,
              exam_title_id: title,
              roll_no: roll,
              student_name: '',
              course_code: `BC${k}`,
              course: `Course ${k}`,
              credits: 3,
              marks: 70,
              grade: 'B',
              grade_points: fail ? 0 : 7,
              status: fail ? 'Fail' : 'Pass',
              superseded: 0,
            };
          }),
        ),
      );
    }
    await bulk.insert(
      'grievances',
      Array.from({ length: GRIEVANCES }, (_, i) => {
        const lodged = new Date(Date.UTC(2021, 5, 1) + i * 3_600_000 * 14).toISOString().slice(0, 10);
        const resolved = i % 4 !== 0;
        return {
          college_id: c,
          number: `GRV-NB-${i}`,
          category: 'academic',
          subject: 'Bench',
          description: 'Bench',
          anonymous: 0,
          lodged_by: lodger.id,
          complainant_role: 'student',
          committee_id: null,
          status: resolved ? 'resolved' : 'in_progress',
          lodged_on: lodged,
          due_on: lodged,
          decision: '',
          decided_at: resolved ? `${lodged}T10:00:00Z` : null,
          created_at: now,
          updated_at: now,
          appeal_reason: '',
          appeal_decision: '',
        };
      }),
    );
    await bulk.insert(
      'library_loans',
      Array.from({ length: LOANS }, (_, i) => {
        const on = new Date(Date.UTC(2021, 5, 1) + i * 3_600_000 * 2).toISOString().slice(0, 10);
        return {
          college_id: c,
          copy_id: copy.id,
          title_id: copy.title_id,
          patron_code: 'B',
          patron_kind: 'student',
          student_id: ids[i % ids.length],
          category: 'UG',
          issued_on: on,
          due_on: on,
          returned_on: on,
          renewals: 0,
          status: 'returned',
          issued_by: null,
          returned_by: null,
          created_at: now,
        };
      }),
    );
    await bulk.insert(
      'acc_demand_lines',
      ids.flatMap((id, i) =>
        i % 3 === 0
          ? [2021, 2022, 2023, 2024, 2025].map((y) => ({
              college_id: c,
              student_id: id,
              fy: `${y}-${String((y + 1) % 100).padStart(2, '0')}`,
              head_id: head.id,
              payer: 'state_reimbursement',
              sanction_status: 'received',
              amount_paise: 3500000,
              paid_paise: 3500000,
              waived_paise: 0,
              source: 'bench',
              source_ref: `${id}-${y}`,
              due_date: '2024-07-31',
              created_at: now,
            }))
          : [],
      ),
    );
  });
  await analyzed(db);

  // In process, with the server's logger (the access log at info: inject's requests are logged too).
  const app = await buildApp({ config, db });
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
