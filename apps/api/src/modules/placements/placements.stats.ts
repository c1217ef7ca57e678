import type ExcelJS from 'exceljs';
import { newWorkbook } from '../../lib/libraries.js';
import { displayDate, placementStatusLabel, type TPlacementStats } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';
import { studentStandings } from '../results/index.js';
import * as repo from './placements.repo.js';

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
}

/**
 * Per branch of a batch: students, eligible (no active backlogs), placed (students holding an
 * offer), placement % of the eligible, highest/median/average CTC over each placed student's best
 * offer, and students gone to higher studies: the figures of NIRF's graduation outcome and NAAC 5.2.
 */
export async function stats(db: Database, collegeId: number, batch: string): Promise<TPlacementStats> {
  const students = await repo.studentsOfBatch(db, collegeId, batch);
  const [standings, offers, higher] = await Promise.all([
    studentStandings(
      db,
      collegeId,
      students.map((s) => s.roll_no),
    ),
    repo.offerRows(db, collegeId, { batch }),
    repo.higherStudiesOfBatch(db, collegeId, batch),
  ]);
  const bestCtc = new Map<number, number>();
  for (const o of offers) bestCtc.set(o.student_id, Math.max(bestCtc.get(o.student_id) ?? 0, Math.round(o.ctc_paise / 100)));
  const line = (branch: string, group: typeof students) => {
    const ids = new Set(group.map((s) => s.id));
    const ctcs = [...bestCtc.entries()].filter(([id]) => ids.has(id)).map(([, c]) => c);
    const eligible = group.filter((s) => (standings.get(s.roll_no)?.activeBacklogs ?? 0) === 0).length;
    return {
      branch,
      students: group.length,
      eligible,
      placed: ctcs.length,
      placementPercent: eligible ? Math.round((ctcs.length / eligible) * 10000) / 100 : 0,
      offers: offers.filter((o) => ids.has(o.student_id)).length,
      highestCtcRupees: ctcs.length ? Math.max(...ctcs) : null,
      medianCtcRupees: median(ctcs),
      averageCtcRupees: ctcs.length ? Math.round(ctcs.reduce((a, b) => a + b, 0) / ctcs.length) : null,
      higherStudies: higher.filter((h) => ids.has(h.student_id)).length,
    };
  };
  const branches = [...new Set(students.map((s) => s.branch))].sort();
  return {
    batch,
    branches: branches.map((b) =>
      line(
        b,
        students.filter((s) => s.branch === b),
      ),
    ),
    total: line('All', students),
  };
}

const sheetBuffer = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

function header(ws: ExcelJS.Worksheet, columns: Array<{ header: string; key: string; width: number }>) {
  ws.columns = columns;
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

export async function applicantsWorkbook(db: Database, collegeId: number, driveId: number) {
  const drive = await repo.driveById(db, collegeId, driveId);
  if (!drive) throw notFound('Drive not found');
  const [apps, results, rounds] = await Promise.all([
    repo.applicationsOfDrive(db, collegeId, driveId),
    repo.roundResults(db, collegeId, driveId),
    repo.rounds(db, collegeId, driveId),
  ]);
  const standings = await studentStandings(
    db,
    collegeId,
    apps.map((a) => a.roll_no),
  );
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Applicants');
  header(ws, [
    { header: 'Roll No', key: 'roll', width: 14 },
    { header: 'Name', key: 'name', width: 26 },
    { header: 'Branch', key: 'branch', width: 8 },
    { header: 'CGPA', key: 'cgpa', width: 8 },
    { header: 'Active backlogs', key: 'backlogs', width: 10 },
    ...rounds.map((r) => ({ header: `${r.seq}. ${r.name}`, key: `r${r.id}`, width: 16 })),
    { header: 'Status', key: 'status', width: 12 },
    { header: 'Offer CTC (₹)', key: 'ctc', width: 14 },
  ]);
  for (const a of apps) {
    const s = standings.get(a.roll_no);
    const row: Record<string, unknown> = {
      roll: a.roll_no,
      name: a.full_name,
      branch: a.branch,
      cgpa: s?.cgpa ?? 0,
      backlogs: s?.activeBacklogs ?? 0,
      status: placementStatusLabel(a.status),
      ctc: a.offer_ctc == null ? '' : Math.round(Number(a.offer_ctc) / 100),
    };
    for (const r of results.filter((x) => x.application_id === a.id)) row[`r${r.round_id}`] = r.result;
    ws.addRow(row);
  }
  ws.getColumn('ctc').numFmt = '##,##,##0';
  const name = `${drive.company}-${drive.drive_date}-applicants.xlsx`.replace(/[^\w.-]+/g, '_');
  return { data: await sheetBuffer(wb), name };
}

export async function registerWorkbook(db: Database, collegeId: number, batch?: string) {
  const offers = await repo.offerRows(db, collegeId, { batch });
  const wb = await newWorkbook();
  const ws = wb.addWorksheet('Placement register');
  header(ws, [
    { header: 'S.No', key: 'n', width: 6 },
    { header: 'Roll No', key: 'roll', width: 14 },
    { header: 'Name', key: 'name', width: 26 },
    { header: 'Batch', key: 'batch', width: 11 },
    { header: 'Branch', key: 'branch', width: 8 },
    { header: 'Company', key: 'company', width: 26 },
    { header: 'Role', key: 'role', width: 26 },
    { header: 'Location', key: 'location', width: 14 },
    { header: 'Drive date', key: 'date', width: 12 },
    { header: 'CTC (₹ p.a.)', key: 'ctc', width: 14 },
    { header: 'Dream offer', key: 'dream', width: 8 },
    { header: 'Joining date', key: 'joining', width: 12 },
  ]);
  offers.forEach((o, i) =>
    ws.addRow({
      n: i + 1,
      roll: o.roll_no,
      name: o.full_name,
      batch: o.batch,
      branch: o.branch,
      company: o.company,
      role: o.roles,
      location: o.location,
      date: displayDate(o.drive_date),
      ctc: Math.round(o.ctc_paise / 100),
      dream: o.slot === 2 ? 'Yes' : 'No',
      joining: o.joining_date ? displayDate(o.joining_date) : '',
    }),
  );
  ws.getColumn('ctc').numFmt = '##,##,##0';
  return { data: await sheetBuffer(wb), name: `placement-register${batch ? `-${batch}` : ''}.xlsx` };
}

/**
 * The statistics of every batch leaving in an academic year (2026 = 2026-27: the batches ending
 * 2027), the same `stats` the placement cell's Statistics tab shows for each batch.
 */
export async function statsOfYear(db: Database, collegeId: number, year: number): Promise<TPlacementStats[]> {
  const batches = await repo.batchesLeavingIn(db, collegeId, year + 1);
  return Promise.all(batches.map((b) => stats(db, collegeId, b)));
}
