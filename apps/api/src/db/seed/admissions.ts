import type { SeedContext, SeededCollege } from './context.js';
import { insertChunked } from './context.js';
import { prng } from './data.js';

const SAMPLE = 24;

/**
 * Sample admissions for the first seeded students of each college (so modify mode and the
 * applications list have data), with the admission counter moved past them.
 */
async function seedFor(ctx: SeedContext, college: SeededCollege, seed: number) {
  const rand = prng(seed);
  const students = await ctx.db
    .selectFrom('students')
    .select(['id', 'roll_no', 'full_name', 'course', 'batch', 'branch', 'gender', 'email', 'mobile', 'father_name', 'semester'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .limit(SAMPLE)
    .execute();
  const year = 2000 + Number(students[0]?.roll_no.slice(0, 2) ?? 25);
  const rows = students.map((s, i) => {
    const adminNo = `${college.code}/${year}/${String(i + 1).padStart(5, '0')}`;
    const aadharNo = String(200_000_000_000 + Math.floor(rand() * 799_999_999_999));
    const data = {
      dateOfAdmission: `${year}-08-${String(10 + (i % 18)).padStart(2, '0')}`,
      name: s.full_name.replace(/[^A-Za-z ]/g, ''),
      admissionType: college.code === 'SRK' ? 'Convener' : 'Direct',
      courseAppliedFor: s.course,
      branch: s.branch,
      gender: s.gender,
      aadharNo,
      batch: s.batch,
      semester: s.semester,
      adminNo,
      seatType: 'Convener',
      entranceType: 'EAPCET',
      rank: String(1000 + Math.floor(rand() * 40_000)),
      emailId: s.email,
      studentContactNo: s.mobile,
      fathersName: s.father_name.replace(/[^A-Za-z ]/g, ''),
      nationality: 'Indian',
      religion: 'Hindu',
      feeCommitment: '95000',
      studentPaidamount: String(50_000 + 5_000 * (i % 6)),
      rollNumber: s.roll_no,
    };
    return {
      college_id: college.id,
      admission_no: adminNo,
      aadhar_no: aadharNo,
      name: data.name,
      course: s.course,
      batch: s.batch,
      branch: s.branch,
      gender: s.gender,
      date_of_admission: data.dateOfAdmission,
      data_json: JSON.stringify(data),
      photo_path: null,
      created_by: null,
      created_at: ctx.now,
      updated_at: ctx.now,
    };
  });
  await insertChunked(ctx.db, 'admissions', rows);
  const saved = await ctx.db.selectFrom('admissions').select(['id', 'data_json']).where('college_id', '=', college.id).execute();
  for (const a of saved) {
    const roll = (JSON.parse(a.data_json) as { rollNumber?: string }).rollNumber;
    if (roll)
      await ctx.db
        .updateTable('students')
        .set({ admission_id: a.id })
        .where('college_id', '=', college.id)
        .where('roll_no', '=', roll)
        .execute();
  }
  await ctx.db
    .updateTable('counters')
    .set({ value: rows.length })
    .where('college_id', '=', college.id)
    .where('name', '=', 'admission')
    .execute();
}

/** The sanctioned intake of each B.Tech branch, 2021-22 to 2026-27 (CSE 120, the others 60), as the office enters it. */
async function seedIntakes(ctx: SeedContext, college: SeededCollege) {
  const branches = await ctx.db
    .selectFrom('branches as b')
    .innerJoin('courses as c', 'c.id', 'b.course_id')
    .select(['b.short_name', 'c.name as course'])
    .where('b.college_id', '=', college.id)
    .where('c.name', '=', 'B.Tech')
    .execute();
  const rows = [];
  for (let year = 2021; year <= 2026; year++)
    for (const b of branches)
      rows.push({ college_id: college.id, year, course: b.course, branch: b.short_name, intake: b.short_name === 'CSE' ? 120 : 60, updated_at: ctx.now });
  if (rows.length) await insertChunked(ctx.db, 'admission_intakes', rows);
}

export async function seedAdmissions(ctx: SeedContext) {
  await seedFor(ctx, ctx.main, 41);
  await seedFor(ctx, ctx.srk, 43);
  await seedIntakes(ctx, ctx.main);
  await seedIntakes(ctx, ctx.srk);
}
