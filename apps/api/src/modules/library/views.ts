import type { TFine, THold, TLoan, TRule } from '@erp/shared';
import * as circulationRepo from './circulation.repo.js';
import * as finesRepo from './fines.repo.js';
import * as holdsRepo from './holds.repo.js';
import * as patronsRepo from './patrons.repo.js';
import type { Db } from '../../db/index.js';
import { overrideAllowances, todayIso } from './patrons.js';
import { fineFor, overdueWorkingDays, ruleFor, withAllowances } from './rules.js';

/** Shapes rows for the API; an open overdue loan shows its fine as accruing. */
export async function loanViews(db: Db, collegeId: number, rows: circulationRepo.LoanRow[], names?: Map<string, string>): Promise<TLoan[]> {
  const today = todayIso();
  const nameOf =
    names ??
    (await patronsRepo.patronNames(
      db,
      collegeId,
      rows.map((r) => r.patron_code),
    ));
  const rules = new Map<string, TRule>();
  // A patron's override of renewals counts in what is left.
  const overrides = new Map(
    (
      await patronsRepo.overridesOf(
        db,
        collegeId,
        rows.map((r) => r.patron_code),
      )
    ).map((o) => [o.patron_code, overrideAllowances(o)]),
  );
  const out: TLoan[] = [];
  for (const r of rows) {
    const key = `${r.category}|${r.item_type}`;
    let base = rules.get(key);
    if (!base) rules.set(key, (base = await ruleFor(db, collegeId, r.category, r.item_type)));
    const rule = withAllowances(base, overrides.get(r.patron_code) ?? {}, r.item_type);
    const end = r.returned_on ?? today;
    const overdueDays = await overdueWorkingDays(db, collegeId, r.due_on, end);
    out.push({
      id: r.id,
      copyId: r.copy_id,
      accessionNo: r.accession_no,
      titleId: r.title_id,
      title: r.title,
      patron: r.patron_code,
      patronName: nameOf.get(r.patron_code) ?? '',
      issuedOn: r.issued_on,
      dueOn: r.due_on,
      returnedOn: r.returned_on,
      renewals: r.renewals,
      renewalsLeft: Math.max(0, rule.renewals - r.renewals),
      status: r.status === 'open' && today > r.due_on ? 'overdue' : r.status,
      overdueDays,
      fine: r.status === 'open' ? fineFor(rule, overdueDays, r.price) : 0,
    });
  }
  return out;
}

export async function holdViews(db: Db, collegeId: number, rows: holdsRepo.HoldRow[]): Promise<THold[]> {
  const names = await patronsRepo.patronNames(
    db,
    collegeId,
    rows.map((r) => r.patron_code),
  );
  const out: THold[] = [];
  for (const h of rows) {
    out.push({
      id: h.id,
      titleId: h.title_id,
      title: h.title,
      patron: h.patron_code,
      patronName: names.get(h.patron_code) ?? '',
      status: h.status,
      position: h.status === 'waiting' ? await holdsRepo.queuePosition(db, collegeId, h.title_id, h.placed_at, h.id) : 0,
      placedAt: h.placed_at,
      accessionNo: h.status === 'ready' ? h.accession_no : null,
      readyOn: h.ready_on,
      expiresOn: h.expires_on,
    });
  }
  return out;
}

export function fineView(f: finesRepo.FineRow, name = ''): TFine {
  return {
    id: f.id,
    patron: f.patron_code,
    patronName: name,
    loanId: f.loan_id,
    title: f.title ?? '',
    accessionNo: f.accession_no ?? '',
    kind: f.kind,
    amount: f.amount,
    overdueDays: f.overdue_days,
    status: f.status,
    paidAmount: f.paid_amount,
    waivedAmount: f.waived_amount,
    outstanding: ['unpaid', 'part_paid'].includes(f.status) ? Math.max(0, f.amount - f.paid_amount - f.waived_amount) : 0,
    receiptNo: f.receipt_no,
    paidAt: f.paid_at,
    waiveReason: f.waive_reason,
    createdAt: f.created_at,
  };
}

/** "₹1,234.50" for messages. */
export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
