import type ExcelJS from 'exceljs';
import { newPdf, newWorkbook } from '../../lib/libraries.js';
import type { TProgramAttainment, TSubjectAttainment } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { drawVerification, issueDocument } from '../../lib/documents.js';
import { pdfBuffer } from '../../lib/pdf.js';
import type { RequestCollege } from '../../plugins/types.js';

const fmt = (n: number | null | undefined, digits = 2) => (n === null || n === undefined ? '–' : n.toFixed(digits));
const signed = (n: number | null) => (n === null ? '–' : `${n > 0 ? '+' : ''}${n.toFixed(2)}`);

type Cell = string | number;
interface Column {
  header: string;
  width: number;
  align?: 'left' | 'center' | 'right';
}

/** A ruled table at the left margin; a new page (headers repeated) when the next row would not fit. */
function table(doc: PDFKit.PDFDocument, columns: Column[], rows: Cell[][], opts: { fontSize?: number; shade?: (row: number, col: number) => string | null } = {}) {
  const size = opts.fontSize ?? 8;
  const x0 = doc.page.margins.left;
  const pad = 3;
  const heightOf = (cells: Cell[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    return Math.max(...cells.map((c, i) => doc.heightOfString(String(c), { width: columns[i].width - pad * 2 }))) + pad * 2;
  };
  const draw = (cells: Cell[], bold: boolean, rowIndex: number) => {
    const h = heightOf(cells, bold);
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold) draw(columns.map((c) => c.header), true, -1);
    }
    const y = doc.y;
    let x = x0;
    cells.forEach((c, i) => {
      const w = columns[i].width;
      const fill = bold ? '#dbe6f7' : opts.shade?.(rowIndex, i) ?? null;
      if (fill) doc.rect(x, y, w, h).fill(fill);
      doc.rect(x, y, w, h).lineWidth(0.5).stroke('#7a869a');
      doc
        .fillColor('#000000')
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(size)
        .text(String(c), x + pad, y + pad, { width: w - pad * 2, align: columns[i].align ?? (i === 0 ? 'left' : 'center') });
      x += w;
    });
    doc.x = x0;
    doc.y = y + h;
  };
  draw(columns.map((c) => c.header), true, -1);
  rows.forEach((r, i) => draw(r, false, i));
  doc.moveDown(0.8);
}

function heading(doc: PDFKit.PDFDocument, college: RequestCollege, title: string, lines: string[]) {
  doc.font('Helvetica-Bold').fontSize(15).text(college.name, { align: 'center' });
  doc.font('Helvetica').fontSize(10).text('Internal Quality Assurance Cell · Outcome Based Education', { align: 'center' });
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(13).text(title, { align: 'center' });
  doc.moveDown(0.4).font('Helvetica').fontSize(9);
  for (const l of lines) doc.text(l, { align: 'center' });
  doc.moveDown(0.6);
}

/** Which students the sheet counts: one section, or every section assessed (named). */
const sectionText = (a: TSubjectAttainment) =>
  a.section
    ? `Section ${a.section.label}`
    : `All sections${a.sections.length ? ` (${a.sections.map((s) => s.label).join(', ')})` : ''}`;

const gapShade = (gap: number | null) => (gap === null ? null : gap < 0 ? '#fde2e1' : '#e3f4e5');

