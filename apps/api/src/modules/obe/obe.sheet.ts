import { ASSESSMENT_KIND_LABELS, isExternal, MSG, type TImportReport } from '@erp/shared';
import { newWorkbook } from '../../lib/libraries.js';
import type { Database } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { readWorkbook } from '../../lib/workbooks/index.js';
import type { RequestUser } from '../../plugins/types.js';
import { marksSheet, saveMarks } from './obe.service.js';

const MAX_ROWS = 2000;
const unable = (errors: string[]) => badRequest(MSG.unableToUploadExcel, { errors });
const questionHeader = (q: { label: string; co: string; maxMarks: number }) => `${q.label} (${q.co}, max ${q.maxMarks})`;

/** The marks template of one assessment: its section's students, a column per question (and Total for an end exam). */
export async function marksTemplate(db: Database, user: RequestUser, id: number): Promise<{ book: Buffer; name: string }> {
  const sheet = await marksSheet(db, user, id);
  const a = sheet.assessment;
  const wb = await newWorkbook();
  wb.creator = 'College ERP portal';
  const ws = wb.addWorksheet('Marks', { views: [{ state: 'frozen', ySplit: 1, xSplit: 2 }] });
  const external = isExternal(a.kind);
  ws.columns = [
    { header: 'Roll No', key: 'roll', width: 14 },
    { header: 'Name', key: 'name', width: 28 },
    ...a.questions.map((q) => ({ header: questionHeader(q), key: `q${q.id}`, width: 16 })),
    ...(external ? [{ header: 'Total', key: 'total', width: 10 }] : []),
  ];
  ws.getRow(1).font = { bold: true, color: { argb: 'FFFFFFFF' } };
  ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF0D47A1' } };
  for (const s of sheet.students)
    ws.addRow({ roll: s.rollNo, name: s.name, ...Object.fromEntries(a.questions.map((q, i) => [`q${q.id}`, s.marks[i] ?? null])) });
  a.questions.forEach((q, i) => {
    for (let r = 2; r <= sheet.students.length + 1; r++)
      ws.getCell(r, 3 + i).dataValidation = {
        type: 'decimal',
        operator: 'between',
        allowBlank: true,
        formulae: [0, q.maxMarks],
        showErrorMessage: true,
        error: `Marks from 0 to ${q.maxMarks}`,
      };
  });
  const help = wb.addWorksheet('Instructions');
  help.columns = [{ width: 110 }];
  [
    `${ASSESSMENT_KIND_LABELS[a.kind]}: ${a.name} · ${a.subjectCode} · ${a.sectionLabel} · ${a.academicYear}`,
    'One row per student; keep the Roll No column as it is. Leave a cell empty (or write AB) when the student did not answer.',
    'Each question column shows the course outcome it measures and its maximum marks; marks above the maximum are refused.',
    ...(external ? ['End exam: fill the questions, or only the Total column: a total is spread over the questions by their maximum marks.'] : []),
    'Importing again replaces the marks of the students in the sheet.',
  ].forEach((l) => help.addRow([l]));
  return { book: Buffer.from(await wb.xlsx.writeBuffer()), name: `marks-${a.subjectCode}-${a.sectionLabel.replace(/\s+/g, '-')}-${a.id}` };
}

const norm = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/\(.*$/, '')
    .replace(/[^a-z0-9]/g, '');

/** Reads a filled template; good rows are saved (unless a dry run), bad ones come back with their reasons. */
export async function importMarks(db: Database, user: RequestUser, id: number, files: UploadedFile[], dryRun: boolean): Promise<TImportReport> {
  const file = files[0];
  if (!file) throw badRequest(MSG.fileNotUploaded);
  const sheet = await marksSheet(db, user, id);
  const a = sheet.assessment;
  const read = await readWorkbook(file.buffer, { maxRows: MAX_ROWS + 10, maxCells: (MAX_ROWS + 11) * 80, preferredSheet: 'Marks' });
  if (!read.ok) {
    if (read.reason === 'notWorkbook') throw unable(['Upload an Excel file (.xlsx) made from the marks template']);
    throw unable([read.message]);
  }
  const header = read.headers.map(norm);
  const rollCol = header.indexOf('rollno');
  if (rollCol < 0) throw unable(['Missing column: Roll No']);
  const qCols = a.questions.map((q) => header.indexOf(norm(q.label)));
  const totalCol = isExternal(a.kind) ? header.indexOf('total') : -1;
  const missing = a.questions.filter((_, i) => qCols[i] < 0).map((q) => `Missing column: ${questionHeader(q)}`);
  if (missing.length && totalCol < 0) throw unable(missing);
  const byRoll = new Map(sheet.students.map((s) => [s.rollNo.toUpperCase(), s.studentId]));
  const rejected: TImportReport['rejected'] = [];
  const rows: Array<{ studentId: number; marks?: Array<number | null>; total?: number }> = [];
  const seen = new Set<number>();
  read.rows.forEach((raw, i) => {
    const row = i + 2;
    const cells = raw ? (JSON.parse(raw) as Array<string | number | null>) : [];
    const roll = String(cells[rollCol] ?? '').trim().toUpperCase();
    if (!roll && cells.every((c) => c === null || String(c).trim() === '')) return;
    const errors: string[] = [];
    const studentId = byRoll.get(roll);
    if (!studentId) errors.push(`${roll || 'A blank roll number'} is not a student of ${a.sectionLabel}`);
    else if (seen.has(studentId)) errors.push(`${roll} appears twice`);
    const value = (c: unknown, what: string, max: number): number | null => {
      const t = String(c ?? '').trim();
      if (t === '' || t.toUpperCase() === 'AB') return null;
      const n = Number(t);
      if (!Number.isFinite(n) || n < 0) errors.push(`${what}: "${t}" is not a number of marks`);
      else if (n > max + 1e-9) errors.push(`${what}: ${n} is more than the maximum of ${max}`);
      else return n;
      return null;
    };
    const marks = a.questions.map((q, k) => (qCols[k] >= 0 ? value(cells[qCols[k]], q.label, q.maxMarks) : null));
    const paperMax = a.questions.reduce((s, q) => s + q.maxMarks, 0);
    const total = totalCol >= 0 ? value(cells[totalCol], 'Total', paperMax) : null;
    if (errors.length || !studentId) {
      rejected.push({ row, errors });
      return;
    }
    seen.add(studentId);
    if (marks.every((m) => m === null) && total !== null) rows.push({ studentId, total });
    else rows.push({ studentId, marks });
  });
  if (!rows.length && !rejected.length) throw unable(['The Marks sheet has no student rows']);
  if (!dryRun && rows.length) await saveMarks(db, user, id, { rows });
  const verb = dryRun ? 'can be imported' : 'imported';
  return {
    message: `${rows.length} student row(s) ${verb}${rejected.length ? `, ${rejected.length} rejected` : ''}`,
    saved: dryRun ? 0 : rows.length,
    valid: rows.length,
    dryRun,
    rejected,
  };
}
