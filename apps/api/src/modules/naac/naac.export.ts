import ExcelJS from 'exceljs';
import type { Database } from '../../db/index.js';
import { NAAC_FRAMEWORK } from './naac.framework.js';
import { yearsOf, yearsWithEvidence } from './naac.service.js';

const bold = { bold: true } as const;
/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (s: string) => s.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

/**
 * NAAC's data-template layout: a summary, then one sheet per metric with the year-wise template
 * table (Year | each input | value) followed by the evidence lists DVV asks for, year by year.
 */
export async function naacWorkbook(db: Database, collegeId: number, rawYears?: string) {
  const years = yearsOf(rawYears);
  const data = await yearsWithEvidence(db, collegeId, years);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'College ERP (IQAC)';

  const summary = wb.addWorksheet('Summary');
  summary.addRow([NAAC_FRAMEWORK]).font = bold;
  summary.addRow([]);
  summary.addRow(['Metric', 'Title', 'Formula', ...data.map((d) => d.label), 'Warnings']).font = bold;
  for (const [i, m] of data[0].metrics.entries()) {
    const warnings = data.flatMap((d) => d.metrics[i].warnings);
    summary.addRow([
      m.def.id,
      m.def.title,
      m.def.formula,
      ...data.map((d) => d.metrics[i].value ?? ''),
      [...new Set(warnings)].join('\n'),
    ]);
  }
  summary.columns.forEach((c, i) => (c.width = i === 1 ? 48 : i === 2 ? 42 : 14));

  const listed = new Map<string, string>();
  for (const [i, first] of data[0].metrics.entries()) {
    const ws = wb.addWorksheet(sheetName(first.def.id));
    ws.addRow([`${first.def.id} ${first.def.title}`]).font = bold;
    ws.addRow([`Formula: ${first.def.formula}${first.def.unit ? ` (${first.def.unit})` : ''}`]);
    ws.addRow([]);
    const inputLabels = first.inputs.map((e) => e.label);
    ws.addRow(['Year', ...inputLabels, first.def.title]).font = bold;
    for (const d of data) ws.addRow([d.label, ...d.metrics[i].inputs.map((e) => e.value ?? ''), d.metrics[i].value ?? '']);
    for (const d of data) {
      const m = d.metrics[i];
      for (const e of m.inputs) {
        ws.addRow([]);
        const head = `${d.label}: ${e.label} (${e.source === 'iqac' ? 'entered by IQAC' : 'from the portal'}) = ${e.value ?? 'not entered'}`;
        // Each year's rows of an input are listed once, on the first metric's sheet that uses it.
        const where = listed.get(`${d.year}|${e.key}`);
        if (where) {
          ws.addRow([`${head}: rows listed on sheet ${where}`]).font = { italic: true };
          continue;
        }
        listed.set(`${d.year}|${e.key}`, ws.name);
        ws.addRow([head]).font = bold;
        if (e.columns.length) ws.addRow(['S.No', ...e.columns]).font = { italic: true };
        ws.addRows(e.rows.map((r, n) => [n + 1, ...r]));
      }
      if (m.warnings.length) ws.addRow([`Warnings ${d.label}: ${m.warnings.join('; ')}`]).font = { color: { argb: 'FFB00020' } };
    }
    ws.columns.forEach((c) => (c.width = 22));
  }
  const data_ = Buffer.from(await wb.xlsx.writeBuffer());
  return { data: data_, name: `naac-${years[0]}-${years[years.length - 1] + 1}.xlsx` };
}
