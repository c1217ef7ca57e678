import type { Database } from '../../db/index.js';
import { addDays } from '../../lib/clock.js';
import { moneyFigures } from '../accounts/index.js';
import { isoWeekOf } from './iso-week.js';
import { admissions } from './admissions.js';
import { attendanceFigures } from '../attendance/index.js';
import { overview } from './analytics.service.js';
import { results } from './results.js';

export interface WeeklyFigures {
  college: { id: number; name: string };
  /** the week reported: the seven days before `date` (Monday to Sunday when sent on a Monday) */
  week: string;
  from: string;
  to: string;
  overview: Awaited<ReturnType<typeof overview>>;
  money: { demandPaise: number; collectedPaise: number; lastYearCollectedPaise: number; duePaise: number };
  admissions: { year: string; applications: number; admitted: number; intake: number | null; open: number | null };
  attendance: { held: number; attended: number; percent: number | null; belowThreshold: number; unsubmittedClasses: number };
  results: { year: string; appeared: number; passed: number; passPercent: number | null; backlogStudents: number };
}

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : null);

/**
 * The week's headline figures, each from the call the Analytics page makes (overview, fees,
 * admissions, attendance, results), so the Monday PDF says what the page says.
 */
export async function weeklyFigures(db: Database, college: { id: number; name: string }, date: string): Promise<WeeklyFigures> {
  const from = addDays(date, -7);
  const to = addDays(date, -1);
  // The attendance office's figures are read college-wide, as the principal reads them.
  const collegeWide = {
    userId: 0,
    username: 'weekly-summary',
    roles: [],
    collegeId: college.id,
    facultyId: null,
    studentId: null,
    department: '',
    isHod: false,
    collegeWide: true,
  };
  const [head, money, adm, att, res] = await Promise.all([
    overview(db, college.id),
    moneyFigures(db, college.id, { from, to }),
    admissions(db, college.id),
    attendanceFigures(db, collegeWide, { from, to }),
    results(db, college.id),
  ]);
  const held = att.byDepartmentWeek.reduce((n, w) => n + w.held, 0);
  const attended = att.byDepartmentWeek.reduce((n, w) => n + w.attended, 0);
  const thisYear = res.byBranchSemester.filter((r) => r.year === res.year.year);
  const appeared = thisYear.reduce((n, r) => n + r.appeared, 0);
  const passed = thisYear.reduce((n, r) => n + r.passed, 0);
  return {
    college,
    week: isoWeekOf(from),
    from,
    to,
    overview: head,
    money: {
      demandPaise: money.totals.demandPaise,
      collectedPaise: money.totals.collectedPaise,
      lastYearCollectedPaise: money.totals.lastYearCollectedPaise,
      duePaise: money.totals.duePaise,
    },
    admissions: {
      year: adm.year.label,
      applications: adm.totals.applications,
      admitted: adm.totals.admitted,
      intake: adm.totals.intake,
      open: adm.totals.open,
    },
    attendance: {
      held,
      attended,
      percent: percent(attended, held),
      belowThreshold: att.below.students,
      unsubmittedClasses: att.unsubmitted.classes,
    },
    results: { year: res.year.label, appeared, passed, passPercent: percent(passed, appeared), backlogStudents: res.backlogs.students },
  };
}
