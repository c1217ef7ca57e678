import {
  MASTERS_MSG,
  MSG,
  ROLES,
  type TMasterKind,
  type TMasterListQuery,
  type TSectionStudentsInput,
  type TFacultyRecord,
  type TSubject,
  STUDENT_RECORD_MSG,
  type TStudentRecord,
  type TStudentRecordInput,
} from '@erp/shared';
import type { z } from 'zod';
import type { ZStudentRecordQuery } from '@erp/shared';
import { audit } from '../../lib/audit.js';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './masters.repo.js';

export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Who is calling, as the academic modules need it: their faculty record and department. */
export interface Staff {
  userId: number;
  username: string;
  roles: string[];
  collegeId: number;
  facultyId: number | null;
  studentId: number | null;
  department: string;
  isHod: boolean;
  /** admin, academics, principal, dean, exam cell: every department */
  collegeWide: boolean;
}

const COLLEGE_WIDE: string[] = [ROLES.ADMIN, ROLES.ACADEMICS, ROLES.PRINCIPAL, ROLES.DEAN, ROLES.EXAMINATION];

export async function staffOf(db: Database, user: RequestUser): Promise<Staff> {
  const row = await repo.staffOf(db, user.collegeId, user.id);
  if (!row) throw forbidden(MSG.noPermission);
  const isStaff = user.roles.some((r) => r === ROLES.FACULTY || r === ROLES.HOD);
  if (row.faculty_id == null && isStaff) {
    // A staff login not linked to the faculty register is matched to it by employee code or e-mail.
    const byEmail = await repo.facultyOfLogin(db, user.collegeId, row.emp_code, row.email);
    if (byEmail) Object.assign(row, { faculty_id: byEmail.id, faculty_department: byEmail.department });
  }
  return {
    userId: user.id,
    username: user.username,
    roles: user.roles,
    collegeId: user.collegeId,
    facultyId: row.faculty_id,
    studentId: row.student_id,
    department: row.faculty_department || row.program,
    isHod: user.roles.includes(ROLES.HOD),
    collegeWide: user.roles.some((r) => COLLEGE_WIDE.includes(r)),
  };
}

/** A HoD (not also college-wide) sees and plans only their department. */
export function departmentScope(s: Staff): string | undefined {
  return s.collegeWide ? undefined : s.department;
}

const SEARCHED: Record<TMasterKind, string[]> = {
  departments: ['name', 'fullName'],
  courses: ['name', 'level'],
  regulations: ['code', 'name'],
  branches: ['shortName', 'name', 'courseName'],
  batches: ['name', 'courseName', 'regulationCode'],
  semesters: ['name', 'courseName'],
  sections: ['label', 'semesterName'],
  subjects: ['code', 'name', 'regulationCode'],
  faculty: ['empCode', 'fullName', 'email', 'department', 'designation'],
};
const FLAGS = ['retired', 'phd', 'lateCountsPresent', 'odCountsPresent', 'medicalCondonable'];

export async function list(db: Database, staff: Staff, kind: TMasterKind, q: TMasterListQuery) {
  const filters: Record<string, unknown> = { ...q };
  const scoped = departmentScope(staff);
  if (scoped && ['branches', 'sections', 'faculty'].includes(kind)) filters.department = scoped;
  if (scoped && kind === 'departments') filters.only = scoped;
  let rows = await repo.listRows(db, kind, staff.collegeId, filters);
  if (kind === 'departments' && filters.only) rows = rows.filter((r) => r.name === filters.only);
  rows = rows.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const f of FLAGS) if (f in out) out[f] = Boolean(out[f]);
    if ('credits' in out) out.credits = Number(out.credits);
    return out;
  });
  if (q.includeRetired !== 'true') rows = rows.filter((r) => !r.retired);
  const needle = q.q.toLowerCase();
  if (needle)
    rows = rows.filter((r) =>
      SEARCHED[kind].some((k) =>
        String(r[k] ?? '')
          .toLowerCase()
          .includes(needle),
      ),
    );
  const start = (q.page - 1) * q.pageSize;
  return { items: rows.slice(start, start + q.pageSize) as never[], total: rows.length };
}

async function need(db: Database, kind: TMasterKind, collegeId: number, id: number | null | undefined, message: string) {
  if (id == null) return;
  if (!(await repo.exists(db, kind, collegeId, id))) throw badRequest(message);
}

