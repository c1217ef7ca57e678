import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared, preparedRows } from '../../db/prepared.js';
import type { TMasterKind } from '@erp/shared';
import { anyColumnContains } from '../../lib/search.js';

/** Each kind's list, already in the API's shape (flags still 0/1), filtered by college. */
export async function listRows(
  db: Db,
  kind: TMasterKind,
  collegeId: number,
  f: Record<string, unknown>,
): Promise<Array<Record<string, any>>> {
  switch (kind) {
    case 'departments':
      return db
        .selectFrom('departments')
        .select(['id', 'name', 'full_name as fullName', 'retired'])
        .where('college_id', '=', collegeId)
        .orderBy('name')
        .execute();
    case 'courses':
      return db
        .selectFrom('courses')
        .select(['id', 'name', 'level', 'duration_years as durationYears', 'retired'])
        .where('college_id', '=', collegeId)
        .orderBy('id')
        .execute();
    case 'regulations': {
      let q = db
        .selectFrom('regulations')
        .select([
          'id',
          'code',
          'name',
          'course_id as courseId',
          'from_year as fromYear',
          'grading',
          'short_below as shortBelow',
          'detain_below as detainBelow',
          'edit_window_hours as editWindowHours',
          'late_counts_present as lateCountsPresent',
          'od_counts_present as odCountsPresent',
          'medical_condonable as medicalCondonable',
          'retired',
        ])
        .where('college_id', '=', collegeId);
      if (f.courseId) q = q.where('course_id', '=', f.courseId as number);
      return q.orderBy('from_year', 'desc').execute();
    }
    case 'branches': {
      let q = db
        .selectFrom('branches as b')
        .innerJoin('courses as c', 'c.id', 'b.course_id')
        .leftJoin('departments as d', 'd.id', 'b.department_id')
        .select([
          'b.id',
          'b.course_id as courseId',
          'c.name as courseName',
          'b.department_id as departmentId',
          'd.name as department',
          'b.short_name as shortName',
          'b.name',
          'b.retired',
        ])
        .where('b.college_id', '=', collegeId);
      if (f.courseId) q = q.where('b.course_id', '=', f.courseId as number);
      if (f.department) q = q.where('d.name', '=', f.department as string);
      return q.orderBy('c.id').orderBy('b.short_name').execute();
    }
    case 'batches': {
      let q = db
        .selectFrom('batches as b')
        .innerJoin('courses as c', 'c.id', 'b.course_id')
        .leftJoin('regulations as r', 'r.id', 'b.regulation_id')
        .select([
          'b.id',
          'b.course_id as courseId',
          'c.name as courseName',
          'b.name',
          'b.regulation_id as regulationId',
          'r.code as regulationCode',
          'b.retired',
        ])
        .where('b.college_id', '=', collegeId);
      if (f.courseId) q = q.where('b.course_id', '=', f.courseId as number);
      return q.orderBy('c.id').orderBy('b.name', 'desc').execute();
    }
    case 'semesters': {
      let q = db
        .selectFrom('semesters as s')
        .innerJoin('courses as c', 'c.id', 's.course_id')
        .select(['s.id', 's.course_id as courseId', 'c.name as courseName', 's.name', 's.sort_order as sortOrder', 's.retired'])
        .where('s.college_id', '=', collegeId);
      if (f.courseId) q = q.where('s.course_id', '=', f.courseId as number);
      return q.orderBy('c.id').orderBy('s.sort_order').execute();
    }
    case 'sections': {
      let q = db
        .selectFrom('sections as s')
        .innerJoin('batches as b', 'b.id', 's.batch_id')
        .innerJoin('branches as br', 'br.id', 's.branch_id')
        .leftJoin('departments as d', 'd.id', 'br.department_id')
        .leftJoin('semesters as sem', 'sem.id', 's.semester_id')
        .select((eb) => [
          's.id',
          's.batch_id as batchId',
          'b.name as batchName',
          's.branch_id as branchId',
          'br.short_name as branchName',
          'd.name as department',
          's.semester_id as semesterId',
          'sem.name as semesterName',
          's.name',
          's.retired',
          eb
            .selectFrom('section_students as ss')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('ss.section_id', '=', 's.id')
            .as('students'),
        ])
        .where('s.college_id', '=', collegeId);
      if (f.batchId) q = q.where('s.batch_id', '=', f.batchId as number);
      if (f.branchId) q = q.where('s.branch_id', '=', f.branchId as number);
      if (f.department) q = q.where('d.name', '=', f.department as string);
      const rows = await q.orderBy('b.name', 'desc').orderBy('br.short_name').orderBy('s.name').execute();
      return rows.map((r) => ({ ...r, students: Number(r.students ?? 0), label: `${r.branchName} ${r.batchName} ${r.name}` }));
    }
    case 'subjects': {
      let q = db
        .selectFrom('subjects as s')
        .innerJoin('regulations as r', 'r.id', 's.regulation_id')
        .leftJoin('semesters as sem', 'sem.id', 's.semester_id')
        .leftJoin('branches as br', 'br.id', 's.branch_id')
        .select([
          's.id',
          's.regulation_id as regulationId',
          'r.code as regulationCode',
          's.semester_id as semesterId',
          'sem.name as semesterName',
          's.branch_id as branchId',
          'br.short_name as branchName',
          's.code',
          's.name',
          's.credits',
          's.lecture',
          's.tutorial',
          's.practical',
          's.kind',
          's.retired',
        ])
        .where('s.college_id', '=', collegeId);
      if (f.regulationId) q = q.where('s.regulation_id', '=', f.regulationId as number);
      if (f.semesterId) q = q.where('s.semester_id', '=', f.semesterId as number);
      if (f.branchId) q = q.where((eb) => eb.or([eb('s.branch_id', '=', f.branchId as number), eb('s.branch_id', 'is', null)]));
      return q.orderBy('r.code').orderBy('sem.sort_order').orderBy('s.code').execute();
    }
    case 'faculty': {
      let q = db
        .selectFrom('faculty')
        .select([
          'id',
          'emp_code as empCode',
          'full_name as fullName',
          'email',
          'department',
          'designation',
          'qualification',
          'phd',
          'date_of_joining as dateOfJoining',
          'retired',
        ])
        .where('college_id', '=', collegeId);
      if (f.department) q = q.where('department', '=', f.department as string);
      return q.orderBy('department').orderBy('emp_code').execute();
    }
  }
}

