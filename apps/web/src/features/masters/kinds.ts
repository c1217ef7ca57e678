import { subjectKindLabel, type TMasterKind } from '@erp/shared';

export interface Field {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'date' | 'check' | 'select';
  /** options: a fixed list, or the rows of another master */
  options?: string[];
  /** how a fixed option reads, when it is a code */
  optionLabel?: (option: string) => string;
  from?: {
    kind: TMasterKind;
    label: (r: Record<string, unknown>) => string;
    value?: (r: Record<string, unknown>) => string | number;
  };
}
export interface KindDef {
  kind: TMasterKind;
  title: string;
  /** key, header and, for a code, how it reads ('lab' → 'Lab') */
  columns: Array<[string, string, ((value: unknown) => string)?]>;
  fields: Field[];
  empty: Record<string, unknown>;
}

const course = { kind: 'courses' as const, label: (r: Record<string, unknown>) => String(r.name) };
const ref = (kind: TMasterKind, key: string) => ({ kind, label: (r: Record<string, unknown>) => String(r[key]) });

export const KINDS: KindDef[] = [
  {
    kind: 'departments',
    title: 'Departments',
    columns: [
      ['name', 'Code'],
      ['fullName', 'Name'],
    ],
    fields: [
      { name: 'name', label: 'Code' },
      { name: 'fullName', label: 'Name' },
    ],
    empty: { name: '', fullName: '' },
  },
  {
    kind: 'courses',
    title: 'Courses',
    columns: [
      ['name', 'Course'],
      ['level', 'Level'],
      ['durationYears', 'Years'],
    ],
    fields: [
      { name: 'name', label: 'Course' },
      { name: 'level', label: 'Level', type: 'select', options: ['UG', 'PG', 'DIPLOMA'] },
      { name: 'durationYears', label: 'Years', type: 'number' },
    ],
    empty: { name: '', level: 'UG', durationYears: 4 },
  },
  {
    kind: 'regulations',
    title: 'Regulations',
    columns: [
      ['code', 'Code'],
      ['name', 'Name'],
      ['fromYear', 'From'],
      ['shortBelow', 'Short below %'],
      ['detainBelow', 'Detain below %'],
      ['editWindowHours', 'Edit window (h)'],
    ],
    fields: [
      { name: 'code', label: 'Code' },
      { name: 'name', label: 'Name' },
      { name: 'courseId', label: 'Course', type: 'select', from: course },
      { name: 'fromYear', label: 'First batch year', type: 'number' },
      { name: 'grading', label: 'Grading' },
      { name: 'shortBelow', label: 'Short below %', type: 'number' },
      { name: 'detainBelow', label: 'Detained below %', type: 'number' },
      { name: 'editWindowHours', label: 'Edit window (hours)', type: 'number' },
      { name: 'lateCountsPresent', label: 'Late counts present', type: 'check' },
      { name: 'odCountsPresent', label: 'On duty counts present', type: 'check' },
      { name: 'medicalCondonable', label: 'Medical counts for condonation', type: 'check' },
    ],
    empty: {
      code: '',
      name: '',
      courseId: null,
      fromYear: new Date().getFullYear(),
      grading: '',
      shortBelow: 75,
      detainBelow: 65,
      editWindowHours: 48,
      lateCountsPresent: true,
      odCountsPresent: true,
      medicalCondonable: true,
    },
  },
  {
    kind: 'branches',
    title: 'Branches',
    columns: [
      ['courseName', 'Course'],
      ['shortName', 'Branch'],
      ['name', 'Name'],
      ['department', 'Department'],
    ],
    fields: [
      { name: 'courseId', label: 'Course', type: 'select', from: course },
      { name: 'departmentId', label: 'Department', type: 'select', from: ref('departments', 'name') },
      { name: 'shortName', label: 'Code' },
      { name: 'name', label: 'Name' },
    ],
    empty: { courseId: '', departmentId: null, shortName: '', name: '' },
  },
  {
    kind: 'batches',
    title: 'Batches',
    columns: [
      ['courseName', 'Course'],
      ['name', 'Batch'],
      ['regulationCode', 'Regulation'],
    ],
    fields: [
      { name: 'courseId', label: 'Course', type: 'select', from: course },
      { name: 'name', label: 'Batch (e.g. 2025-2029)' },
      { name: 'regulationId', label: 'Regulation', type: 'select', from: ref('regulations', 'code') },
    ],
    empty: { courseId: '', name: '', regulationId: null },
  },
  {
    kind: 'semesters',
    title: 'Semesters',
    columns: [
      ['courseName', 'Course'],
      ['name', 'Semester'],
      ['sortOrder', 'Order'],
    ],
    fields: [
      { name: 'courseId', label: 'Course', type: 'select', from: course },
      { name: 'name', label: 'Semester' },
      { name: 'sortOrder', label: 'Order', type: 'number' },
    ],
    empty: { courseId: '', name: '', sortOrder: 0 },
  },
  {
    kind: 'sections',
    title: 'Sections',
    columns: [
      ['label', 'Section'],
      ['semesterName', 'Semester'],
      ['students', 'Students'],
    ],
    fields: [
      { name: 'batchId', label: 'Batch', type: 'select', from: { kind: 'batches', label: (r) => `${r.courseName} ${r.name}` } },
      {
        name: 'branchId',
        label: 'Branch',
        type: 'select',
        from: { kind: 'branches', label: (r) => `${r.courseName} ${r.shortName}` },
      },
      {
        name: 'semesterId',
        label: 'Semester',
        type: 'select',
        from: { kind: 'semesters', label: (r) => `${r.courseName} ${r.name}` },
      },
      { name: 'name', label: 'Section (A, B, ...)' },
    ],
    empty: { batchId: '', branchId: '', semesterId: null, name: '' },
  },
  {
    kind: 'subjects',
    title: 'Subjects',
    columns: [
      ['code', 'Code'],
      ['name', 'Name'],
      ['regulationCode', 'Reg.'],
      ['semesterName', 'Sem'],
      ['branchName', 'Branch'],
      ['credits', 'Credits'],
      ['kind', 'Type', (v) => subjectKindLabel(String(v ?? ''))],
    ],
    fields: [
      { name: 'regulationId', label: 'Regulation', type: 'select', from: ref('regulations', 'code') },
      {
        name: 'semesterId',
        label: 'Semester',
        type: 'select',
        from: { kind: 'semesters', label: (r) => `${r.courseName} ${r.name}` },
      },
      {
        name: 'branchId',
        label: 'Branch',
        type: 'select',
        from: { kind: 'branches', label: (r) => `${r.courseName} ${r.shortName}` },
      },
      { name: 'code', label: 'Code' },
      { name: 'name', label: 'Name' },
      { name: 'credits', label: 'Credits', type: 'number' },
      { name: 'lecture', label: 'L', type: 'number' },
      { name: 'tutorial', label: 'T', type: 'number' },
      { name: 'practical', label: 'P', type: 'number' },
      { name: 'kind', label: 'Type', type: 'select', options: ['theory', 'lab', 'elective'], optionLabel: subjectKindLabel },
    ],
    empty: {
      regulationId: '',
      semesterId: null,
      branchId: null,
      code: '',
      name: '',
      credits: 3,
      lecture: 3,
      tutorial: 0,
      practical: 0,
      kind: 'theory',
    },
  },
  {
    kind: 'faculty',
    title: 'Faculty',
    columns: [
      ['empCode', 'Emp code'],
      ['fullName', 'Name'],
      ['department', 'Dept'],
      ['designation', 'Designation'],
      ['qualification', 'Qualification'],
      ['dateOfJoining', 'Joined'],
    ],
    fields: [
      { name: 'empCode', label: 'Employee code' },
      { name: 'fullName', label: 'Name' },
      { name: 'email', label: 'E-mail' },
      {
        name: 'department',
        label: 'Department',
        type: 'select',
        from: { ...ref('departments', 'name'), value: (r) => String(r.name) },
      },
      { name: 'designation', label: 'Designation' },
      { name: 'qualification', label: 'Qualification' },
      { name: 'phd', label: 'Holds a PhD', type: 'check' },
      { name: 'dateOfJoining', label: 'Date of joining', type: 'date' },
    ],
    empty: {
      empCode: '',
      fullName: '',
      email: '',
      department: '',
      designation: '',
      qualification: '',
      phd: false,
      dateOfJoining: '',
    },
  },
];
