import { z } from 'zod';
import { ROLES, type Role } from './roles.js';
import { filePart, ZIsoDate } from './common-schemas.js';
export { MASTERS_PATHS } from './module-paths.js';

/** Who keeps the masters; a HoD reads their own department's. */
export const MASTERS_WRITE_ROLES: Role[] = [ROLES.ADMIN, ROLES.ACADEMICS];
/** the exam cell reads them too: an exam is set on a regulation's semesters and their subjects */
export const MASTERS_READ_ROLES: Role[] = [ROLES.ADMIN, ROLES.ACADEMICS, ROLES.HOD, ROLES.PRINCIPAL, ROLES.DEAN, ROLES.EXAMINATION];

export const MASTER_KINDS = [
  'departments',
  'courses',
  'regulations',
  'branches',
  'batches',
  'semesters',
  'sections',
  'subjects',
  'faculty',
] as const;
export type TMasterKind = (typeof MASTER_KINDS)[number];

export const MASTERS_MSG = {
  notFound: 'That record does not exist (or belongs to another college)',
  retired: 'Retired. It stays on the records that use it and is no longer offered for new ones.',
  noSuchCourse: 'Choose a course that exists',
  noSuchDepartment: 'Choose a department that exists',
  noSuchBatch: 'Choose a batch that exists',
  noSuchBranch: 'Choose a branch that exists',
  noSuchSemester: 'Choose a semester that exists',
  noSuchRegulation: 'Choose a regulation that exists',
  branchCourseMismatch: 'The branch and the batch belong to different courses',
  detainAboveShort: 'The detention threshold must be below the shortage threshold',
  noStudentsInRange: 'No students of this batch and branch have roll numbers in that range',
  rangeOrder: 'The first roll number must come before the last',
  studentsNotFound: (rolls: string[]) => `These roll numbers are not students of the college: ${rolls.join(', ')}`,
  wrongBatchBranch: (rolls: string[]) => `These students are not of the section's batch and branch: ${rolls.join(', ')}`,
  duplicate: (kind: string, name: string) => `A ${kind} named ${name} already exists`,
} as const;

