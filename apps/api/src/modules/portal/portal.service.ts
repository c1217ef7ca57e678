import {
  PORTAL_MSG,
  ROLES,
  type TChildOverview,
  type TParentOrder,
  type TCorrection,
  type TCorrectionCreate,
  type TMyCampus,
  type TMyFees,
  type TMyParents,
  type TMyProfile,
  type TMyResults,
  type TPortalOverview,
  type TPortalSettings,
  type TPrivacy,
  type TPrivacyUpdate,
  type TStudentAttendance,
  type TExamResultView,
} from '@erp/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { attendanceSummary } from '../attendance/index.js';
import { hostelGlance, myHostel } from '../hostel/index.js';
import { libraryDues, patronGlance, patronView } from '../library/index.js';
import { createOrder, feesOverview } from '../payments/index.js';
import { publishedTitles, resultViewJson, studentStanding } from '../results/index.js';
import { myPasses } from '../transport/index.js';
import * as repo from './portal.repo.js';

type Student = NonNullable<Awaited<ReturnType<typeof repo.studentById>>>;

/** Who the caller is to the portal: a student (themself) or a parent (their linked children). */
export const isParent = (user: RequestUser) => user.roles.includes(ROLES.PARENT) && !user.roles.includes(ROLES.STUDENT);

/**
 * The student a call is about, always worked out from the token: a student gets themself (a
 * studentId naming anyone else is refused), a parent one of their linked children. Anything else
 * is "not found", so a parent cannot tell another family's child from a wrong number.
 */
export async function subjectOf(db: Database, user: RequestUser, studentId?: number): Promise<{ student: Student; viaParent: boolean }> {
  if (!isParent(user)) {
    const own = await repo.studentOfUser(db, user.collegeId, user.id);
    if (!own) throw forbidden(PORTAL_MSG.noStudentLink);
    if (studentId !== undefined && studentId !== own.id) throw notFound(PORTAL_MSG.notYourChild);
    return { student: own, viaParent: false };
  }
  const children = await repo.childrenOf(db, user.collegeId, user.id);
  const child = studentId === undefined ? (children.length === 1 ? children[0] : undefined) : children.find((c) => c.id === studentId);
  if (!child) throw notFound(PORTAL_MSG.notYourChild);
  return { student: child, viaParent: true };
}

/** The other modules' "my …" calls know a student by their login: this is that login, as a request user (null without one). */
async function studentLoginAsUser(db: Database, collegeId: number, studentId: number): Promise<RequestUser | null> {
  const login = await repo.studentLogin(db, collegeId, studentId);
  return login ? { id: login.id, username: login.username, roles: [ROLES.STUDENT], collegeId, mustChangePassword: false } : null;
}

/** The caller themself, or for a parent the child's login. */
async function asStudent(db: Database, collegeId: number, student: Student, caller: RequestUser): Promise<RequestUser | null> {
  return isParent(caller) ? studentLoginAsUser(db, collegeId, student.id) : caller;
}

/** What the student owes in college fees now (paise), from the fees overview; 0 when there is none. */
/** What the student owes: the ledger's open lines (a supplementary exam fee on offer is not owed until paid). */
const owedLines = (fees: { due: Array<{ lines: Array<{ amountPaise: number }> }> } | null) => (fees?.due ?? []).flatMap((d) => d.lines);
const feesDue = (fees: { due: Array<{ lines: Array<{ amountPaise: number }> }> } | null) =>
  owedLines(fees).reduce((t, l) => t + l.amountPaise, 0);

export async function privacyFor(db: Database, collegeId: number, studentIds: number[]): Promise<Map<number, TPrivacy>> {
  const [rows, settings] = await Promise.all([repo.privacyOf(db, collegeId, studentIds), repo.settingsOf(db, collegeId)]);
  const locked = settings?.lock_privacy === 1;
  const byStudent = new Map(rows.map((r) => [r.student_id, r]));
  return new Map(
    studentIds.map((id) => {
      const r = byStudent.get(id);
      // A locked college shares everything with the parents, whatever the student chose before.
      return [id, { hideMarks: !locked && r?.hide_marks === 1, hideAttendance: !locked && r?.hide_attendance === 1, locked }];
    }),
  );
}

