import {
  DEFAULT_PATRON_CATEGORIES,
  ITEM_TYPES,
  LIBRARY_DEFAULT_RULES as DEFAULT_RULES,
  type TOverrideAllowance,
  type TRule,
  type TRules,
  type TRulesInput,
} from '@erp/shared';
import { badRequest } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import { databaseId, type Database } from '../../db/index.js';
import { libraryRuleRow } from '../../db/row-defaults.js';
import { isWorkingDay, workingDaysBetween } from '../calendar/index.js';
import type { RequestUser } from '../../plugins/types.js';
import * as rulesRepo from './rules.repo.js';
import type { Db } from '../../db/index.js';

/**
 * Circulation rules as data, as in Koha's matrix: patron category × item type, '*' for any.
 * The most specific rule wins: (category, type), (category, *), (*, type), (*, *).
 */
type RuleRow = Awaited<ReturnType<typeof rulesRepo.rules>>[number];

const toDto = (r: RuleRow): TRule => ({
  category: r.category,
  itemType: r.item_type as TRule['itemType'],
  maxLoans: r.max_loans,
  loanDays: r.loan_days,
  renewals: r.renewals,
  graceDays: r.grace_days,
  finePerPeriod: r.fine_per_period,
  finePeriodDays: r.fine_period_days,
  fineCap: r.fine_cap,
  fineRounding: r.fine_rounding as TRule['fineRounding'],
  fineCapKind: r.fine_cap_kind as TRule['fineCapKind'],
  blockFineTotal: r.block_fine_total,
  holdLimit: r.hold_limit,
  holdShelfDays: r.hold_shelf_days,
  lostProcessingFee: r.lost_processing_fee,
});

/** A college without rules gets the defaults (and the four built-in categories) on first use. */
async function ensureDefaults(db: Db, collegeId: number) {
  await db
    .insertInto('library_categories')
    .values(DEFAULT_PATRON_CATEGORIES.map((c) => ({ college_id: collegeId, ...c })))
    .onConflict((oc) => oc.columns(['college_id', 'code']).doNothing())
    .execute();
  await db
    .insertInto('library_rules')
    .values(DEFAULT_RULES.map((r) => libraryRuleRow(collegeId, r)))
    .onConflict((oc) => oc.columns(['college_id', 'category', 'item_type']).doNothing())
    .execute();
}

export async function getRules(db: Db, collegeId: number): Promise<TRules> {
  let rows = await rulesRepo.rules(db, collegeId);
  if (rows.length === 0) {
    await ensureDefaults(db, collegeId);
    rows = await rulesRepo.rules(db, collegeId);
  }
  const cats = await rulesRepo.categories(db, collegeId);
  return { categories: cats.map((c) => ({ code: c.code, name: c.name })), rules: rows.map(toDto), itemTypes: [...ITEM_TYPES] };
}

/** Replaces the whole matrix in one transaction. A (*, *) rule must stay so every loan finds one. */
export async function saveRules(db: Db, user: RequestUser, input: TRulesInput, ip: string): Promise<TRules> {
  const collegeId = user.collegeId;
  const codes = new Set(input.categories.map((c) => c.code));
  if (codes.size !== input.categories.length) throw badRequest('Each category code may appear once');
  const keys = new Set<string>();
  for (const r of input.rules) {
    if (r.category !== '*' && !codes.has(r.category))
      throw badRequest(`Rule for unknown category ${r.category}: add the category first`);
    const key = `${r.category}|${r.itemType}`;
    if (keys.has(key)) throw badRequest(`Two rules for ${r.category} and ${r.itemType}: keep one`);
    keys.add(key);
  }
  if (!keys.has('*|*')) throw badRequest('Keep a default rule for every category and item type (* and *)');
  const before = await getRules(db, collegeId);
  ruleCache.clear();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('library_rules').where('college_id', '=', collegeId).execute();
    await trx.deleteFrom('library_categories').where('college_id', '=', collegeId).execute();
    await trx
      .insertInto('library_categories')
      .values(input.categories.map((c) => ({ college_id: collegeId, ...c })))
      .execute();
    await trx
      .insertInto('library_rules')
      .values(input.rules.map((r) => libraryRuleRow(collegeId, r)))
      .execute();
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      ip,
      action: 'library.rules.save',
      entity: 'library_rules',
      entityId: collegeId,
      before: { categories: before.categories, rules: before.rules },
      after: input,
    });
  });
  ruleCache.clear();
  return getRules(db, collegeId);
}

