import { z } from 'zod';
import { ROLES, type Role } from './roles.js';
import { dateRange, ZIsoDate } from './common-schemas.js';
export { ANALYTICS_PATHS } from './module-paths.js';

/**
 * Leadership's analytics: the principal, chairman, correspondent, dean and director (and the
 * college admin). Students, parents, faculty and the offices' clerks are refused.
 */
export const ANALYTICS_ROLES: Role[] = [
  ROLES.PRINCIPAL,
  ROLES.CHAIRMAN,
  ROLES.CORRESPONDENCE,
  ROLES.DEAN,
  ROLES.DIRECTOR,
  ROLES.ADMINISTRATION,
  ROLES.ADMIN,
];

export const ANALYTICS_MSG = {
  rangeTooLong: 'Choose at most two years (731 days) at a time',
};

/** A date range; both ends optional (the current financial year to today when absent). */
export const ZAnalyticsRange = z
  .object({ from: ZIsoDate('from date').optional(), to: ZIsoDate('to date').optional() })
  .superRefine(dateRange({ from: 'from', to: 'to', maxDays: 731 }));
export type TAnalyticsRange = z.input<typeof ZAnalyticsRange>;

const paise = z.number().int();
const count = z.number().int().min(0);
const period = z.object({ from: z.string(), to: z.string() });

/** A month's demand raised and money collected, with the same month a year before. */
export const ZMonthFigure = z.object({
  month: z.string(),
  demandPaise: paise,
  collectedPaise: paise,
  lastYearCollectedPaise: paise,
});
export const ZHeadFigure = z.object({ head: z.string(), headCode: z.string(), demandPaise: paise, collectedPaise: paise });
export const DUE_AGES = ['not yet due', '0–30 days', '31–90 days', '91–180 days', 'over 180 days'] as const;
export const ZAgeFigure = z.object({ age: z.enum(DUE_AGES), duePaise: paise, students: count });
export const ZBranchDueFigure = z.object({ branch: z.string(), batch: z.string(), duePaise: paise, students: count });
export const ZConcessionFigure = z.object({ category: z.string(), name: z.string(), amountPaise: paise, students: count });
export const ZModeFigure = z.object({ mode: z.string(), amountPaise: paise, receipts: z.number().int() });

/** `GET /api/analytics/fees`: the money, every figure from the accounts ledger. */
export const ZAnalyticsFees = z.object({
  period,
  lastYear: period,
  totals: z.object({
    demandPaise: paise,
    collectedPaise: paise,
    lastYearCollectedPaise: paise,
    /** what students owe now, all years (the ledger's open student lines) */
    duePaise: paise,
    concessionsPaise: paise,
    vendorPaymentsPaise: paise,
  }),
  byMonth: z.array(ZMonthFigure),
  byHead: z.array(ZHeadFigure),
  duesByAge: z.array(ZAgeFigure),
  duesByBranch: z.array(ZBranchDueFigure),
  concessions: z.array(ZConcessionFigure),
  /** the office's today, by mode */
  today: z.object({ date: z.string(), byMode: z.array(ZModeFigure) }),
  vendorPayments: z.array(z.object({ vendor: z.string(), amountPaise: paise })),
});
export type TAnalyticsFees = z.infer<typeof ZAnalyticsFees>;

/** `GET /api/analytics/overview`: the headline figures, each from its owner, with last year's beside. */
export const ZAnalyticsOverview = z.object({
  date: z.string(),
  studentsOnRolls: count,
  facultyInService: count,
  collectedThisYearPaise: paise,
  collectedLastYearToDatePaise: paise,
  studentDuesPaise: paise,
  collectedTodayPaise: paise,
});
export type TAnalyticsOverview = z.infer<typeof ZAnalyticsOverview>;
