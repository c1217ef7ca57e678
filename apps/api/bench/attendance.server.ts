// Server side of attendance.bench.mjs, bundled by it with esbuild.
// `app <database>`: migrate, seed the demo colleges plus a college-sized attendance data set
// (6,000 students in sections of 70, 8 subjects, 90 classes of each: about 4.3 million marks, of
// which only the absentees are rows), 50 faculty with logins and a full week each, then serve.
import { createDb } from '../src/db/index.js';
import { benchConfig, bulkLoad, run, seeded, seededRandom, serve } from './serve.js';

export const BENCH_STUDENTS = 6000;
export const SECTION_SIZE = 70;
export const SUBJECTS = 8;
export const CLASSES = 90;
export const FACULTY = 50;
export const benchRoll = (i: number) => `21C91A${String(i).padStart(5, '0')}`;

async function seedBench(database: string) {
  const config = benchConfig(database);
  const { db, collegeId } = await seeded(config);
  const college = { id: collegeId };
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('college_id', '=', college.id)
    .where('name', '=', 'B.Tech')
    .executeTakeFirstOrThrow();
  const branch = await db
    .selectFrom('branches')
    .select('id')
    .where('course_id', '=', course.id)
    .where('short_name', '=', 'CSE')
    .executeTakeFirstOrThrow();
  const semester = await db
    .selectFrom('semesters')
    .select('id')
    .where('course_id', '=', course.id)
    .where('name', '=', 'IV-I')
    .executeTakeFirstOrThrow();
  const regulation = await db
    .selectFrom('regulations')
    .select('id')
    .where('college_id', '=', college.id)
    .where('code', '=', 'R22')
    .executeTakeFirstOrThrow();
  const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'faculty').executeTakeFirstOrThrow())
    .password_hash;
  await db.destroy();

  const now = new Date().toISOString();
  const cid = college.id;
  await bulkLoad(
    config.database,
    async (bulk) => {
      const [batchId] = await bulk.insertIds('batches', [
        { college_id: cid, course_id: course.id, name: '2021-2025', regulation_id: regulation.id },
      ]);
      const subjectIds = await bulk.insertIds(
        'subjects',
        Array.from({ length: SUBJECTS }, (_, s) => ({
          college_id: cid,
          regulation_id: regulation.id,
          semester_id: semester.id,
          branch_id: branch.id,
          code: `BN${s + 1}`,
          name: `Bench subject ${s + 1}`,
          credits: 3,
          lecture: 3,
          tutorial: 0,
          practical: 0,
          kind: 'theory',
        })),
      );
      const rand = seededRandom(4242);
      const sections: Array<{ id: number; students: number[] }> = [];
      for (let from = 0; from < BENCH_STUDENTS; from += SECTION_SIZE) {
        const [id] = await bulk.insertIds('sections', [
          { college_id: cid, batch_id: batchId, branch_id: branch.id, semester_id: semester.id, name: `B${sections.length + 1}` },
        ]);
        const students = await bulk.insertIds(
          'students',
          Array.from({ length: Math.min(SECTION_SIZE, BENCH_STUDENTS - from) }, (_, k) => {
            const roll = benchRoll(from + k);
            return {
              college_id: cid,
              roll_no: roll,
              full_name: `Student ${from + k}`,
              course: 'B.Tech',
              batch: '2021-2025',
              branch: 'CSE',
              semester: 'IV-I',
              section: '',
              gender: 'MALE',
              email: `${roll.toLowerCase()}@bench.example`,
              mobile: '9000000000',
              father_name: 'Father',
              admission_id: null,
              created_at: now,
            };
          }),
        );
        await bulk.insert(
          'section_students',
          students.map((studentId) => ({ college_id: cid, section_id: id, student_id: studentId })),
        );
        sections.push({ id, students });
      }
      // 90 classes of each subject per section on past dates (absentees only: about 12 %).
      const start = Date.parse('2020-01-06T00:00:00Z');
      for (const sec of sections) {
        const risk = sec.students.map(() => (rand() < 0.1 ? 0.35 : 0.08));
        for (let s = 0; s < SUBJECTS; s++) {
          const absentees: number[][] = [];
          const sessions = Array.from({ length: CLASSES }, (_, c) => {
            const absent = sec.students.filter((_id, k) => rand() < risk[k]);
            absentees.push(absent);
            return {
              college_id: cid,
              section_id: sec.id,
              subject_id: subjectIds[s],
              faculty_id: null,
              date: new Date(start + c * 86400_000).toISOString().slice(0, 10),
              period: s + 1,
              client_id: `bench-${sec.id}-${s}-${c}`,
              strength: sec.students.length,
              absent_count: absent.length,
              marked_by: null,
              created_at: now,
              updated_at: now,
            };
          });
          const sessionIds = await bulk.insertIds('attendance_sessions', sessions);
          await bulk.insert(
            'attendance_marks',
            sessionIds.flatMap((sid, c) =>
              absentees[c].map((st) => ({ college_id: cid, session_id: sid, student_id: st, status: 'A' })),
            ),
          );
        }
      }
      // 50 faculty, each teaching a section of 70 in every period of the week (for the submission load).
      for (let f = 0; f < FACULTY; f++) {
        const email = `bench${f}@bench.example`;
        const [fid] = await bulk.insertIds('faculty', [
          {
            college_id: cid,
            emp_code: `BEN${f}`,
            full_name: `Bench Faculty ${f}`,
            email,
            department: 'CSE',
            designation: 'Assistant Professor',
            created_at: now,
          },
        ]);
        const [uid] = await bulk.insertIds('users', [
          {
            college_id: cid,
            username: `bench${f}`,
            email,
            password_hash: hash,
            full_name: `Bench Faculty ${f}`,
            program: 'CSE',
            institute_type: 'engineering',
            eamcet_code: 'SVEC',
            college_name: '',
            affiliated_to: '',
            modules: 'erp',
            emp_code: null,
            status: 'active',
            must_change_password: 0,
            student_id: null,
            faculty_id: fid,
            created_at: now,
          },
        ]);
        await bulk.insert('user_roles', [{ user_id: uid, role: 'ROLE_FACULTY' }]);
        const sec = sections[f];
        await bulk.insert('subject_allocations', [
          {
            college_id: cid,
            subject_id: subjectIds[0],
            section_id: sec.id,
            academic_year: '2025-2026',
            faculty_id: fid,
            created_at: now,
          },
        ]);
        const slots = [];
        for (let day = 1; day <= 6; day++)
          for (let p = 1; p <= 8; p++)
            slots.push({ college_id: cid, section_id: sec.id, day, period: p, subject_id: subjectIds[0], faculty_id: fid });
        await bulk.insert('timetable_slots', slots);
      }
      // The running totals, as the sheet keeps them.
      const count = (status: string) => `sum(case when m.status = '${status}' then 1 else 0 end)`;
      await bulk.run(
        `insert into attendance_totals (college_id, student_id, section_id, subject_id, absent, late, on_duty, medical)
         select m.college_id, m.student_id, s.section_id, s.subject_id, ${count('A')}, ${count('L')}, ${count('OD')}, ${count('M')}
         from attendance_marks m join attendance_sessions s on s.id = m.session_id where m.college_id = ? and s.client_id like 'bench-%' group by m.college_id, m.student_id, s.section_id, s.subject_id`,
        [cid],
      );
    },
    { optimize: true },
  );
}

run(async () => {
  const [mode, database] = process.argv.slice(2);
  if (mode !== 'serve') await seedBench(database);
  // Seeding 4 million marks is the bench's work, not the server's: it runs in a process of its own,
  // so the serving process's memory is what a college's server would hold.
  if (mode === 'seed') return void process.send!({ seeded: true }, () => process.exit(0));
  const config = benchConfig(database, { SIGNIN_RATE_LIMIT: '100000', SIGNIN_IP_LIMIT: '100000' });
  await serve(await createDb(config.database), config);
});
