// Server side of exam-processing.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp
// database (SQLite or PostgreSQL), then adds an exam written and marked: 6,000 students in ten
// branches of 600 (ten sections of 60 each), six papers a branch, every script's internal marks
// (locked) and external marks (two entries that agree) in place and decoded, a few absentees and
// one malpractice case; the regulation's rules, and two grace rules active (one to pass, one for a
// class) in place of the demo's. Serves the real app.
import { benchConfig, bulkLoad, run, seeded, seededRandom, serve } from './serve.js';

const BRANCHES = 10;
const PER_BRANCH = 600;
const SECTION_SIZE = 60;
const CREDITS = [3, 3, 3, 3, 2, 1.5];
export const EXAM_NAME = 'Bench III-II Regular Examinations April 2026';

run(async () => {
  const [database] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId: college } = await seeded(config);
  const btech = await db
    .selectFrom('courses')
    .select('id')
    .where('college_id', '=', college)
    .where('name', '=', 'B.Tech')
    .executeTakeFirstOrThrow();
  const batch = await db.selectFrom('batches').select('id').where('course_id', '=', btech.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const rand = seededRandom(20260406);
  const info = await bulkLoad(
    config.database,
    async (bulk) => {
      const [regulationId] = await bulk.insertIds('regulations', [
        {
          college_id: college,
          code: 'RPROC',
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
      await bulk.insert('regulation_exam_rules', [
        {
          college_id: college,
          regulation_id: regulationId,
          cie_max: 30,
          see_max: 70,
          cie_min: 0,
          see_min: 25,
          total_min_percent: 40,
          supply_grade_cap: '',
          supply_revaluation: 1,
          reval_rule: 'second_if_diff',
          reval_threshold: 7,
          distinction_cgpa_x100: 775,
          first_class_cgpa_x100: 650,
          second_class_cgpa_x100: 550,
        },
      ]);
      await bulk.run('update grace_rules set active = 0 where college_id = ?', [college]);
      await bulk.insert('grace_rules', [
        {
          college_id: college,
          name: 'Bench pass grace',
          purpose: 'pass',
          max_marks: 5,
          max_subjects: 1,
          active: 1,
          created_by_name: 'bench',
          created_at: now,
        },
        {
          college_id: college,
          name: 'Bench class grace',
          purpose: 'class',
          max_marks: 5,
          max_subjects: 2,
          active: 1,
          created_by_name: 'bench',
          created_at: now,
        },
      ]);
      const [examId] = await bulk.insertIds('exams', [
        {
          college_id: college,
          name: EXAM_NAME,
          kind: 'regular',
          regulation_id: regulationId,
          status: 'marks_entry',
          registration_closes: '2026-03-20',
          starts_on: '2026-04-06',
          ends_on: '2026-04-13',
          fee_per_paper_paise: 0,
          fee_cap_paise: 0,
          dues_limit_paise: 20_000_000,
          condonation_fee_paise: 0,
          created_by_name: 'bench',
          created_at: now,
          updated_at: now,
          decoded_at: now,
        },
      ]);
      const branchIds = await bulk.insertIds(
        'branches',
        Array.from({ length: BRANCHES }, (_, b) => ({
          college_id: college,
          course_id: btech.id,
          department_id: null,
          short_name: `PB${b}`,
          name: `Bench branch ${b}`,
        })),
      );
      const sections: Array<Record<string, unknown>> = [];
      for (const branchId of branchIds)
        for (let s = 0; s < PER_BRANCH / SECTION_SIZE; s++)
          sections.push({
            college_id: college,
            batch_id: batch.id,
            branch_id: branchId,
            semester_id: null,
            name: `P${s}`,
            retired: 0,
          });
      const sectionIds = await bulk.insertIds('sections', sections);
      const subjects: Array<Record<string, unknown>> = [];
      for (let b = 0; b < BRANCHES; b++)
        CREDITS.forEach((credits, k) =>
          subjects.push({
            college_id: college,
            regulation_id: regulationId,
            semester_id: null,
            branch_id: branchIds[b],
            code: `PX${b}${k}`,
            name: `Bench paper ${b}-${k}`,
            credits,
            lecture: 3,
            tutorial: 0,
            practical: 0,
            kind: 'theory',
          }),
        );
      const subjectIds = await bulk.insertIds('subjects', subjects);
      const paperIds = await bulk.insertIds(
        'exam_papers',
        subjectIds.map((subject_id, i) => ({
          college_id: college,
          exam_id: examId,
          subject_id,
          date: `2026-04-${String(6 + (i % CREDITS.length)).padStart(2, '0')}`,
          session: 'FN',
        })),
      );
      const students: Array<Record<string, unknown>> = [];
      for (let b = 0; b < BRANCHES; b++)
        for (let k = 0; k < PER_BRANCH; k++)
          students.push({
            college_id: college,
            roll_no: `23PX${b}${String(k).padStart(4, '0')}`,
            full_name: `Bench Writer ${b}-${k}`,
            course: 'B.Tech',
            batch: '2023-2027',
            branch: `PB${b}`,
            semester: 'III-II',
            section: `P${Math.floor(k / SECTION_SIZE)}`,
            gender: k % 2 ? 'MALE' : 'FEMALE',
            email: `px${b}-${k}@example.org`,
            mobile: '9876543210',
            father_name: 'Bench Parent',
            admission_id: null,
            created_at: now,
          });
      const studentIds = await bulk.insertIds('students', students);
      const sectionOf = (i: number) => sectionIds[Math.floor(i / SECTION_SIZE)];
      await bulk.insert(
        'section_students',
        studentIds.map((student_id, i) => ({ college_id: college, section_id: sectionOf(i), student_id })),
      );

      // Marks: each student an ability, each paper some luck; near the pass line and the class lines
      // often enough that both grace rules find work.
      const scripts: Array<Record<string, unknown>> = [];
      const internal: Array<Record<string, unknown>> = [];
      const externals: number[] = [];
      for (let i = 0; i < studentIds.length; i++) {
        const b = Math.floor(i / PER_BRANCH);
        const ability = 0.45 + 0.5 * rand();
        for (let k = 0; k < CREDITS.length; k++) {
          const paperId = paperIds[b * CREDITS.length + k];
          const n = scripts.length;
          const status = n % 997 === 0 ? 'absent' : n === 18_000 ? 'malpractice' : 'written';
          scripts.push({
            college_id: college,
            exam_id: examId,
            student_id: studentIds[i],
            paper_id: paperId,
            // ten digits: never one of the demo's eight-digit dummy numbers
            dummy_no: String(9_000_000_000 + n),
            status,
            remark: '',
            marked_by_name: 'bench',
          });
          internal.push({
            college_id: college,
            exam_id: examId,
            paper_id: paperId,
            student_id: studentIds[i],
            section_id: sectionOf(i),
            marks: Math.round(30 * Math.min(1, Math.max(0.3, ability + 0.1 + (rand() - 0.5) * 0.2))),
            original_marks: null,
            moderation_reason: '',
            entered_by_name: 'bench',
            updated_at: now,
          });
          externals.push(
            status === 'written' ? Math.round(70 * Math.min(1, Math.max(0.15, ability - 0.04 + (rand() - 0.5) * 0.36))) : -1,
          );
        }
      }
      const scriptIds = await bulk.insertIds('exam_scripts', scripts);
      await bulk.insert('exam_internal_marks', internal);
      await bulk.insert(
        'exam_external_marks',
        scriptIds
          .map((script_id, n) => ({ script_id, marks: externals[n] }))
          .filter((x) => x.marks >= 0)
          .map(({ script_id, marks }) => ({
            college_id: college,
            exam_id: examId,
            script_id,
            first_marks: marks,
            first_by_id: null,
            first_by_name: 'bench evaluator 1',
            second_marks: marks,
            second_by_id: null,
            second_by_name: 'bench evaluator 2',
            updated_at: now,
          })),
      );
      const locks: Array<Record<string, unknown>> = [];
      for (let b = 0; b < BRANCHES; b++)
        for (let k = 0; k < CREDITS.length; k++)
          for (let s = 0; s < PER_BRANCH / SECTION_SIZE; s++)
            locks.push({
              college_id: college,
              exam_id: examId,
              paper_id: paperIds[b * CREDITS.length + k],
              section_id: sectionIds[(b * PER_BRANCH) / SECTION_SIZE + s],
              locked_by_name: 'bench',
              locked_at: now,
            });
      await bulk.insert('exam_internal_locks', locks);
      return {
        examId,
        examName: EXAM_NAME,
        students: studentIds.length,
        scripts: scripts.length,
        rollNos: students.map((s) => s.roll_no),
      };
    },
    { optimize: true },
  );
  await serve(db, config, { info });
});
