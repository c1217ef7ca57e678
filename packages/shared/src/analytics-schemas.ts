import { z } from 'zod';
import { LEADERSHIP_ROLES, ROLES, type Role } from './roles.js';
import { dateRange, ZIsoDate } from './common-schemas.js';
import { ZAcademicYearParam } from './academic-year.js';
import { ZPlacementStats } from './placement-schemas.js';
export { ANALYTICS_PATHS } from './module-paths.js';

/**
 * Leadership's analytics: the principal, chairman, correspondent, dean and director (and the
 * college admin). Students, parents, faculty and the offices' clerks are refused.
 */
export const ANALYTICS_ROLES: Role[] = [...LEADERSHIP_ROLES, ROLES.ADMIN];

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

/** `?year=`: an academic year by its first year (this one when absent). */
export const ZAnalyticsYear = z.object({ year: ZAcademicYearParam.optional() });
export type TAnalyticsYear = z.input<typeof ZAnalyticsYear>;

const year = z.object({ year: z.number().int(), label: z.string() });
const percent = z.number().nullable();

/** Admitted by quota or category this year and last. */
export const ZAdmittedFigure = z.object({ name: z.string(), admitted: count, lastYearAdmitted: count });
/** A branch's seats: sanctioned intake (null until the office enters it), applications, admitted, open. */
export const ZBranchSeats = z.object({
  course: z.string(),
  branch: z.string(),
  intake: count.nullable(),
  applications: count,
  admitted: count,
  /** intake − admitted, never below 0; null when no intake is entered */
  open: count.nullable(),
  lastYearIntake: count.nullable(),
  lastYearAdmitted: count,
  byQuota: z.record(z.string(), count),
});

/** `GET /api/analytics/admissions`: applications against admissions, by quota, category and branch; the admissions office's figures. */
export const ZAnalyticsAdmissions = z.object({
  year,
  lastYear: year,
  totals: z.object({
    applications: count,
    admitted: count,
    intake: count.nullable(),
    open: count.nullable(),
    lastYearApplications: count,
    lastYearAdmitted: count,
  }),
  byQuota: z.array(ZAdmittedFigure),
  byCategory: z.array(ZAdmittedFigure),
  byBranch: z.array(ZBranchSeats),
});
export type TAnalyticsAdmissions = z.infer<typeof ZAnalyticsAdmissions>;

/** Students who sat a year's regular examinations and passed every course, in one group. */
export const ZPassFigure = z.object({ year: z.number().int(), appeared: count, passed: count, passPercent: percent });
export const ZBranchSemesterPass = ZPassFigure.extend({ branch: z.string(), semester: z.string() });
export const ZSubjectPass = ZPassFigure.extend({ courseCode: z.string(), course: z.string() });
export const ZBacklogFigure = z.object({ branch: z.string(), batch: z.string(), students: count, courses: count });
export const ZTopper = z.object({
  branch: z.string(),
  rank: z.number().int(),
  rollNo: z.string(),
  name: z.string(),
  batch: z.string(),
  title: z.string(),
  sgpa: z.number(),
  cgpa: z.number(),
});

/** `GET /api/analytics/results`: pass % over the years, backlogs, toppers; the exam cell's published results. */
export const ZAnalyticsResults = z.object({
  year,
  /** the years shown, oldest first (this one and up to four before) */
  years: z.array(z.number().int()),
  byBranchSemester: z.array(ZBranchSemesterPass),
  bySubject: z.array(ZSubjectPass),
  backlogs: z.object({ students: count, courses: count, byBranch: z.array(ZBacklogFigure) }),
  toppers: z.array(ZTopper),
  /** the year's published titles (the public results pages) */
  titles: z.array(z.string()),
});
export type TAnalyticsResults = z.infer<typeof ZAnalyticsResults>;

export const ZWeekAttendance = z.object({
  department: z.string(),
  /** ISO week, e.g. 2026-W47 */
  week: z.string(),
  /** Monday of the week */
  from: z.string(),
  classes: count,
  /** student-classes held and attended */
  held: count,
  attended: count,
  percent,
});
export const ZBelowThreshold = z.object({
  rollNo: z.string(),
  name: z.string(),
  sectionLabel: z.string(),
  percent: z.number(),
  standing: z.string(),
});
export const ZUnsubmittedByFaculty = z.object({
  facultyId: z.number().int(),
  faculty: z.string(),
  department: z.string(),
  classes: count,
  /** the missing sheets: date, period, section */
  missing: z.array(
    z.object({
      date: z.string(),
      period: z.number().int(),
      sectionId: z.number().int(),
      section: z.string(),
      subject: z.string(),
    }),
  ),
});

/** `GET /api/analytics/attendance`: attendance by department and week, the shortage list's count, sheets never submitted. */
export const ZAnalyticsAttendance = z.object({
  period,
  byDepartmentWeek: z.array(ZWeekAttendance),
  below: z.object({ shortBelow: z.number(), students: count, rows: z.array(ZBelowThreshold) }),
  unsubmitted: z.object({ classes: count, byFaculty: z.array(ZUnsubmittedByFaculty) }),
});
export type TAnalyticsAttendance = z.infer<typeof ZAnalyticsAttendance>;

/**
 * `GET /api/analytics/placements`: the placement cell's own statistics (`stats`) for each batch
 * leaving in the academic year (2026 = 2026-27: the batches ending 2027), last year's beside.
 */
export const ZAnalyticsPlacements = z.object({
  year,
  lastYear: year,
  batches: z.array(ZPlacementStats),
  lastYearBatches: z.array(ZPlacementStats),
});
export type TAnalyticsPlacements = z.infer<typeof ZAnalyticsPlacements>;

export const ZFacultyWorkload = z.object({
  facultyId: z.number().int(),
  name: z.string(),
  department: z.string(),
  /** classes a week on the timetable */
  periodsPerWeek: count,
  /** leave days taken (approved) this academic year, the leave office's balances */
  leaveDaysTaken: z.number(),
});
export const ZHostelOccupancy = z.object({
  id: z.number().int(),
  name: z.string(),
  beds: count,
  occupied: count,
  reserved: count,
  free: count,
});
export const ZRouteOccupancy = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  seats: count.nullable(),
  passes: count,
});

/** `GET /api/analytics/offices`: the offices' own counts, each from its module. */
export const ZAnalyticsOffices = z.object({
  date: z.string(),
  academicYear: z.string(),
  workload: z.array(ZFacultyWorkload),
  hostels: z.array(ZHostelOccupancy),
  transport: z.array(ZRouteOccupancy),
  /** open grievances and those past their decision deadline (the grievances report's own counts) */
  grievances: z.object({ open: count, overdue: count }),
  /** issues this calendar month and loans overdue now (the library's report and desk counts) */
  library: z.object({ month: z.string(), issuedThisMonth: count, onLoan: count, overdue: count }),
});
export type TAnalyticsOffices = z.infer<typeof ZAnalyticsOffices>;

/** The Monday PDF of the week's figures: each leadership user opts in (off until they do). */
export const ZWeeklySummarySetting = z.object({ enabled: z.boolean({ message: 'Say whether to send the weekly summary' }) });
export type TWeeklySummarySetting = z.infer<typeof ZWeeklySummarySetting>;