// ---- Overview ----------------------------------------------------------------------------------

async function childOverview(
  db: Database,
  caller: RequestUser,
  collegeCode: string,
  s: Student,
  privacy: TPrivacy,
  viaParent: boolean,
  certs: { pending: number; ready: number },
): Promise<TChildOverview> {
  const collegeId = caller.collegeId;
  const showMarks = !viaParent || !privacy.hideMarks;
  const showAttendance = !viaParent || !privacy.hideAttendance;
  const login = await asStudent(db, collegeId, s, caller);
  const [attendance, standing, fees, library, hostel, passes] = await Promise.all([
    showAttendance ? attendanceSummary(db, collegeId, s.id) : null,
    showMarks ? studentStanding(db, collegeId, s.roll_no) : null,
    login ? feesOverview(db, login).catch(() => null) : null,
    patronGlance(db, collegeId, s.roll_no),
    hostelGlance(db, collegeId, s.id),
    login ? myPasses(db, login, collegeCode).catch(() => []) : [],
  ]);
  const pass = passes.find((p) => p.status === 'active') ?? null;
  return {
    studentId: s.id,
    rollNo: s.roll_no,
    name: s.full_name,
    course: s.course,
    branch: s.branch,
    semester: s.semester,
    section: s.section,
    privacy,
    attendance: attendance
      ? { percent: attendance.percent, standing: attendance.standing, shortBelow: attendance.shortBelow, needed: attendance.needed, held: attendance.held }
      : null,
    results: standing ? { cgpa: standing.cgpa, activeBacklogs: standing.activeBacklogs } : null,
    fees: { due: feesDue(fees), items: owedLines(fees).length },
    library: library ?? { loans: 0, overdue: 0, holds: 0, fines: 0 },
    hostel: { room: hostel.room, outpassesPending: hostel.outpassesPending },
    busPass: pass ? { passNo: pass.passNo, route: `${pass.routeCode} ${pass.routeName}`, stop: pass.stopName } : null,
    certificates: certs,
  };
}

export async function overview(db: Database, user: RequestUser, collegeCode: string): Promise<TPortalOverview> {
  const collegeId = user.collegeId;
  const parent = isParent(user);
  const students = parent ? await repo.childrenOf(db, collegeId, user.id) : [(await subjectOf(db, user)).student];
  const ids = students.map((s) => s.id);
  const [privacy, counts] = await Promise.all([privacyFor(db, collegeId, ids), repo.certificateCounts(db, collegeId, ids)]);
  const certs = (id: number) => ({
    pending: Number(counts.find((c) => c.student_id === id && c.status === 'pending')?.n ?? 0),
    ready: Number(counts.find((c) => c.student_id === id && c.status === 'approved')?.n ?? 0),
  });
  const children = await Promise.all(students.map((s) => childOverview(db, user, collegeCode, s, privacy.get(s.id)!, parent, certs(s.id))));
  return { role: parent ? 'parent' : 'student', children };
}

// ---- Results, attendance, fees, campus ---------------------------------------------------------

export async function results(db: Database, user: RequestUser, studentId?: number): Promise<TMyResults> {
  const { student, viaParent } = await subjectOf(db, user, studentId);
  if (viaParent && (await privacyFor(db, user.collegeId, [student.id])).get(student.id)!.hideMarks) throw forbidden(PORTAL_MSG.marksHidden);
  const [standing, titles] = await Promise.all([studentStanding(db, user.collegeId, student.roll_no), publishedTitles(db, user.collegeId)]);
  const semesters: TMyResults['semesters'] = [];
  // Oldest first: the public lookup (and its cache) answers each title.
  for (const title of [...titles].reverse()) {
    const view = JSON.parse(await resultViewJson(db, user.collegeId, student.roll_no, title)) as TExamResultView;
    if (view.listofRecords.length === 0) continue;
    semesters.push({
      title,
      sgpa: view.sgpa,
      totalCredits: view.totalCredits,
      earnedCredits: view.earnedCredits,
      passCount: view.passCount,
      failCount: view.failCount,
      records: view.listofRecords.map((r) => ({
        courseCode: r.courseCode,
        course: r.course,
        credits: r.credits,
        grade: r.grade,
        gradePoints: r.gradePoints,
        status: r.status,
      })),
    });
  }
  return { studentId: student.id, rollNo: student.roll_no, name: student.full_name, cgpa: standing.cgpa, activeBacklogs: standing.activeBacklogs, semesters };
}

