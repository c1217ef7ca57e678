// Bundled and run by analytics.bench.mjs: the demo colleges (seeded) plus a large college's five
// years on SVEC: 6,000 students in six batches with admissions, a year's tuition due in each of five
// financial years (most of it paid by a counter receipt), 16 published results each; then leadership's
// overview, every analytics call and the office lists they drill down to, timed in process (app.inject).
import { buildApp } from '../src/app.js';
import { analyzed, benchConfig, bulkLoad, injectToken, run, seeded, timeCalls as time } from './serve.js';

const PER_BATCH = 1_000;
const BATCHES = [2020, 2021, 2022, 2023, 2024, 2025];
const YEARS = [2021, 2022, 2023, 2024, 2025];
const RUNS = 20;

run(async () => {
  const [database] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId: c } = await seeded(config);
  const now = new Date().toISOString();
  const head = await db.selectFrom('acc_fee_heads').select('id').where('college_id', '=', c).where('code', '=', 'TUITION').executeTakeFirst();
  const headId = head?.id ?? (await db.selectFrom('acc_fee_heads').select('id').where('college_id', '=', c).limit(1).executeTakeFirstOrThrow()).id;

  await bulkLoad(config.database, async (bulk) => {
    const branches = ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'];
    const titles = await bulk.insertIds(
      'exam_titles',
      YEARS.map((y) => ({ college_id: c, title: `Bench regular ${y}`, exam_type: 'regular', published: 1, created_at: `${y}-12-20T10:00:00.000Z` })),
    );
    let receiptNo = 1_000_000;
    for (const y of BATCHES) {
      const batch = Array.from({ length: PER_BATCH }, (_, i) => ({ i, roll: `A${y}X${String(i).padStart(5, '0')}` }));
      const admissions = await bulk.insertIds(
        'admissions',
        batch.map(({ i }) => ({
          college_id: c, admission_no: `ABENCH/${y}/${i}`, aadhar_no: `8${y}${i}`, name: `Bench ${y} ${i}`, course: 'B.Tech',
          batch: `${y}-${y + 4}`, branch: branches[i % 5], gender: i % 2 ? 'FEMALE' : 'MALE',
          date_of_admission: `${y}-08-${String(1 + (i % 28)).padStart(2, '0')}`,
          data_json: JSON.stringify({ seatType: ['Convener', 'Management', 'NRI', 'Spot'][i % 4], casteCategory: ['OC', 'BC-A', 'SC', 'ST', 'EWS'][i % 5] }),
          photo_path: null, created_by: null, created_at: now, updated_at: now,
        })),
      );
      const students = await bulk.insertIds(
        'students',
        batch.map(({ i, roll }, k) => ({
          college_id: c, roll_no: roll, full_name: `Bench ${i}`, course: 'B.Tech', batch: `${y}-${y + 4}`, branch: branches[i % 5],
          semester: 'IV-I', section: 'A', gender: i % 2 ? 'FEMALE' : 'MALE', email: `${roll}@bench.example`, mobile: '9000000000',
          father_name: '', admission_id: admissions[k], created_at: now,
        })),
      );
      // each year of study: a year's tuition due on 31 July, nine in ten paid at the counter in August
      const years = YEARS.filter((fy) => fy >= y && fy < y + 4);
      const lines = await bulk.insertIds(
        'acc_demand_lines',
        students.flatMap((id, k) =>
          years.map((fy) => ({
            college_id: c, student_id: id, fy: `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`, head_id: headId, payer: 'student',
            sanction_status: 'na', amount_paise: 6_000_000, paid_paise: k % 10 ? 6_000_000 : 0, waived_paise: 0, source: 'bench',
            source_ref: `${id}-${fy}`, due_date: `${fy}-07-31`, created_at: now,
          })),
        ),
      );
      const paid = students.flatMap((id, k) => (k % 10 ? years.map((fy, j) => ({ id, fy, line: lines[k * years.length + j], k })) : []));
      const receipts = await bulk.insertIds(
        'acc_receipts',
        paid.map((p) => ({
          college_id: c, kind: 'receipt', series: 'C', fy: `${p.fy}-${String((p.fy + 1) % 100).padStart(2, '0')}`, receipt_no: receiptNo++,
          reverses_id: null, student_id: p.id, entry_date: `${p.fy}-08-${String(1 + (p.k % 28)).padStart(2, '0')}`, mode: p.k % 3 ? 'cash' : 'upi',
          reference: '', bank: '', instrument_date: '', amount_paise: 6_000_000, status: 'active', cancel_reason: '', cancelled_by: '',
          cancelled_at: '', clerk_id: null, clerk: 'bench', source: 'counter', source_ref: null, created_at: now,
        })),
      );
      await bulk.insert(
        'acc_allocations',
        paid.map((p, n) => ({ college_id: c, receipt_id: receipts[n], line_id: p.line, head_id: headId, amount_paise: 6_000_000 })),
      );
      await bulk.insert(
        'exam_results',
        batch.flatMap(({ i, roll }) =>
          Array.from({ length: 16 }, (_, k) => {
            const fail = (i * 7 + k) % 41 === 0;
            return {
              college_id: c, exam_title_id: titles[Math.min(titles.length - 1, Math.max(0, y - 2020 + Math.floor(k / 8)))], roll_no: roll,
              student_name: '', course_code: `AB${y}${k}`, course: `Course ${k}`, credits: 3, marks: fail ? 20 : 70,
              grade: fail ? 'F' : 'B', grade_points: fail ? 0 : 7, status: fail ? 'Fail' : 'Pass', superseded: 0,
            };
          }),
        ),
      );
    }
  });
  await analyzed(db);

  const app = await buildApp({ config, db });
  await app.ready();
  const leader = { authorization: `Bearer ${await injectToken(app, 'principal')}` };
  const get = (url: string) => () => app.inject({ method: 'GET', url, headers: leader });
  const results = [
    await time('overview', RUNS, get('/api/analytics/overview')),
    await time('fees (this financial year)', RUNS, get('/api/analytics/fees')),
    await time('admissions (2024)', RUNS, get('/api/analytics/admissions?year=2024')),
    await time('results (2024)', RUNS, get('/api/analytics/results?year=2024')),
    await time('attendance (four weeks)', RUNS, get('/api/analytics/attendance')),
    await time('placements (2025)', RUNS, get('/api/analytics/placements?year=2025')),
    await time('offices', RUNS, get('/api/analytics/offices')),
    await time('drill: dues of CSE 2023-2027', RUNS, get('/api/accounts/dues?branch=CSE&batch=2023-2027')),
    await time('drill: collections, a year', RUNS, get('/api/accounts/collections?from=2024-04-01&to=2025-03-31')),
    await time('drill: day book', RUNS, get('/api/accounts/daybook?date=2024-08-05')),
    await time('drill: admitted to CSE 2024', RUNS, get('/api/admissions/applications?branch=CSE&year=2024')),
    await time('drill: shortage list', RUNS, get('/api/attendance/shortage')),
  ];
  await app.close();
  await db.destroy();
  process.send?.({ results });
});
