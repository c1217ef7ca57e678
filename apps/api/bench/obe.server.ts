// Server side of obe.bench.mjs, bundled by it with esbuild. Migrates and seeds a temp database
// (SQLite or PostgreSQL), then adds one bench program: a branch and a batch of 360 students in six
// sections of 60, a regulation of 60 subjects (5 COs each, mapped to the 12 POs and 3 PSOs), and
// per subject and section two mids, an assignment and an end exam (16 questions) with every
// student's marks, plus course-exit survey answers: 345,600 marks and about 86,000 ratings.
// Serves the real app.
import { NBA_PROGRAM_OUTCOMES } from '@erp/shared';
import { benchConfig, run, seeded, seededRandom, serve } from './serve.js';

const STUDENTS = 360;
const SECTIONS = 6;
const SUBJECTS = 60;

run(async () => {
  const [database] = process.argv.slice(2);
  const config = benchConfig(database);
  const { db, collegeId: cid } = await seeded(config);
  const now = new Date().toISOString();
  const rand = seededRandom(42);
  await db.transaction().execute(async (trx) => {
    const chunked = async (table: string, rows: Array<Record<string, unknown>>, size = 400) => {
      for (let i = 0; i < rows.length; i += size)
        await trx
          .insertInto(table as never)
          .values(rows.slice(i, i + size) as never)
          .execute();
    };
    const course = await trx
      .selectFrom('courses')
      .select('id')
      .where('college_id', '=', cid)
      .where('name', '=', 'B.Tech')
      .executeTakeFirstOrThrow();
    const dept = await trx
      .insertInto('departments')
      .values({ college_id: cid, name: 'BNC', full_name: 'Bench Engineering' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const reg = await trx
      .insertInto('regulations')
      .values({
        college_id: cid,
        code: 'RBENCH',
        name: 'Bench regulation',
        course_id: course.id,
        from_year: 2030,
        grading: '10-point',
        short_below: 75,
        detain_below: 65,
        edit_window_hours: 48,
        late_counts_present: 1,
        od_counts_present: 1,
        medical_condonable: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const branch = await trx
      .insertInto('branches')
      .values({ college_id: cid, course_id: course.id, department_id: dept.id, short_name: 'BNC', name: 'Bench Engineering' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const batch = await trx
      .insertInto('batches')
      .values({ college_id: cid, course_id: course.id, name: '2030-2034', regulation_id: reg.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const semesters = await trx
      .selectFrom('semesters')
      .select('id')
      .where('college_id', '=', cid)
      .where('course_id', '=', course.id)
      .orderBy('sort_order')
      .execute();
    await chunked(
      'students',
      Array.from({ length: STUDENTS }, (_, i) => ({
        college_id: cid,
        roll_no: `30BNC${String(i).padStart(4, '0')}`,
        full_name: `Bench Student ${i}`,
        course: 'B.Tech',
        batch: '2030-2034',
        branch: 'BNC',
        semester: 'IV-II',
        section: String.fromCharCode(65 + (i % SECTIONS)),
        gender: i % 2 ? 'FEMALE' : 'MALE',
        email: `obebench${i}@example.org`,
        mobile: '9876543210',
        father_name: 'Bench Father',
        admission_id: null,
        created_at: now,
      })),
    );
    const students = await trx
      .selectFrom('students')
      .select(['id', 'section'])
      .where('college_id', '=', cid)
      .where('batch', '=', '2030-2034')
      .orderBy('id')
      .execute();
    const sectionIds: number[] = [];
    for (let s = 0; s < SECTIONS; s++) {
      const { id } = await trx
        .insertInto('sections')
        .values({
          college_id: cid,
          batch_id: batch.id,
          branch_id: branch.id,
          semester_id: semesters.at(-1)!.id,
          name: String.fromCharCode(65 + s),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sectionIds.push(id);
    }
    await chunked(
      'section_students',
      students.map((st) => ({ college_id: cid, section_id: sectionIds[st.section.charCodeAt(0) - 65], student_id: st.id })),
    );
    // POs (the seed wrote them for the college) and three PSOs for the bench branch.
    await chunked(
      'obe_program_outcomes',
      [1, 2, 3].map((n) => ({
        college_id: cid,
        branch_id: branch.id,
        kind: 'PSO',
        code: `PSO${n}`,
        title: '',
        statement: `Bench PSO ${n}`,
        sort_order: n,
      })),
    );
    const outcomes = await trx
      .selectFrom('obe_program_outcomes')
      .select('id')
      .where('college_id', '=', cid)
      .where((eb) => eb.or([eb('branch_id', 'is', null), eb('branch_id', '=', branch.id)]))
      .execute();
    if (outcomes.length !== NBA_PROGRAM_OUTCOMES.length + 3) throw new Error(`expected 15 outcomes, found ${outcomes.length}`);

    const marks: Array<Record<string, unknown>> = [];
    const ratings: Array<Record<string, unknown>> = [];
    for (let n = 0; n < SUBJECTS; n++) {
      const sem = semesters[Math.floor(n / 8) % semesters.length];
      const year = `${2030 + Math.floor(n / 16)}-${2031 + Math.floor(n / 16)}`;
      const subject = await trx
        .insertInto('subjects')
        .values({
          college_id: cid,
          regulation_id: reg.id,
          semester_id: sem.id,
          branch_id: branch.id,
          code: `BNC${String(n).padStart(3, '0')}`,
          name: `Bench course ${n}`,
          credits: 3,
          lecture: 3,
          tutorial: 0,
          practical: 0,
          kind: 'theory',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const cos: number[] = [];
      for (let c = 0; c < 5; c++)
        cos.push(
          (
            await trx
              .insertInto('obe_course_outcomes')
              .values({
                college_id: cid,
                subject_id: subject.id,
                code: `CO${c + 1}`,
                statement: `Bench outcome ${c + 1}`,
                sort_order: c + 1,
              })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      const grid = new Map<string, Record<string, unknown>>();
      for (const co of cos)
        for (let k = 0; k < 5; k++) {
          const o = outcomes[Math.floor(rand() * outcomes.length)].id;
          grid.set(`${co}:${o}`, {
            college_id: cid,
            subject_id: subject.id,
            co_id: co,
            outcome_id: o,
            strength: 1 + Math.floor(rand() * 3),
          });
        }
      await chunked('obe_co_mappings', [...grid.values()]);
      const papers: Array<[string, string, Array<[number, number]>]> = [
        [
          'mid',
          'Mid I',
          [
            [0, 10],
            [1, 10],
            [2, 10],
          ],
        ],
        [
          'mid',
          'Mid II',
          [
            [2, 10],
            [3, 10],
            [4, 10],
          ],
        ],
        ['assignment', 'Assignment', cos.map((_, i) => [i, 5])],
        ['end_exam', 'End exam', cos.map((_, i) => [i, 14])],
      ];
      for (const sectionId of sectionIds) {
        const members = students.filter((st) => sectionIds[st.section.charCodeAt(0) - 65] === sectionId);
        for (const [kind, name, qs] of papers) {
          const a = await trx
            .insertInto('obe_assessments')
            .values({
              college_id: cid,
              subject_id: subject.id,
              section_id: sectionId,
              academic_year: year,
              kind,
              name,
              created_by: null,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await chunked(
            'obe_questions',
            qs.map(([co, max], i) => ({
              college_id: cid,
              assessment_id: a.id,
              co_id: cos[co],
              label: `Q${i + 1}`,
              max_marks: max,
              sort_order: i + 1,
            })),
          );
          const qids = await trx
            .selectFrom('obe_questions')
            .select(['id', 'max_marks'])
            .where('assessment_id', '=', a.id)
            .orderBy('sort_order')
            .execute();
          for (const q of qids)
            for (const st of members)
              marks.push({
                college_id: cid,
                assessment_id: a.id,
                question_id: q.id,
                student_id: st.id,
                marks: Math.round(rand() * q.max_marks * 2) / 2,
              });
        }
        for (const st of members)
          if (rand() < 0.8)
            for (const co of cos)
              ratings.push({
                college_id: cid,
                subject_id: subject.id,
                academic_year: year,
                student_id: st.id,
                co_id: co,
                rating: 1 + Math.floor(rand() * 5),
                created_at: now,
              });
      }
    }
    await chunked('obe_marks', marks, 1000);
    await chunked('obe_survey_responses', ratings, 1000);
    // stderr: stdout is the server's log (a file, bench/kit.mjs)
    process.stderr.write(
      `bench program: ${STUDENTS} students, ${SUBJECTS} subjects, ${marks.length} marks, ${ratings.length} ratings\n`,
    );
  });

  await serve(db, config);
});
