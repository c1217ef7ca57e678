import { gradeFor } from '@erp/shared';
import type { SeedContext, SeededCollege } from './context.js';
import { insertChunked } from './context.js';
import { prng } from './data.js';

export const SEED_REGULAR_TITLE = 'B.Tech Regular Examinations November 2025';
export const SEED_SUPPLY_TITLE = 'B.Tech Supplementary Examinations February 2026';
/** Entered but not yet published: the exam cell's next release. */
export const SEED_DRAFT_TITLE = 'B.Tech IV-I Regular Examinations April 2026';

const FIRST_YEAR = [
  'Engineering Mathematics I',
  'Engineering Physics',
  'Engineering Chemistry',
  'Programming for Problem Solving',
  'Basic Electrical Engineering',
  'Engineering Graphics',
  'Physics Laboratory',
  'Programming Laboratory',
];
const BY_BRANCH: Record<string, string[]> = {
  CSE: [
    'Compiler Design',
    'Machine Learning',
    'Cryptography and Network Security',
    'Cloud Computing',
    'Software Project Management',
    'Data Mining',
    'Machine Learning Laboratory',
    'Compiler Design Laboratory',
  ],
  ECE: [
    'Microwave Engineering',
    'VLSI Design',
    'Digital Image Processing',
    'Optical Communications',
    'Embedded Systems',
    'Radar Systems',
    'VLSI Laboratory',
    'Microwave Laboratory',
  ],
  EEE: [
    'Power System Analysis',
    'Power Electronics',
    'Electrical Machines III',
    'Utilization of Electrical Energy',
    'Renewable Energy Sources',
    'Switchgear and Protection',
    'Power Electronics Laboratory',
    'Power Systems Laboratory',
  ],
  MECH: [
    'Finite Element Methods',
    'Refrigeration and Air Conditioning',
    'CAD/CAM',
    'Automobile Engineering',
    'Production Planning and Control',
    'Unconventional Machining',
    'CAD/CAM Laboratory',
    'Heat Transfer Laboratory',
  ],
  CIVIL: [
    'Design of Steel Structures',
    'Foundation Engineering',
    'Transportation Engineering II',
    'Estimation and Costing',
    'Environmental Engineering II',
    'Water Resources Engineering',
    'GIS Laboratory',
    'Concrete Technology Laboratory',
  ],
};
const PREFIX: Record<string, string> = { CSE: 'CS', ECE: 'EC', EEE: 'EE', MECH: 'ME', CIVIL: 'CE' };
const CREDITS = [3, 3, 3, 3, 3, 2, 1.5, 1.5];
const BRANCH_BY_CODE: Record<string, string> = { '05': 'CSE', '04': 'ECE', '02': 'EEE', '03': 'MECH', '01': 'CIVIL' };

/** The eight courses a seeded student sat in November 2025, by the roll number's batch and branch. */
export function seedCoursesFor(rollNo: string): Array<{ code: string; name: string; credits: number }> {
  const branch = BRANCH_BY_CODE[rollNo.slice(6, 8)] ?? 'CSE';
  const year = Number(rollNo.slice(0, 2));
  const firstYear = year >= 25;
  const semester = Math.max(1, (25 - year) * 2 + 1);
  return (firstYear ? FIRST_YEAR : BY_BRANCH[branch]).map((name, i) => ({
    code: `${firstYear ? 'BS' : PREFIX[branch]}${semester}${String(i + 1).padStart(2, '0')}`,
    name,
    credits: CREDITS[i],
  }));
}

type Row = Parameters<typeof insertChunked>[2][number];

function marksFor(rand: () => number, ability: number): number | 'AB' {
  if (rand() < 0.02) return 'AB';
  const m = ability + (rand() - 0.5) * 30;
  return Math.round(Math.min(100, Math.max(18, m)) * 100) / 100;
}

const resultRow = (
  collegeId: number,
  titleId: number,
  rollNo: string,
  name: string,
  c: { code: string; name: string; credits: number },
  marks: number | 'AB',
  superseded = 0,
) => {
  const g = gradeFor(marks);
  return {
    college_id: collegeId,
    exam_title_id: titleId,
    roll_no: rollNo,
    student_name: name,
    course_code: c.code,
    course: c.name,
    credits: c.credits,
    marks: marks === 'AB' ? null : marks,
    grade: g.grade,
    grade_points: g.gradePoints,
    status: g.status,
    superseded,
  };
};

/**
 * Two published titles per college (regular and supplementary) and an unpublished draft.
 * Fixed cases for demos and browser tests: the first student failed one course and passed its
 * supplementary; the second failed one course and was absent for another, with no supplementary.
 */
async function seedFor(ctx: SeedContext, college: SeededCollege, seed: number) {
  const rand = prng(seed);
  const title = async (name: string, type: string, published: number) =>
    (
      await ctx.db
        .insertInto('exam_titles')
        .values({ college_id: college.id, title: name, exam_type: type, published, created_at: ctx.now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const regularId = await title(SEED_REGULAR_TITLE, 'regular', 1);
  const supplyId = await title(SEED_SUPPLY_TITLE, 'supply', 1);
  const draftId = await title(SEED_DRAFT_TITLE, 'regular', 0);

  const students = await ctx.db
    .selectFrom('students')
    .select(['roll_no', 'full_name'])
    .where('college_id', '=', college.id)
    .execute();
  const names = new Map(students.map((s) => [s.roll_no, s.full_name]));
  const regular: Row[] = [];
  const supply: Row[] = [];
  college.rollNos.forEach((rollNo, n) => {
    const courses = seedCoursesFor(rollNo);
    const ability = 58 + rand() * 36;
    courses.forEach((c, i) => {
      let marks = marksFor(rand, ability);
      if (n === 0) marks = i === 1 ? 41.5 : 72 + i * 2.5;
      if (n === 1) marks = i === 2 ? 38 : i === 4 ? 'AB' : 64 + i;
      const failed = gradeFor(marks).status !== 'Pass';
      const retake = failed && (n === 0 || (n > 1 && rand() < 0.7));
      regular.push(resultRow(college.id, regularId, rollNo, names.get(rollNo) ?? '', c, marks, retake ? 1 : 0));
      if (retake)
        supply.push(
          resultRow(
            college.id,
            supplyId,
            rollNo,
            names.get(rollNo) ?? '',
            c,
            n === 0 ? 63 : rand() < 0.85 ? 50 + Math.round(rand() * 30) : 44,
          ),
        );
    });
  });
  // The draft: final-year CSE only.
  const draft = college.rollNos
    .filter((r) => r.startsWith('22') && r.slice(6, 8) === '05')
    .flatMap((rollNo) =>
      seedCoursesFor(rollNo).map((c) =>
        resultRow(
          college.id,
          draftId,
          rollNo,
          names.get(rollNo) ?? '',
          { ...c, code: c.code.replace(/^CS7/, 'CS8') },
          marksFor(rand, 75),
        ),
      ),
    );
  await insertChunked(ctx.db, 'exam_results', [...regular, ...supply, ...draft], 400);
}

/** Exam titles and results of the demo colleges (exam results feature). */
export async function seedResults(ctx: SeedContext): Promise<void> {
  await seedFor(ctx, ctx.main, 501);
  await seedFor(ctx, ctx.srk, 502);
}