const req = (label: string, max: number) =>
  z
    .string({ message: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} is at most ${max} characters`);
const opt = (max: number) => z.string().trim().max(max, `At most ${max} characters`).optional().default('');
const id = (label: string) =>
  z.coerce
    .number({ message: `Choose the ${label}` })
    .int(`Choose the ${label}`)
    .positive(`Choose the ${label}`);
const flag = z.boolean().optional().default(false);
const isoDate = z
  .literal('')
  .or(ZIsoDate('Date of joining', { invalid: 'Enter the date as yyyy-mm-dd' }))
  .optional()
  .default('');

export const ZDepartmentInput = z.object({ name: req('department code', 60), fullName: opt(200) });
export const ZCourseInput = z.object({
  name: req('course name', 60),
  level: z.enum(['UG', 'PG', 'DIPLOMA'], { message: 'Choose the level: UG, PG or DIPLOMA' }),
  durationYears: z.coerce
    .number({ message: 'Enter the duration in years' })
    .int()
    .min(1, 'The duration is 1 to 6 years')
    .max(6, 'The duration is 1 to 6 years'),
});
export const ZRegulationInput = z
  .object({
    code: req('regulation code', 20),
    name: opt(200),
    courseId: id('course').nullable().optional().default(null),
    fromYear: z.coerce
      .number({ message: 'Enter the first batch year' })
      .int()
      .min(2000, 'Enter a year like 2022')
      .max(2100, 'Enter a year like 2022'),
    grading: opt(200),
    shortBelow: z.coerce
      .number()
      .int()
      .min(1, 'Thresholds are percentages from 1 to 100')
      .max(100, 'Thresholds are percentages from 1 to 100')
      .optional()
      .default(75),
    detainBelow: z.coerce
      .number()
      .int()
      .min(0, 'Thresholds are percentages from 0 to 100')
      .max(100, 'Thresholds are percentages from 0 to 100')
      .optional()
      .default(65),
    editWindowHours: z.coerce
      .number()
      .int()
      .min(0, 'The edit window is 0 to 720 hours')
      .max(720, 'The edit window is 0 to 720 hours')
      .optional()
      .default(48),
    lateCountsPresent: z.boolean().optional().default(true),
    odCountsPresent: z.boolean().optional().default(true),
    medicalCondonable: z.boolean().optional().default(true),
  })
  .refine((r) => r.detainBelow <= r.shortBelow, { message: MASTERS_MSG.detainAboveShort, path: ['detainBelow'] });
export const ZBranchInput = z.object({
  courseId: id('course'),
  departmentId: id('department').nullable().optional().default(null),
  shortName: req('branch code', 20),
  name: opt(200),
});
export const ZBatchInput = z.object({
  courseId: id('course'),
  name: req('batch name (e.g. 2024-2028)', 20),
  regulationId: id('regulation').nullable().optional().default(null),
});
export const ZSemesterInput = z.object({
  courseId: id('course'),
  name: req('semester name', 20),
  sortOrder: z.coerce.number().int().min(0).max(20).optional().default(0),
});
export const ZSectionInput = z.object({
  batchId: id('batch'),
  branchId: id('branch'),
  semesterId: id('semester').nullable().optional().default(null),
  name: req('section name', 10),
});
export const ZSubjectInput = z.object({
  regulationId: id('regulation'),
  semesterId: id('semester').nullable().optional().default(null),
  branchId: id('branch').nullable().optional().default(null),
  code: req('subject code', 20),
  name: req('subject name', 200),
  credits: z.coerce.number({ message: 'Enter the credits' }).min(0, 'Credits are 0 to 30').max(30, 'Credits are 0 to 30'),
  lecture: z.coerce.number().int().min(0).max(10).optional().default(0),
  tutorial: z.coerce.number().int().min(0).max(10).optional().default(0),
  practical: z.coerce.number().int().min(0).max(20).optional().default(0),
  kind: z.enum(['theory', 'lab', 'elective'], { message: 'Choose theory, lab or elective' }).optional().default('theory'),
});
export const ZFacultyInput = z.object({
  empCode: req('employee code', 40),
  fullName: req('name', 120),
  email: z.string({ message: 'Enter the e-mail' }).trim().email('Enter a valid e-mail').max(160),
  department: req('department', 60),
  designation: opt(120),
  qualification: opt(120),
  phd: flag,
  dateOfJoining: isoDate,
});

export const ZMasterInputs = {
  departments: ZDepartmentInput,
  courses: ZCourseInput,
  regulations: ZRegulationInput,
  branches: ZBranchInput,
  batches: ZBatchInput,
  semesters: ZSemesterInput,
  sections: ZSectionInput,
  subjects: ZSubjectInput,
  faculty: ZFacultyInput,
} as const;
export type TMasterInput<K extends TMasterKind> = z.infer<(typeof ZMasterInputs)[K]>;

const base = { id: z.number(), retired: z.boolean() };
export const ZDepartment = z.object({ ...base, name: z.string(), fullName: z.string() });
export const ZCourse = z.object({ ...base, name: z.string(), level: z.string(), durationYears: z.number() });
export const ZRegulation = z.object({
  ...base,
  code: z.string(),
  name: z.string(),
  courseId: z.number().nullable(),
  fromYear: z.number(),
  grading: z.string(),
  shortBelow: z.number(),
  detainBelow: z.number(),
  editWindowHours: z.number(),
  lateCountsPresent: z.boolean(),
  odCountsPresent: z.boolean(),
  medicalCondonable: z.boolean(),
});
export const ZBranch = z.object({
  ...base,
  courseId: z.number(),
  courseName: z.string(),
  departmentId: z.number().nullable(),
  department: z.string().nullable(),
  shortName: z.string(),
  name: z.string(),
});
export const ZBatch = z.object({
  ...base,
  courseId: z.number(),
  courseName: z.string(),
  name: z.string(),
  regulationId: z.number().nullable(),
  regulationCode: z.string().nullable(),
});
export const ZSemester = z.object({
  ...base,
  courseId: z.number(),
  courseName: z.string(),
  name: z.string(),
  sortOrder: z.number(),
});
export const ZSection = z.object({
  ...base,
  batchId: z.number(),
  batchName: z.string(),
  branchId: z.number(),
  branchName: z.string(),
  department: z.string().nullable(),
  semesterId: z.number().nullable(),
  semesterName: z.string().nullable(),
  name: z.string(),
  label: z.string(),
  students: z.number(),
});
export const ZSubject = z.object({
  ...base,
  regulationId: z.number(),
  regulationCode: z.string(),
  semesterId: z.number().nullable(),
  semesterName: z.string().nullable(),
  branchId: z.number().nullable(),
  branchName: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  credits: z.number(),
  lecture: z.number(),
  tutorial: z.number(),
  practical: z.number(),
  kind: z.string(),
});
export const ZFacultyRecord = z.object({
  ...base,
  empCode: z.string(),
  fullName: z.string(),
  email: z.string(),
  department: z.string(),
  designation: z.string(),
  qualification: z.string(),
  phd: z.boolean(),
  dateOfJoining: z.string(),
});
export const ZMasterRows = {
  departments: ZDepartment,
  courses: ZCourse,
  regulations: ZRegulation,
  branches: ZBranch,
  batches: ZBatch,
  semesters: ZSemester,
  sections: ZSection,
  subjects: ZSubject,
  faculty: ZFacultyRecord,
} as const;
export type TMasterRow<K extends TMasterKind> = z.infer<(typeof ZMasterRows)[K]>;
export type TDepartment = z.infer<typeof ZDepartment>;
export type TCourse = z.infer<typeof ZCourse>;
export type TRegulation = z.infer<typeof ZRegulation>;
export type TBranch = z.infer<typeof ZBranch>;
export type TBatch = z.infer<typeof ZBatch>;
export type TSemester = z.infer<typeof ZSemester>;
export type TSection = z.infer<typeof ZSection>;
export type TSubject = z.infer<typeof ZSubject>;
export type TFacultyRecord = z.infer<typeof ZFacultyRecord>;

export const ZMasterListQuery = z.object({
  q: z.string().trim().max(100).optional().default(''),
  includeRetired: z.enum(['true', 'false']).optional().default('false'),
  /** narrows lists: subjects by regulation/semester, sections by batch/branch, ... */
  courseId: z.coerce.number().int().positive().optional(),
  regulationId: z.coerce.number().int().positive().optional(),
  semesterId: z.coerce.number().int().positive().optional(),
  batchId: z.coerce.number().int().positive().optional(),
  branchId: z.coerce.number().int().positive().optional(),
  department: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1, 'Pages start at 1').optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500, 'At most 500 rows a page').optional().default(50),
});
export type TMasterListQuery = z.infer<typeof ZMasterListQuery>;
export const ZMasterList = <T extends z.ZodTypeAny>(row: T) => z.object({ items: z.array(row), total: z.number() });

/** Students into a section: a roll-number range of the section's batch and branch, or a list (Excel). */
export const ZSectionStudentsInput = z
  .object({
    fromRollNo: z.string().trim().toUpperCase().max(30).optional(),
    toRollNo: z.string().trim().toUpperCase().max(30).optional(),
    rollNos: z.array(z.string().trim().toUpperCase().min(1).max(30)).max(500, 'At most 500 roll numbers at once').optional(),
  })
  .refine((b) => (b.fromRollNo && b.toRollNo) || (b.rollNos && b.rollNos.length > 0), {
    message: 'Give a roll-number range (first and last) or a list of roll numbers',
  });
export type TSectionStudentsInput = z.infer<typeof ZSectionStudentsInput>;
export const ZSectionStudentsResult = z.object({ message: z.string(), assigned: z.number(), rollNos: z.array(z.string()) });
export const ZSectionStudent = z.object({ studentId: z.number(), rollNo: z.string(), name: z.string() });
export const ZSectionStudentList = z.array(ZSectionStudent);
export type TSectionStudent = z.infer<typeof ZSectionStudent>;

// ---- Excel imports of the masters (the shared import panel) --------------------------------------

/** Sheets the office fills in: subjects, sections, faculty records and students' sections. */
export const MASTER_IMPORT_KINDS = ['subjects', 'sections', 'faculty', 'section-students'] as const;
export type TMasterImportKind = (typeof MASTER_IMPORT_KINDS)[number];
export interface MasterImportColumn {
  header: string;
  required: boolean;
  note: string;
  example: string;
}
const col = (header: string, required: boolean, note: string, example: string): MasterImportColumn => ({
  header,
  required,
  note,
  example,
});
/** The columns of each template, in order (headers are matched ignoring case, spaces and dots). */
export const MASTER_IMPORT_COLUMNS: Record<TMasterImportKind, MasterImportColumn[]> = {
  subjects: [
    col('Regulation', true, 'Regulation code, e.g. R22', 'R22'),
    col('Semester', false, 'Semester name of the regulation\u2019s course, e.g. IV-I', 'IV-I'),
    col('Branch', false, 'Branch code, e.g. CSE (empty: common to every branch)', 'CSE'),
    col('Code', true, 'Subject code, unique in the regulation', 'CS401'),
    col('Name', true, 'Subject name', 'Compiler Design'),
    col('Credits', true, '0 to 30, halves allowed', '3'),
    col('L', false, 'Lecture hours a week', '3'),
    col('T', false, 'Tutorial hours a week', '0'),
    col('P', false, 'Practical hours a week', '0'),
    col('Kind', false, 'theory, lab or elective (default theory)', 'theory'),
  ],
  sections: [
    col('Course', true, 'Course name, e.g. B.Tech', 'B.Tech'),
    col('Batch', true, 'Batch name of the course, e.g. 2022-2026', '2022-2026'),
    col('Branch', true, 'Branch code of the course, e.g. CSE', 'CSE'),
    col('Semester', false, 'Current semester, e.g. IV-I', 'IV-I'),
    col('Section', true, 'Section name, e.g. A', 'A'),
  ],
  faculty: [
    col('Emp Code', true, 'Employee code, unique in the college', 'SVEC-F-0101'),
    col('Name', true, 'Full name', 'Dr. K. Ramesh'),
    col('Email', true, 'Official e-mail', 'ramesh@example.edu'),
    col('Department', true, 'Department code, e.g. CSE', 'CSE'),
    col('Designation', false, 'e.g. Assistant Professor', 'Professor'),
    col('Qualification', false, 'e.g. M.Tech, Ph.D', 'Ph.D'),
    col('PhD', false, 'Yes or No', 'Yes'),
    col('Date of Joining', false, 'yyyy-mm-dd or dd-mm-yyyy', '2015-06-01'),
  ],
  'section-students': [
    col('Roll No', true, 'Roll number of a student of the college', '22A91A0501'),
    col('Section', true, 'Section name of the student\u2019s own batch and branch, e.g. A', 'A'),
  ],
};
export const MASTER_IMPORT_TITLES: Record<TMasterImportKind, string> = {
  subjects: 'Subjects',
  sections: 'Sections',
  faculty: 'Faculty',
  'section-students': 'Students into sections',
};
export const MAX_MASTER_IMPORT_ROWS = 5000;
export const ZMasterImportParams = z.object({
  kind: z.enum(MASTER_IMPORT_KINDS, { message: 'Import subjects, sections, faculty or section-students' }),
});
export const ZMasterImportQuery = z.object({ dryRun: z.enum(['true', 'false']).optional() });
export const ZMasterImportParts = z.object({ excelFileUpload: filePart('the filled template (.xlsx; legacy .xls is read too)') });
export const MASTER_IMPORT_MSG = {
  missingColumns: (cols: string[]) => `Missing column(s): ${cols.join(', ')}. Download the template`,
  empty: 'The sheet has no rows to import',
  twice: (what: string, row: number) => `${what} is also on row ${row}`,
  noRegulation: (code: string) => `No regulation ${code}`,
  noSemester: (name: string) => `No semester ${name} in the course`,
  noBranch: (name: string) => `No branch ${name} in the course`,
  noCourse: (name: string) => `No course ${name}`,
  noBatch: (name: string) => `No batch ${name} in the course`,
  noDepartment: (name: string) => `No department ${name}`,
  noStudent: (roll: string) => `No student has roll number ${roll}`,
  noSection: (label: string) => `No section ${label}`,
  phd: 'PhD is Yes or No',
  summary: (dryRun: boolean, fresh: number, updated: number, rejected: number) =>
    `${dryRun ? 'Checked: would save' : 'Saved'} ${fresh} new and ${updated} updated${rejected ? `; ${rejected} row(s) rejected` : ''}`,
} as const;

// ---- Student records (the office views and edits what the admission created) ----------------------

export const STUDENT_STATUSES = ['active', 'detained', 'discontinued', 'transferred', 'completed'] as const;
export const STUDENT_RECORD_MSG = {
  notFound: 'No such student in this college',
  sectionMismatch: "The section is not of the student's batch and branch",
  noSuchSection: 'Choose a section that exists',
  saved: 'Student record saved',
} as const;
export const ZStudentRecordQuery = z.object({
  q: z.string().trim().max(100).optional().default(''),
  sectionId: z.coerce.number().int().positive().optional(),
  status: z.enum(STUDENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'At most 200 rows a page').optional().default(25),
});
export const ZStudentRecord = z.object({
  id: z.number(),
  rollNo: z.string(),
  fullName: z.string(),
  course: z.string(),
  batch: z.string(),
  branch: z.string(),
  semester: z.string(),
  gender: z.string(),
  email: z.string(),
  mobile: z.string(),
  fatherName: z.string(),
  status: z.string(),
  sectionId: z.number().nullable(),
  sectionLabel: z.string(),
});
export type TStudentRecord = z.infer<typeof ZStudentRecord>;
export const ZStudentRecordList = z.object({ items: z.array(ZStudentRecord), total: z.number() });
/** What saving a student record answers: the message and the record as saved. */
export const ZStudentRecordSaved = z.object({ message: z.string(), record: ZStudentRecord });
export const ZStudentRecordInput = z.object({
  fullName: req('name', 120),
  email: z
    .union([z.literal(''), z.string().trim().email('Enter a valid e-mail').max(160)])
    .optional()
    .default(''),
  mobile: z
    .string()
    .trim()
    .regex(/^([6-9]\d{9})?$/, 'Enter a 10-digit mobile number starting 6-9')
    .optional()
    .default(''),
  fatherName: opt(120),
  semester: opt(20),
  status: z.enum(STUDENT_STATUSES, { message: 'Choose the status' }),
  sectionId: id('section').nullable().optional().default(null),
});
export type TStudentRecordInput = z.infer<typeof ZStudentRecordInput>;