const specificity = (r: RuleRow, category: string, itemType: string) =>
  (r.category === category ? 2 : 0) + (r.item_type === itemType ? 1 : 0);

// Rules change a few times a year and every desk call asks for them: kept 10 s per process,
// dropped at once when this process saves them.
const RULE_TTL_MS = 10_000;
const ruleCache = new Map<string, { rule: TRule; at: number }>();

/** The rule for a patron category and item type: the most specific one. */
export async function ruleFor(db: Db, collegeId: number, category: string, itemType: string): Promise<TRule> {
  const key = `${databaseId(db as Database)}|${collegeId}|${category}|${itemType}`;
  const hit = ruleCache.get(key);
  if (hit && Date.now() - hit.at < RULE_TTL_MS) return hit.rule;
  const rule = await findRule(db, collegeId, category, itemType);
  if (ruleCache.size > 5000) ruleCache.clear();
  ruleCache.set(key, { rule, at: Date.now() });
  return rule;
}

async function findRule(db: Db, collegeId: number, category: string, itemType: string): Promise<TRule> {
  let rows = await rulesRepo.rulesFor(db, collegeId, category, itemType);
  if (rows.length === 0) {
    await ensureDefaults(db, collegeId);
    rows = await rulesRepo.rulesFor(db, collegeId, category, itemType);
  }
  const best = rows.sort((a, b) => specificity(b, category, itemType) - specificity(a, category, itemType))[0];
  return best ? toDto(best) : DEFAULT_RULES[0];
}

/**
 * The fine for a loan returned `overdueDays` working days after its effective due date, as Koha's
 * CalcFine: nothing within the grace days; then the charge periods the days make, whole periods
 * only ('whole', Koha's default chargeperiod_charge_at = 0: floor) or a part period as a whole one
 * ('part': ceil), times the fine; then the rule's cap, if any (an amount, or the copy's price; a
 * copy without a price is not capped by it).
 */
export function fineFor(r: TRule, overdueDays: number, price: number): number {
  if (overdueDays <= 0 || overdueDays <= r.graceDays || r.finePerPeriod === 0) return 0;
  const periods = overdueDays / r.finePeriodDays;
  const amount = (r.fineRounding === 'part' ? Math.ceil(periods) : Math.floor(periods)) * r.finePerPeriod;
  const cap = r.fineCapKind === 'amount' ? r.fineCap : r.fineCapKind === 'price' ? price : 0;
  return cap > 0 ? Math.min(amount, cap) : amount;
}

/**
 * Working days a loan is late on `end`, counted from its effective due date: a due date the
 * calendar closed after the loan was issued (a holiday declared later) moves to the next open day,
 * so a copy returned that day is on time. As Koha's Calendar->days_between: the days after the due
 * date to `end`, less the closed ones, the due date included.
 */
export async function overdueWorkingDays(db: Db, collegeId: number, dueOn: string, end: string): Promise<number> {
  if (end <= dueOn) return 0;
  const [late, dueOpen] = await Promise.all([
    workingDaysBetween(db as Database, collegeId, dueOn, end),
    isWorkingDay(db as Database, collegeId, dueOn),
  ]);
  return dueOpen ? late : Math.max(0, late - 1);
}

/**
 * A patron's rule: the category's rule with the allowances an override sets for that patron.
 * The item limit is the overall one (item type '*'); a narrower limit of one item type stays.
 */
export function withAllowances(rule: TRule, a: Partial<Record<TOverrideAllowance, number>>, itemType: string): TRule {
  return {
    ...rule,
    ...(a.maxLoans !== undefined && itemType === '*' && { maxLoans: a.maxLoans }),
    ...(a.loanDays !== undefined && { loanDays: a.loanDays }),
    ...(a.renewals !== undefined && { renewals: a.renewals }),
    ...(a.holdLimit !== undefined && { holdLimit: a.holdLimit }),
  };
}

/** The rule the desk applies to this patron for an item type ('*' for their overall limits). */
export async function patronRule(
  db: Db,
  collegeId: number,
  p: { category: string; allowances: Partial<Record<TOverrideAllowance, number>> },
  itemType: string,
): Promise<TRule> {
  return withAllowances(await ruleFor(db, collegeId, p.category, itemType), p.allowances, itemType);
}
