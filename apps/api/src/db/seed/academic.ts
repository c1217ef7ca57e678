import { academicYear } from '@erp/shared';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import { prng } from './data.js';
import { createUserWithRoles } from '../../modules/auth/index.js';

/**
 * The academic core's demo: regulations, subjects for every B.Tech semester, sections A and B with
 * their students, allocations, a clash-free weekly timetable, twelve weeks of attendance for the
 * final-year CSE sections (some students short), leave types, balances and applications in each state.
 */

const PREFIX: Record<string, string> = { CSE: 'CS', ECE: 'EC', EEE: 'EE', MECH: 'ME', CIVIL: 'CE' };
const CSE_SUBJECTS: string[][] = [
  [
    'Engineering Mathematics I',
    'Engineering Physics',
    'Programming for Problem Solving',
    'Basic Electrical Engineering',
    'English Communication',
    'Programming Lab',
  ],
  [
    'Engineering Mathematics II',
    'Engineering Chemistry',
    'Data Structures',
    'Digital Logic Design',
    'Engineering Graphics',
    'Data Structures Lab',
  ],
  [
    'Discrete Mathematics',
    'Object Oriented Programming through Java',
    'Computer Organization',
    'Database Management Systems',
    'Probability and Statistics',
    'Java Lab',
  ],
  [
    'Design and Analysis of Algorithms',
    'Operating Systems',
    'Formal Languages and Automata Theory',
    'Software Engineering',
    'Managerial Economics',
    'Operating Systems Lab',
  ],
  [
    'Computer Networks',
    'Compiler Design',
    'Artificial Intelligence',
    'Web Technologies',
    'Professional Elective I: Data Mining',
    'Computer Networks Lab',
  ],
  [
    'Machine Learning',
    'Cryptography and Network Security',
    'Cloud Computing',
    'Object Oriented Analysis and Design',
    'Professional Elective II: Big Data',
    'Machine Learning Lab',
  ],
  [
    'Deep Learning',
    'Internet of Things',
    'Distributed Systems',
    'Professional Elective III: Blockchain',
    'Open Elective: Entrepreneurship',
    'Deep Learning Lab',
  ],
  [
    'Natural Language Processing',
    'Professional Elective IV: DevOps',
    'Open Elective: Cyber Law',
    'Project Management',
    'Seminar',
    'Project Work',
  ],
];
const CORE: Record<string, string[]> = {
  ECE: [
    'Signals and Systems',
    'Electronic Devices and Circuits',
    'Analog Communications',
    'Digital Signal Processing',
    'VLSI Design',
    'Microwave Engineering',
    'Control Systems',
    'Antennas and Wave Propagation',
  ],
  EEE: [
    'Electrical Circuit Analysis',
    'Electrical Machines',
    'Power Systems',
    'Power Electronics',
    'Control Systems',
    'Electrical Measurements',
    'Switchgear and Protection',
    'Utilization of Electrical Energy',
  ],
  MECH: [
    'Engineering Mechanics',
    'Thermodynamics',
    'Fluid Mechanics',
    'Manufacturing Processes',
    'Machine Design',
    'Heat Transfer',
    'Dynamics of Machinery',
    'CAD/CAM',
  ],
  CIVIL: [
    'Surveying',
    'Strength of Materials',
    'Fluid Mechanics',
    'Structural Analysis',
    'Geotechnical Engineering',
    'Transportation Engineering',
    'Environmental Engineering',
    'Design of Steel Structures',
  ],
};
const FIRST_YEAR = ['Engineering Mathematics', 'Engineering Physics', 'Programming for Problem Solving', 'English Communication'];

