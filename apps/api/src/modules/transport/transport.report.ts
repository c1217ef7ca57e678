import { EXPENSE_CATEGORIES, EXPENSE_LABELS, type TExpenseCategory, type TMonthlyReport } from '@erp/shared';
import { newWorkbook } from '../../lib/libraries.js';
import type { Database } from '../../db/index.js';
import * as repo from './transport.repo.js';

const per = (amount: number, n: number) => (n > 0 ? Math.round(amount / n) : null);
const emptyLine = () => ({ fuel: 0, maintenance: 0, repair: 0, tax: 0, insurance: 0, salary: 0, other: 0, total: 0 });

/**
 * The month's cost per vehicle (by category, with km run from the fuel log, km per litre and
 * cost per km), per route (cost per km and per passenger carried) and for the college (cost per
 * student carried). Money in paise; a pass counts for a month when it was active on any day of it.
 */
export async function monthlyReport(db: Database, collegeId: number, month: string): Promise<TMonthlyReport> {
  const from = `${month}-01`;
  const to = `${month}-31`;
  const [vehicles, routes, sums, riders] = await Promise.all([
    repo.vehicles(db, collegeId),
    repo.routes(db, collegeId),
    repo.monthSums(db, collegeId, from, to),
    repo.passengersInRange(db, collegeId, from, to),
  ]);
  const vehicleRows = vehicles
    .map((v) => {
      const line = { ...emptyLine(), km: 0, litresMl: 0, anomalies: 0 };
      for (const s of sums.filter((x) => x.vehicle_id === v.id)) {
        const cat = (EXPENSE_CATEGORIES as readonly string[]).includes(s.category) ? (s.category as TExpenseCategory) : 'other';
        line[cat] += Number(s.amount);
        line.total += Number(s.amount);
        line.km += Number(s.km);
        line.litresMl += Number(s.litres_ml);
        line.anomalies += Number(s.anomalies);
      }
      return { v, line };
    })
    .filter(({ v, line }) => v.status === 'active' || line.total > 0)
    .map(({ v, line }) => {
      const { litresMl, ...rest } = line;
      return {
        vehicleId: v.id,
        regNo: v.reg_no,
        routeCode: v.route_code ?? null,
        ...rest,
        litres: litresMl / 1000,
        kmPerLitre: litresMl > 0 ? Math.round((line.km * 100_000) / litresMl) / 100 : null,
        costPerKm: per(line.total, line.km),
      };
    });

  const routeRows = routes.map((r) => {
    const v = vehicleRows.find((x) => x.vehicleId === r.vehicle_id);
    const mine = riders.filter((x) => x.route_id === r.id);
    const passengers = mine.reduce((s, x) => s + Number(x.n), 0);
    const students = mine.filter((x) => x.holder_type === 'student').reduce((s, x) => s + Number(x.n), 0);
    const cost = v?.total ?? 0;
    const km = v?.km ?? 0;
    return {
      routeId: r.id,
      code: r.code,
      name: r.name,
      regNo: r.reg_no ?? null,
      km,
      cost,
      passengers,
      students,
      costPerKm: per(cost, km),
      costPerPassenger: per(cost, passengers),
    };
  });

  const totals = { ...emptyLine(), km: 0, litres: 0 };
  for (const v of vehicleRows) {
    for (const c of [...EXPENSE_CATEGORIES, 'total'] as const) totals[c] += v[c];
    totals.km += v.km;
    totals.litres += v.litres;
  }
  const passengers = riders.reduce((s, x) => s + Number(x.n), 0);
  const students = riders.filter((x) => x.holder_type === 'student').reduce((s, x) => s + Number(x.n), 0);
  return {
    month,
    vehicles: vehicleRows,
    routes: routeRows,
    totals: {
      ...totals,
      litres: Math.round(totals.litres * 1000) / 1000,
      passengers,
      students,
      costPerKm: per(totals.total, totals.km),
      costPerPassenger: per(totals.total, passengers),
      costPerStudent: per(totals.total, students),
    },
  };
}

