import type { TRule } from '@erp/shared';

/**
 * Column values a new row starts with, for the tables that the service, the demo seed and the
 * tests all insert into (one place, so a new workflow column is added once).
 */

/** A new grievance's workflow columns: nothing decided, escalated, appealed or revealed yet. */
export const GRIEVANCE_NOT_YET_DECIDED = {
  decision: '',
  decided_at: null,
  decided_by: null,
  escalated_at: null,
  appeal_status: null,
  appeal_reason: '',
  appealed_at: null,
  appeal_due_on: null,
  appeal_decision: '',
  appeal_decided_at: null,
  appeal_decided_by: null,
  identity_revealed_at: null,
  identity_revealed_by: null,
} as const;

/** A library loan rule (one category and item type) as the row the rules matrix stores. */
export const libraryRuleRow = (collegeId: number, r: TRule) => ({
  college_id: collegeId,
  category: r.category,
  item_type: r.itemType,
  max_loans: r.maxLoans,
  loan_days: r.loanDays,
  renewals: r.renewals,
  grace_days: r.graceDays,
  fine_per_period: r.finePerPeriod,
  fine_period_days: r.finePeriodDays,
  fine_cap: r.fineCap,
  fine_rounding: r.fineRounding,
  fine_cap_kind: r.fineCapKind,
  block_fine_total: r.blockFineTotal,
  hold_limit: r.holdLimit,
  hold_shelf_days: r.holdShelfDays,
  lost_processing_fee: r.lostProcessingFee,
});
