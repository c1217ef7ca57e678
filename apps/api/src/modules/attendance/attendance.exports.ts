import { ATTENDANCE_MSG, type TShortage } from '@erp/shared';
import { newPdf, newWorkbook } from '../../lib/libraries.js';
import type { Database } from '../../db/index.js';
import { drawVerification, issueDocument } from '../../lib/documents.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { staffName } from '../../lib/people.js';
import { pdfBuffer } from '../../lib/pdf.js';
import * as masters from '../masters/index.js';
import type { Staff } from '../masters/index.js';
import * as repo from './attendance.repo.js';
import { shortage } from './attendance.service.js';

const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\, unique in the workbook. */
function sheetName(label: string, used: Set<string>) {
  const base = label.replace(/[[\]:*?/\\]/g, '-').slice(0, 31) || 'Section';
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base.slice(0, 27)} (${i})`;
  used.add(name.toLowerCase());
  return name;
}

/**
 * The monthly attendance register: one sheet per section (of the caller's scope, or the one asked
 * for), a row per student, a column per class held that month (date, period, subject) with P, A,
 * L, OD or M, and the month's totals.
 */
export async function monthlyRegister(
  db: Database,
  staff: Staff,
  q: { month: string; sectionId?: number },
): Promise<{ file: Buffer; name: string }> {
  const collegeId = staff.collegeId;
  const department = masters.departmentScope(staff);
  const sections = await repo.sectionsInScope(db, collegeId, { sectionId: q.sectionId, department });
  if (q.sectionId && sections.length === 0) {
    if (!(await masters.sectionInfo(db, collegeId, q.sectionId))) throw notFound('That section does not exist');
    throw forbidden(ATTENDANCE_MSG.notYourDepartment);
  }
  sections.sort((a, b) => a.label.localeCompare(b.label));
  const ids = sections.map((s) => s.id);
  const from = `${q.month}-01`;
  const to = `${q.month}-31`;
  const [sessions, students] = await Promise.all([
    repo.sessionsOfSectionsBetween(db, collegeId, ids, from, to),
    ids.length ? repo.studentsOfSections(db, collegeId, ids) : Promise.resolve([]),
  ]);
  const marks = new Map<string, string>();
  for (const m of await repo.marksOfSessionsChunked(
    db,
    sessions.map((s) => s.id),
  ))
    marks.set(`${m.session_id}:${m.student_id}`, m.status);

  const [y, mo] = q.month.split('-').map(Number);
  const title = `${MONTHS[mo - 1]} ${y}`;
  const wb = await newWorkbook();
  wb.creator = 'College ERP portal';
  const used = new Set<string>();
  if (sections.length === 0) wb.addWorksheet('No sections').addRow(['No sections in your scope']);
  for (const section of sections) {
    const ws = wb.addWorksheet(sheetName(section.label, used), { views: [{ state: 'frozen', xSplit: 2, ySplit: 3 }] });
    const held = sessions.filter((s) => s.section_id === section.id);
    const mine = students.filter((s) => s.section_id === section.id);
    ws.addRow([`Attendance register: ${section.label}, ${title}`]).font = { bold: true, size: 13 };
    ws.addRow(['', '', ...held.map((s) => s.subject_code)]).font = { italic: true };
    const header = ws.addRow([
      'Roll No',
      'Name',
      ...held.map((s) => `${s.date.slice(8, 10)}/${s.date.slice(5, 7)} P${s.period}`),
      'Held',
      'Absent',
      'Late',
      'On duty',
      'Medical',
      'Present %',
    ]);
    header.font = { bold: true };
    header.alignment = { textRotation: held.length > 12 ? 90 : 0, vertical: 'bottom' };
    ws.getColumn(1).width = 14;
    ws.getColumn(2).width = 26;
    for (let i = 3; i < 3 + held.length; i++) ws.getColumn(i).width = 5;
    for (const st of mine) {
      const counts: Record<string, number> = { A: 0, L: 0, OD: 0, M: 0 };
      const cells = held.map((s) => {
        const m = marks.get(`${s.id}:${st.id}`) ?? 'P';
        if (m !== 'P') counts[m] += 1;
        return m;
      });
      const missed = counts.A + counts.M;
      const row = ws.addRow([
        st.roll_no,
        st.full_name,
        ...cells,
        held.length,
        counts.A,
        counts.L,
        counts.OD,
        counts.M,
        held.length ? Math.round(((held.length - missed) * 10000) / held.length) / 100 : 100,
      ]);
      cells.forEach((m, i) => {
        if (m === 'A') row.getCell(3 + i).font = { color: { argb: 'FFC62828' }, bold: true };
      });
    }
    if (mine.length === 0) ws.addRow(['No students in this section']);
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), name: `attendance-register-${q.month}` };
}

const STANDING: Record<string, string> = { eligible: 'Eligible', condonable: 'Condonable', detained: 'Detained' };

/** The shortage list as a signed PDF: the table, the rule it applies and a verification QR. */
export async function shortagePdf(
  db: Database,
  staff: Staff,
  collegeName: string,
  q: { sectionId?: number; department?: string },
  baseUrl: string,
): Promise<{ pdf: Buffer; name: string }> {
  const list: TShortage = await shortage(db, staff, { ...q, all: 'false' });
  const today = new Date().toISOString().slice(0, 10);
  const counts = { condonable: 0, detained: 0 };
  for (const r of list.rows) if (r.standing in counts) counts[r.standing as keyof typeof counts] += 1;
  const issued = await issueDocument(
    db,
    {
      collegeId: staff.collegeId,
      kind: 'attendance-shortage',
      title: `Attendance shortage list: ${list.title}`,
      holder: list.title,
      fields: [
        { label: 'As on', value: dmy(today) },
        { label: 'Rule', value: `below ${list.shortBelow}% short; below ${list.detainBelow}% detained` },
        { label: 'Students listed', value: String(list.rows.length) },
        { label: 'Condonable', value: String(counts.condonable) },
        { label: 'Detained', value: String(counts.detained) },
        { label: 'Issued by', value: await staffName(db, staff.collegeId, staff.username) },
      ],
    },
    baseUrl,
  );
  const doc = await newPdf({ size: 'A4', margin: 40, compress: false, info: { Title: `Attendance shortage ${list.title}` } });
  const done = pdfBuffer(doc);
  doc.font('Helvetica-Bold').fontSize(15).text(collegeName, { align: 'center' });
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(13).text('ATTENDANCE SHORTAGE LIST', { align: 'center', underline: true });
  doc
    .moveDown(0.4)
    .font('Helvetica')
    .fontSize(10)
    .text(`${list.title} · as on ${dmy(today)}`, { align: 'center' });
  doc
    .moveDown(0.3)
    .fontSize(9)
    .fillColor('#444444')
    .text(
      `Below ${list.shortBelow}% is short of attendance; ${list.detainBelow}% to ${list.shortBelow}% may be condoned (medical leave counted); below ${list.detainBelow}% is detained and gets no hall ticket. ${list.rows.length} student(s): ${counts.condonable} condonable, ${counts.detained} detained.`,
      { align: 'center' },
    )
    .fillColor('#000000');
  doc.moveDown(0.8);
  const cols: Array<{ h: string; w: number; align?: 'right' | 'left' }> = [
    { h: '#', w: 22, align: 'right' },
    { h: 'Roll No', w: 74 },
    { h: 'Name', w: 125 },
    { h: 'Section', w: 96 },
    { h: 'Attended', w: 50, align: 'right' },
    { h: '%', w: 40, align: 'right' },
    { h: 'Needed', w: 40, align: 'right' },
    { h: 'Standing', w: 68 },
  ];
  const left = 40;
  const drawRow = (values: string[], bold: boolean, shade: boolean) => {
    const y = doc.y;
    if (shade)
      doc
        .rect(left, y - 2, 515, 14)
        .fill('#f1f4f9')
        .fillColor('#000000');
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    values.forEach((v, i) => {
      doc.text(v, x + 2, y, { width: cols[i].w - 4, align: cols[i].align ?? 'left', lineBreak: false, ellipsis: true });
      x += cols[i].w;
    });
    doc.y = y + 14;
  };
  drawRow(
    cols.map((c) => c.h),
    true,
    false,
  );
  doc
    .moveTo(left, doc.y - 2)
    .lineTo(left + 515, doc.y - 2)
    .stroke();
  list.rows.forEach((r, i) => {
    if (doc.y > 730) {
      doc.addPage();
      drawRow(
        cols.map((c) => c.h),
        true,
        false,
      );
    }
    drawRow(
      [
        String(i + 1),
        r.rollNo,
        r.name,
        r.sectionLabel,
        `${r.attended}/${r.held}`,
        r.percent.toFixed(2),
        String(r.needed),
        STANDING[r.standing] ?? r.standing,
      ],
      false,
      i % 2 === 1,
    );
  });
  if (list.rows.length === 0) doc.font('Helvetica').fontSize(10).text('No student is short of attendance.', left);
  if (doc.y > 680) doc.addPage();
  const y = Math.max(doc.y + 24, 680);
  drawVerification(doc, issued, left, y);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(staff.isHod && !staff.collegeWide ? 'Head of the Department' : 'Principal', 400, y + 60, {
      width: 150,
      align: 'center',
    });
  doc.end();
  const slug = list.title.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
  return { pdf: await done, name: `attendance-shortage-${slug}` };
}
