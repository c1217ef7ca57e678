// Server side of exams.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp database
// (SQLite or PostgreSQL), then adds an exam of 6,000 students in ten branches of 600: each branch
// writes six papers, one a day in the forenoon (so 6,000 write on each day), 100 rooms of 60
// seats, and the hall tickets of the first branch issued (a document each). Serves the real app.
import { bulkLoad, benchConfig, run, seeded, serve } from './serve.js';

const BRANCHES = 10;
const PER_BRANCH = 600;
const DAYS = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12'];

run(async () => {
  const [database] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId: college } = await seeded(config);
  const now = new Date().toISOString();
  const info = await bulkLoad(
    config.database,
    async (bulk) => {
      const [regulationId] = await bulk.insertIds('regulations', [
        {
          college_id: college,
          code: 'RBENCH',
          name: 'Bench regulation',
          course_id: null,
          from_year: 2022,
          grading: '10-point CGPA, absolute grading',
          short_below: 75,
          detain_below: 65,
          edit_window_hours: 48,
          late_counts_present: 1,
          od_counts_present: 1,
          medical_condonable: 1,
        },
      ]);
      const [examId] = await bulk.insertIds('exams', [
        {
          college_id: college,
          name: 'Bench Regular Examinations',
          kind: 'regular',
          regulation_id: regulationId,
          status: 'hall_tickets',
          registration_closes: '2026-11-27',
          starts_on: DAYS[0],
          ends_on: DAYS[DAYS.length - 1],
          fee_per_paper_paise: 0,
          fee_cap_paise: 0,
          dues_limit_paise: 0,
          condonation_fee_paise: 0,
          created_by_name: 'bench',
          created_at: now,
          updated_at: now,
        },
      ]);
      const subjects: Array<Record<string, unknown>> = [];
      for (let b = 0; b < BRANCHES; b++)
        for (let d = 0; d < DAYS.length; d++)
          subjects.push({
            college_id: college,
            regulation_id: regulationId,
            semester_id: null,
            branch_id: null,
            code: `BX${b}${d}`,
            name: `Bench paper ${b}-${d}`,
            credits: 3,
            lecture: 3,
            tutorial: 0,
            practical: 0,
            kind: 'theory',
          });
      const subjectIds = await bulk.insertIds('subjects', subjects);
      const paperIds = await bulk.insertIds(
        'exam_papers',
        subjectIds.map((subject_id, i) => ({
          college_id: college,
          exam_id: examId,
          subject_id,
          date: DAYS[i % DAYS.length],
          session: 'FN',
        })),
      );
      const students: Array<Record<string, unknown> & { full_name: string }> = [];
      for (let b = 0; b < BRANCHES; b++)
        for (let k = 0; k < PER_BRANCH; k++)
          students.push({
            college_id: college,
            roll_no: `26BX${b}${String(k).padStart(4, '0')}`,
            full_name: `Bench Student ${b}-${k}`,
            course: 'B.Tech',
            batch: '2022-2026',
            branch: `BR${b}`,
            semester: 'IV-I',
            section: 'A',
            gender: k % 2 ? 'Male' : 'Female',
            email: `bx${b}-${k}@example.org`,
            mobile: '9876543210',
            father_name: 'Bench Parent',
            admission_id: null,
            created_at: now,
          });
      const studentIds = await bulk.insertIds('students', students);
      const registrationIds = await bulk.insertIds(
        'exam_registrations',
        studentIds.map((student_id) => ({
          college_id: college,
          exam_id: examId,
          student_id,
          status: 'verified',
          fee_paise: 0,
          late_fee_paise: 0,
          registered_on: '2026-11-20',
          registered_by_name: 'bench',
          verified_by_name: 'bench',
          verified_at: now,
          created_at: now,
        })),
      );
      const papers: Array<Record<string, unknown>> = [];
      for (let i = 0; i < studentIds.length; i++) {
        const b = Math.floor(i / PER_BRANCH);
        for (let d = 0; d < DAYS.length; d++)
          papers.push({
            college_id: college,
            registration_id: registrationIds[i],
            exam_id: examId,
            student_id: studentIds[i],
            paper_id: paperIds[b * DAYS.length + d],
            kind: 'regular',
          });
      }
      await bulk.insert('exam_registration_papers', papers);
      await bulk.insert(
        'exam_rooms',
        Array.from({ length: 100 }, (_, r) => ({
          college_id: college,
          name: `BR${String(r + 1).padStart(3, '0')}`,
          block: 'Bench block',
          rows: 6,
          cols: 10,
          retired: 0,
        })),
      );
      // the first branch's hall tickets, each a registered document
      const docs = studentIds.slice(0, PER_BRANCH).map((_, k) => `benchticket${String(k).padStart(6, '0')}`);
      await bulk.insert(
        'issued_documents',
        docs.map((code, k) => ({
          code,
          college_id: college,
          kind: 'hall-ticket',
          title: 'Hall ticket',
          holder: students[k].full_name,
          fields_json: '[]',
          issued_at: now,
        })),
      );
      await bulk.insert(
        'exam_hall_tickets',
        docs.map((doc_code, k) => ({
          college_id: college,
          exam_id: examId,
          student_id: studentIds[k],
          doc_code,
          issued_at: now,
          issued_by_name: 'bench',
        })),
      );
      return { examId, day: DAYS[0], branch: 'BR0', students: studentIds.length };
    },
    { optimize: true },
  );
  await serve(db, config, { info });
});
