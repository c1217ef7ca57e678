// Server side of attendance.bench.mjs, bundled by it with esbuild.
// `app <dbfile>`: migrate, seed the demo colleges plus a college-sized attendance data set
// (6,000 students in sections of 70, 8 subjects, 90 classes of each: about 4.3 million marks, of
// which only the absentees are rows), 50 faculty with logins and a full week each, then serve.
import { createDb } from '../src/db/index.js';
import { benchConfig, run, seeded, seededRandom, serve, sqliteBatch } from './serve.js';

export const BENCH_STUDENTS = 6000;
export const SECTION_SIZE = 70;
export const SUBJECTS = 8;
export const CLASSES = 90;
export const FACULTY = 50;
export const benchRoll = (i: number) => `21C91A${String(i).padStart(5, '0')}`;

async function seedBench(file: string) {
  const { db, collegeId } = await seeded(benchConfig(file));
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
  await sqliteBatch(
    file,
    (sqlite) => {
      const batchId = Number(
        sqlite
          .prepare(`insert into batches (college_id, course_id, name, regulation_id) values (?, ?, '2021-2025', ?)`)
          .run(cid, course.id, regulation.id).lastInsertRowid,
      );
      const subjectIds: number[] = [];
      const subj = sqlite.prepare(
        `insert into subjects (college_id, regulation_id, semester_id, branch_id, code, name, credits, lecture, tutorial, practical, kind) values (?, ?, ?, ?, ?, ?, 3, 3, 0, 0, 'theory')`,
      );
      for (let s = 0; s < SUBJECTS; s++)
        subjectIds.push(
          Number(subj.run(cid, regulation.id, semester.id, branch.id, `BN${s + 1}`, `Bench subject ${s + 1}`).lastInsertRowid),
        );
      const student = sqlite.prepare(
        `insert into students (college_id, roll_no, full_name, course, batch, branch, semester, section, gender, email, mobile, father_name, admission_id, created_at)
       values (?, ?, ?, 'B.Tech', '2021-2025', 'CSE', 'IV-I', '', 'MALE', ?, '9000000000', 'Father', null, ?)`,
      );
      const section = sqlite.prepare(
        `insert into sections (college_id, batch_id, branch_id, semester_id, name) values (?, ?, ?, ?, ?)`,
      );
      const member = sqlite.prepare(`insert into section_students (college_id, section_id, student_id) values (?, ?, ?)`);
      const session = sqlite.prepare(
        `insert into attendance_sessions (college_id, section_id, subject_id, faculty_id, date, period, client_id, strength, absent_count, marked_by, created_at, updated_at) values (?, ?, ?, null, ?, ?, ?, ?, ?, null, ?, ?)`,
      );
      const mark = sqlite.prepare(
        `insert into attendance_marks (college_id, session_id, student_id, status) values (?, ?, ?, ?)`,
      );
      const rand = seededRandom(4242);
      const sections: Array<{ id: number; students: number[] }> = [];
      for (let i = 0; i < BENCH_STUDENTS; i++) {
        if (i % SECTION_SIZE === 0)
          sections.push({
            id: Number(section.run(cid, batchId, branch.id, semester.id, `B${sections.length + 1}`).lastInsertRowid),
            students: [],
          });
        const roll = benchRoll(i);
        const id = Number(student.run(cid, roll, `Student ${i}`, `${roll.toLowerCase()}@bench.example`, now).lastInsertRowid);
        member.run(cid, sections[sections.length - 1].id, id);
        sections[sections.length - 1].students.push(id);
      }
      // 90 classes of each subject per section on past dates (absentees only: about 12 %).
      const start = Date.parse('2020-01-06T00:00:00Z');
      for (const sec of sections) {
        const risk = sec.students.map(() => (rand() < 0.1 ? 0.35 : 0.08));
        for (let s = 0; s < SUBJECTS; s++) {
          for (let c = 0; c < CLASSES; c++) {
            const date = new Date(start + c * 86400_000).toISOString().slice(0, 10);
            const absent = sec.students.filter((_id, k) => rand() < risk[k]);
            const sid = Number(
              session.run(
                cid,
                sec.id,
                subjectIds[s],
                date,
                s + 1,
                `bench-${sec.id}-${s}-${c}`,
                sec.students.length,
                absent.length,
                now,
                now,
              ).lastInsertRowid,
            );
            for (const st of absent) mark.run(cid, sid, st, 'A');
          }
        }
      }
      // 50 faculty, each teaching a section of 70 in every period of the week (for the submission load).
      const fac = sqlite.prepare(
        `insert into faculty (college_id, emp_code, full_name, email, department, designation, created_at) values (?, ?, ?, ?, 'CSE', 'Assistant Professor', ?)`,
      );
      const user = sqlite.prepare(
        `insert into users (college_id, username, email, password_hash, full_name, program, institute_type, eamcet_code, college_name, affiliated_to, modules, emp_code, status, must_change_password, student_id, faculty_id, created_at)
       values (?, ?, ?, ?, ?, 'CSE', 'engineering', 'SVEC', '', '', 'erp', null, 'active', 0, null, ?, ?)`,
      );
      const role = sqlite.prepare(`insert into user_roles (user_id, role) values (?, 'ROLE_FACULTY')`);
      const alloc = sqlite.prepare(
        `insert into subject_allocations (college_id, subject_id, section_id, academic_year, faculty_id, created_at) values (?, ?, ?, '2025-2026', ?, ?)`,
      );
      const slot = sqlite.prepare(
        `insert into timetable_slots (college_id, section_id, day, period, subject_id, faculty_id) values (?, ?, ?, ?, ?, ?)`,
      );
      for (let f = 0; f < FACULTY; f++) {
        const email = `bench${f}@bench.example`;
        const fid = Number(fac.run(cid, `BEN${f}`, `Bench Faculty ${f}`, email, now).lastInsertRowid);
        const uid = Number(user.run(cid, `bench${f}`, email, hash, `Bench Faculty ${f}`, fid, now).lastInsertRowid);
        role.run(uid);
        const sec = sections[f];
        alloc.run(cid, subjectIds[0], sec.id, fid, now);
        for (let day = 1; day <= 6; day++) for (let p = 1; p <= 8; p++) slot.run(cid, sec.id, day, p, subjectIds[0], fid);
      }
      // The running totals, as the sheet keeps them.
      sqlite
        .prepare(
          `insert into attendance_totals (college_id, student_id, section_id, subject_id, absent, late, on_duty, medical)
         select m.college_id, m.student_id, s.section_id, s.subject_id, sum(m.status = 'A'), sum(m.status = 'L'), sum(m.status = 'OD'), sum(m.status = 'M')
         from attendance_marks m join attendance_sessions s on s.id = m.session_id where m.college_id = ? and s.client_id like 'bench-%' group by m.college_id, m.student_id, s.section_id, s.subject_id`,
        )
        .run(cid);
    },
    { optimize: true },
  );
}

run(async () => {
  const [mode, file] = process.argv.slice(2);
  if (mode !== 'serve') await seedBench(file);
  // Seeding 4 million marks is the bench's work, not the server's: it runs in a process of its own,
  // so the serving process's memory is what a college's server would hold.
  if (mode === 'seed') return void process.send!({ seeded: true }, () => process.exit(0));
  const config = benchConfig(file, { SIGNIN_RATE_LIMIT: '100000', SIGNIN_IP_LIMIT: '100000' });
  await serve(await createDb(config.database), config);
});
