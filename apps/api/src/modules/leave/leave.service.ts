import {
  academicYear,
  classBlocks,
  DAYS,
  displayDate,
  LEAVE_MSG,
  MAX_DAY_SPAN,
  MSG,
  ROLES,
  type TBalance,
  type TCapped,
  type TLeaveApplication,
  type TLeaveApply,
  type TLeaveType,
  type TLeaveTypeInput,
  type TMissedClass,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import { eachDay } from '../../lib/clock.js';
import * as academicCalendar from '../calendar/index.js';
import type { Staff } from '../masters/index.js';
import * as timetable from '../timetable/index.js';
import * as repo from './leave.repo.js';
import { notifyLater } from '../notifications/index.js';

const weekday = (iso: string) => ((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

async function workingDates(db: Database, collegeId: number, from: string, to: string) {
  const holidays = await academicCalendar.holidaysBetween(db, collegeId, from, to);
  // The schemas bound a leave to MAX_DAY_SPAN days; eachDay refuses more rather than loop on.
  return eachDay(from, to, MAX_DAY_SPAN).filter((d) => weekday(d) !== 7 && !holidays.has(d));
}

function facultyOf(staff: Staff) {
  if (!staff.facultyId) throw badRequest(LEAVE_MSG.notFaculty);
  return staff.facultyId;
}

// ---- Leave types and balances (the admin's leave maintenance) ----------------------------------

const typeOut = (t: {
  id: number;
  code: string;
  name: string;
  yearlyQuota: number;
  carryForward: number;
  maxCarry: number;
  halfDayAllowed: number;
  retired: number;
}): TLeaveType => ({
  ...t,
  yearlyQuota: Number(t.yearlyQuota),
  maxCarry: Number(t.maxCarry),
  carryForward: Boolean(t.carryForward),
  halfDayAllowed: Boolean(t.halfDayAllowed),
  retired: Boolean(t.retired),
});

export async function leaveTypes(db: Database, collegeId: number) {
  return (await repo.types(db, collegeId)).map(typeOut);
}

const typeRow = (i: TLeaveTypeInput) => ({
  code: i.code,
  name: i.name,
  yearly_quota: i.yearlyQuota,
  carry_forward: i.carryForward ? 1 : 0,
  max_carry: i.maxCarry,
  half_day_allowed: i.halfDayAllowed ? 1 : 0,
});

export async function saveType(db: Database, collegeId: number, input: TLeaveTypeInput, id?: number) {
  try {
    if (id === undefined) id = await repo.insertType(db, { ...typeRow(input), college_id: collegeId });
    else if (!(await repo.updateType(db, collegeId, id, typeRow(input)))) throw notFound(LEAVE_MSG.typeNotFound);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`A leave type with code ${input.code} already exists`);
    throw e;
  }
  return (await leaveTypes(db, collegeId)).find((t) => t.id === id)!;
}

export async function retireType(db: Database, collegeId: number, id: number) {
  if (!(await repo.updateType(db, collegeId, id, { retired: 1 }))) throw notFound(LEAVE_MSG.typeNotFound);
  return { message: 'Leave type retired; past leave keeps it' };
}

export async function balances(
  db: Database,
  staff: Staff,
  q: { academicYear?: string; facultyId?: number; scope?: 'mine' | 'all' },
): Promise<TBalance[]> {
  const year = q.academicYear ?? academicYear();
  const f: { facultyId?: number; department?: string } = { facultyId: q.facultyId };
  if (q.scope === 'mine') f.facultyId = facultyOf(staff);
  else if (!staff.collegeWide) {
    if (staff.isHod) f.department = staff.department;
    else f.facultyId = facultyOf(staff);
  }
  const rows = await repo.balances(db, staff.collegeId, year, f);
  const pending = await repo.pendingByFaculty(db, staff.collegeId, year);
  return rows.map((r) => {
    const p = Number(pending.find((x) => x.faculty_id === r.facultyId && x.leave_type_id === r.leaveTypeId)?.days ?? 0);
    const opening = Number(r.opening);
    const used = Number(r.used);
    return { ...r, opening, used, pending: p, available: opening - used - p };
  });
}

/** Opens a year's balances for every faculty member: the quota plus what carries forward. */
export async function allocateBalances(db: Database, collegeId: number, year: string) {
  const [start] = year.split('-').map(Number);
  const previous = `${start - 1}-${start}`;
  const types = (await repo.types(db, collegeId)).filter((t) => !t.retired);
  const faculty = await repo.liveFaculty(db, collegeId);
  let created = 0;
  await db.transaction().execute(async (trx) => {
    for (const f of faculty) {
      for (const t of types) {
        if (await repo.balance(trx, collegeId, f.id, t.id, year)) continue;
        let carry = 0;
        if (t.carryForward) {
          const prev = await repo.balance(trx, collegeId, f.id, t.id, previous);
          if (prev) carry = Math.min(Number(t.maxCarry), Math.max(0, Number(prev.opening) - Number(prev.used)));
        }
        await repo.insertBalance(trx, {
          college_id: collegeId,
          faculty_id: f.id,
          leave_type_id: t.id,
          academic_year: year,
          opening: Number(t.yearlyQuota) + carry,
          used: 0,
        });
        created++;
      }
    }
  });
  return { message: `${created} balance(s) opened for ${year}`, created };
}

// ---- Applying, backups, approval --------------------------------------------------------------

/** A class the leave misses: consecutive periods of one section and subject (a lab) are one block. */
interface ClassBlock {
  date: string;
  periods: number[];
  sectionId: number;
  subjectId: number;
  sectionLabel: string;
  subjectCode: string;
  subjectName: string;
}

const what = (c: { date: string; periods: number[]; sectionLabel: string; subjectCode: string }) =>
  `${c.sectionLabel} ${c.subjectCode}, ${DAYS[weekday(c.date) - 1]} ${displayDate(c.date)} ${
    c.periods.length > 1 ? `periods ${c.periods[0]}–${c.periods[c.periods.length - 1]}` : `period ${c.periods[0]}`
  }`;

/** The faculty member's classes on these dates, a lab's consecutive periods taken as one block. */
async function classesOn(db: Database, collegeId: number, facultyId: number, dates: string[]): Promise<ClassBlock[]> {
  const out: ClassBlock[] = [];
  for (const date of dates) {
    const slots = await timetable.facultyDay(db, collegeId, facultyId, weekday(date));
    for (const b of classBlocks(slots, (x) => `${x.sectionId}|${x.subjectId}`))
      out.push({
        date,
        periods: b.periods,
        sectionId: b.first.sectionId,
        subjectId: b.first.subjectId,
        sectionLabel: b.first.sectionLabel,
        subjectCode: b.first.subjectCode,
        subjectName: b.first.subjectName,
      });
  }
  return out;
}

/** The classes a leave would miss, with the faculty free to cover each whole block (same department first). */
export async function missedClasses(db: Database, staff: Staff, from: string, to: string): Promise<TMissedClass[]> {
  const facultyId = facultyOf(staff);
  if (to < from) throw badRequest(LEAVE_MSG.toBeforeFrom);
  const collegeId = staff.collegeId;
  const all = await repo.liveFaculty(db, collegeId);
  const others = all.filter((f) => f.id !== facultyId).map((f) => f.id);
  const out: TMissedClass[] = [];
  for (const c of await classesOn(db, collegeId, facultyId, await workingDates(db, collegeId, from, to))) {
    let free = new Set(others);
    for (const period of c.periods) {
      const now = await freeFaculty(db, collegeId, [...free], c.date, period);
      free = new Set([...free].filter((id) => now.has(id)));
    }
    out.push({
      date: c.date,
      period: c.periods[0],
      periods: c.periods,
      sectionId: c.sectionId,
      sectionLabel: c.sectionLabel,
      subjectCode: c.subjectCode,
      subjectName: c.subjectName,
      candidates: all
        .filter((f) => free.has(f.id))
        .sort(
          (a, b) =>
            Number(b.department === staff.department) - Number(a.department === staff.department) ||
            a.full_name.localeCompare(b.full_name),
        )
        .map((f) => ({ facultyId: f.id, name: f.full_name })),
    });
  }
  return out;
}

/** Of these faculty, those with no class, no backup duty and no leave at that date and period. */
async function freeFaculty(db: Database, collegeId: number, ids: number[], date: string, period: number) {
  const teaching = await timetable.busyOnDay(db, collegeId, weekday(date));
  const busy = new Set<number>(ids.filter((id) => teaching.has(`${id}:${period}`)));
  for (const b of await repo.backupLoad(db, collegeId, ids, date)) if (b.period === period) busy.add(b.backup_faculty_id);
  for (const l of await repo.onLeave(db, collegeId, ids, date)) busy.add(l.faculty_id);
  return new Set(ids.filter((id) => !busy.has(id)));
}

/** A backup must be free in every period of the block: no class, no other backup duty, no leave. */
async function checkBackup(
  db: Database,
  collegeId: number,
  applicantId: number,
  backupId: number,
  c: { date: string; periods: number[]; sectionLabel: string; subjectCode: string },
) {
  if (backupId === applicantId) throw badRequest(LEAVE_MSG.backupSelf);
  const backup = await repo.facultyById(db, collegeId, backupId);
  if (!backup || backup.retired) throw badRequest('Choose a backup faculty member who exists');
  const slots = await timetable.facultyDay(db, collegeId, backupId, weekday(c.date));
  if (slots.some((s) => c.periods.includes(s.period))) throw badRequest(LEAVE_MSG.backupBusy(backup.full_name, what(c)));
  if ((await repo.backupLoad(db, collegeId, [backupId], c.date)).some((b) => c.periods.includes(b.period)))
    throw badRequest(LEAVE_MSG.backupBusy(backup.full_name, what(c)));
  if ((await repo.onLeave(db, collegeId, [backupId], c.date)).length) throw badRequest(LEAVE_MSG.backupOnLeave(backup.full_name));
}

async function available(
  db: Database,
  collegeId: number,
  facultyId: number,
  type: { id: number; yearly_quota: number },
  year: string,
) {
  const bal = await repo.balance(db, collegeId, facultyId, type.id, year);
  const opening = bal ? Number(bal.opening) : Number(type.yearly_quota);
  const used = bal ? Number(bal.used) : 0;
  const pending = Number((await repo.pendingDays(db, collegeId, facultyId, type.id, year))[0]?.days ?? 0);
  return opening - used - pending;
}

export async function apply(db: Database, staff: Staff, input: TLeaveApply) {
  const collegeId = staff.collegeId;
  const facultyId = facultyOf(staff);
  const type = await repo.typeById(db, collegeId, input.leaveTypeId);
  if (!type || type.retired) throw badRequest(LEAVE_MSG.typeNotFound);
  if (input.halfDay && !type.half_day_allowed) throw badRequest(LEAVE_MSG.halfDayNotAllowed(type.code));
  const dates = await workingDates(db, collegeId, input.fromDate, input.toDate);
  if (dates.length === 0) throw badRequest(LEAVE_MSG.noWorkingDays);
  const days = input.halfDay ? 0.5 : dates.length;
  const year = academicYear(new Date(`${input.fromDate}T00:00:00`));

  const overlap = await repo.overlapping(db, collegeId, facultyId, input.fromDate, input.toDate);
  if (overlap) throw conflict(LEAVE_MSG.overlap(displayDate(overlap.from_date), displayDate(overlap.to_date)));
  // A quota of 0 means the type is not counted (e.g. on duty).
  if (Number(type.yearly_quota) > 0) {
    const left = await available(db, collegeId, facultyId, type, year);
    if (left < days) throw badRequest(LEAVE_MSG.quota(type.code, Math.max(0, left), days));
  }

  const rows: Array<{
    college_id: number;
    date: string;
    period: number;
    section_id: number;
    subject_id: number;
    backup_faculty_id: number;
    status: string;
  }> = [];
  const chosen = new Set<string>();
  for (const c of await classesOn(db, collegeId, facultyId, dates)) {
    // One backup per block, named by any of its periods (the first, from the form).
    const picks = input.backups.filter((b) => b.date === c.date && c.periods.includes(b.period));
    if (picks.length === 0) throw badRequest(LEAVE_MSG.backupMissing(what(c)));
    const backupId = picks[0].backupFacultyId;
    if (picks.some((p) => p.backupFacultyId !== backupId)) throw badRequest(LEAVE_MSG.blockOneBackup(what(c)));
    await checkBackup(db, collegeId, facultyId, backupId, c);
    for (const period of c.periods) {
      const key = `${backupId}:${c.date}:${period}`;
      if (chosen.has(key)) throw badRequest(LEAVE_MSG.backupBusy('The same backup', what(c)));
      chosen.add(key);
      rows.push({
        college_id: collegeId,
        date: c.date,
        period,
        section_id: c.sectionId,
        subject_id: c.subjectId,
        backup_faculty_id: backupId,
        status: 'pending',
      });
    }
  }
  const approver = (await repo.isHodFaculty(db, collegeId, facultyId)) ? 'principal' : 'hod';
  const id = await db.transaction().execute(async (trx) => {
    const id = await repo.insertApplication(trx, {
      college_id: collegeId,
      faculty_id: facultyId,
      leave_type_id: type.id,
      academic_year: year,
      from_date: input.fromDate,
      to_date: input.toDate,
      half_day: input.halfDay ? 1 : 0,
      days,
      reason: input.reason,
      status: rows.length ? 'pending_backup' : 'pending_approval',
      approver,
      decision_note: '',
      created_at: nowIso(),
    });
    await repo.insertBackups(
      trx,
      rows.map((r) => ({ ...r, application_id: id })),
    );
    return id;
  });
  return { ...(await one(db, collegeId, id)), message: rows.length ? LEAVE_MSG.applied : LEAVE_MSG.appliedNoBackup };
}

async function one(db: Database, collegeId: number, id: number): Promise<TLeaveApplication> {
  const [app] = await decorate(db, collegeId, await repo.applicationsByIds(db, collegeId, [id]));
  if (!app) throw notFound(LEAVE_MSG.notFound);
  return app;
}

async function decorate(db: Database, collegeId: number, apps: repo.ApplicationRow[]): Promise<TLeaveApplication[]> {
  const backups = await repo.backupsOf(
    db,
    collegeId,
    apps.map((a) => a.id),
  );
  return apps.map((a) => ({
    ...a,
    halfDay: Boolean(a.halfDay),
    days: Number(a.days),
    backups: backups
      .filter((b) => b.application_id === a.id)
      .map((b) => ({
        id: b.id,
        date: b.date,
        period: b.period,
        sectionLabel: b.sectionLabel,
        subjectCode: b.subjectCode,
        subjectName: b.subjectName,
        backupFacultyId: b.backupFacultyId,
        backupName: b.backupName,
        status: b.status,
      })),
  }));
}

/** Whose applications a view lists for this staff member; null when the view holds none for them. */
function viewFilter(staff: Staff, view: string): repo.ApplicationFilter | null {
  if (view === 'backup') return { backupFacultyId: facultyOf(staff) };
  if (view === 'approvals') {
    if (staff.roles.includes(ROLES.PRINCIPAL)) return { statuses: ['pending_approval'], approver: 'principal' };
    if (staff.isHod)
      return {
        statuses: ['pending_approval'],
        approver: 'hod',
        department: staff.department,
        notFacultyId: staff.facultyId ?? undefined,
      };
    return null;
  }
  if (view === 'department') return { department: staff.collegeWide ? undefined : staff.department };
  return { facultyId: facultyOf(staff) };
}

export async function list(db: Database, staff: Staff, view: string): Promise<TCapped<TLeaveApplication>> {
  const f = viewFilter(staff, view);
  if (!f) return { items: [], total: 0, limit: repo.LEAVE_LIST_CAP };
  const page = await repo.applications(db, staff.collegeId, f);
  return { ...page, items: await decorate(db, staff.collegeId, page.items) };
}

/** The backup accepts or declines every class of the application asked of them. */
export async function backupDecision(db: Database, staff: Staff, id: number, accept: boolean) {
  const collegeId = staff.collegeId;
  const me = facultyOf(staff);
  const app = await repo.application(db, collegeId, id);
  if (!app) throw notFound(LEAVE_MSG.notFound);
  const mine = (await repo.backupsOf(db, collegeId, [id])).filter((b) => b.backupFacultyId === me);
  if (mine.length === 0) throw forbidden(LEAVE_MSG.notYourRequest);
  if (app.status !== 'pending_backup') throw conflict(LEAVE_MSG.alreadyDecided);
  await db.transaction().execute(async (trx) => {
    const n = await repo.decideBackups(trx, collegeId, id, me, accept ? 'accepted' : 'declined', nowIso());
    if (n === 0) throw conflict(LEAVE_MSG.alreadyDecided);
    const all = await repo.backupsOf(trx, collegeId, [id]);
    const live = all.filter((b) => b.status !== 'replaced');
    if (live.every((b) => b.status === 'accepted'))
      await repo.setStatus(trx, collegeId, id, 'pending_backup', { status: 'pending_approval' });
  });
  return one(db, collegeId, id);
}

/** After a decline the applicant names another backup for that class (every period of its block). */
export async function replaceBackup(db: Database, staff: Staff, id: number, backupId: number, backupFacultyId: number) {
  const collegeId = staff.collegeId;
  const me = facultyOf(staff);
  const app = await repo.application(db, collegeId, id);
  if (!app) throw notFound(LEAVE_MSG.notFound);
  if (app.faculty_id !== me) throw forbidden(LEAVE_MSG.notYours);
  const all = await repo.backupsOf(db, collegeId, [id]);
  const old = all.find((b) => b.id === backupId);
  if (!old) throw notFound('That backup request does not exist');
  if (old.status !== 'declined') throw badRequest('Only a declined backup can be replaced');
  // The declined block holding this row: its consecutive periods with the same class and backup.
  const declined = all.filter((b) => b.status === 'declined');
  const block = classBlocks(declined, (b) => `${b.date}|${b.section_id}|${b.subject_id}|${b.backupFacultyId}`).find((x) =>
    x.rows.some((r) => r.id === backupId),
  )!;
  await checkBackup(db, collegeId, me, backupFacultyId, { ...old, periods: block.periods });
  await db.transaction().execute(async (trx) => {
    for (const r of block.rows)
      if (!(await repo.setBackupStatus(trx, collegeId, r.id, 'declined', 'replaced'))) throw conflict(LEAVE_MSG.alreadyDecided);
    await repo.insertBackups(
      trx,
      block.rows.map((r) => ({
        college_id: collegeId,
        application_id: id,
        date: r.date,
        period: r.period,
        section_id: r.section_id,
        subject_id: r.subject_id,
        backup_faculty_id: backupFacultyId,
        status: 'pending',
      })),
    );
  });
  return one(db, collegeId, id);
}

/** The HoD (principal for a HoD) approves: the balance is deducted in the same transaction, never below zero. */
export async function decide(db: Database, staff: Staff, id: number, approve: boolean, note: string) {
  const collegeId = staff.collegeId;
  const app = await repo.application(db, collegeId, id);
  if (!app) throw notFound(LEAVE_MSG.notFound);
  const allowed =
    app.approver === 'principal'
      ? staff.roles.includes(ROLES.PRINCIPAL)
      : (staff.isHod && staff.department === app.department && staff.facultyId !== app.faculty_id) ||
        staff.roles.includes(ROLES.PRINCIPAL);
  if (!allowed) throw forbidden(LEAVE_MSG.notYourApproval);
  if (app.status !== 'pending_approval') throw conflict(LEAVE_MSG.notPendingApproval);
  const type = (await repo.typeById(db, collegeId, app.leave_type_id))!;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const set = { status: approve ? 'approved' : 'rejected', decided_by: staff.userId, decision_note: note, decided_at: now };
    if (!(await repo.setStatus(trx, collegeId, id, 'pending_approval', set))) throw conflict(LEAVE_MSG.notPendingApproval);
    await audit(trx, {
      collegeId,
      actor: { id: staff.userId, username: staff.username },
      action: approve ? 'leave.approve' : 'leave.reject',
      entity: 'leave_application',
      entityId: id,
      before: { status: 'pending_approval' },
      after: { status: set.status, note },
    });
    await notifyLater(trx, {
      collegeId,
      kind: 'leave-decision',
      ref: `leave:${id}:${set.status}`,
      subject: `Leave ${set.status}: ${type.code} ${app.from_date.split('-').reverse().join('-')} to ${app.to_date.split('-').reverse().join('-')}`,
      body: `Your ${type.name} application for ${Number(app.days)} day(s) is ${set.status}.${note ? ` ${note}` : ''}`,
      link: '/app/Leave',
      to: [{ facultyId: app.faculty_id }],
    });
    if (!approve || Number(type.yearly_quota) === 0) return;
    if (!(await repo.balance(trx, collegeId, app.faculty_id, type.id, app.academic_year))) {
      await repo.insertBalance(trx, {
        college_id: collegeId,
        faculty_id: app.faculty_id,
        leave_type_id: type.id,
        academic_year: app.academic_year,
        opening: Number(type.yearly_quota),
        used: 0,
      });
    }
    if (!(await repo.deduct(trx, collegeId, app.faculty_id, type.id, app.academic_year, Number(app.days)))) {
      const bal = (await repo.balance(trx, collegeId, app.faculty_id, type.id, app.academic_year))!;
      throw badRequest(LEAVE_MSG.quota(type.code, Math.max(0, Number(bal.opening) - Number(bal.used)), Number(app.days)));
    }
  });
  return one(db, collegeId, id);
}