const rupees = (paise: number | null) => (paise === null ? null : paise / 100);
const MONEY = '[$₹-4009] #,##,##0.00';

/** The monthly report as an Excel workbook: vehicles, routes and the month's totals. */
export async function monthlyWorkbook(report: TMonthlyReport, collegeName: string): Promise<Buffer> {
  const wb = await newWorkbook();
  wb.creator = collegeName;
  const vs = wb.addWorksheet('Vehicles');
  vs.columns = [
    { header: 'Vehicle', key: 'regNo', width: 14 },
    { header: 'Route', key: 'routeCode', width: 8 },
    ...EXPENSE_CATEGORIES.map((c) => ({ header: `${EXPENSE_LABELS[c]} (₹)`, key: c, width: 14, style: { numFmt: MONEY } })),
    { header: 'Total (₹)', key: 'total', width: 15, style: { numFmt: MONEY } },
    { header: 'Km run', key: 'km', width: 9 },
    { header: 'Litres', key: 'litres', width: 9 },
    { header: 'Km per litre', key: 'kmPerLitre', width: 11 },
    { header: 'Cost per km (₹)', key: 'costPerKm', width: 14, style: { numFmt: MONEY } },
    { header: 'Flagged fills', key: 'anomalies', width: 12 },
  ];
  for (const v of report.vehicles)
    vs.addRow({
      ...v,
      ...Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, rupees(v[c])])),
      total: rupees(v.total),
      costPerKm: rupees(v.costPerKm),
    });
  const t = report.totals;
  vs.addRow({
    regNo: 'Total',
    ...Object.fromEntries(EXPENSE_CATEGORIES.map((c) => [c, rupees(t[c])])),
    total: rupees(t.total),
    km: t.km,
    litres: t.litres,
    costPerKm: rupees(t.costPerKm),
  }).font = { bold: true };
  vs.getRow(1).font = { bold: true };
  vs.views = [{ state: 'frozen', ySplit: 1 }];

  const rs = wb.addWorksheet('Routes');
  rs.columns = [
    { header: 'Route', key: 'code', width: 8 },
    { header: 'Name', key: 'name', width: 32 },
    { header: 'Vehicle', key: 'regNo', width: 14 },
    { header: 'Km run', key: 'km', width: 9 },
    { header: 'Cost (₹)', key: 'cost', width: 14, style: { numFmt: MONEY } },
    { header: 'Passengers', key: 'passengers', width: 11 },
    { header: 'Students', key: 'students', width: 10 },
    { header: 'Cost per km (₹)', key: 'costPerKm', width: 14, style: { numFmt: MONEY } },
    { header: 'Cost per passenger (₹)', key: 'costPerPassenger', width: 20, style: { numFmt: MONEY } },
  ];
  for (const r of report.routes)
    rs.addRow({ ...r, cost: rupees(r.cost), costPerKm: rupees(r.costPerKm), costPerPassenger: rupees(r.costPerPassenger) });
  rs.getRow(1).font = { bold: true };

  const ss = wb.addWorksheet('Summary');
  ss.columns = [
    { header: 'Figure', key: 'k', width: 28 },
    { header: 'Value', key: 'v', width: 18 },
  ];
  ss.addRows([
    { k: 'Month', v: report.month },
    { k: 'Total cost (₹)', v: rupees(t.total) },
    { k: 'Km run', v: t.km },
    { k: 'Cost per km (₹)', v: rupees(t.costPerKm) },
    { k: 'Passengers carried', v: t.passengers },
    { k: 'Students carried', v: t.students },
    { k: 'Cost per passenger (₹)', v: rupees(t.costPerPassenger) },
    { k: 'Cost per student (₹)', v: rupees(t.costPerStudent) },
  ]);
  ss.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
