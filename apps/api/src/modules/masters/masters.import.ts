import {
  MASTER_IMPORT_COLUMNS,
  MASTER_IMPORT_MSG as M,
  MASTER_IMPORT_TITLES,
  MAX_MASTER_IMPORT_ROWS,
  MSG,
  ZFacultyInput,
  ZSectionInput,
  ZSubjectInput,
  type TImportReport,
  type TMasterImportKind,
  type TMasterKind,
  type TRejectedRow,
} from '@erp/shared';
import { newWorkbook } from '../../lib/libraries.js';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { readWorkbook } from '../../lib/workbooks/index.js';
import * as repo from './masters.repo.js';
import { list, type Staff } from './masters.service.js';

type Cell = string | number | boolean | null;
const norm = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
const text = (v: Cell | undefined) => (v == null ? '' : String(v).trim());
const upper = (v: Cell | undefined) => text(v).toUpperCase();

/** The template of a kind: a sheet to fill (headers with notes, required ones shaded) and an example row. */
export async function importTemplate(kind: TMasterImportKind): Promise<Buffer> {
  const columns = MASTER_IMPORT_COLUMNS[kind];
  const wb = await newWorkbook();
  wb.creator = 'College ERP portal';
  const ws = wb.addWorksheet(MASTER_IMPORT_TITLES[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: c.header, key: c.header, width: Math.max(12, c.header.length + 6) }));
  ws.getRow(1).font = { bold: true };
  columns.forEach((c, i) => {
    const cell = ws.getRow(1).getCell(i + 1);
    cell.note = `${c.note}${c.required ? ' (required)' : ''}`;
    if (c.required) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3C4' } };
    ws.getColumn(i + 1).numFmt = '@';
  });
  const help = wb.addWorksheet('Instructions');
  help.columns = [{ width: 100 }];
  help.addRow([`Fill the ${MASTER_IMPORT_TITLES[kind]} sheet, one row each; this sheet is not read.`]);
  help.addRow(['Check Only reads every row and saves nothing; Upload saves the good rows and lists the rejected ones.']);
  help.addRow(['A row whose code already exists corrects that record.']);
  for (const c of columns) help.addRow([`${c.header}${c.required ? ' (required)' : ''}: ${c.note}`]);
  help.addRow([`Example: ${columns.map((c) => c.example).join(' | ')}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface SheetRow {
  row: number;
  get: (header: string) => Cell | undefined;
}

async function readRows(kind: TMasterImportKind, files: UploadedFile[]): Promise<SheetRow[]> {
  const file = files.find((f) => f.fieldname === 'excelFileUpload') ?? files[0];
  if (!file) throw badRequest(MSG.fileNotUploaded);
  const columns = MASTER_IMPORT_COLUMNS[kind];
  const read = await readWorkbook(file.buffer, {
    maxRows: MAX_MASTER_IMPORT_ROWS,
    maxCells: (MAX_MASTER_IMPORT_ROWS + 1) * (columns.length + 10),
    preferredSheet: MASTER_IMPORT_TITLES[kind],
  });
  if (!read.ok) throw badRequest(read.message);
  const index = new Map<string, number>();
  read.headers.forEach((h, i) => {
    if (!index.has(norm(h))) index.set(norm(h), i);
  });
  const missing = columns.filter((c) => c.required && !index.has(norm(c.header))).map((c) => c.header);
  if (missing.length) throw badRequest(M.missingColumns(missing));
  const rows: SheetRow[] = [];
  read.rows.forEach((raw, i) => {
    if (!raw) return;
    const cells = JSON.parse(raw) as Cell[];
    if (cells.every((c) => text(c) === '')) return;
    rows.push({
      row: i + 2,
      get: (header) => {
        const at = index.get(norm(header));
        return at === undefined ? undefined : cells[at];
      },
    });
  });
  if (rows.length === 0) throw badRequest(M.empty);
  return rows;
}

/** Every row of a master, retired ones included (masters are small: a few hundred rows). */
async function all<T>(db: Database, collegeId: number, kind: TMasterKind): Promise<T[]> {
  const staff = { collegeId, collegeWide: true } as Staff;
  return (await list(db, staff, kind, { q: '', includeRetired: 'true', page: 1, pageSize: 1_000_000 })).items as T[];
}

const zodErrors = (e: z.ZodError) => [...new Set(e.issues.map((i) => i.message))];

/** A row that passed: the columns to write, and the id of the record it corrects (if any). */
interface Planned {
  row: number;
  id: number | null;
  values: Record<string, unknown>;
}

const dmyToIso = (v: string) => {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : v;
};

async function planSubjects(db: Database, collegeId: number, rows: SheetRow[], rejected: TRejectedRow[]) {
  type Reg = { id: number; code: string; courseId: number | null };
  type Sem = { id: number; courseId: number; name: string };
  type Br = { id: number; courseId: number; shortName: string };
  type Sub = { id: number; regulationId: number; code: string };
  const [regs, sems, branches, subjects] = await Promise.all([
    all<Reg>(db, collegeId, 'regulations'),
    all<Sem>(db, collegeId, 'semesters'),
    all<Br>(db, collegeId, 'branches'),
    all<Sub>(db, collegeId, 'subjects'),
  ]);
  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  for (const r of rows) {
    const errors: string[] = [];
    const regulation = regs.find((x) => x.code.toUpperCase() === upper(r.get('Regulation')));
    if (!regulation && upper(r.get('Regulation'))) errors.push(M.noRegulation(upper(r.get('Regulation'))));
    const inCourse = <T extends { courseId: number }>(x: T) => !regulation?.courseId || x.courseId === regulation.courseId;
    let semesterId: number | null = null;
    if (text(r.get('Semester'))) {
      const s = sems.find((x) => inCourse(x) && x.name.toUpperCase() === upper(r.get('Semester')));
      if (s) semesterId = s.id;
      else errors.push(M.noSemester(text(r.get('Semester'))));
    }
    let branchId: number | null = null;
    if (text(r.get('Branch'))) {
      const b = branches.find((x) => inCourse(x) && x.shortName.toUpperCase() === upper(r.get('Branch')));
      if (b) branchId = b.id;
      else errors.push(M.noBranch(text(r.get('Branch'))));
    }
    const parsed = ZSubjectInput.safeParse({
      regulationId: regulation?.id ?? (upper(r.get('Regulation')) ? 1 : undefined),
      semesterId,
      branchId,
      code: text(r.get('Code')),
      name: text(r.get('Name')),
      credits: text(r.get('Credits')) === '' ? undefined : text(r.get('Credits')),
      lecture: text(r.get('L')) || undefined,
      tutorial: text(r.get('T')) || undefined,
      practical: text(r.get('P')) || undefined,
      kind: text(r.get('Kind')).toLowerCase() || undefined,
    });
    if (!parsed.success) errors.push(...zodErrors(parsed.error));
    const key = `${regulation?.id}:${upper(r.get('Code'))}`;
    if (!errors.length && seen.has(key)) errors.push(M.twice(`Subject ${upper(r.get('Code'))}`, seen.get(key)!));
    if (errors.length || !parsed.success || !regulation) {
      rejected.push({ row: r.row, errors });
      continue;
    }
    seen.set(key, r.row);
    const i = parsed.data;
    const code = i.code.toUpperCase();
    planned.push({
      row: r.row,
      id: subjects.find((s) => s.regulationId === regulation.id && s.code === code)?.id ?? null,
      values: {
        regulation_id: regulation.id,
        semester_id: i.semesterId,
        branch_id: i.branchId,
        code,
        name: i.name,
        credits: i.credits,
        lecture: i.lecture,
        tutorial: i.tutorial,
        practical: i.practical,
        kind: i.kind,
      },
    });
  }
  return planned;
}

async function planSections(db: Database, collegeId: number, rows: SheetRow[], rejected: TRejectedRow[]) {
  type Course = { id: number; name: string };
  type Named = { id: number; courseId: number; name: string };
  type Br = { id: number; courseId: number; shortName: string };
  type Sec = { id: number; batchId: number; branchId: number; name: string };
  const [courses, batches, branches, sems, sections] = await Promise.all([
    all<Course>(db, collegeId, 'courses'),
    all<Named>(db, collegeId, 'batches'),
    all<Br>(db, collegeId, 'branches'),
    all<Named>(db, collegeId, 'semesters'),
    all<Sec>(db, collegeId, 'sections'),
  ]);
  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  for (const r of rows) {
    const errors: string[] = [];
    const course = courses.find((c) => c.name.toUpperCase() === upper(r.get('Course')));
    if (!course && text(r.get('Course'))) errors.push(M.noCourse(text(r.get('Course'))));
    const batch = course && batches.find((b) => b.courseId === course.id && b.name.toUpperCase() === upper(r.get('Batch')));
    if (course && !batch && text(r.get('Batch'))) errors.push(M.noBatch(text(r.get('Batch'))));
    const branch =
      course && branches.find((b) => b.courseId === course.id && b.shortName.toUpperCase() === upper(r.get('Branch')));
    if (course && !branch && text(r.get('Branch'))) errors.push(M.noBranch(text(r.get('Branch'))));
    let semesterId: number | null = null;
    if (course && text(r.get('Semester'))) {
      const s = sems.find((x) => x.courseId === course.id && x.name.toUpperCase() === upper(r.get('Semester')));
      if (s) semesterId = s.id;
      else errors.push(M.noSemester(text(r.get('Semester'))));
    }
    const parsed = ZSectionInput.safeParse({
      batchId: batch?.id ?? (text(r.get('Batch')) ? 1 : undefined),
      branchId: branch?.id ?? (text(r.get('Branch')) ? 1 : undefined),
      semesterId,
      name: text(r.get('Section')),
    });
    if (!parsed.success) errors.push(...zodErrors(parsed.error));
    if (!course && !text(r.get('Course'))) errors.push('Enter the course');
    const name = upper(r.get('Section'));
    const key = `${batch?.id}:${branch?.id}:${name}`;
    if (!errors.length && seen.has(key)) errors.push(M.twice(`Section ${name}`, seen.get(key)!));
    if (errors.length || !batch || !branch || !parsed.success) {
      rejected.push({ row: r.row, errors });
      continue;
    }
    seen.set(key, r.row);
    planned.push({
      row: r.row,
      id: sections.find((s) => s.batchId === batch.id && s.branchId === branch.id && s.name === name)?.id ?? null,
      values: { batch_id: batch.id, branch_id: branch.id, semester_id: semesterId, name },
    });
  }
  return planned;
}

async function planFaculty(db: Database, collegeId: number, rows: SheetRow[], rejected: TRejectedRow[]) {
  type Dept = { id: number; name: string };
  type Fac = { id: number; empCode: string };
  const [departments, faculty] = await Promise.all([all<Dept>(db, collegeId, 'departments'), all<Fac>(db, collegeId, 'faculty')]);
  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  for (const r of rows) {
    const errors: string[] = [];
    const dept = departments.find((d) => d.name.toUpperCase() === upper(r.get('Department')));
    if (!dept && text(r.get('Department'))) errors.push(M.noDepartment(text(r.get('Department'))));
    const phdText = text(r.get('PhD')).toLowerCase();
    if (phdText && !['yes', 'no', 'y', 'n', 'true', 'false'].includes(phdText)) errors.push(M.phd);
    const parsed = ZFacultyInput.safeParse({
      empCode: text(r.get('Emp Code')),
      fullName: text(r.get('Name')),
      email: text(r.get('Email')),
      department: dept?.name ?? text(r.get('Department')),
      designation: text(r.get('Designation')),
      qualification: text(r.get('Qualification')),
      phd: ['yes', 'y', 'true'].includes(phdText),
      dateOfJoining: dmyToIso(text(r.get('Date of Joining'))),
    });
    if (!parsed.success) errors.push(...zodErrors(parsed.error));
    const key = upper(r.get('Emp Code'));
    if (!errors.length && seen.has(key)) errors.push(M.twice(`Employee code ${text(r.get('Emp Code'))}`, seen.get(key)!));
    if (errors.length || !parsed.success) {
      rejected.push({ row: r.row, errors });
      continue;
    }
    seen.set(key, r.row);
    const i = parsed.data;
    planned.push({
      row: r.row,
      id: faculty.find((f) => f.empCode.toUpperCase() === key)?.id ?? null,
      values: {
        emp_code: i.empCode,
        full_name: i.fullName,
        email: i.email,
        department: i.department,
        designation: i.designation,
        qualification: i.qualification,
        phd: i.phd ? 1 : 0,
        date_of_joining: i.dateOfJoining,
      },
    });
  }
  return planned;
}

/** Students into sections: the section of the student's own course, batch and branch with that name. */
async function planSectionStudents(db: Database, collegeId: number, rows: SheetRow[], rejected: TRejectedRow[]) {
  type Sec = { id: number; batchName: string; branchName: string; name: string; batchId: number };
  type Batch = { id: number; courseName: string };
  const [sections, batches] = await Promise.all([all<Sec>(db, collegeId, 'sections'), all<Batch>(db, collegeId, 'batches')]);
  const courseOfBatch = new Map(batches.map((b) => [b.id, b.courseName]));
  const rolls = [...new Set(rows.map((r) => upper(r.get('Roll No'))).filter(Boolean))];
  const students = new Map<string, Awaited<ReturnType<typeof repo.studentsByRoll>>[number]>();
  for (let i = 0; i < rolls.length; i += 500)
    for (const s of await repo.studentsByRoll(db, collegeId, rolls.slice(i, i + 500))) students.set(s.roll_no.toUpperCase(), s);
  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  for (const r of rows) {
    const errors: string[] = [];
    const roll = upper(r.get('Roll No'));
    const name = upper(r.get('Section'));
    if (!roll) errors.push('Enter the roll number');
    if (!name) errors.push('Enter the section name');
    const student = roll ? students.get(roll) : undefined;
    if (roll && !student) errors.push(M.noStudent(roll));
    let section: Sec | undefined;
    if (student && name) {
      section = sections.find(
        (s) =>
          s.name === name &&
          s.batchName === student.batch &&
          s.branchName === student.branch &&
          courseOfBatch.get(s.batchId) === student.course,
      );
      if (!section) errors.push(M.noSection(`${student.branch} ${student.batch} ${name}`));
    }
    if (!errors.length && seen.has(roll)) errors.push(M.twice(roll, seen.get(roll)!));
    if (errors.length || !student || !section) {
      rejected.push({ row: r.row, errors });
      continue;
    }
    seen.set(roll, r.row);
    planned.push({ row: r.row, id: section.id, values: { student_id: student.id } });
  }
  return planned;
}

const TABLE = { subjects: 'subjects', sections: 'sections', faculty: 'faculty' } as const;

/**
 * Imports a filled template: every row is checked, the good ones saved together (one transaction)
 * and the others listed with their reasons. A dry run checks and saves nothing.
 */
export async function importMasters(
  db: Database,
  staff: Staff,
  kind: TMasterImportKind,
  files: UploadedFile[],
  dryRun: boolean,
): Promise<TImportReport> {
  const collegeId = staff.collegeId;
  const rows = await readRows(kind, files);
  const rejected: TRejectedRow[] = [];
  const plan =
    kind === 'subjects'
      ? planSubjects
      : kind === 'sections'
        ? planSections
        : kind === 'faculty'
          ? planFaculty
          : planSectionStudents;
  const planned = await plan(db, collegeId, rows, rejected);
  rejected.sort((a, b) => a.row - b.row);
  const updated = kind === 'section-students' ? 0 : planned.filter((p) => p.id !== null).length;
  const fresh = planned.length - updated;
  const report = (saved: number): TImportReport => ({
    message: M.summary(dryRun, fresh, updated, rejected.length),
    saved,
    valid: planned.length,
    dryRun,
    rejected,
  });
  if (dryRun || planned.length === 0) return report(0);
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    if (kind === 'section-students') {
      const bySection = new Map<number, number[]>();
      for (const p of planned) bySection.set(p.id!, [...(bySection.get(p.id!) ?? []), p.values.student_id as number]);
      for (const [sectionId, ids] of bySection) await repo.assignStudents(trx, collegeId, sectionId, ids);
    } else {
      for (const p of planned) {
        if (p.id !== null) await repo.updateRow(trx, kind, collegeId, p.id, p.values);
        else
          await repo.insertRow(trx, kind, {
            ...p.values,
            college_id: collegeId,
            ...(TABLE[kind] === 'faculty' ? { created_at: now } : {}),
          });
      }
    }
    await audit(trx, {
      collegeId,
      actor: { id: staff.userId, username: staff.username },
      action: `masters.import.${kind}`,
      entity: kind,
      entityId: 0,
      after: { new: fresh, updated, rows: planned.map((p) => p.row) },
    });
  });
  return report(planned.length);
}