function subjectNames(branch: string, sem: number): string[] {
  if (branch === 'CSE') return CSE_SUBJECTS[sem];
  const core = CORE[branch];
  if (sem < 2) return [...FIRST_YEAR.map((n) => `${n} ${sem === 0 ? 'I' : 'II'}`), core[sem], `${core[sem]} Lab`];
  return [
    core[sem % 8],
    core[(sem + 1) % 8],
    core[(sem + 3) % 8],
    sem >= 4 ? `Professional Elective ${sem - 3}` : 'Probability and Statistics',
    'Managerial Economics',
    `${core[sem % 8]} Lab`,
  ];
}

const QUALIFICATIONS = ['M.Tech, Ph.D', 'M.Tech', 'M.E.', 'M.Tech, Ph.D (pursuing)', 'M.Sc, Ph.D'];
const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const weekday = (d: Date) => ((d.getDay() + 6) % 7) + 1;

async function seedFor(ctx: SeedContext, college: SeededCollege, seed: number) {
  const { db, now } = ctx;
  const cid = college.id;
  const rand = prng(seed);
  const year = academicYear();

  const btech = await db
    .selectFrom('courses')
    .select('id')
    .where('college_id', '=', cid)
    .where('name', '=', 'B.Tech')
    .executeTakeFirstOrThrow();
  const batches = await db.selectFrom('batches').select(['id', 'name']).where('course_id', '=', btech.id).execute();
  const branches = await db.selectFrom('branches').select(['id', 'short_name']).where('course_id', '=', btech.id).execute();
  const semesters = await db
    .selectFrom('semesters')
    .select(['id', 'name', 'sort_order'])
    .where('course_id', '=', btech.id)
    .orderBy('sort_order')
    .execute();
  const faculty = await db
    .selectFrom('faculty')
    .select(['id', 'department', 'designation'])
    .where('college_id', '=', cid)
    .orderBy('id')
    .execute();

  // Faculty records: qualification, PhD and date of joining (later NIRF/NAAC counts read these).
  for (const [i, f] of faculty.entries()) {
    const qualification = f.designation === 'Professor' ? 'M.Tech, Ph.D' : QUALIFICATIONS[i % QUALIFICATIONS.length];
    await db
      .updateTable('faculty')
      .set({
        qualification,
        phd: /Ph\.D$|Ph\.D\)?$/.test(qualification) && !qualification.includes('pursuing') ? 1 : 0,
        date_of_joining: `${2008 + (i % 15)}-0${1 + (i % 9)}-15`,
      })
      .where('id', '=', f.id)
      .execute();
  }

  // Regulations: R20 (older batches), R22 and R24, each with the common attendance rule.
  const regs = new Map<string, number>();
  for (const [code, from, name] of [
    ['R20', 2020, 'Regulation 2020'],
    ['R22', 2022, 'Regulation 2022'],
    ['R24', 2024, 'Regulation 2024 (NEP aligned)'],
  ] as const) {
    const { id } = await db
      .insertInto('regulations')
      .values({
        college_id: cid,
        code,
        name,
        course_id: btech.id,
        from_year: from,
        grading: '10-point CGPA, absolute grading',
        short_below: 75,
        detain_below: 65,
        edit_window_hours: 48,
        late_counts_present: 1,
        od_counts_present: 1,
        medical_condonable: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    regs.set(code, id);
  }
  const regOfBatch = (name: string) => (Number(name.slice(0, 4)) >= 2024 ? 'R24' : 'R22');
  for (const b of batches)
    await db
      .updateTable('batches')
      .set({ regulation_id: regs.get(regOfBatch(b.name))! })
      .where('id', '=', b.id)
      .execute();

  // Subjects: six per semester and branch (five theory, one lab) under R22 and R24.
  const subjects: Array<Record<string, unknown>> = [];
  for (const reg of ['R22', 'R24']) {
    for (const br of branches) {
      for (const sem of semesters) {
        subjectNames(br.short_name, sem.sort_order).forEach((name, n) => {
          const lab = n === 5;
          subjects.push({
            college_id: cid,
            regulation_id: regs.get(reg)!,
            semester_id: sem.id,
            branch_id: br.id,
            code: `${reg.slice(1)}${PREFIX[br.short_name]}${sem.sort_order + 1}${lab ? 'L' : '0'}${n + 1}`,
            name,
            credits: lab ? 1.5 : n === 4 ? 2 : 3,
            lecture: lab ? 0 : 3,
            tutorial: n === 0 && !lab ? 1 : 0,
            practical: lab ? 3 : 0,
            kind: lab ? 'lab' : name.includes('Elective') ? 'elective' : 'theory',
          });
        });
      }
    }
  }
  await insertChunked(db, 'subjects', subjects);
  const subjectRows = await db
    .selectFrom('subjects')
    .select(['id', 'regulation_id', 'semester_id', 'branch_id', 'kind', 'code'])
    .where('college_id', '=', cid)
    .orderBy('id')
    .execute();

  // Sections A and B per batch and branch, holding the students the admission put there.
  const students = await db
    .selectFrom('students')
    .select(['id', 'roll_no', 'batch', 'branch', 'semester', 'section'])
    .where('college_id', '=', cid)
    .where('course', '=', 'B.Tech')
    .orderBy('roll_no')
    .execute();
  const sections: Array<{
    id: number;
    batch: string;
    branch: string;
    branchId: number;
    name: string;
    semesterId: number;
    regulationId: number;
    students: typeof students;
  }> = [];
  for (const b of batches) {
    for (const br of branches) {
      const members = students.filter((s) => s.batch === b.name && s.branch === br.short_name);
      if (members.length === 0) continue;
      const semName = members[0].semester;
      const sem = semesters.find((s) => s.name === semName) ?? semesters[0];
      for (const name of ['A', 'B']) {
        const inSection = members.filter((s) => s.section === name);
        const { id } = await db
          .insertInto('sections')
          .values({ college_id: cid, batch_id: b.id, branch_id: br.id, semester_id: sem.id, name })
          .returning('id')
          .executeTakeFirstOrThrow();
        sections.push({
          id,
          batch: b.name,
          branch: br.short_name,
          branchId: br.id,
          name,
          semesterId: sem.id,
          regulationId: regs.get(regOfBatch(b.name))!,
          students: inSection,
        });
      }
    }
  }
  await insertChunked(
    db,
    'section_students',
    sections.flatMap((s) => s.students.map((st) => ({ college_id: cid, section_id: s.id, student_id: st.id }))),
  );

  // Allocation and a clash-free week: each department's faculty teach their branch's sections.
  const allocations: Array<Record<string, unknown>> = [];
  const slots: Array<{
    college_id: number;
    section_id: number;
    day: number;
    period: number;
    subject_id: number;
    faculty_id: number;
  }> = [];
  const facultyBusy = new Set<string>();
  // The demo faculty and faculty2 (CSE's second and third) never teach at the same time, so faculty2
  // can always cover the demo faculty's classes in the leave demo; faculty2 teaches half the sections.
  const cseTeam = faculty.filter((f) => f.department === 'CSE');
  const calendarOf = (id: number) => (cseTeam.length >= 3 && id === cseTeam[2].id ? cseTeam[1].id : id);
  const order = Array.from({ length: 48 }, (_, i) => ({ day: (i % 6) + 1, period: Math.floor(i / 6) + 1 }));
  for (const [si, s] of sections.entries()) {
    const team = faculty.filter((f) => f.department === s.branch);
    if (team.length === 0) continue;
    const subs = subjectRows.filter(
      (x) => x.regulation_id === s.regulationId && x.semester_id === s.semesterId && x.branch_id === s.branchId,
    );
    const sectionBusy = new Set<string>();
    const free = (f: number, day: number, p: number) =>
      !sectionBusy.has(`${day}:${p}`) && !facultyBusy.has(`${calendarOf(f)}:${day}:${p}`);
    const take = (subjectId: number, f: number, day: number, p: number) => {
      sectionBusy.add(`${day}:${p}`);
      facultyBusy.add(`${calendarOf(f)}:${day}:${p}`);
      slots.push({ college_id: cid, section_id: s.id, day, period: p, subject_id: subjectId, faculty_id: f });
    };
    for (const [i, sub] of subs.entries()) {
      let f = team[(si + i) % team.length].id;
      if (si % 2 === 1 && cseTeam.length >= 3 && f === cseTeam[2].id) f = team[(si + i + 1) % team.length].id;
      allocations.push({
        college_id: cid,
        subject_id: sub.id,
        section_id: s.id,
        academic_year: year,
        faculty_id: f,
        created_at: now,
      });
      if (sub.kind === 'lab') {
        const start = (si + i) % 6;
        for (let k = 0; k < 6; k++) {
          const day = ((start + k) % 6) + 1;
          const p = k % 2 === 0 ? 5 : 2;
          if ([p, p + 1, p + 2].every((q) => free(f, day, q))) {
            for (const q of [p, p + 1, p + 2]) take(sub.id, f, day, q);
            break;
          }
        }
        continue;
      }
      let placed = 0;
      const shift = Math.floor(rand() * 48);
      const days = new Set<number>();
      for (let k = 0; k < 48 && placed < 2; k++) {
        const { day, period } = order[(shift + k * 7) % 48];
        if (days.has(day) || !free(f, day, period)) continue;
        take(sub.id, f, day, period);
        days.add(day);
        placed++;
      }
    }
  }
  await insertChunked(db, 'subject_allocations', allocations);
  await insertChunked(db, 'timetable_slots', slots);

  // Attendance: twelve weeks up to yesterday for the final-year CSE sections; a few students short.
  const today = new Date();
  const start = new Date(today);
  start.setDate(start.getDate() - 84);
  const marked = sections.filter((s) => s.branch === 'CSE' && s.batch.startsWith('2022'));
  const slowness = (roll: string, i: number) =>
    roll.endsWith('01') ? 0.32 : i === 2 ? 0.42 : i === 5 ? 0.3 : i === 9 ? 0.22 : 0.03 + rand() * 0.08;
  const markedBy = college.users.get('faculty') ?? null;
  for (const s of marked) {
    const risk = s.students.map((st, i) => slowness(st.roll_no, i));
    const sessions: Array<Record<string, unknown>> = [];
    const absentees: Array<Array<{ student_id: number; status: string }>> = [];
    for (let d = new Date(start); iso(d) < iso(today); d.setDate(d.getDate() + 1)) {
      const day = weekday(d);
      if (day === 7) continue;
      for (const slot of slots.filter((x) => x.section_id === s.id && x.day === day)) {
        const date = iso(d);
        const marks = s.students
          .map((st, i) => ({ student_id: st.id, r: rand(), risk: risk[i] }))
          .filter((m) => m.r < m.risk)
          .map((m) => ({ student_id: m.student_id, status: m.r < m.risk * 0.1 ? 'M' : m.r > m.risk * 0.95 ? 'L' : 'A' }));
        const created = `${date}T10:00:00.000Z`;
        sessions.push({
          college_id: cid,
          section_id: s.id,
          subject_id: slot.subject_id,
          faculty_id: slot.faculty_id,
          date,
          period: slot.period,
          client_id: `seed-${cid}-${s.id}-${date}-${slot.period}`,
          strength: s.students.length,
          absent_count: marks.filter((m) => m.status !== 'L').length,
          marked_by: markedBy,
          unlocked_until: null,
          created_at: created,
          updated_at: created,
        });
        absentees.push(marks);
      }
    }
    await insertChunked(db, 'attendance_sessions', sessions);
    const ids = await db.selectFrom('attendance_sessions').select(['id', 'client_id']).where('section_id', '=', s.id).execute();
    const idOf = new Map(ids.map((r) => [r.client_id, r.id]));
    const markRows = sessions.flatMap((x, i) =>
      absentees[i].map((m) => ({ ...m, college_id: cid, session_id: idOf.get(x.client_id as string)! })),
    );
    await insertChunked(db, 'attendance_marks', markRows, 500);
    // The running totals the shortage report reads, built from the same marks.
    const totals = new Map<
      string,
      {
        college_id: number;
        student_id: number;
        section_id: number;
        subject_id: number;
        absent: number;
        late: number;
        on_duty: number;
        medical: number;
      }
    >();
    sessions.forEach((x, i) => {
      for (const m of absentees[i]) {
        const key = `${m.student_id}:${x.subject_id}`;
        const row = totals.get(key) ?? {
          college_id: cid,
          student_id: m.student_id,
          section_id: s.id,
          subject_id: x.subject_id as number,
          absent: 0,
          late: 0,
          on_duty: 0,
          medical: 0,
        };
        row[m.status === 'A' ? 'absent' : m.status === 'L' ? 'late' : m.status === 'OD' ? 'on_duty' : 'medical']++;
        totals.set(key, row);
      }
    });
    await insertChunked(db, 'attendance_totals', [...totals.values()], 300);
    await insertChunked(
      db,
      'attendance_edits',
      sessions.map((x) => ({
        college_id: cid,
        session_id: idOf.get(x.client_id as string)!,
        action: 'create',
        client_id: x.client_id,
        user_id: markedBy,
        username: 'faculty',
        before_json: '',
        after_json: '{}',
        created_at: x.created_at,
      })),
      300,
    );
  }

  // Leave maintenance: types, this year's balances, and applications in each state.
  const types: Array<[string, string, number, number, number, number]> = [
    ['CL', 'Casual Leave', 12, 0, 0, 1],
    ['EL', 'Earned Leave', 6, 1, 30, 0],
    ['OD', 'On Duty', 0, 0, 0, 1],
    ['ML', 'Medical Leave', 10, 1, 20, 0],
    ['CCL', 'Child Care Leave', 10, 0, 0, 0],
  ];
  const typeIds = new Map<string, number>();
  for (const [code, name, quota, carry, maxCarry, half] of types) {
    const { id } = await db
      .insertInto('leave_types')
      .values({
        college_id: cid,
        code,
        name,
        yearly_quota: quota,
        carry_forward: carry,
        max_carry: maxCarry,
        half_day_allowed: half,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(code, id);
  }
  await insertChunked(
    db,
    'leave_balances',
    faculty.flatMap((f) =>
      types
        .filter((x) => x[2] > 0)
        .map(([code, , quota]) => ({
          college_id: cid,
          faculty_id: f.id,
          leave_type_id: typeIds.get(code)!,
          academic_year: year,
          opening: quota,
          used: 0,
        })),
    ),
  );

  const cse = faculty.filter((f) => f.department === 'CSE');
  if (cse.length < 4) return;
  const nextDay = (day: number, weeks = 1) => {
    const d = new Date(today);
    d.setDate(d.getDate() + 1);
    while (weekday(d) !== day) d.setDate(d.getDate() + 1);
    d.setDate(d.getDate() + 7 * (weeks - 1));
    return iso(d);
  };
  const dayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const backupTaken = new Set<string>();
  /** One application; a backup from the department for each class it misses. */
  const leave = async (
    who: number,
    code: string,
    date: string,
    status: string,
    backupStatus: string,
    reason: string,
    prefer: number[],
  ) => {
    const { id } = await db
      .insertInto('leave_applications')
      .values({
        college_id: cid,
        faculty_id: who,
        leave_type_id: typeIds.get(code)!,
        academic_year: year,
        from_date: date,
        to_date: date,
        half_day: 0,
        days: 1,
        reason,
        status,
        approver: who === cse[0].id ? 'principal' : 'hod',
        decided_by: status === 'approved' || status === 'rejected' ? (college.users.get('hod') ?? null) : null,
        decision_note: status === 'rejected' ? 'Internal examinations that week' : '',
        decided_at: status === 'approved' || status === 'rejected' ? now : null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const day = dayOf(date);
    for (const slot of slots.filter((x) => x.faculty_id === who && x.day === day)) {
      const backup = [...prefer, ...cse.map((f) => f.id)].find(
        (f) =>
          f !== who &&
          !slots.some((x) => x.faculty_id === f && x.day === day && x.period === slot.period) &&
          !backupTaken.has(`${f}:${date}:${slot.period}`),
      );
      if (!backup) continue;
      backupTaken.add(`${backup}:${date}:${slot.period}`);
      await db
        .insertInto('leave_backups')
        .values({
          college_id: cid,
          application_id: id,
          date,
          period: slot.period,
          section_id: slot.section_id,
          subject_id: slot.subject_id,
          backup_faculty_id: backup,
          status: backupStatus,
          decided_at: backupStatus === 'pending' ? null : now,
        })
        .execute();
    }
    if (status === 'approved' && code !== 'OD') {
      await db
        .updateTable('leave_balances')
        .set({ used: 1 })
        .where('faculty_id', '=', who)
        .where('leave_type_id', '=', typeIds.get(code)!)
        .where('academic_year', '=', year)
        .execute();
    }
  };
  const [hodF, facultyF, faculty2F, fourth] = cse;
  // faculty2 is away next Wednesday with the demo faculty covering: it shows on their sheet that day.
  await leave(faculty2F.id, 'CL', nextDay(3), 'approved', 'accepted', "Sister's wedding at Tirupati", [facultyF.id]);
  // The demo faculty is asked to cover a colleague's classes next Thursday.
  await leave(fourth.id, 'CL', nextDay(4), 'pending_backup', 'pending', 'Attending a workshop on outcome-based education', [
    facultyF.id,
  ]);
  // The demo faculty's own leave next Friday awaits the HoD.
  await leave(
    facultyF.id,
    'EL',
    nextDay(5),
    'pending_approval',
    'accepted',
    'Personal work at the bank and registration office',
    [faculty2F.id],
  );
  await leave(fourth.id, 'CL', nextDay(2, 2), 'rejected', 'accepted', 'Family trip', [faculty2F.id]);
  await leave(hodF.id, 'OD', nextDay(6, 2), 'pending_approval', 'accepted', 'Board of studies meeting at JNTU Anantapur', [
    fourth.id,
  ]);
}

export async function seedAcademic(ctx: SeedContext) {
  await seedFor(ctx, ctx.main, 1101);
  await seedFor(ctx, ctx.srk, 1102);
  // A second CSE faculty login, the backup in the leave demos: faculty2 / Demo@1234.
  const f = await ctx.db
    .selectFrom('faculty')
    .select(['id', 'full_name', 'email', 'emp_code'])
    .where('college_id', '=', ctx.main.id)
    .where('department', '=', 'CSE')
    .orderBy('id')
    .offset(2)
    .limit(1)
    .executeTakeFirst();
  if (f) {
    const id = await createUserWithRoles(
      ctx.db,
      {
        college_id: ctx.main.id,
        username: 'faculty2',
        email: 'faculty2@svec.edu.in',
        password_hash: ctx.passwordHash,
        full_name: f.full_name,
        // No program: the department comes from the faculty register (employee code), so faculty lists don't show faculty2 twice.
        program: '',
        institute_type: 'engineering',
        eamcet_code: ctx.main.code,
        college_name: ctx.main.name,
        affiliated_to: '',
        modules: 'erp',
        emp_code: f.emp_code,
        status: 'active',
        must_change_password: 0,
        // Matched to the faculty register by employee code (not linked), so the register's login counts stay as they were.
        student_id: null,
        faculty_id: null,
        created_at: ctx.now,
      },
      ['ROLE_FACULTY'],
    );
    ctx.main.users.set('faculty2', id);
  }
}
