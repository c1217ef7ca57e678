import {
  DEFAULT_PATRON_CATEGORIES,
  OVERRIDE_ALLOWANCE_LABELS,
  OVERRIDE_ALLOWANCES,
  OVERRIDE_MSG,
  type TAllowances,
  type TPatronOverride,
  type TPatronOverrideDetail,
  type TRule,
  type ZPatronOverrideInput,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { search as auditSearch } from '../audit/index.js';
import * as patronsRepo from './patrons.repo.js';
import * as rulesRepo from './rules.repo.js';
import { categoryName, overrideActive, requirePatron, todayIso, type Patron } from './patrons.js';
import { patronRule, ruleFor } from './rules.js';

/**
 * The incharge's per-patron overrides: another category (a PG scholar borrowing as faculty),
 * specific allowances (more items, a longer loan), another borrowing end date; each with a
 * reason and optionally a day the override ends. Every change and removal is an audit row, and
 * the audit rows are the override's history.
 */

const ENTITY = 'library_patron';
const dmy = (iso: string) => iso.split('-').reverse().join('-');

const allowancesOf = (r: TRule): TAllowances => ({
  maxLoans: r.maxLoans,
  loanDays: r.loanDays,
  renewals: r.renewals,
  holdLimit: r.holdLimit,
  graceDays: r.graceDays,
  finePerPeriod: r.finePerPeriod,
  finePeriodDays: r.finePeriodDays,
  fineCap: r.fineCap,
  blockFineTotal: r.blockFineTotal,
});

async function knownCategories(db: Database, collegeId: number) {
  const rows = await rulesRepo.categories(db, collegeId);
  const list = rows.length ? rows.map((c) => ({ code: c.code, name: c.name })) : [...DEFAULT_PATRON_CATEGORIES];
  for (const c of DEFAULT_PATRON_CATEGORIES) if (!list.some((x) => x.code === c.code)) list.push(c);
  return list;
}

/** What the override screen shows: category and allowances (the rule's and the patron's), the override and its history. */
export async function overrideDetail(db: Database, collegeId: number, raw: string): Promise<TPatronOverrideDetail> {
  const p = await requirePatron(db, collegeId, raw);
  const o = p.override;
  const [base, effective, categories, log] = await Promise.all([
    ruleFor(db, collegeId, p.category, '*'),
    patronRule(db, collegeId, p, '*'),
    knownCategories(db, collegeId),
    auditSearch(db, collegeId, { entity: ENTITY, entityId: p.code, page: 1, pageSize: 100 }),
  ]);
  const overridden = [
    ...(overrideActive(o ?? undefined) && o?.category ? ['category'] : []),
    ...(overrideActive(o ?? undefined) && o?.expires_on ? ['expiresOn'] : []),
    ...Object.keys(p.allowances),
  ];
  return {
    patron: { code: p.code, name: p.name, kind: p.kind, detail: p.detail },
    defaultCategory: p.defaultCategory,
    defaultExpiresOn: p.defaultExpiresOn,
    category: p.category,
    categoryName: await categoryName(db, collegeId, p.category),
    expiresOn: p.expiresOn,
    ruleAllowances: allowancesOf(base),
    allowances: allowancesOf(effective),
    overridden,
    override: o
      ? {
          category: o.category,
          expiresOn: o.expires_on,
          maxLoans: o.max_loans,
          loanDays: o.loan_days,
          renewals: o.renewals,
          holdLimit: o.hold_limit,
          endsOn: o.ends_on,
          reason: o.reason,
          updatedAt: o.updated_at,
          lapsed: !overrideActive(o),
        }
      : null,
    categories,
    history: log.items
      .filter((e) => e.action.startsWith('library.patron.override'))
      .map((e) => ({
        id: e.id,
        at: e.at,
        username: e.username,
        action: e.action,
        reason: String((e.after as { reason?: string } | null)?.reason ?? ''),
        before: e.before,
        after: e.after,
      })),
  };
}

const snapshot = (p: Patron) => ({
  category: p.category,
  expiresOn: p.expiresOn,
  ...p.allowances,
  ...(p.override && { reason: p.override.reason, endsOn: p.override.ends_on }),
});

async function summary(db: Database, collegeId: number, p: Patron, lead: string): Promise<TPatronOverride> {
  const parts = OVERRIDE_ALLOWANCES.filter((k) => p.allowances[k] !== undefined).map(
    (k) => `${OVERRIDE_ALLOWANCE_LABELS[k].toLowerCase()} ${p.allowances[k]}`,
  );
  const ends =
    p.override && overrideActive(p.override) && p.override.ends_on ? ` (override ends ${dmy(p.override.ends_on)})` : '';
  return {
    patron: p.code,
    name: p.name,
    category: p.category,
    expiresOn: p.expiresOn,
    message: `${p.name} ${lead} ${await categoryName(db, collegeId, p.category)}${p.expiresOn ? ` until ${dmy(p.expiresOn)}` : ''}${
      parts.length ? `; ${parts.join(', ')}` : ''
    }${ends}`,
  };
}

/** Sets (replaces) a patron's override, in one transaction with its audit row. */
export async function overridePatron(
  db: Database,
  user: RequestUser,
  raw: string,
  input: z.output<typeof ZPatronOverrideInput>,
): Promise<TPatronOverride> {
  const collegeId = user.collegeId;
  const before = await requirePatron(db, collegeId, raw);
  let category = input.category || null;
  if (category) {
    const known = await knownCategories(db, collegeId);
    if (!known.some((c) => c.code === category)) throw badRequest(`No patron category ${category}`);
    if (category === before.defaultCategory) category = null;
  }
  const allowances = OVERRIDE_ALLOWANCES.filter((k) => input[k] !== null);
  if (!category && !input.expiresOn && allowances.length === 0) {
    throw badRequest(input.category ? OVERRIDE_MSG.sameCategory : OVERRIDE_MSG.nothing);
  }
  if (input.endsOn && input.endsOn < todayIso()) throw badRequest(OVERRIDE_MSG.endsPast);
  const values: patronsRepo.OverrideValues = {
    category,
    expires_on: input.expiresOn,
    max_loans: input.maxLoans,
    loan_days: input.loanDays,
    renewals: input.renewals,
    hold_limit: input.holdLimit,
    ends_on: input.endsOn,
    reason: input.reason,
    updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    await patronsRepo.saveOverride(trx, collegeId, before.code, values);
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      action: 'library.patron.override',
      entity: ENTITY,
      entityId: before.code,
      before: snapshot(before),
      after: { ...input, category },
    });
  });
  return summary(db, collegeId, await requirePatron(db, collegeId, before.code), 'borrows as');
}

/** Removes a patron's override (active or lapsed): the category's rule applies again. */
export async function removeOverride(db: Database, user: RequestUser, raw: string, reason: string): Promise<TPatronOverride> {
  const collegeId = user.collegeId;
  const before = await requirePatron(db, collegeId, raw);
  if (!before.override) throw notFound(OVERRIDE_MSG.noOverride);
  await db.transaction().execute(async (trx) => {
    if (!(await patronsRepo.deleteOverride(trx, collegeId, before.code))) throw notFound(OVERRIDE_MSG.noOverride);
    await audit(trx, {
      collegeId,
      actor: { id: user.id, username: user.username },
      action: 'library.patron.override.remove',
      entity: ENTITY,
      entityId: before.code,
      before: snapshot(before),
      after: { reason },
    });
  });
  return summary(db, collegeId, await requirePatron(db, collegeId, before.code), 'is back on the allowances of');
}