export async function attendance(db: Database, user: RequestUser, studentId?: number): Promise<TStudentAttendance> {
  const { student, viaParent } = await subjectOf(db, user, studentId);
  if (viaParent && (await privacyFor(db, user.collegeId, [student.id])).get(student.id)!.hideAttendance)
    throw forbidden(PORTAL_MSG.attendanceHidden);
  const summary = await attendanceSummary(db, user.collegeId, student.id);
  if (!summary) throw notFound(PORTAL_MSG.notYourChild);
  return summary;
}

const noLogin = () => badRequest('The student has no portal login yet; the college office can create one');

export async function fees(db: Database, user: RequestUser, studentId?: number): Promise<TMyFees> {
  const { student } = await subjectOf(db, user, studentId);
  const login = await asStudent(db, user.collegeId, student, user);
  if (!login) throw noLogin();
  // Library fines as the no-dues check counts them: one owner, the library's libraryDues.
  const [overview, libraryFines] = await Promise.all([feesOverview(db, login), libraryDues(db, user.collegeId, student.id)]);
  return { studentId: student.id, fees: overview, libraryFines };
}

export async function campus(db: Database, user: RequestUser, collegeCode: string, studentId?: number): Promise<TMyCampus> {
  const { student } = await subjectOf(db, user, studentId);
  const login = await asStudent(db, user.collegeId, student, user);
  const [library, hostel, passes] = await Promise.all([
    patronView(db, user.collegeId, student.roll_no).catch(() => null),
    login ? myHostel(db, login).catch(() => null) : null,
    login ? myPasses(db, login, collegeCode) : [],
  ]);
  return { studentId: student.id, library, hostel, passes };
}

/** A parent pays a child's fee online: the same order the student would make, through the payments module. */
export async function payForChild(
  db: Database,
  config: Config,
  user: RequestUser,
  body: TParentOrder,
  publicBase: string,
) {
  const { student } = await subjectOf(db, user, body.studentId);
  const login = await asStudent(db, user.collegeId, student, user);
  if (!login) throw noLogin();
  const { studentId: _child, ...order } = body;
  return createOrder(db, config, login, order, publicBase);
}

// ---- The student's parents and sharing ---------------------------------------------------------

export const linkView = (r: repo.LinkRow) => ({
  id: r.id,
  parentUserId: r.parent_user_id,
  parentName: r.parent_name,
  username: r.username,
  relation: r.relation,
  studentId: r.student_id,
  rollNo: r.roll_no,
  studentName: r.student_name,
  via: r.via,
  linkedAt: r.created_at,
});

export async function myParents(db: Database, user: RequestUser): Promise<TMyParents> {
  const { student } = await subjectOf(db, user);
  if (isParent(user)) throw forbidden('Only the student sees this');
  const [links, privacy] = await Promise.all([repo.linksOfStudent(db, user.collegeId, student.id), privacyFor(db, user.collegeId, [student.id])]);
  return { links: links.map(linkView), privacy: privacy.get(student.id)! };
}

export async function savePrivacy(db: Database, user: RequestUser, body: TPrivacyUpdate): Promise<TMyParents> {
  const { student } = await subjectOf(db, user);
  const settings = await repo.settingsOf(db, user.collegeId);
  if (settings?.lock_privacy === 1) throw forbidden(PORTAL_MSG.privacyLocked);
  await repo.savePrivacy(db, user.collegeId, student.id, body.hideMarks, body.hideAttendance, nowIso());
  return myParents(db, user);
}

export async function settings(db: Database, collegeId: number): Promise<TPortalSettings> {
  return { lockPrivacy: (await repo.settingsOf(db, collegeId))?.lock_privacy === 1 };
}

