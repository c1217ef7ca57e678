import crypto from 'node:crypto';
import {
  driveRules,
  PLACEMENT_MAX_FILE_MB,
  PLACEMENT_MSG,
  ROLES,
  type TApplication,
  type TCompany,
  type TCompanyCreate,
  type TDrive,
  type TDriveCreate,
  type TDriveDetail,
  type TEligibleList,
  type TMyPlacements,
  type TRound,
  type TRoundCreate,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { sniffFileType } from '../../lib/file-type.js';
import type { UploadedFile } from '../../lib/multipart.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { storeUpload } from '../../lib/uploads.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { studentStanding } from '../results/index.js';
import { indianDate } from '../../lib/clock.js';
import { factsFor, ineligibility, type DriveRules } from './placements.eligibility.js';
import { policyOf } from './placements.policy.js';
import { letterFile, offerView } from './placements.offers.js';
import * as repo from './placements.repo.js';

export { DEFAULT_POLICY, policyOf, settings } from './placements.policy.js';

export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

// Companies.
export async function companies(db: Database, collegeId: number): Promise<TCompany[]> {
  return (await repo.companies(db, collegeId)).map((c) => ({
    id: c.id,
    name: c.name,
    sector: c.sector,
    website: c.website,
    hrName: c.hr_name,
    hrEmail: c.hr_email,
    hrPhone: c.hr_phone,
    drives: Number(c.drives ?? 0),
  }));
}

export async function createCompany(db: Database, collegeId: number, input: TCompanyCreate): Promise<TCompany> {
  if (await repo.companyByName(db, collegeId, input.name)) throw conflict(PLACEMENT_MSG.companyExists);
  try {
    await repo.insertCompany(db, {
      college_id: collegeId,
      name: input.name,
      sector: input.sector,
      website: input.website,
      hr_name: input.hrName,
      hr_email: input.hrEmail,
      hr_phone: input.hrPhone,
      created_at: nowIso(),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(PLACEMENT_MSG.companyExists);
    throw e;
  }
  return (await companies(db, collegeId)).find((c) => c.name === input.name)!;
}

// Drives.
type DriveRow = NonNullable<Awaited<ReturnType<typeof repo.driveById>>>;

export const rulesOf = (d: DriveRow): DriveRules => ({
  id: d.id,
  batch: d.batch,
  branches: JSON.parse(d.branches_json) as string[],
  minCgpa: d.min_cgpa_x100 / 100,
  maxBacklogs: d.max_backlogs,
  gender: d.gender,
  noFeeDues: d.no_fee_dues === 1,
  minAttendance: d.min_attendance,
  minTenthPct: d.min_tenth_x100 / 100,
  minTwelfthPct: d.min_twelfth_x100 / 100,
  maxGapYears: d.max_gap_years,
  ctcPaise: Number(d.ctc_paise),
});

export function driveView(d: DriveRow): TDrive {
  const r = rulesOf(d);
  const fields = {
    batch: d.batch,
    branches: r.branches,
    minCgpa: r.minCgpa,
    maxBacklogs: d.max_backlogs,
    gender: d.gender,
    noFeeDues: r.noFeeDues,
    minAttendance: d.min_attendance,
    minTenthPct: r.minTenthPct,
    minTwelfthPct: r.minTwelfthPct,
    maxGapYears: r.maxGapYears,
  };
  return {
    id: d.id,
    companyId: d.company_id,
    company: d.company,
    driveDate: d.drive_date,
    roles: d.roles,
    ctcRupees: Math.round(r.ctcPaise / 100),
    location: d.location,
    bondMonths: d.bond_months,
    ...fields,
    rules: driveRules(fields),
    applicants: Number(d.applicants ?? 0),
    offers: Number(d.offers ?? 0),
  };
}

async function driveOr404(db: Database, collegeId: number, id: number) {
  const d = await repo.driveById(db, collegeId, id);
  if (!d) throw notFound(PLACEMENT_MSG.driveNotFound);
  return d;
}

export async function createDrive(db: Database, collegeId: number, input: TDriveCreate): Promise<TDrive> {
  if (!(await repo.companyById(db, collegeId, input.companyId))) throw badRequest(PLACEMENT_MSG.companyNotFound);
  const id = await repo.insertDrive(db, {
    college_id: collegeId,
    company_id: input.companyId,
    drive_date: input.driveDate,
    roles: input.roles,
    ctc_paise: input.ctcRupees * 100,
    location: input.location,
    bond_months: input.bondMonths,
    batch: input.batch,
    branches_json: JSON.stringify([...new Set(input.branches.map((b) => b.toUpperCase()))]),
    min_cgpa_x100: Math.round(input.minCgpa * 100),
    max_backlogs: input.maxBacklogs,
    gender: input.gender,
    no_fee_dues: input.noFeeDues ? 1 : 0,
    min_attendance: input.minAttendance,
    min_tenth_x100: Math.round(input.minTenthPct * 100),
    min_twelfth_x100: Math.round(input.minTwelfthPct * 100),
    max_gap_years: input.maxGapYears,
    created_at: nowIso(),
  });
  return driveView(await driveOr404(db, collegeId, id));
}

const isStudentOnly = (user: RequestUser) => user.roles.includes(ROLES.STUDENT) && !user.roles.includes(ROLES.PLACEMENT_DEAN);

async function studentOf(db: Database, user: RequestUser) {
  const s = await repo.studentOfUser(db, user.collegeId, user.id);
  if (!s) throw badRequest(PLACEMENT_MSG.noStudent);
  return s;
}

/** The dean and viewers see every drive; a student sees their batch's drives with whether they may apply and why not. */
export async function listDrives(
  db: Database,
  user: RequestUser,
  q: { batch?: string; companyId?: number; upcoming?: string },
  now: Date,
): Promise<TDrive[]> {
  const from = q.upcoming === 'true' ? indianDate(now) : undefined;
  if (!isStudentOnly(user))
    return (await repo.drives(db, user.collegeId, { batch: q.batch, companyId: q.companyId, from })).map(driveView);
  const student = await studentOf(db, user);
  const rows = await repo.drives(db, user.collegeId, { batch: student.batch, companyId: q.companyId, from });
  const policy = await policyOf(db, user.collegeId);
  const mine = new Map((await repo.applicationsOfStudent(db, user.collegeId, student.id)).map((a) => [a.drive_id, a.status]));
  const out: TDrive[] = [];
  for (const d of rows) {
    const { facts } = await factsFor(db, user.collegeId, d.id, [student], policy, d.batch);
    const reasons = ineligibility(rulesOf(d), facts.get(student.id)!, policy);
    out.push({
      ...driveView(d),
      eligible: reasons.length === 0,
      reasons,
      applied: mine.has(d.id),
      applicationStatus: mine.get(d.id) ?? null,
    });
  }
  return out;
}

/** Every student of the drive's batch with the eligibility verdict and its reasons. */
export async function eligibleList(db: Database, collegeId: number, driveId: number): Promise<TEligibleList> {
  const d = await driveOr404(db, collegeId, driveId);
  const policy = await policyOf(db, collegeId);
  const students = await repo.studentsOfBatch(db, collegeId, d.batch);
  const { facts, attendanceChecked } = await factsFor(db, collegeId, d.id, students, policy, d.batch);
  const applied = new Set((await repo.applicationsOfDrive(db, collegeId, d.id)).map((a) => a.student_id));
  const rules = rulesOf(d);
  const rows = students.map((s) => {
    const f = facts.get(s.id)!;
    const reasons = ineligibility(rules, f, policy);
    return {
      studentId: s.id,
      rollNo: s.roll_no,
      name: s.full_name,
      branch: s.branch,
      gender: s.gender,
      cgpa: f.standing.cgpa,
      activeBacklogs: f.standing.activeBacklogs,
      feeDues: f.feeDue,
      tenthPct: f.tenthPct,
      twelfthPct: f.twelfthPct,
      gapYears: f.gapYears,
      eligible: reasons.length === 0,
      reasons,
      applied: applied.has(s.id),
    };
  });
  return { driveId: d.id, attendanceChecked, eligible: rows.filter((r) => r.eligible).length, students: rows };
}

/**
 * A student applies (or the dean applies for a student by roll number). Eligibility is checked on
 * the server; the unique index on (drive, student) decides a double click.
 */
export async function apply(
  db: Database,
  college: RequestCollege,
  user: RequestUser,
  driveId: number,
  input: { rollNo?: string; resume?: UploadedFile },
  storage: FileStorage,
  now: Date,
): Promise<TApplication> {
  const d = await driveOr404(db, college.id, driveId);
  let student;
  if (user.roles.includes(ROLES.PLACEMENT_DEAN) && input.rollNo) {
    student = await repo.studentByRoll(db, college.id, input.rollNo);
    if (!student) throw badRequest(PLACEMENT_MSG.studentNotFound);
  } else {
    if (!user.roles.includes(ROLES.STUDENT)) throw forbidden('Only a student applies to a drive');
    student = await studentOf(db, user);
  }
  if (d.drive_date < indianDate(now)) throw badRequest(PLACEMENT_MSG.driveOver);
  if (await repo.applicationOf(db, college.id, d.id, student.id)) throw conflict(PLACEMENT_MSG.alreadyApplied);
  const policy = await policyOf(db, college.id);
  const { facts } = await factsFor(db, college.id, d.id, [student], policy, d.batch);
  const reasons = ineligibility(rulesOf(d), facts.get(student.id)!, policy);
  if (reasons.length) throw badRequest(`${PLACEMENT_MSG.notEligible}: ${reasons.join('; ')}`, { reasons });
  let resumePath: string | null = null;
  if (input.resume) {
    if (sniffFileType(input.resume.buffer) !== 'pdf') throw badRequest(PLACEMENT_MSG.resumePdf);
    if (input.resume.buffer.length > PLACEMENT_MAX_FILE_MB * 1024 * 1024) throw badRequest(PLACEMENT_MSG.fileTooLarge);
    resumePath = await storeUpload(
      storage,
      college.code,
      'placements',
      `resume-${student.roll_no}-${d.id}-${crypto.randomUUID()}.pdf`,
      input.resume.buffer,
    );
  }
  try {
    await repo.insertApplication(db, {
      college_id: college.id,
      drive_id: d.id,
      student_id: student.id,
      resume_path: resumePath,
      status: 'applied',
      applied_at: now.toISOString(),
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(PLACEMENT_MSG.alreadyApplied);
    throw e;
  }
  return (await applications(db, college.id, d.id)).find((a) => a.studentId === student.id)!;
}

type ApplicationRow = Awaited<ReturnType<typeof repo.applicationsOfDrive>>[number];

/** An application as the drive's list and the student's page show it, with its rounds in order. */
function applicationView(a: ApplicationRow, rounds: TApplication['rounds']): TApplication {
  return {
    id: a.id,
    driveId: a.drive_id,
    studentId: a.student_id,
    rollNo: a.roll_no,
    name: a.full_name,
    branch: a.branch,
    status: a.status,
    hasResume: a.resume_path !== null,
    appliedAt: a.applied_at,
    rounds,
    offerCtcRupees: a.offer_ctc == null ? null : Math.round(Number(a.offer_ctc) / 100),
    offerId: a.offer_id ?? null,
    hasLetter: a.letter_path != null,
  };
}

async function applications(db: Database, collegeId: number, driveId: number): Promise<TApplication[]> {
  const [apps, results] = await Promise.all([
    repo.applicationsOfDrive(db, collegeId, driveId),
    repo.roundResults(db, collegeId, driveId),
  ]);
  return apps.map((a) =>
    applicationView(
      a,
      results
        .filter((r) => r.application_id === a.id)
        .sort((x, y) => x.seq - y.seq)
        .map((r) => ({ seq: r.seq, name: r.name, result: r.result })),
    ),
  );
}

async function roundsOf(db: Database, collegeId: number, driveId: number): Promise<TRound[]> {
  const [rounds, results] = await Promise.all([repo.rounds(db, collegeId, driveId), repo.roundResults(db, collegeId, driveId)]);
  return rounds.map((r) => {
    const own = results.filter((x) => x.round_id === r.id);
    return {
      id: r.id,
      seq: r.seq,
      name: r.name,
      heldOn: r.held_on,
      qualified: own.filter((x) => x.result === 'qualified').length,
      notQualified: own.filter((x) => x.result === 'not_qualified').length,
      absent: own.filter((x) => x.result === 'absent').length,
    };
  });
}

export async function driveDetail(db: Database, collegeId: number, driveId: number): Promise<TDriveDetail> {
  const d = await driveOr404(db, collegeId, driveId);
  const [rounds, apps] = await Promise.all([roundsOf(db, collegeId, driveId), applications(db, collegeId, driveId)]);
  return { drive: driveView(d), rounds, applications: apps };
}

/**
 * Records a round and its results in one transaction. The first round's absentees are no-shows
 * (barred from the next drives); a later round takes only those who qualified in the one before.
 */
export async function addRound(db: Database, collegeId: number, driveId: number, input: TRoundCreate): Promise<TDriveDetail> {
  await driveOr404(db, collegeId, driveId);
  const [apps, rounds, results] = await Promise.all([
    repo.applicationsOfDrive(db, collegeId, driveId),
    repo.rounds(db, collegeId, driveId),
    repo.roundResults(db, collegeId, driveId),
  ]);
  const byRoll = new Map(apps.map((a) => [a.roll_no, a]));
  const seq = (rounds.at(-1)?.seq ?? 0) + 1;
  const previous = rounds.at(-1);
  const qualifiedBefore = new Set(
    results.filter((r) => previous && r.round_id === previous.id && r.result === 'qualified').map((r) => r.application_id),
  );
  const seen = new Set<string>();
  const rows = input.results.map((r) => {
    const roll = r.rollNo.toUpperCase();
    const a = byRoll.get(roll);
    if (!a) throw badRequest(PLACEMENT_MSG.notApplicant(roll));
    if (previous && !qualifiedBefore.has(a.id)) throw badRequest(PLACEMENT_MSG.notInPreviousRound(roll));
    if (seen.has(roll)) throw badRequest(`${roll} appears twice`);
    seen.add(roll);
    return { app: a, result: r.result };
  });
  try {
    await db.transaction().execute(async (trx) => {
      const roundId = await repo.insertRound(trx, {
        college_id: collegeId,
        drive_id: driveId,
        seq,
        name: input.name,
        held_on: input.heldOn,
      });
      await repo.insertRoundResults(
        trx,
        rows.map((r) => ({ college_id: collegeId, round_id: roundId, application_id: r.app.id, result: r.result })),
      );
      const out = rows.filter((r) => r.result !== 'qualified');
      await repo.setApplicationStatus(
        trx,
        collegeId,
        out.filter((r) => r.result === 'absent' && seq === 1).map((r) => r.app.id),
        'no_show',
      );
      await repo.setApplicationStatus(
        trx,
        collegeId,
        out.filter((r) => !(r.result === 'absent' && seq === 1)).map((r) => r.app.id),
        'rejected',
      );
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('Another round was recorded for this drive a moment ago; reload and try again');
    throw e;
  }
  return driveDetail(db, collegeId, driveId);
}

export async function myPlacements(db: Database, user: RequestUser): Promise<TMyPlacements> {
  const student = await studentOf(db, user);
  const [standing, offers, apps] = await Promise.all([
    studentStanding(db, user.collegeId, student.roll_no),
    repo.offerRows(db, user.collegeId, { studentId: student.id }),
    repo.applicationsOfStudent(db, user.collegeId, student.id),
  ]);
  const rounds = new Map<number, TApplication['rounds']>();
  for (const driveId of new Set(apps.map((a) => a.drive_id))) {
    for (const r of await repo.roundResults(db, user.collegeId, driveId)) {
      const app = apps.find((a) => a.id === r.application_id);
      if (!app) continue;
      rounds.set(
        app.id,
        [...(rounds.get(app.id) ?? []), { seq: r.seq, name: r.name, result: r.result }].sort((x, y) => x.seq - y.seq),
      );
    }
  }
  return {
    rollNo: student.roll_no,
    name: student.full_name,
    cgpa: standing.cgpa,
    activeBacklogs: standing.activeBacklogs,
    offers: offers.map(offerView),
    applications: apps.map((a) => ({ ...applicationView(a, rounds.get(a.id) ?? []), company: a.company, driveDate: a.drive_date })),
  };
}

/** The offer letter: viewers see any; a student only their own. */
export async function letterFor(db: Database, user: RequestUser, offerId: number, storage: FileStorage) {
  const viewer = user.roles.some((r) => r !== ROLES.STUDENT);
  const studentId = viewer ? null : (await studentOf(db, user)).id;
  return letterFile(db, user.collegeId, offerId, storage, studentId);
}

/** Read-only inputs for IQAC's NAAC and NIRF figures: offers and progression to higher studies. */
export async function naacInputs(db: Database, collegeId: number) {
  const [offers, higherStudies] = await Promise.all([repo.naacOffers(db, collegeId), repo.naacHigherStudies(db, collegeId)]);
  return { offers: offers.map((o) => ({ ...o, ctc_paise: Number(o.ctc_paise) })), higherStudies };
}
