import { accountsFy, DUE_AGES, type TAnalyticsFees } from '@erp/shared';
import type { Db } from '../../db/index.js';
import { collected } from './collection.js';
import * as repo from './figures.repo.js';
import { officeDate } from './ledger.receipts.js';
import * as reports from './reports.repo.js';

/**
 * The money leadership decides from, every figure read from the ledger by the accounts office's own
 * rules: collection is `collected()` (the dashboards' and the collections report's figure), what
 * students owe is their open lines (the dues list's), demand is the students' share after
 * concessions by the day it falls due.
 */

const dayShift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The same day a year before (29 February → 28 February). */
export const yearBefore = (iso: string) => {
  const y = `${Number(iso.slice(0, 4)) - 1}${iso.slice(4)}`;
  return y.endsWith('-02-29') ? `${y.slice(0, 8)}28` : y;
};
const monthsOf = (from: string, to: string) => {
  const out: string[] = [];
  for (let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7)); `${y}-${String(m).padStart(2, '0')}` <= to.slice(0, 7); m === 12 ? ((m = 1), y++) : m++)
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  return out;
};
const n = (v: unknown) => Number(v ?? 0);

/** The range asked for, or this financial year up to the office's today. */
export function moneyPeriod(q: { from?: string; to?: string }) {
  const today = officeDate();
  const to = q.to ?? today;
  const from = q.from ?? `${accountsFy(to).slice(0, 4)}-04-01`;
  return { from, to };
}

export async function moneyFigures(db: Db, collegeId: number, q: { from?: string; to?: string }): Promise<TAnalyticsFees> {
  const { from, to } = moneyPeriod(q);
  const last = { from: yearBefore(from), to: yearBefore(to) };
  const today = officeDate();
  const [demand, byMonth, lastByMonth, byHead, ages, branches, concessions, modes, vendors, total, lastTotal, due] = await Promise.all([
    repo.demandByMonthAndHead(db, collegeId, from, to),
    repo.collectedByMonth(db, collegeId, from, to),
    repo.collectedByMonth(db, collegeId, last.from, last.to),
    reports.collectionsByHead(db, collegeId, from, to),
    repo.duesByAge(db, collegeId, today, dayShift(today, -30), dayShift(today, -90), dayShift(today, -180)),
    repo.duesByBranch(db, collegeId),
    repo.concessionsGiven(db, collegeId, from, to),
    reports.collectionsByMode(db, collegeId, today, today),
    reports.expenditureByVendor(db, collegeId, from, to),
    collected(db, collegeId, from, to),
    collected(db, collegeId, last.from, last.to),
    reports.studentDueTotal(db, collegeId),
  ]);
  const collectedIn = new Map(byMonth.map((r) => [r.month, n(r.amount)]));
  const lastIn = new Map(lastByMonth.map((r) => [r.month, n(r.amount)]));
  const demandIn = new Map<string, number>();
  const heads = new Map<string, { head: string; headCode: string; order: number; demandPaise: number; collectedPaise: number }>();
  const head = (code: string, name: string, order: number) => {
    let h = heads.get(code);
    if (!h) heads.set(code, (h = { head: name, headCode: code, order, demandPaise: 0, collectedPaise: 0 }));
    return h;
  };
  for (const d of demand) {
    demandIn.set(d.month, (demandIn.get(d.month) ?? 0) + n(d.amount));
    head(d.code, d.name, d.sort_order).demandPaise += n(d.amount);
  }
  for (const c of byHead) head(c.code, c.name, c.sort_order).collectedPaise += n(c.amount);
  const ageOf = new Map(ages.map((a) => [a.age, a]));
  const concessionRows = concessions.map((c) => ({ category: c.category, name: c.name, amountPaise: n(c.amount), students: n(c.students) }));
  const vendorRows = vendors.map((v) => ({ vendor: v.name, amountPaise: n(v.amount) }));
  return {
    period: { from, to },
    lastYear: last,
    totals: {
      demandPaise: [...demandIn.values()].reduce((s, v) => s + v, 0),
      collectedPaise: total.amountPaise,
      lastYearCollectedPaise: lastTotal.amountPaise,
      duePaise: due,
      concessionsPaise: concessionRows.reduce((s, c) => s + c.amountPaise, 0),
      vendorPaymentsPaise: vendorRows.reduce((s, v) => s + v.amountPaise, 0),
    },
    byMonth: monthsOf(from, to).map((m) => ({
      month: m,
      demandPaise: demandIn.get(m) ?? 0,
      collectedPaise: collectedIn.get(m) ?? 0,
      lastYearCollectedPaise: lastIn.get(yearBefore(`${m}-01`).slice(0, 7)) ?? 0,
    })),
    byHead: [...heads.values()].sort((a, b) => a.order - b.order || a.head.localeCompare(b.head)).map(({ order: _o, ...h }) => h),
    duesByAge: DUE_AGES.map((age) => ({ age, duePaise: n(ageOf.get(age)?.due), students: n(ageOf.get(age)?.students) })),
    duesByBranch: branches.map((b) => ({ branch: b.branch, batch: b.batch, duePaise: n(b.due), students: n(b.students) })),
    concessions: concessionRows,
    today: { date: today, byMode: modes.map((m) => ({ mode: m.mode, amountPaise: n(m.amount), receipts: n(m.n) })) },
    vendorPayments: vendorRows,
  };
}

/** The overview's money: this financial year so far, the same stretch of last year, today, and what students owe. */
export async function moneyHeadlines(db: Db, collegeId: number) {
  const today = officeDate();
  const from = `${accountsFy(today).slice(0, 4)}-04-01`;
  const [year, lastYear, day, due] = await Promise.all([
    collected(db, collegeId, from, today),
    collected(db, collegeId, yearBefore(from), yearBefore(today)),
    collected(db, collegeId, today, today),
    reports.studentDueTotal(db, collegeId),
  ]);
  return { date: today, collectedThisYearPaise: year.amountPaise, collectedLastYearToDatePaise: lastYear.amountPaise, collectedTodayPaise: day.amountPaise, studentDuesPaise: due };
}