/** Checks the references of an input and maps it to its table's columns. */
async function toRow(db: Database, collegeId: number, kind: TMasterKind, input: any): Promise<Record<string, unknown>> {
  switch (kind) {
    case 'departments':
      return { name: input.name, full_name: input.fullName };
    case 'courses':
      return { name: input.name, level: input.level, duration_years: input.durationYears };
    case 'regulations':
      await need(db, 'courses', collegeId, input.courseId, MASTERS_MSG.noSuchCourse);
      return {
        code: input.code,
        name: input.name,
        course_id: input.courseId,
        from_year: input.fromYear,
        grading: input.grading,
        short_below: input.shortBelow,
        detain_below: input.detainBelow,
        edit_window_hours: input.editWindowHours,
        late_counts_present: input.lateCountsPresent ? 1 : 0,
        od_counts_present: input.odCountsPresent ? 1 : 0,
        medical_condonable: input.medicalCondonable ? 1 : 0,
      };
    case 'branches':
      await need(db, 'courses', collegeId, input.courseId, MASTERS_MSG.noSuchCourse);
      await need(db, 'departments', collegeId, input.departmentId, MASTERS_MSG.noSuchDepartment);
      return { course_id: input.courseId, department_id: input.departmentId, short_name: input.shortName, name: input.name };
    case 'batches':
      await need(db, 'courses', collegeId, input.courseId, MASTERS_MSG.noSuchCourse);
      await need(db, 'regulations', collegeId, input.regulationId, MASTERS_MSG.noSuchRegulation);
      return { course_id: input.courseId, name: input.name, regulation_id: input.regulationId };
    case 'semesters':
      await need(db, 'courses', collegeId, input.courseId, MASTERS_MSG.noSuchCourse);
      return { course_id: input.courseId, name: input.name, sort_order: input.sortOrder };
    case 'sections': {
      const batch = await repo.courseOf(db, 'batches', collegeId, input.batchId);
      if (!batch) throw badRequest(MASTERS_MSG.noSuchBatch);
      const branch = await repo.courseOf(db, 'branches', collegeId, input.branchId);
      if (!branch) throw badRequest(MASTERS_MSG.noSuchBranch);
      if (batch.course_id !== branch.course_id) throw badRequest(MASTERS_MSG.branchCourseMismatch);
      await need(db, 'semesters', collegeId, input.semesterId, MASTERS_MSG.noSuchSemester);
      return {
        batch_id: input.batchId,
        branch_id: input.branchId,
        semester_id: input.semesterId,
        name: input.name.toUpperCase(),
      };
    }
    case 'subjects':
      await need(db, 'regulations', collegeId, input.regulationId, MASTERS_MSG.noSuchRegulation);
      await need(db, 'semesters', collegeId, input.semesterId, MASTERS_MSG.noSuchSemester);
      await need(db, 'branches', collegeId, input.branchId, MASTERS_MSG.noSuchBranch);
      return {
        regulation_id: input.regulationId,
        semester_id: input.semesterId,
        branch_id: input.branchId,
        code: input.code.toUpperCase(),
        name: input.name,
        credits: input.credits,
        lecture: input.lecture,
        tutorial: input.tutorial,
        practical: input.practical,
        kind: input.kind,
      };
    case 'faculty':
      if (!(await repo.departmentByName(db, collegeId, input.department))) throw badRequest(MASTERS_MSG.noSuchDepartment);
      return {
        emp_code: input.empCode,
        full_name: input.fullName,
        email: input.email,
        department: input.department,
        designation: input.designation,
        qualification: input.qualification,
        phd: input.phd ? 1 : 0,
        date_of_joining: input.dateOfJoining,
      };
  }
}

const LABEL: Record<TMasterKind, (i: any) => [string, string]> = {
  departments: (i) => ['department', i.name],
  courses: (i) => ['course', i.name],
  regulations: (i) => ['regulation', i.code],
  branches: (i) => ['branch', i.shortName],
  batches: (i) => ['batch', i.name],
  semesters: (i) => ['semester', i.name],
  sections: (i) => ['section', i.name],
  subjects: (i) => ['subject with code', i.code],
  faculty: (i) => ['faculty member with employee code', i.empCode],
};

async function one(db: Database, collegeId: number, kind: TMasterKind, id: number) {
  const rows = (
    await list(db, { collegeId, collegeWide: true } as Staff, kind, { q: '', includeRetired: 'true', page: 1, pageSize: 100000 })
  ).items as Array<{ id: number }>;
  const row = rows.find((r) => r.id === id);
  if (!row) throw notFound(MASTERS_MSG.notFound);
  return row as never;
}

function duplicate(e: unknown, kind: TMasterKind, input: unknown): never {
  if (isUniqueViolation(e)) {
    const [what, name] = LABEL[kind](input);
    throw conflict(MASTERS_MSG.duplicate(what, name));
  }
  throw e;
}