export async function saveSettings(db: Database, user: RequestUser, body: TPortalSettings): Promise<TPortalSettings> {
  const before = await settings(db, user.collegeId);
  await db.transaction().execute(async (trx) => {
    await repo.saveSettings(trx, user.collegeId, body.lockPrivacy, nowIso());
    await audit(trx, { collegeId: user.collegeId, actor: user, action: 'portal.settings', entity: 'portal_settings', entityId: user.collegeId, before, after: body });
  });
  return settings(db, user.collegeId);
}

// ---- Profile and corrections -------------------------------------------------------------------

export const correctionView = (r: repo.CorrectionRow): TCorrection => ({
  id: r.id,
  studentId: r.student_id,
  rollNo: r.roll_no,
  name: r.full_name,
  field: r.field,
  currentValue: r.current_value,
  requestedValue: r.requested_value,
  reason: r.reason,
  status: r.status as TCorrection['status'],
  remarks: r.remarks,
  requestedAt: r.created_at,
  decidedAt: r.decided_at,
});

export async function profile(db: Database, user: RequestUser): Promise<TMyProfile> {
  if (isParent(user)) throw forbidden('Only the student sees this');
  const { student: s } = await subjectOf(db, user);
  const corrections = await repo.correctionsOfStudent(db, user.collegeId, s.id);
  return {
    studentId: s.id,
    rollNo: s.roll_no,
    name: s.full_name,
    course: s.course,
    batch: s.batch,
    branch: s.branch,
    semester: s.semester,
    section: s.section,
    gender: s.gender,
    email: s.email,
    mobile: s.mobile,
    fatherName: s.father_name,
    corrections: corrections.map(correctionView),
  };
}

export async function requestCorrection(db: Database, user: RequestUser, body: TCorrectionCreate): Promise<TCorrection> {
  if (isParent(user)) throw forbidden('Only the student may ask for a correction');
  const { student } = await subjectOf(db, user);
  const current = String(student[body.field] ?? '');
  if (current === body.value) throw badRequest('That is already the value on record');
  const open = (await repo.correctionsOfStudent(db, user.collegeId, student.id)).some((c) => c.status === 'pending' && c.field === body.field);
  if (open) throw conflict('A correction of this field is already waiting for the office');
  const id = await repo.insertCorrection(db, {
    college_id: user.collegeId,
    student_id: student.id,
    requested_by: user.id,
    field: body.field,
    current_value: current,
    requested_value: body.value,
    reason: body.reason,
    status: 'pending',
    created_at: nowIso(),
  });
  return correctionView((await repo.correctionById(db, user.collegeId, id))!);
}

export async function correctionPage(db: Database, collegeId: number, q: { status: string; q: string; page: number; pageSize: number }) {
  const { total, rows } = await repo.correctionPage(db, collegeId, q);
  return { items: rows.map(correctionView), total, page: q.page, pageSize: q.pageSize };
}

export async function decideCorrection(db: Database, user: RequestUser, id: number, approve: boolean, remarks: string): Promise<TCorrection> {
  await db.transaction().execute(async (trx) => {
    const c = await repo.correctionById(trx, user.collegeId, id);
    if (!c) throw notFound(PORTAL_MSG.requestNotFound);
    const now = nowIso();
    if (!(await repo.decideCorrection(trx, user.collegeId, id, { status: approve ? 'approved' : 'rejected', remarks, decided_by: user.id, decided_at: now })))
      throw conflict(PORTAL_MSG.alreadyDecided);
    if (approve) {
      await repo.applyCorrection(trx, user.collegeId, c.student_id, c.field as TCorrectionCreate['field'], c.requested_value);
      await audit(trx, {
        collegeId: user.collegeId,
        actor: user,
        action: 'student.correct',
        entity: 'student',
        entityId: c.student_id,
        before: { [c.field]: c.current_value },
        after: { [c.field]: c.requested_value },
      });
    } else {
      await audit(trx, { collegeId: user.collegeId, actor: user, action: 'profile_correction.reject', entity: 'profile_correction', entityId: id, after: { remarks } });
    }
  });
  return correctionView((await repo.correctionById(db, user.collegeId, id))!);
}