async function finish(doc: PDFKit.PDFDocument, db: Database, college: RequestCollege, baseUrl: string, title: string, holder: string, fields: Array<{ label: string; value: string }>) {
  const v = await issueDocument(db, { collegeId: college.id, kind: 'obe-attainment', title, holder, fields }, baseUrl);
  if (doc.y + 110 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  drawVerification(doc, v, doc.page.margins.left, doc.y + 5);
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text('IQAC Coordinator', doc.page.width - doc.page.margins.right - 160, doc.y + 70, { width: 160, align: 'center' });
}

/** NBA's course attainment sheet: CO levels, direct and indirect, final, the PO/PSO row, target and gap. */
export async function subjectPdf(db: Database, college: RequestCollege, a: TSubjectAttainment, baseUrl: string): Promise<Buffer> {
  const doc = await newPdf({ size: 'A4', layout: 'landscape', margin: 36, compress: false, info: { Title: `Course attainment ${a.subject.code} ${a.academicYear}` } });
  const done = pdfBuffer(doc);
  const s = a.settings;
  heading(doc, college, 'COURSE ATTAINMENT SHEET', [
    `${a.subject.code} · ${a.subject.name} · ${a.subject.branchName ?? ''} · ${a.subject.regulationCode} · ${a.subject.semesterName ?? ''} · Academic year ${a.academicYear}`,
    `${sectionText(a)} · ${a.students} students`,
    `Target ${s.targetPct}% of a CO's marks; levels 3/2/1 at ${s.level3}/${s.level2}/${s.level1}% of students; internal ${s.internalWeight}% + external ${s.externalWeight}%; direct ${s.directWeight}% + indirect ${s.indirectWeight}% (survey mean x 3/5); target level ${s.targetLevel}`,
  ]);
  const part = (p: TSubjectAttainment['cos'][number]['internal']) => (p ? `${fmt(p.pct, 1)}% (${p.attained}/${p.students}) · L${p.level}` : '–');
  table(
    doc,
    [
      { header: 'CO', width: 36 },
      { header: 'Course outcome', width: 206, align: 'left' },
      { header: 'Internal: students >= target · level', width: 100 },
      { header: 'External: students >= target · level', width: 100 },
      { header: 'Direct', width: 46 },
      { header: 'Survey mean (1-5)', width: 56 },
      { header: 'Indirect', width: 48 },
      { header: 'Final', width: 46 },
      { header: 'Target', width: 44 },
      { header: 'Gap', width: 44 },
    ],
    a.cos.map((c) => [c.code, c.statement, part(c.internal), part(c.external), fmt(c.direct), c.surveyMean === null ? '–' : `${fmt(c.surveyMean)} (${c.surveyResponses})`, fmt(c.indirect), fmt(c.final), fmt(c.target), signed(c.gap)]),
    { shade: (r, col) => (col === 9 ? gapShade(a.cos[r].gap) : null) },
  );
  const outs = a.outcomes;
  const w = Math.min(40, Math.floor((doc.page.width - 72 - 60) / Math.max(outs.length, 1)));
  doc.font('Helvetica-Bold').fontSize(10).text('CO-PO/PSO mapping (strength 1-3) and attainment');
  doc.moveDown(0.3);
  const cell = (co: string, o: string) => a.mapping.find((m) => m.co === co && m.outcome === o)?.strength ?? '';
  table(
    doc,
    [{ header: 'CO', width: 60 }, ...outs.map((o) => ({ header: o.code, width: w }))],
    [
      ...a.cos.map((c) => [c.code, ...outs.map((o) => cell(c.code, o.code))]),
      ['Attained', ...outs.map((o) => fmt(o.value))],
      ['Target', ...outs.map((o) => fmt(o.target))],
      ['Gap', ...outs.map((o) => signed(o.gap))],
    ],
    { shade: (r, col) => (r === a.cos.length + 2 && col > 0 ? gapShade(outs[col - 1].gap) : null) },
  );
  const title = `Course attainment ${a.subject.code} ${a.academicYear}${a.section ? ` ${a.section.label}` : ''}`;
  await finish(doc, db, college, baseUrl, title, `${a.subject.code} ${a.subject.name}`, [
    { label: 'Subject', value: `${a.subject.code} ${a.subject.name}` },
    { label: 'Academic year', value: a.academicYear },
    { label: 'Students of', value: sectionText(a) },
    ...a.cos.map((c) => ({ label: c.code, value: fmt(c.final) })),
  ]);
  doc.end();
  return done;
}

/** The program's PO/PSO attainment for a batch: target vs attained with the gap, and each subject's share. */
export async function programPdf(db: Database, college: RequestCollege, p: TProgramAttainment, baseUrl: string): Promise<Buffer> {
  const doc = await newPdf({ size: 'A4', layout: 'landscape', margin: 36, compress: false, info: { Title: `Program attainment ${p.branch} ${p.batch}` } });
  const done = pdfBuffer(doc);
  heading(doc, college, 'PROGRAM OUTCOME ATTAINMENT', [
    `Branch ${p.branch} · Batch ${p.batch} · Regulation ${p.regulationCode} · ${p.subjects.length} subjects`,
    'PO/PSO attainment = sum(CO attainment x mapping strength) / sum(strength) over every course of the batch',
  ]);
  table(
    doc,
    [
      { header: 'Outcome', width: 70 },
      { header: 'Target', width: 70 },
      { header: 'Attained', width: 70 },
      { header: 'Gap', width: 70 },
      { header: 'Sum of strengths', width: 70 },
      { header: 'Sum of CO x strength', width: 90 },
    ],
    p.outcomes.map((o) => [o.code, fmt(o.target), fmt(o.value), signed(o.gap), o.strengthSum, fmt(o.weightedSum)]),
    { shade: (r, col) => (col === 3 ? gapShade(p.outcomes[r].gap) : null) },
  );
  const outs = p.outcomes;
  const w = Math.min(38, Math.floor((doc.page.width - 72 - 190) / Math.max(outs.length, 1)));
  doc.font('Helvetica-Bold').fontSize(10).text('Course-wise attainment of each outcome');
  doc.moveDown(0.3);
  table(
    doc,
    [{ header: 'Course', width: 190, align: 'left' }, ...outs.map((o) => ({ header: o.code, width: w }))],
    p.subjects.map((s) => [`${s.code} ${s.name}${s.academicYear ? ` (${s.academicYear})` : ''}`, ...s.outcomes.map((o) => (o.value === null ? '' : fmt(o.value)))]),
    { fontSize: 7 },
  );
  await finish(doc, db, college, baseUrl, `Program attainment ${p.branch} ${p.batch}`, `${p.branch} ${p.batch}`, [
    { label: 'Program', value: `${p.branch} ${p.batch}` },
    ...p.outcomes.map((o) => ({ label: o.code, value: fmt(o.value) })),
  ]);
  doc.end();
  return done;
}

function styleHeader(ws: ExcelJS.Worksheet) {
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDBE6F7' } };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

export async function subjectWorkbook(a: TSubjectAttainment): Promise<Buffer> {
  const wb = await newWorkbook();
  wb.creator = 'College ERP portal';
  const ws = wb.addWorksheet('Course attainment');
  ws.columns = [
    { header: 'CO', key: 'co', width: 6 },
    { header: 'Course outcome', key: 'statement', width: 50 },
    { header: 'Internal % students', key: 'ip', width: 12 },
    { header: 'Internal level', key: 'il', width: 10 },
    { header: 'External % students', key: 'ep', width: 12 },
    { header: 'External level', key: 'el', width: 10 },
    { header: 'Direct', key: 'direct', width: 8 },
    { header: 'Survey mean', key: 'mean', width: 10 },
    { header: 'Survey responses', key: 'n', width: 10 },
    { header: 'Indirect', key: 'indirect', width: 8 },
    { header: 'Final', key: 'final', width: 8 },
    { header: 'Target', key: 'target', width: 8 },
    { header: 'Gap', key: 'gap', width: 8 },
  ];
  styleHeader(ws);
  for (const c of a.cos)
    ws.addRow({
      co: c.code,
      statement: c.statement,
      ip: c.internal?.pct ?? null,
      il: c.internal?.level ?? null,
      ep: c.external?.pct ?? null,
      el: c.external?.level ?? null,
      direct: c.direct,
      mean: c.surveyMean,
      n: c.surveyResponses,
      indirect: c.indirect,
      final: c.final,
      target: c.target,
      gap: c.gap,
    });
  const map = wb.addWorksheet('CO-PO mapping');
  map.columns = [{ header: 'CO', key: 'co', width: 10 }, ...a.outcomes.map((o) => ({ header: o.code, key: o.code, width: 7 }))];
  styleHeader(map);
  for (const c of a.cos)
    map.addRow({ co: c.code, ...Object.fromEntries(a.mapping.filter((m) => m.co === c.code).map((m) => [m.outcome, m.strength])) });
  map.addRow({ co: 'Attained', ...Object.fromEntries(a.outcomes.map((o) => [o.code, o.value])) });
  map.addRow({ co: 'Target', ...Object.fromEntries(a.outcomes.map((o) => [o.code, o.target])) });
  map.addRow({ co: 'Gap', ...Object.fromEntries(a.outcomes.map((o) => [o.code, o.gap])) });
  const info = wb.addWorksheet('Settings');
  info.columns = [{ width: 30 }, { width: 20 }];
  const s = a.settings;
  [
    ['Subject', `${a.subject.code} ${a.subject.name}`],
    ['Academic year', a.academicYear],
    ['Section', sectionText(a)],
    ['Students', a.students],
    ['Target % of CO marks', s.targetPct],
    ['Level 3 / 2 / 1 (% students)', `${s.level3} / ${s.level2} / ${s.level1}`],
    ['Internal / external weight', `${s.internalWeight} / ${s.externalWeight}`],
    ['Direct / indirect weight', `${s.directWeight} / ${s.indirectWeight}`],
    ['Target level', s.targetLevel],
  ].forEach((r) => info.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function programWorkbook(p: TProgramAttainment): Promise<Buffer> {
  const wb = await newWorkbook();
  wb.creator = 'College ERP portal';
  const ws = wb.addWorksheet('Program attainment');
  ws.columns = [
    { header: 'Outcome', key: 'code', width: 10 },
    { header: 'Target', key: 'target', width: 8 },
    { header: 'Attained', key: 'value', width: 10 },
    { header: 'Gap', key: 'gap', width: 8 },
    { header: 'Sum of strengths', key: 'strengthSum', width: 10 },
    { header: 'Sum of CO x strength', key: 'weightedSum', width: 14 },
  ];
  styleHeader(ws);
  for (const o of p.outcomes) ws.addRow(o);
  const sub = wb.addWorksheet('Courses');
  sub.columns = [
    { header: 'Code', key: 'code', width: 10 },
    { header: 'Course', key: 'name', width: 36 },
    { header: 'Semester', key: 'sem', width: 9 },
    { header: 'Academic year', key: 'year', width: 12 },
    ...p.outcomes.map((o) => ({ header: o.code, key: o.code, width: 7 })),
  ];
  styleHeader(sub);
  for (const s of p.subjects)
    sub.addRow({ code: s.code, name: s.name, sem: s.semesterName, year: s.academicYear, ...Object.fromEntries(s.outcomes.map((o) => [o.code, o.value])) });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
