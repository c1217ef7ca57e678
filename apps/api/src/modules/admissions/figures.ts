import {
  ADMISSION_CATEGORIES,
  ADMISSION_QUOTAS,
  OTHER_QUOTA,
  qualityYearLabel,
  type TAdmissionIntakes,
  type TAdmissionIntakesSave,
  type TAnalyticsAdmissions,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { academicYearOf } from '../masters/index.js';
import * as repo from './figures.repo.js';

/**
 * The admissions office's figures: who was admitted in an academic year (May to April, by the
 * date of admission), under which quota (the admission's Seat Type) and caste category, against
 * each branch's sanctioned intake; and the online applications received. The applications list's
 * quota and year filters use the same rules, so a figure and the list behind it agree.
 */

/** The office's today (India) and the academic year it falls in. */
export const thisAcademicYear = () => academicYearOf(new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10));
/** The dates of admission an academic year holds: 1 May to 30 April. */
export const admittedIn = (year: number) => ({ from: `${year}-05-01`, to: `${year + 1}-04-30` });

const norm = (v: unknown) =>
  typeof v === 'string'
    ? v
        .trim()
        .toUpperCase()
        .replace(/[\s_]+/g, '-')
    : '';
const QUOTA_BY_KEY = new Map<string, string>([
  ...ADMISSION_QUOTAS.map((q) => [norm(q), q] as [string, string]),
  ['CONVENOR', 'Convener'],
  ['CONV', 'Convener'],
  ['MGMT', 'Management'],
]);
const CATEGORY_BY_KEY = new Map<string, string>(
  ADMISSION_CATEGORIES.flatMap((c) => [[norm(c), c] as [string, string], [norm(c).replace('-', ''), c] as [string, string]]),
);

const parsed = (json: string): Record<string, unknown> => {
  try {
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
};
/** The quota an admission was made under: one of ADMISSION_QUOTAS, or Other. */
export const quotaOf = (dataJson: string) => QUOTA_BY_KEY.get(norm(parsed(dataJson).seatType)) ?? OTHER_QUOTA;
/** The admission's caste category: one of ADMISSION_CATEGORIES, or Other. */
export const categoryOf = (dataJson: string) => CATEGORY_BY_KEY.get(norm(parsed(dataJson).category)) ?? OTHER_QUOTA;

const key = (course: string, branch: string) => `${course}|${branch}`;

/** The sanctioned intake of each branch in a year, as entered. */
export async function intakes(db: Database, collegeId: number, year = thisAcademicYear()): Promise<TAdmissionIntakes> {
  const rows = await repo.intakesOf(db, collegeId, [year]);
  return { year, intakes: rows.map((r) => ({ course: r.course, branch: r.branch, intake: Number(r.intake) })) };
}

/** Replaces a year's sanctioned intakes with the list given (a branch left out has none); audited. */
export async function saveIntakes(
  db: Database,
  collegeId: number,
  actor: { id: number; username: string } | null,
  body: TAdmissionIntakesSave,
): Promise<TAdmissionIntakes> {
  const before = await intakes(db, collegeId, body.year);
  await db.transaction().execute(async (trx) => {
    await repo.saveIntakes(trx, collegeId, body.year, body.intakes, nowIso());
    await audit(trx, {
      collegeId,
      actor,
      action: 'admission_intake.save',
      entity: 'admission_intake',
      entityId: body.year,
      before: before.intakes,
      after: body.intakes,
    });
  });
  return intakes(db, collegeId, body.year);
}

/** Applications, admitted by quota, category and branch, against the sanctioned intake; last year beside. */
export async function admissionFigures(
  db: Database,
  collegeId: number,
  year = thisAcademicYear(),
): Promise<TAnalyticsAdmissions> {
  const last = year - 1;
  const instant = (y: number) => `${y}-05-01T00:00:00.000Z`;
  const [now, before, apps, lastApps, seats] = await Promise.all([
    repo.admittedBetween(db, collegeId, admittedIn(year).from, admittedIn(year).to),
    repo.admittedBetween(db, collegeId, admittedIn(last).from, admittedIn(last).to),
    repo.applicationsBetween(db, collegeId, instant(year), instant(year + 1)),
    repo.applicationsBetween(db, collegeId, instant(last), instant(year)),
    repo.intakesOf(db, collegeId, [year, last]),
  ]);
  type Branch = TAnalyticsAdmissions['byBranch'][number];
  const branches = new Map<string, Branch>();
  const branch = (course: string, name: string) => {
    let b = branches.get(key(course, name));
    if (!b) {
      b = {
        course,
        branch: name,
        intake: null,
        applications: 0,
        admitted: 0,
        open: null,
        lastYearIntake: null,
        lastYearAdmitted: 0,
        byQuota: {},
      };
      branches.set(key(course, name), b);
    }
    return b;
  };
  for (const s of seats) {
    if (s.year === year) branch(s.course, s.branch).intake = Number(s.intake);
    else branch(s.course, s.branch).lastYearIntake = Number(s.intake);
  }
  for (const a of apps) branch(a.course, a.branch).applications += Number(a.n);
  const quotas = new Map<string, { admitted: number; lastYearAdmitted: number }>(
    ADMISSION_QUOTAS.map((q) => [q, { admitted: 0, lastYearAdmitted: 0 }]),
  );
  const categories = new Map<string, { admitted: number; lastYearAdmitted: number }>(
    ADMISSION_CATEGORIES.map((c) => [c, { admitted: 0, lastYearAdmitted: 0 }]),
  );
  const tally = (m: typeof quotas, name: string, field: 'admitted' | 'lastYearAdmitted') => {
    let f = m.get(name);
    if (!f) m.set(name, (f = { admitted: 0, lastYearAdmitted: 0 }));
    f[field]++;
  };
  for (const a of now) {
    const b = branch(a.course, a.branch);
    const q = quotaOf(a.data_json);
    b.admitted++;
    b.byQuota[q] = (b.byQuota[q] ?? 0) + 1;
    tally(quotas, q, 'admitted');
    tally(categories, categoryOf(a.data_json), 'admitted');
  }
  for (const a of before) {
    branch(a.course, a.branch).lastYearAdmitted++;
    tally(quotas, quotaOf(a.data_json), 'lastYearAdmitted');
    tally(categories, categoryOf(a.data_json), 'lastYearAdmitted');
  }
  const byBranch = [...branches.values()]
    .map((b) => ({ ...b, open: b.intake === null ? null : Math.max(0, b.intake - b.admitted) }))
    .sort((a, b) => a.course.localeCompare(b.course) || a.branch.localeCompare(b.branch));
  const withIntake = byBranch.filter((b) => b.intake !== null);
  const sum = (f: (b: Branch) => number) => byBranch.reduce((s, b) => s + f(b), 0);
  return {
    year: { year, label: qualityYearLabel(year) },
    lastYear: { year: last, label: qualityYearLabel(last) },
    totals: {
      applications: sum((b) => b.applications),
      admitted: sum((b) => b.admitted),
      intake: withIntake.length ? withIntake.reduce((s, b) => s + b.intake!, 0) : null,
      open: withIntake.length ? withIntake.reduce((s, b) => s + b.open!, 0) : null,
      lastYearApplications: lastApps.reduce((s, a) => s + Number(a.n), 0),
      lastYearAdmitted: before.length,
    },
    byQuota: [...quotas].map(([name, f]) => ({ name, ...f })),
    byCategory: [...categories].map(([name, f]) => ({ name, ...f })),
    byBranch,
  };
}
