import { PassThrough } from 'node:stream';
import { newStreamingWorkbook } from '../../lib/libraries.js';
import type ExcelJS from 'exceljs';
import type { Database } from '../../db/index.js';
import { NAAC_FRAMEWORK } from './naac.framework.js';
import { yearsOf, yearsWithEvidence } from './naac.service.js';

const bold = { bold: true } as const;
const italic = { italic: true } as const;
/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (s: string) => s.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

/**
 * NAAC's data-template layout: a summary, then one sheet per metric with the year-wise template
 * table (Year | each input | value) followed by the evidence lists DVV asks for, year by year
 * (each year's rows of an input listed once, on the first sheet that uses it). Written with
 * exceljs' streaming writer: five years of a large college's rows stay quick.
 */
export async function naacWorkbook(db: Database, collegeId: number, rawYears?: string) {
  const years = yearsOf(rawYears);
  const data = await yearsWithEvidence(db, collegeId, years);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = await newStreamingWorkbook({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'College ERP (IQAC)';
  const row = (ws: ExcelJS.Worksheet, values: unknown[], font?: Partial<ExcelJS.Font>) => {
    const r = ws.addRow(values);
    if (font) r.font = font;
    r.commit();
  };

  const summary = wb.addWorksheet('Summary');
  summary.columns = ['Metric', 'Title', 'Formula', ...data.map((d) => d.label), 'Warnings'].map((_, i) => ({
    width: i === 1 ? 48 : i === 2 ? 42 : 14,
  }));
  row(summary, [NAAC_FRAMEWORK], bold);
  row(summary, []);
  row(summary, ['Metric', 'Title', 'Formula', ...data.map((d) => d.label), 'Warnings'], bold);
  for (const [i, m] of data[0].metrics.entries()) {
    const warnings = data.flatMap((d) => d.metrics[i].warnings);
    row(summary, [
      m.def.id,
      m.def.title,
      m.def.formula,
      ...data.map((d) => d.metrics[i].value ?? ''),
      [...new Set(warnings)].join('\n'),
    ]);
  }
  summary.commit();

  const listed = new Map<string, string>();
  for (const [i, first] of data[0].metrics.entries()) {
    const ws = wb.addWorksheet(sheetName(first.def.id));
    ws.columns = Array.from({ length: 10 }, () => ({ width: 22 }));
    row(ws, [`${first.def.id} ${first.def.title}`], bold);
    row(ws, [`Formula: ${first.def.formula}${first.def.unit ? ` (${first.def.unit})` : ''}`]);
    row(ws, []);
    row(ws, ['Year', ...first.inputs.map((e) => e.label), first.def.title], bold);
    for (const d of data) row(ws, [d.label, ...d.metrics[i].inputs.map((e) => e.value ?? ''), d.metrics[i].value ?? '']);
    for (const d of data) {
      const m = d.metrics[i];
      for (const e of m.inputs) {
        row(ws, []);
        const head = `${d.label}: ${e.label} (${e.source === 'iqac' ? 'entered by IQAC' : 'from the portal'}) = ${e.value ?? 'not entered'}`;
        const where = listed.get(`${d.year}|${e.key}`);
        if (where) {
          row(ws, [`${head}: rows listed on sheet ${where}`], italic);
          continue;
        }
        listed.set(`${d.year}|${e.key}`, ws.name);
        row(ws, [head], bold);
        if (e.columns.length) row(ws, ['S.No', ...e.columns], italic);
        e.rows.forEach((r, n) => row(ws, [n + 1, ...r]));
      }
      if (m.warnings.length) row(ws, [`Warnings ${d.label}: ${m.warnings.join('; ')}`], { color: { argb: 'FFB00020' } });
    }
    ws.commit();
  }
  await wb.commit();
  await done;
  return { data: Buffer.concat(chunks), name: `naac-${years[0]}-${years[years.length - 1] + 1}.xlsx` };
}