const TABLE: Record<
  TMasterKind,
  'departments' | 'courses' | 'regulations' | 'branches' | 'batches' | 'semesters' | 'sections' | 'subjects' | 'faculty'
> = {
  departments: 'departments',
  courses: 'courses',
  regulations: 'regulations',
  branches: 'branches',
  batches: 'batches',
  semesters: 'semesters',
  sections: 'sections',
  subjects: 'subjects',
  faculty: 'faculty',
};

export async function insertRow(db: Db, kind: TMasterKind, row: Record<string, unknown>): Promise<number> {
  const { id } = await db
    .insertInto(TABLE[kind])
    .values(row as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateRow(
  db: Db,
  kind: TMasterKind,
  collegeId: number,
  id: number,
  row: Record<string, unknown>,
): Promise<boolean> {
  const r = await db
    .updateTable(TABLE[kind])
    .set(row as never)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function retireRow(db: Db, kind: TMasterKind, collegeId: number, id: number): Promise<boolean> {
  const r = await db
    .updateTable(TABLE[kind])
    .set({ retired: 1 } as never)
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function exists(db: Db, kind: TMasterKind, collegeId: number, id: number) {
  return db.selectFrom(TABLE[kind]).select('id').where('college_id', '=', collegeId).where('id', '=', id).executeTakeFirst();
}

export async function courseOf(db: Db, table: 'batches' | 'branches', collegeId: number, id: number) {
  return db
    .selectFrom(table)
    .select(['id', 'course_id'])
    .where('college_id', '=', collegeId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function departmentByName(db: Db, collegeId: number, name: string) {
  return db
    .selectFrom('departments')
    .select('id')
    .where('college_id', '=', collegeId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function sectionById(db: Db, collegeId: number, id: number) {
  return db
    .selectFrom('sections as s')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('branches as br', 'br.id', 's.branch_id')
    .innerJoin('courses as c', 'c.id', 'b.course_id')
    .leftJoin('departments as d', 'd.id', 'br.department_id')
    .select([
      's.id',
      's.name',
      's.semester_id',
      'b.name as batch',
      'br.short_name as branch',
      'c.name as course',
      'd.name as department',
      'b.regulation_id',
    ])
    .where('s.college_id', '=', collegeId)
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export async function studentsByRoll(db: Db, collegeId: number, rollNos: string[]) {
  if (rollNos.length === 0) return [];
  return db
    .selectFrom('students')
    .select(['id', 'roll_no', 'course', 'batch', 'branch'])
    .where('college_id', '=', collegeId)
    .where('roll_no', 'in', rollNos)
    .execute();
}

export async function studentsInRange(
  db: Db,
  collegeId: number,
  course: string,
  batch: string,
  branch: string,
  from: string,
  to: string,
) {
  return db
    .selectFrom('students')
    .select(['id', 'roll_no', 'course', 'batch', 'branch'])
    .where('college_id', '=', collegeId)
    .where('course', '=', course)
    .where('batch', '=', batch)
    .where('branch', '=', branch)
    .where('roll_no', '>=', from)
    .where('roll_no', '<=', to)
    .orderBy('roll_no')
    .execute();
}

/** Moves the students into the section (one section per student): delete then insert, in the caller's transaction. */
export async function assignStudents(db: Db, collegeId: number, sectionId: number, studentIds: number[]) {
  for (let i = 0; i < studentIds.length; i += 200) {
    const part = studentIds.slice(i, i + 200);
    await db.deleteFrom('section_students').where('college_id', '=', collegeId).where('student_id', 'in', part).execute();
    await db
      .insertInto('section_students')
      .values(part.map((student_id) => ({ college_id: collegeId, section_id: sectionId, student_id })))
      .execute();
  }
}

// Asked on every attendance sheet (a section's roll and who is marking it): prepared (db/prepared.ts).
const sectionStudentsQuery = prepared((db, a: { collegeId: number; sectionId: number }) =>
  db
    .selectFrom('section_students as ss')
    .innerJoin('students as st', 'st.id', 'ss.student_id')
    .select(['st.id as studentId', 'st.roll_no as rollNo', 'st.full_name as name'])
    .where('ss.college_id', '=', a.collegeId)
    .where('ss.section_id', '=', a.sectionId)
    .orderBy('st.roll_no'),
);

export async function sectionStudents(db: Db, collegeId: number, sectionId: number) {
  return sectionStudentsQuery.all(db, { collegeId, sectionId });
}

// A sheet being saved needs the size of the section and the ids of the students it names.
const sectionStrengthQuery = prepared((db, a: { collegeId: number; sectionId: number }) =>
  db
    .selectFrom('section_students')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('section_id', '=', a.sectionId)
    .where('college_id', '=', a.collegeId),
);
const sectionMembersQuery = preparedRows((db, a: { collegeId: number; sectionId: number }, rows: Array<{ rollNo: string }>) =>
  db
    .selectFrom('students as st')
    .innerJoin('section_students as ss', 'ss.student_id', 'st.id')
    .select(['st.id as studentId', 'st.roll_no as rollNo'])
    .where('st.college_id', '=', a.collegeId)
    .where(
      'st.roll_no',
      'in',
      rows.map((r) => r.rollNo),
    )
    .where('ss.college_id', '=', a.collegeId)
    // Unary plus keeps SQLite from walking the whole section by this column's index: the roll
    // numbers' own index finds the few students named, each then checked against the section.
    .where(sql<number>`+${sql.ref('ss.section_id')}`, '=', a.sectionId),
);

export async function sectionStrength(db: Db, collegeId: number, sectionId: number) {
  return Number((await sectionStrengthQuery.first(db, { collegeId, sectionId }))?.n ?? 0);
}

/** Those of the roll numbers whose students are in the section. */
export async function sectionMembers(db: Db, collegeId: number, sectionId: number, rollNos: string[]) {
  return sectionMembersQuery.all(
    db,
    { collegeId, sectionId },
    rollNos.map((rollNo) => ({ rollNo })),
  );
}

const staffOfQuery = prepared((db, a: { collegeId: number; userId: number }) =>
  db
    .selectFrom('users as u')
    .leftJoin('faculty as f', 'f.id', 'u.faculty_id')
    .select([
      'u.id',
      'u.username',
      'u.email',
      'u.emp_code',
      'u.program',
      'u.student_id',
      'u.faculty_id',
      'f.full_name as faculty_name',
      'f.department as faculty_department',
    ])
    .where('u.college_id', '=', a.collegeId)
    .where('u.id', '=', a.userId),
);

/** The signed-in user's faculty record and department (users.faculty_id, else the program). */
export async function staffOf(db: Db, collegeId: number, userId: number) {
  return staffOfQuery.first(db, { collegeId, userId });
}

/** The faculty record of a staff login not linked to the register: by employee code, else by e-mail. */
export async function facultyOfLogin(db: Db, collegeId: number, empCode: string | null, email: string) {
  const q = db.selectFrom('faculty').select(['id', 'department']).where('college_id', '=', collegeId);
  if (empCode) return q.where('emp_code', '=', empCode).executeTakeFirst();
  return email ? q.where('email', '=', email).executeTakeFirst() : undefined;
}

export async function sectionOfStudent(db: Db, collegeId: number, studentId: number) {
  return db
    .selectFrom('section_students')
    .select('section_id')
    .where('college_id', '=', collegeId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
}

export async function facultyByIds(db: Db, collegeId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('faculty')
    .select(['id', 'full_name', 'department', 'retired'])
    .where('college_id', '=', collegeId)
    .where('id', 'in', ids)
    .execute();
}

const studentRecord = (db: Db, collegeId: number) =>
  db
    .selectFrom('students as st')
    .leftJoin('section_students as ss', (j) => j.onRef('ss.student_id', '=', 'st.id').on('ss.college_id', '=', collegeId))
    .leftJoin('sections as s', 's.id', 'ss.section_id')
    .select([
      'st.id',
      'st.roll_no as rollNo',
      'st.full_name as fullName',
      'st.course',
      'st.batch',
      'st.branch',
      'st.semester',
      'st.gender',
      'st.email',
      'st.mobile',
      'st.father_name as fatherName',
      'st.status',
      'ss.section_id as sectionId',
      's.name as sectionName',
    ])
    .where('st.college_id', '=', collegeId);

/** Student records with their section, searched by roll number or name, a page at a time. */
export async function studentRecords(
  db: Db,
  collegeId: number,
  f: { q: string; sectionId?: number; status?: string; page: number; pageSize: number },
) {
  let q = studentRecord(db, collegeId);
  if (f.q) q = q.where((eb) => anyColumnContains(eb, ['st.roll_no', 'st.full_name'], f.q));
  if (f.sectionId) q = q.where('ss.section_id', '=', f.sectionId);
  if (f.status) q = q.where('st.status', '=', f.status);
  const { total } = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const items = await q
    .orderBy('st.roll_no')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { items, total: Number(total) };
}

export const studentRecordById = (db: Db, collegeId: number, id: number) =>
  studentRecord(db, collegeId).where('st.id', '=', id).executeTakeFirst();

export async function updateStudent(
  db: Db,
  collegeId: number,
  id: number,
  set: { full_name: string; email: string; mobile: string; father_name: string; semester: string; status: string },
) {
  await db.updateTable('students').set(set).where('college_id', '=', collegeId).where('id', '=', id).execute();
}

export async function removeFromSection(db: Db, collegeId: number, studentId: number) {
  await db.deleteFrom('section_students').where('college_id', '=', collegeId).where('student_id', '=', studentId).execute();
}

/**
 * The students a regulation's semesters examine: in a section of that semester whose batch follows
 * the regulation, still studying (status active), with their section's branch.
 */
export async function studentsInSemesters(db: Db, collegeId: number, regulationId: number, semesterIds: number[], rollNo?: string) {
  if (semesterIds.length === 0) return [];
  let q = db
    .selectFrom('section_students as ss')
    .innerJoin('sections as s', 's.id', 'ss.section_id')
    .innerJoin('batches as b', 'b.id', 's.batch_id')
    .innerJoin('branches as br', 'br.id', 's.branch_id')
    .innerJoin('students as st', 'st.id', 'ss.student_id')
    .select([
      'st.id',
      'st.roll_no',
      'st.full_name',
      'st.status',
      'br.short_name as branch',
      's.branch_id',
      's.semester_id',
      's.id as section_id',
    ])
    .where('ss.college_id', '=', collegeId)
    .where('s.college_id', '=', collegeId)
    .where('s.retired', '=', 0)
    .where('b.regulation_id', '=', regulationId)
    .where('s.semester_id', 'in', semesterIds);
  if (rollNo) q = q.where('st.roll_no', '=', rollNo);
  return q.orderBy('st.roll_no').execute();
}

/** The subjects allotted to these sections (a section's electives are the ones allotted to it). */
export async function subjectsOfSections(db: Db, collegeId: number, sectionIds: number[]) {
  if (sectionIds.length === 0) return [];
  return db
    .selectFrom('subject_allocations')
    .select(['section_id', 'subject_id'])
    .where('college_id', '=', collegeId)
    .where('section_id', 'in', sectionIds)
    .distinct()
    .execute();
}

/** Who teaches these subjects (any section): a teacher never invigilates their own paper. */
export async function teachersOfSubjects(db: Db, collegeId: number, subjectIds: number[]) {
  if (subjectIds.length === 0) return [];
  return db
    .selectFrom('subject_allocations')
    .select(['subject_id', 'faculty_id'])
    .where('college_id', '=', collegeId)
    .where('subject_id', 'in', subjectIds)
    .distinct()
    .execute();
}

/** Faculty in service (not retired) with department, for duty rosters. */
export async function facultyInServiceRows(db: Db, collegeId: number) {
  return db
    .selectFrom('faculty')
    .select(['id', 'full_name', 'department', 'emp_code', 'email'])
    .where('college_id', '=', collegeId)
    .where('retired', '=', 0)
    .orderBy('id')
    .execute();
}