export async function create(db: Database, collegeId: number, kind: TMasterKind, input: unknown) {
  const row = await toRow(db, collegeId, kind, input);
  if (kind === 'faculty') row.created_at = nowIso();
  let id: number;
  try {
    id = await repo.insertRow(db, kind, { ...row, college_id: collegeId });
  } catch (e) {
    duplicate(e, kind, input);
  }
  return one(db, collegeId, kind, id);
}

export async function update(db: Database, collegeId: number, kind: TMasterKind, id: number, input: unknown) {
  const row = await toRow(db, collegeId, kind, input);
  let found: boolean;
  try {
    found = await repo.updateRow(db, kind, collegeId, id, row);
  } catch (e) {
    duplicate(e, kind, input);
  }
  if (!found) throw notFound(MASTERS_MSG.notFound);
  return one(db, collegeId, kind, id);
}

export async function retire(db: Database, collegeId: number, kind: TMasterKind, id: number) {
  if (!(await repo.retireRow(db, kind, collegeId, id))) throw notFound(MASTERS_MSG.notFound);
  return { message: MASTERS_MSG.retired };
}

/** Students into a section by roll-number range (of the section's batch and branch) or by list. */
export async function assignSectionStudents(db: Database, staff: Staff, sectionId: number, input: TSectionStudentsInput) {
  const collegeId = staff.collegeId;
  const section = await repo.sectionById(db, collegeId, sectionId);
  if (!section) throw notFound(MASTERS_MSG.notFound);
  let students: Awaited<ReturnType<typeof repo.studentsByRoll>>;
  if (input.rollNos?.length) {
    const wanted = [...new Set(input.rollNos)];
    students = await repo.studentsByRoll(db, collegeId, wanted);
    const found = new Set(students.map((s) => s.roll_no));
    const missing = wanted.filter((r) => !found.has(r));
    if (missing.length) throw badRequest(MASTERS_MSG.studentsNotFound(missing.slice(0, 10)));
  } else {
    if (input.fromRollNo! > input.toRollNo!) throw badRequest(MASTERS_MSG.rangeOrder);
    students = await repo.studentsInRange(
      db,
      collegeId,
      section.course,
      section.batch,
      section.branch,
      input.fromRollNo!,
      input.toRollNo!,
    );
    if (students.length === 0) throw badRequest(MASTERS_MSG.noStudentsInRange);
  }
  const wrong = students
    .filter((s) => s.batch !== section.batch || s.branch !== section.branch || s.course !== section.course)
    .map((s) => s.roll_no);
  if (wrong.length) throw badRequest(MASTERS_MSG.wrongBatchBranch(wrong.slice(0, 10)));
  await db.transaction().execute((trx) =>
    repo.assignStudents(
      trx,
      collegeId,
      sectionId,
      students.map((s) => s.id),
    ),
  );
  const rollNos = students.map((s) => s.roll_no).sort();
  return { message: `${rollNos.length} student(s) placed in section ${section.name}`, assigned: rollNos.length, rollNos };
}

export async function sectionStudents(db: Database, staff: Staff, sectionId: number) {
  const section = await repo.sectionById(db, staff.collegeId, sectionId);
  if (!section) throw notFound(MASTERS_MSG.notFound);
  const scoped = departmentScope(staff);
  if (scoped && section.department !== scoped) throw forbidden(MSG.noPermission);
  return repo.sectionStudents(db, staff.collegeId, sectionId);
}

// ---- For other modules ------------------------------------------------------------------------

/** The section a student is in, or null. */
export async function sectionOfStudent(db: Database, collegeId: number, studentId: number): Promise<number | null> {
  return (await repo.sectionOfStudent(db, collegeId, studentId))?.section_id ?? null;
}

/** A section with its batch, branch, department and regulation, or null. */
export const sectionInfo = (db: Database, collegeId: number, sectionId: number) => repo.sectionById(db, collegeId, sectionId);

/** The live subjects of a regulation (and semester). */
export async function subjectsOf(
  db: Database,
  collegeId: number,
  regulationId: number,
  semesterId?: number,
): Promise<TSubject[]> {
  const res = await list(db, { collegeId, collegeWide: true } as Staff, 'subjects', {
    q: '',
    includeRetired: 'false',
    regulationId,
    semesterId,
    page: 1,
    pageSize: 100000,
  });
  return res.items as TSubject[];
}

