import { displayDate, formatWholeRupees } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { owingStudents } from '../accounts/index.js';
import { studentStandings, type Standing } from '../results/index.js';
import { attendanceProvider } from './placements.attendance.js';
import * as repo from './placements.repo.js';

export interface PlacementPolicy {
  noShowBarDrives: number;
  offerPolicy: 'one' | 'dream';
  dreamCtcPaise: number;
}

export interface DriveRules {
  id: number;
  batch: string;
  branches: string[];
  minCgpa: number;
  maxBacklogs: number | null;
  gender: string;
  noFeeDues: boolean;
  minAttendance: number | null;
  /** percent; 0 for none */
  minTenthPct: number;
  minTwelfthPct: number;
  /** null for no limit */
  maxGapYears: number | null;
  ctcPaise: number;
}

export interface StudentFacts {
  batch: string;
  branch: string;
  gender: string;
  standing: Standing;
  /** the school record; null when not recorded */
  tenthPct: number | null;
  twelfthPct: number | null;
  gapYears: number | null;
  feeDue: boolean;
  /** undefined when no attendance provider exists */
  attendance: number | undefined;
  /** the skipped drive that bars this one, if any */
  barredBy: { company: string; date: string } | null;
  /** CTCs of the offers the student holds from other drives */
  offers: number[];
}

/** Why a student may not apply to a drive; an empty list means eligible. */
export function ineligibility(drive: DriveRules, s: StudentFacts, policy: PlacementPolicy): string[] {
  const reasons: string[] = [];
  if (s.batch !== drive.batch) reasons.push(`Batch ${s.batch}; the drive is for ${drive.batch}`);
  if (!drive.branches.includes(s.branch)) reasons.push(`Branch ${s.branch} is not among ${drive.branches.join(', ')}`);
  if (drive.gender && s.gender !== drive.gender)
    reasons.push(`The company restricts this drive to ${drive.gender === 'FEMALE' ? 'women' : 'men'}`);
  if (drive.minCgpa > 0 && s.standing.cgpa < drive.minCgpa)
    reasons.push(`CGPA ${s.standing.cgpa.toFixed(2)} is below ${drive.minCgpa.toFixed(2)}`);
  if (drive.maxBacklogs !== null && s.standing.activeBacklogs > drive.maxBacklogs) {
    reasons.push(
      `${s.standing.activeBacklogs} active backlog${s.standing.activeBacklogs === 1 ? '' : 's'}; at most ${drive.maxBacklogs} allowed`,
    );
  }
  const marks = (what: string, have: number | null, min: number) => {
    if (min <= 0) return;
    if (have === null) reasons.push(`${what} percentage is not on record; the drive asks for at least ${min}%`);
    else if (have < min) reasons.push(`${what} ${have}% is below ${min}%`);
  };
  marks('10th', s.tenthPct, drive.minTenthPct);
  marks('12th / diploma', s.twelfthPct, drive.minTwelfthPct);
  if (drive.maxGapYears !== null) {
    const allowed = `at most ${drive.maxGapYears} year${drive.maxGapYears === 1 ? '' : 's'} allowed`;
    if (s.gapYears === null) reasons.push(`Gap in studies is not on record; ${allowed}`);
    else if (s.gapYears > drive.maxGapYears)
      reasons.push(`Gap in studies of ${s.gapYears} year${s.gapYears === 1 ? '' : 's'}; ${allowed}`);
  }
  if (drive.noFeeDues && s.feeDue) reasons.push('Fee dues outstanding');
  if (drive.minAttendance !== null && s.attendance !== undefined && s.attendance < drive.minAttendance) {
    reasons.push(`Attendance ${s.attendance}% is below ${drive.minAttendance}%`);
  }
  if (s.barredBy) reasons.push(`Barred after not attending the ${s.barredBy.company} drive on ${displayDate(s.barredBy.date)}`);
  if (s.offers.length) {
    const threshold = formatWholeRupees(policy.dreamCtcPaise / 100);
    if (policy.offerPolicy === 'one') reasons.push('Already placed: one offer per student');
    else if (s.offers.length >= 2) reasons.push('Already holds two offers');
    else if (s.offers[0] >= policy.dreamCtcPaise) reasons.push('Already holds a dream offer');
    else if (drive.ctcPaise < policy.dreamCtcPaise)
      reasons.push(`Already placed; a second offer must be a dream offer of at least ${threshold}`);
  }
  return reasons;
}

type Student = {
  id: number;
  roll_no: string;
  branch: string;
  batch: string;
  gender: string;
  semester: string;
  tenth_percent_x100: number | null;
  twelfth_percent_x100: number | null;
  gap_years: number | null;
};
const percent = (x100: number | null) => (x100 === null ? null : x100 / 100);

/**
 * The facts eligibility needs for these students against one drive, read in a few bulk queries:
 * standing from results, dues from payments, attendance from its provider, no-show bars, offers.
 */
export async function factsFor(
  db: Database,
  collegeId: number,
  driveId: number,
  students: Student[],
  policy: PlacementPolicy,
  batch: string,
) {
  const ids = students.map((s) => s.id);
  const provider = attendanceProvider();
  const [standings, dues, attendance, noShows, offers, order] = await Promise.all([
    studentStandings(
      db,
      collegeId,
      students.map((s) => s.roll_no),
    ),
    owingStudents(
      db,
      collegeId,
      students.map((s) => s.roll_no),
    ),
    provider ? provider(db, collegeId, ids) : Promise.resolve(null),
    repo.noShows(db, collegeId, ids),
    repo.offersOf(db, collegeId, ids),
    repo.batchDriveOrder(db, collegeId, batch),
  ]);
  const position = new Map(order.map((d, i) => [d.id, i]));
  const target = position.get(driveId);
  const facts = new Map<number, StudentFacts>();
  for (const s of students) {
    let barredBy: StudentFacts['barredBy'] = null;
    for (const n of noShows.filter((x) => x.student_id === s.id)) {
      const at = position.get(n.drive_id);
      if (at !== undefined && target !== undefined && target > at && target <= at + policy.noShowBarDrives) {
        barredBy = { company: order[at].company, date: order[at].drive_date };
      }
    }
    facts.set(s.id, {
      batch: s.batch,
      branch: s.branch,
      gender: s.gender,
      standing: standings.get(s.roll_no) ?? { cgpa: 0, activeBacklogs: 0 },
      tenthPct: percent(s.tenth_percent_x100),
      twelfthPct: percent(s.twelfth_percent_x100),
      gapYears: s.gap_years,
      feeDue: dues.has(s.roll_no),
      attendance: attendance ? attendance.get(s.id) : undefined,
      barredBy,
      offers: offers
        .filter((o) => o.student_id === s.id && o.drive_id !== driveId)
        .sort((a, b) => a.slot - b.slot)
        .map((o) => o.ctc_paise),
    });
  }
  return { facts, attendanceChecked: provider !== null };
}