export async function calendar(db: Database, staff: Staff, month: string, department?: string) {
  const from = `${month}-01`;
  // Every month ends by the 31st, and ISO dates compare as text.
  const end = `${month}-31`;
  const dept = staff.collegeWide ? department : staff.department;
  const rows = await repo.calendar(db, staff.collegeId, from, end, dept);
  return rows.map((r) => ({ ...r, halfDay: Boolean(r.halfDay) }));
}

// ---- For attendance ---------------------------------------------------------------------------

/** Classes a faculty member covers as an accepted backup on approved leave, on a date. */
export const backupClassesFor = (db: Database, collegeId: number, facultyId: number, date: string) =>
  repo.coveredBy(db, collegeId, facultyId, date);

/** "section:period" of a faculty member's classes a backup covers on a date. */
export async function coveredClassesOf(db: Database, collegeId: number, facultyId: number, date: string) {
  return new Set((await repo.coveredFor(db, collegeId, facultyId, date)).map((r) => `${r.section_id}:${r.period}`));
}

/**
 * One class (section, date, period) as `coveredClassesOf` and `backupClassesFor` see it, for a
 * faculty member: whether a backup takes it from them, and the subject if they take it as a backup.
 */
export async function coverOfClass(
  db: Database,
  collegeId: number,
  facultyId: number,
  sectionId: number,
  date: string,
  period: number,
) {
  const rows = await repo.coverOfClass(db, collegeId, sectionId, date, period, facultyId);
  const asBackup = rows.find((r) => r.backupId === facultyId);
  return {
    coveredByBackup: rows.some((r) => r.applicantId === facultyId),
    asBackup: asBackup && { subjectId: asBackup.subjectId, subjectCode: asBackup.subjectCode },
  };
}

export { MSG };

/** Who is away (approved or pending leave) on each day from `from` to `to`: the exam cell plans duties around them. */
export async function facultyAway(db: Database, collegeId: number, from: string, to: string): Promise<Array<{ facultyId: number; from: string; to: string }>> {
  return (await repo.leaveBetween(db, collegeId, from, to)).map((l) => ({ facultyId: l.faculty_id, from: l.from_date, to: l.to_date }));
}