/** The live faculty records (NIRF/NAAC counts read designation, qualification, PhD, joining date). */
export async function facultyRecords(db: Database, collegeId: number, department?: string): Promise<TFacultyRecord[]> {
  const res = await list(db, { collegeId, collegeWide: true } as Staff, 'faculty', {
    q: '',
    includeRetired: 'false',
    department,
    page: 1,
    pageSize: 100000,
  });
  return res.items as TFacultyRecord[];
}

export { AppError };

/** Faculty rows by id (with the retired flag) for allocation and leave checks. */
export const facultyRows = (db: Database, collegeId: number, ids: number[]) => repo.facultyByIds(db, collegeId, ids);

/** The students a regulation's semesters examine (one roll number, or all), with section and branch. */
export const studentsInSemesters = (db: Database, collegeId: number, regulationId: number, semesterIds: number[], rollNo?: string) =>
  repo.studentsInSemesters(db, collegeId, regulationId, semesterIds, rollNo);

/** Subjects allotted to each of these sections. */
export const subjectsOfSections = (db: Database, collegeId: number, sectionIds: number[]) =>
  repo.subjectsOfSections(db, collegeId, sectionIds);

/** Who teaches these subjects in any section. */
export const teachersOfSubjects = (db: Database, collegeId: number, subjectIds: number[]) =>
  repo.teachersOfSubjects(db, collegeId, subjectIds);

/** Faculty in service with department, e-mail and employee code. */
export const facultyInServiceRows = (db: Database, collegeId: number) => repo.facultyInServiceRows(db, collegeId);

/** The students of a section, by roll number. */
export const sectionStudentsOf = (db: Database, collegeId: number, sectionId: number) =>
  repo.sectionStudents(db, collegeId, sectionId);

/** How many students a section has. */
export const sectionStrength = (db: Database, collegeId: number, sectionId: number) =>
  repo.sectionStrength(db, collegeId, sectionId);

/** Those of the roll numbers whose students are in the section, with their ids. */
export const sectionMembers = (db: Database, collegeId: number, sectionId: number, rollNos: string[]) =>
  repo.sectionMembers(db, collegeId, sectionId, rollNos);

// ---- Student records ------------------------------------------------------------------------------

type StudentRow = NonNullable<Awaited<ReturnType<typeof repo.studentRecordById>>>;
const recordOf = (r: StudentRow): TStudentRecord => ({
  id: r.id,
  rollNo: r.rollNo,
  fullName: r.fullName,
  course: r.course,
  batch: r.batch,
  branch: r.branch,
  semester: r.semester,
  gender: r.gender,
  email: r.email,
  mobile: r.mobile,
  fatherName: r.fatherName,
  status: r.status,
  sectionId: r.sectionId ?? null,
  sectionLabel: r.sectionName ? `${r.branch} ${r.batch} ${r.sectionName}` : '',
});

/** The office's list of student records with their section and status. */
export async function studentRecords(db: Database, staff: Staff, q: z.infer<typeof ZStudentRecordQuery>) {
  const { items, total } = await repo.studentRecords(db, staff.collegeId, q);
  return { items: items.map(recordOf), total };
}

/** Edits the profile fields the admission created, the status and the section (of the student's batch and branch). */
export async function updateStudentRecord(db: Database, staff: Staff, id: number, input: TStudentRecordInput) {
  const collegeId = staff.collegeId;
  const before = await repo.studentRecordById(db, collegeId, id);
  if (!before) throw notFound(STUDENT_RECORD_MSG.notFound);
  if (input.sectionId !== null && input.sectionId !== before.sectionId) {
    const section = await repo.sectionById(db, collegeId, input.sectionId);
    if (!section) throw badRequest(STUDENT_RECORD_MSG.noSuchSection);
    if (section.batch !== before.batch || section.branch !== before.branch || section.course !== before.course)
      throw badRequest(STUDENT_RECORD_MSG.sectionMismatch);
  }
  await db.transaction().execute(async (trx) => {
    await repo.updateStudent(trx, collegeId, id, {
      full_name: input.fullName,
      email: input.email,
      mobile: input.mobile,
      father_name: input.fatherName,
      semester: input.semester,
      status: input.status,
    });
    if (input.sectionId === null) await repo.removeFromSection(trx, collegeId, id);
    else if (input.sectionId !== before.sectionId) await repo.assignStudents(trx, collegeId, input.sectionId, [id]);
    await audit(trx, {
      collegeId,
      actor: { id: staff.userId, username: staff.username },
      action: 'student.update',
      entity: 'student',
      entityId: id,
      before: recordOf(before),
      after: input,
    });
  });
  return { message: STUDENT_RECORD_MSG.saved, record: recordOf((await repo.studentRecordById(db, collegeId, id))!) };
}
