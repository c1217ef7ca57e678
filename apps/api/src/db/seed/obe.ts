import { NBA_PROGRAM_OUTCOMES, OBE_DEFAULT_SETTINGS } from '@erp/shared';
import { insertChunked, type SeedContext } from './context.js';
import { prng } from './data.js';

const VERBS = ['Explain', 'Apply', 'Analyze', 'Design', 'Evaluate'];
const LAB_VERBS = ['Implement', 'Test', 'Debug', 'Document'];
const PSOS = [
  ['Software systems', 'Design, develop and test software systems for scientific, business and societal needs using modern tools.'],
  ['Data and intelligence', 'Apply data analytics, machine learning and algorithms to build intelligent solutions.'],
  ['Networks and security', 'Build and secure networked and distributed computing systems.'],
];

/**
 * OBE demo for the main college: NBA's POs, CSE's PSOs, COs and the CO–PO/PSO grid for every
 * subject of the CSE 2022-2026 batch's regulation, and for each semester it has studied (I-I to
 * IV-I, academic years 2022-2023 to 2025-2026) mids, an assignment (or lab record) and the end
 * exam for sections A and B with every student's marks, and course-exit survey answers. The demo
 * student 22A91A0501 has not yet answered the IV-I survey.
 */
export async function seedObe(ctx: SeedContext) {
  const { db, now } = ctx;
  const cid = ctx.main.id;
  const rand = prng(7001);
  const branch = await db
    .selectFrom('branches')
    .select(['id', 'course_id'])
    .where('college_id', '=', cid)
    .where('short_name', '=', 'CSE')
    .executeTakeFirst();
  const batch = await db
    .selectFrom('batches')
    .select(['id', 'regulation_id'])
    .where('college_id', '=', cid)
    .where('name', '=', '2022-2026')
    .executeTakeFirst();
  if (!branch || !batch?.regulation_id) return;

  // Settings saved for each year the batch has studied (the defaults).
  const years = ['2022-2023', '2023-2024', '2024-2025', '2025-2026'];
  await insertChunked(
    db,
    'obe_settings',
    years.map((y) => ({
      college_id: cid,
      academic_year: y,
      target_pct: OBE_DEFAULT_SETTINGS.targetPct,
      level3: OBE_DEFAULT_SETTINGS.level3,
      level2: OBE_DEFAULT_SETTINGS.level2,
      level1: OBE_DEFAULT_SETTINGS.level1,
      internal_weight: OBE_DEFAULT_SETTINGS.internalWeight,
      external_weight: OBE_DEFAULT_SETTINGS.externalWeight,
      direct_weight: OBE_DEFAULT_SETTINGS.directWeight,
      indirect_weight: OBE_DEFAULT_SETTINGS.indirectWeight,
      target_level: OBE_DEFAULT_SETTINGS.targetLevel,
      updated_by: null,
      updated_at: now,
    })),
  );

  await insertChunked(db, 'obe_program_outcomes', [
    ...NBA_PROGRAM_OUTCOMES.map((p, i) => ({
      college_id: cid,
      branch_id: null,
      kind: 'PO',
      code: p.code,
      title: p.title,
      statement: p.statement,
      sort_order: i + 1,
    })),
    ...PSOS.map(([title, statement], i) => ({
      college_id: cid,
      branch_id: branch.id,
      kind: 'PSO',
      code: `PSO${i + 1}`,
      title,
      statement,
      sort_order: i + 1,
    })),
  ]);
  const outcomes = await db
    .selectFrom('obe_program_outcomes')
    .select(['id', 'code', 'kind'])
    .where('college_id', '=', cid)
    .orderBy('kind')
    .orderBy('sort_order')
    .execute();
  const pos = outcomes.filter((o) => o.kind === 'PO');
  const psos = outcomes.filter((o) => o.kind === 'PSO');

  const semesters = await db
    .selectFrom('semesters')
    .select(['id', 'name', 'sort_order'])
    .where('college_id', '=', cid)
    .where('course_id', '=', branch.course_id)
    .orderBy('sort_order')
    .execute();
  const subjects = await db
    .selectFrom('subjects')
    .select(['id', 'name', 'kind', 'semester_id', 'code'])
    .where('college_id', '=', cid)
    .where('regulation_id', '=', batch.regulation_id)
    .where('branch_id', '=', branch.id)
    .orderBy('code')
    .execute();
  const sections = await db
    .selectFrom('sections')
    .select(['id', 'name'])
    .where('college_id', '=', cid)
    .where('batch_id', '=', batch.id)
    .where('branch_id', '=', branch.id)
    .orderBy('name')
    .execute();
  const members = await db
    .selectFrom('section_students as ss')
    .innerJoin('students as st', 'st.id', 'ss.student_id')
    .select(['ss.section_id', 'st.id', 'st.roll_no'])
    .where('ss.college_id', '=', cid)
    .where('ss.section_id', 'in', sections.length ? sections.map((s) => s.id) : [0])
    .orderBy('st.roll_no')
    .execute();
  // Each student's steady ability (share of marks they tend to score).
  const ability = new Map(members.map((m) => [m.id, 0.5 + rand() * 0.45]));

  const teacher = ctx.main.users.get('faculty') ?? null;
  const semIndex = new Map(semesters.map((s, i) => [s.id, i]));
  const marks: Array<Record<string, unknown>> = [];
  const survey: Array<Record<string, unknown>> = [];
  for (const sub of subjects) {
    const lab = sub.kind === 'lab';
    const verbs = lab ? LAB_VERBS : VERBS;
    const cos = [];
    for (const [i, verb] of verbs.entries()) {
      const { id } = await db
        .insertInto('obe_course_outcomes')
        .values({
          college_id: cid,
          subject_id: sub.id,
          code: `CO${i + 1}`,
          statement: `${verb} ${i === 0 ? 'the fundamental concepts' : i === 1 ? 'the methods' : i === 2 ? 'the techniques' : i === 3 ? 'solutions' : 'alternative approaches'} of ${sub.name}${lab ? ' in the laboratory' : ''}.`,
          sort_order: i + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      cos.push(id);
    }
    // The grid: each CO strongly supports PO1/PO2 or PO3, and two or three others weakly.
    const grid: Array<Record<string, unknown>> = [];
    cos.forEach((co, i) => {
      const picks = new Map<number, number>();
      picks.set(pos[i % 3].id, 3);
      picks.set(pos[(i + 1) % 4].id, picks.has(pos[(i + 1) % 4].id) ? 3 : 2);
      for (let k = 0; k < 2; k++) picks.set(pos[4 + Math.floor(rand() * 8)].id, 1 + Math.floor(rand() * 2));
      if (lab) picks.set(pos[4].id, 3);
      picks.set(psos[Math.floor(rand() * psos.length)].id, 2 + Math.floor(rand() * 2));
      for (const [outcome, strength] of picks) grid.push({ college_id: cid, subject_id: sub.id, co_id: co, outcome_id: outcome, strength });
    });
    await insertChunked(db, 'obe_co_mappings', grid);

    const si = semIndex.get(sub.semester_id ?? -1) ?? 99;
    if (si > 6) continue; // IV-II: not studied yet
    const year = years[Math.floor(si / 2)];
    const papers: Array<{ kind: string; name: string; qs: Array<[string, number, number]> }> = lab
      ? [
          { kind: 'lab', name: 'Lab record and viva', qs: cos.map((co, i) => [`E${i + 1}`, co, 10]) },
          { kind: 'end_exam', name: 'Lab end exam', qs: cos.map((co, i) => [`Q${i + 1}`, co, 12.5]) },
        ]
      : [
          { kind: 'mid', name: 'Mid I', qs: [['Q1', cos[0], 10], ['Q2', cos[1], 10], ['Q3', cos[2], 10]] },
          { kind: 'mid', name: 'Mid II', qs: [['Q1', cos[2], 10], ['Q2', cos[3], 10], ['Q3', cos[4], 10]] },
          { kind: 'assignment', name: 'Assignment 1', qs: cos.map((co, i) => [`A${i + 1}`, co, 5]) },
          { kind: 'end_exam', name: 'End exam', qs: cos.map((co, i) => [`Q${i + 1}`, co, 14]) },
        ];
    // Some courses are harder: a shift in every student's marks.
    const difficulty = (rand() - 0.5) * 0.2;
    for (const section of sections) {
      const students = members.filter((m) => m.section_id === section.id);
      for (const paper of papers) {
        const { id: assessmentId } = await db
          .insertInto('obe_assessments')
          .values({
            college_id: cid,
            subject_id: sub.id,
            section_id: section.id,
            academic_year: year,
            kind: paper.kind,
            name: paper.name,
            created_by: teacher,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [n, [label, co, max]] of paper.qs.entries()) {
          const { id: questionId } = await db
            .insertInto('obe_questions')
            .values({ college_id: cid, assessment_id: assessmentId, co_id: co, label, max_marks: max, sort_order: n + 1 })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const st of students) {
            if (rand() < 0.02) continue; // absent
            const share = Math.min(1, Math.max(0, ability.get(st.id)! + difficulty + (rand() - 0.5) * 0.35));
            marks.push({
              college_id: cid,
              assessment_id: assessmentId,
              question_id: questionId,
              student_id: st.id,
              marks: Math.round(share * max * 2) / 2,
            });
          }
        }
      }
      for (const st of students) {
        if (si === 6 && st.roll_no === '22A91A0501') continue; // the demo student's open survey
        if (rand() < 0.15) continue;
        for (const co of cos)
          survey.push({
            college_id: cid,
            subject_id: sub.id,
            academic_year: year,
            student_id: st.id,
            co_id: co,
            rating: Math.min(5, Math.max(1, Math.round(2 + ability.get(st.id)! * 3 + (rand() - 0.5) * 1.5))),
            created_at: now,
          });
      }
    }
  }
  await insertChunked(db, 'obe_marks', marks);
  await insertChunked(db, 'obe_survey_responses', survey);
}
