import type { Database } from '../../db/index.js';
import { newWorkbook } from '../../lib/libraries.js';
import { data } from './nirf.service.js';

const bold = { bold: true } as const;

/** NIRF's data-capture layout: one sheet per capture table, then the scores and the missing inputs. */
export async function nirfWorkbook(db: Database, collegeId: number, rawYear?: string) {
  const d = await data(db, collegeId, rawYear);
  const wb = await newWorkbook();
  wb.creator = 'College ERP (IQAC)';
  for (const t of d.tables) {
    const ws = wb.addWorksheet(t.id);
    ws.addRow([`NIRF ${d.category} ${d.label}: ${t.title}`]).font = bold;
    ws.addRow([]);
    ws.addRow(['S.No', ...t.columns]).font = bold;
    t.rows.forEach((r, i) => ws.addRow([i + 1, ...r.map((v) => v ?? 'not entered')]));
    ws.columns.forEach((c) => (c.width = 20));
  }
  const sc = wb.addWorksheet('scores');
  sc.addRow([`NIRF ${d.category} ${d.label}: parameter scores computable from the institution's data`]).font = bold;
  sc.addRow([]);
  sc.addRow([
    'Parameter',
    'Sub-parameter',
    'Title',
    'Formula and inputs',
    'Marks',
    'Score',
    'Inputs',
    'Missing',
    'Year by year',
  ]).font = bold;
  for (const s of d.scores)
    sc.addRow([
      s.parameter,
      s.id,
      s.title,
      s.workings,
      s.weight,
      s.score ?? '',
      s.inputs.map((i) => `${i.label} = ${i.value ?? 'missing'}`).join('\n'),
      s.missing.join('\n'),
      s.perYear.map((y) => `${y.label}: ${y.inputs.map((i) => `${i.label} = ${i.value ?? 'missing'}`).join('; ')}`).join('\n'),
    ]);
  sc.addRow([]);
  sc.addRow(['Heads and weights']).font = bold;
  for (const h of d.heads)
    sc.addRow([
      h.id,
      h.weight,
      h.title,
      h.parameters.map((p) => `${p.id} ${p.marks}${p.scored ? '' : ` (${p.note})`}`).join(' + '),
    ]);
  sc.addRow([]);
  sc.addRow(['Missing inputs, by year']).font = bold;
  for (const y of d.missingByYear) for (const m of y.missing) sc.addRow([y.label, m]);
  sc.columns.forEach((c, i) => (c.width = i === 3 ? 50 : i >= 6 ? 40 : 16));
  return { data: Buffer.from(await wb.xlsx.writeBuffer()), name: `nirf-${d.label}.xlsx` };
}
