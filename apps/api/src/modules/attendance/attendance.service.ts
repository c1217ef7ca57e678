import {
  ATTENDANCE_MSG,
  MSG,
  type TSessionResult,
  type TSessionSummary,
  type TSheet,
  type TSheetClass,
  type TSheetSubmit,
  type TShortage,
  type TShortageRow,
  type TStudentAttendance,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { audit } from '../../lib/audit.js';
import * as calendar from '../calendar/index.js';
import * as leave from '../leave/index.js';
import * as masters from '../masters/index.js';
import type { Staff } from '../masters/index.js';
import * as timetable from '../timetable/index.js';
import { chunks, IN_LIST_SIZE } from '../../lib/chunked.js';
import * as repo from './attendance.repo.js';

/** The attendance rules of a regulation (defaults: the common Indian university rule). */
export interface Policy {
  shortBelow: number;
  detainBelow: number;
  editWindowHours: number;
  lateCountsPresent: boolean;
  odCountsPresent: boolean;
  medicalCondonable: boolean;
}
type PolicyRow = Partial<
  Record<
    'short_below' | 'detain_below' | 'edit_window_hours' | 'late_counts_present' | 'od_counts_present' | 'medical_condonable',
    number | null
  >
>;
export function policyFrom(r: PolicyRow | undefined): Policy {
  return {
    shortBelow: r?.short_below ?? 75,
    detainBelow: r?.detain_below ?? 65,
    editWindowHours: r?.edit_window_hours ?? 48,
    lateCountsPresent: (r?.late_counts_present ?? 1) === 1,
    odCountsPresent: (r?.od_counts_present ?? 1) === 1,
    medicalCondonable: (r?.medical_condonable ?? 1) === 1,
  };
}

/** Today's date where the server runs, yyyy-mm-dd. */
export function todayIso(d = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
/** 1 = Monday ... 7 = Sunday */
export const weekday = (iso: string) => ((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const pct = (attended: number, held: number) => (held === 0 ? 100 : Math.round((attended * 10000) / held) / 100);
/** Classes in a row a student must attend to reach the threshold: (a + x) / (h + x) >= t. */
export const classesNeeded = (attended: number, held: number, threshold: number) =>
  threshold >= 100
    ? attended < held
      ? Infinity
      : 0
    : Math.max(0, Math.ceil((threshold * held - 100 * attended) / (100 - threshold)));

/** eligible at or above the shortage threshold; condonable down to the detention threshold (medical counted); else detained. */
export function standingOf(p: Policy, attended: number, medical: number, held: number): string {
  if (pct(attended, held) >= p.shortBelow) return 'eligible';
  const withMedical = p.medicalCondonable ? pct(attended + medical, held) : pct(attended, held);
  return withMedical >= p.detainBelow ? 'condonable' : 'detained';
}

/** Classes missed by a status count: absent always; late and on duty unless the regulation counts them present; medical. */
export function missed(p: Policy, status: string) {
  if (status === 'A' || status === 'M') return true;
  if (status === 'L') return !p.lateCountsPresent;
  if (status === 'OD') return !p.odCountsPresent;
  return false;
}

function faculty(staff: Staff): number {
  if (!staff.facultyId) throw badRequest(ATTENDANCE_MSG.notFaculty);
  return staff.facultyId;
}

const editableUntil = (session: { created_at: string; unlocked_until: string | null }, p: Policy) => {
  const window = new Date(new Date(session.created_at).getTime() + p.editWindowHours * 3600_000).toISOString();
  return session.unlocked_until && session.unlocked_until > window ? session.unlocked_until : window;
};

/** The faculty's classes on a date: own timetable (minus those a backup covers) plus classes they cover as a backup. */
async function classesOn(db: Database, collegeId: number, facultyId: number, date: string) {
  const day = weekday(date);
  const [own, away, backups] = await Promise.all([
    day === 7 ? Promise.resolve([]) : timetable.facultyDay(db, collegeId, facultyId, day),
    leave.coveredClassesOf(db, collegeId, facultyId, date),
    leave.backupClassesFor(db, collegeId, facultyId, date),
  ]);
  const classes = own
    .filter((s) => !away.has(`${s.sectionId}:${s.period}`))
    .map((s) => ({
      sectionId: s.sectionId,
      sectionLabel: s.sectionLabel,
      subjectId: s.subjectId,
      subjectCode: s.subjectCode,
      subjectName: s.subjectName,
      period: s.period,
      asBackup: false,
    }));
  for (const b of backups) classes.push({ ...b, asBackup: true });
  return classes.sort((a, b) => a.period - b.period);
}

/** The one class of `classesOn` in a section and period, if the faculty member teaches it that day. */
async function classAt(db: Database, collegeId: number, facultyId: number, date: string, sectionId: number, period: number) {
  const day = weekday(date);
  const [own, cover] = await Promise.all([
    day === 7 ? undefined : timetable.facultySlot(db, collegeId, facultyId, day, period),
    leave.coverOfClass(db, collegeId, facultyId, sectionId, date, period),
  ]);
  if (own && own.sectionId === sectionId && !cover.coveredByBackup) return own;
  return cover.asBackup;
}

export async function sheet(db: Database, staff: Staff, date = todayIso()): Promise<TSheet> {
  const collegeId = staff.collegeId;
  const classes = await classesOn(db, collegeId, faculty(staff), date);
  const sectionIds = [...new Set(classes.map((c) => c.sectionId))];
  const sessions = await repo.sessionsOfSectionsOn(db, collegeId, sectionIds, date);
  const marks = await repo.marksOfSessions(
    db,
    sessions.map((s) => s.id),
  );
  const out: TSheetClass[] = [];
  for (const c of classes) {
    const students = await masters.sectionStudentsOf(db, collegeId, c.sectionId);
    const session = sessions.find((s) => s.section_id === c.sectionId && s.period === c.period);
    const status = new Map(marks.filter((m) => m.session_id === session?.id).map((m) => [m.roll_no, m.status]));
    const policy = policyFrom(await repo.policyOfSection(db, collegeId, c.sectionId));
    const until = session ? editableUntil(session, policy) : '';
    out.push({
      ...c,
      students: students.map((s) => ({ rollNo: s.rollNo, name: s.name, status: status.get(s.rollNo) ?? 'P' })),
      session: session
        ? {
            id: session.id,
            clientId: session.client_id,
            absent: session.absent_count,
            strength: session.strength,
            editableUntil: until,
            editable: until >= nowIso(),
          }
        : null,
    });
  }
  const workingDay = weekday(date) !== 7 && (await calendar.isWorkingDay(db, collegeId, date));
  return { date, workingDay, classes: out };
}

type Session = NonNullable<Awaited<ReturnType<typeof repo.sessionById>>>;
const result = (s: Session, policy: Policy, replayed: boolean, message: string): TSessionResult => ({
  id: s.id,
  clientId: s.client_id,
  replayed,
  strength: s.strength,
  absent: s.absent_count,
  editableUntil: editableUntil(s, policy),
  message,
});

/**
 * Saves a sheet. The client id makes it idempotent: a sheet sent twice (an offline queue replaying)
 * is saved once. A second sheet for the same class is an edit, allowed until the window closes.
 */
export async function submit(db: Database, staff: Staff, input: TSheetSubmit): Promise<TSessionResult> {
  const collegeId = staff.collegeId;
  const facultyId = faculty(staff);
  const policy = policyFrom(await repo.policyOfSection(db, collegeId, input.sectionId));

  const earlier = await repo.submissionByClientId(db, collegeId, input.clientId);
  if (earlier) return result(earlier, policy, true, 'Already saved');

  if (input.date > todayIso()) throw badRequest(ATTENDANCE_MSG.future);
  const mine = await classAt(db, collegeId, facultyId, input.date, input.sectionId, input.period);
  if (!mine) throw forbidden(ATTENDANCE_MSG.notYourClass);
  if (mine.subjectCode !== input.subjectCode.toUpperCase()) throw badRequest(ATTENDANCE_MSG.subjectNotInSection);

  const all = [...input.absentRollNos.map((rollNo) => ({ rollNo, status: 'A' })), ...input.marks];
  const [strength, members] = await Promise.all([
    masters.sectionStrength(db, collegeId, input.sectionId),
    masters.sectionMembers(db, collegeId, input.sectionId, [...new Set(all.map((m) => m.rollNo))]),
  ]);
  const byRoll = new Map(members.map((s) => [s.rollNo, s.studentId]));
  const strangers = all.map((m) => m.rollNo).filter((r) => !byRoll.has(r));
  if (strangers.length) throw badRequest(ATTENDANCE_MSG.notInSection([...new Set(strangers)].slice(0, 10)));
  const seen = new Set<string>();
  for (const m of all) {
    if (seen.has(m.rollNo)) throw badRequest(ATTENDANCE_MSG.twice(m.rollNo));
    seen.add(m.rollNo);
  }
  const marks = all.map((m) => ({ student_id: byRoll.get(m.rollNo)!, status: m.status }));
  const absent = all.filter((m) => missed(policy, m.status)).length;
  const after = JSON.stringify(Object.fromEntries(all.map((m) => [m.rollNo, m.status])));
  const now = nowIso();

  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await repo.sessionBySlot(db, collegeId, input.sectionId, input.date, input.period);
    try {
      if (!existing) {
        const id = await db.transaction().execute(async (trx) => {
          const id = await repo.insertSession(trx, {
            college_id: collegeId,
            section_id: input.sectionId,
            subject_id: mine.subjectId,
            faculty_id: facultyId,
            date: input.date,
            period: input.period,
            client_id: input.clientId,
            strength,
            absent_count: absent,
            marked_by: staff.userId,
            created_at: now,
            updated_at: now,
          });
          await repo.insertMarks(trx, collegeId, id, marks);
          await repo.applyTotals(trx, collegeId, input.sectionId, mine.subjectId, marks, 1);
          await audit(trx, {
            collegeId,
            actor: { id: staff.userId, username: staff.username },
            action: 'attendance.mark',
            entity: 'attendance_session',
            entityId: id,
            after: JSON.parse(after),
          });
          await repo.insertEdit(trx, {
            college_id: collegeId,
            session_id: id,
            action: 'create',
            client_id: input.clientId,
            user_id: staff.userId,
            username: staff.username,
            before_json: '',
            after_json: after,
            created_at: now,
          });
          return id;
        });
        // Built from what was just written: no second read.
        const saved = {
          id,
          client_id: input.clientId,
          strength,
          absent_count: absent,
          created_at: now,
          unlocked_until: null,
        };
        return result(saved as Session, policy, false, `Attendance saved: ${strength - absent} present, ${absent} absent`);
      }
      const until = editableUntil(existing, policy);
      if (now > until) throw badRequest(ATTENDANCE_MSG.locked(policy.editWindowHours));
      const previous = await repo.marksOfSessions(db, [existing.id]);
      const before = JSON.stringify(Object.fromEntries(previous.map((m) => [m.roll_no, m.status])));
      await db.transaction().execute(async (trx) => {
        await audit(trx, {
          collegeId,
          actor: { id: staff.userId, username: staff.username },
          action: 'attendance.edit',
          entity: 'attendance_session',
          entityId: existing.id,
          before: JSON.parse(before),
          after: JSON.parse(after),
        });
        await repo.insertEdit(trx, {
          college_id: collegeId,
          session_id: existing.id,
          action: 'edit',
          client_id: input.clientId,
          user_id: staff.userId,
          username: staff.username,
          before_json: before,
          after_json: after,
          created_at: now,
        });
        await repo.applyTotals(trx, collegeId, existing.section_id, existing.subject_id, previous, -1);
        await repo.replaceMarks(trx, collegeId, existing.id, marks);
        await repo.applyTotals(trx, collegeId, existing.section_id, existing.subject_id, marks, 1);
        await repo.recountSession(trx, existing.id, absent, strength, now);
      });
      return result(
        { ...existing, absent_count: absent, strength, updated_at: now },
        policy,
        false,
        `Attendance updated: ${strength - absent} present, ${absent} absent`,
      );
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // The same sheet arrived twice at once, or two sheets for one class: the database decided which came first.
      const replay = await repo.submissionByClientId(db, collegeId, input.clientId);
      if (replay) return result(replay, policy, true, 'Already saved');
    }
  }
  throw badRequest('The sheet could not be saved; try again');
}

async function sessionInScope(db: Database, staff: Staff, id: number) {
  const session = await repo.sessionById(db, staff.collegeId, id);
  if (!session) throw notFound(ATTENDANCE_MSG.sessionNotFound);
  const section = await masters.sectionInfo(db, staff.collegeId, session.section_id);
  const scoped = masters.departmentScope(staff);
  if (scoped && section?.department !== scoped && session.faculty_id !== staff.facultyId)
    throw forbidden(ATTENDANCE_MSG.notYourDepartment);
  return session;
}

/** A HoD (own department) or admin reopens a closed sheet for another window. */
export async function unlock(db: Database, staff: Staff, id: number) {
  const session = await sessionInScope(db, staff, id);
  const policy = policyFrom(await repo.policyOfSection(db, staff.collegeId, session.section_id));
  const until = new Date(Date.now() + Math.max(policy.editWindowHours, 1) * 3600_000).toISOString();
  await db.transaction().execute(async (trx) => {
    await repo.setUnlocked(trx, staff.collegeId, id, until);
    await audit(trx, {
      collegeId: staff.collegeId,
      actor: { id: staff.userId, username: staff.username },
      action: 'attendance.unlock',
      entity: 'attendance_session',
      entityId: id,
      after: { unlockedUntil: until },
    });
    await repo.insertEdit(trx, {
      college_id: staff.collegeId,
      session_id: id,
      action: 'unlock',
      client_id: null,
      user_id: staff.userId,
      username: staff.username,
      before_json: session.unlocked_until ?? '',
      after_json: until,
      created_at: nowIso(),
    });
  });
  return { message: ATTENDANCE_MSG.unlocked(until), unlockedUntil: until };
}

/** A section's sheets on a date or between two dates: locked or open, and how often changed (HoD: own department). */
export async function sessionsOf(
  db: Database,
  staff: Staff,
  q: { sectionId: number; from: string; to?: string },
): Promise<TSessionSummary[]> {
  const section = await masters.sectionInfo(db, staff.collegeId, q.sectionId);
  if (!section) throw notFound('That section does not exist');
  const scoped = masters.departmentScope(staff);
  if (scoped && section.department !== scoped) throw forbidden(ATTENDANCE_MSG.notYourDepartment);
  const to = q.to ?? q.from;
  if (to < q.from) throw badRequest('The last date must not be before the first');
  const policy = policyFrom(await repo.policyOfSection(db, staff.collegeId, q.sectionId));
  const now = nowIso();
  return (await repo.sessionsOfSection(db, staff.collegeId, q.sectionId, q.from, to)).map((s) => {
    const until = editableUntil(s, policy);
    return {
      id: s.id,
      date: s.date,
      period: s.period,
      subjectCode: s.subject_code,
      subjectName: s.subject_name,
      facultyName: s.faculty_name ?? '',
      strength: s.strength,
      absent: s.absent_count,
      editableUntil: until,
      locked: until < now,
      edits: Number(s.edits ?? 0),
    };
  });
}

export async function history(db: Database, staff: Staff, id: number) {
  await sessionInScope(db, staff, id);
  return repo.edits(db, staff.collegeId, id);
}

type Card = NonNullable<Awaited<ReturnType<typeof repo.studentCard>>>;

/**
 * A student's summary in three indexed queries: the student with section and policy, classes held
 * per subject (from the index), and the student's running totals per subject.
 */
async function summarize(db: Database, collegeId: number, card: Card): Promise<TStudentAttendance> {
  const base = { studentId: card.id, rollNo: card.roll_no, name: card.full_name };
  const sectionId = card.section_id;
  if (!sectionId)
    return {
      ...base,
      sectionId: null,
      sectionLabel: '',
      shortBelow: 75,
      detainBelow: 65,
      held: 0,
      attended: 0,
      percent: 100,
      needed: 0,
      standing: 'eligible',
      subjects: [],
    };
  const policy = policyFrom(card);
  const [held, totals] = await Promise.all([
    repo.heldBySubjectFast(db, collegeId, sectionId, card.semester_id),
    repo.totalsOfStudent(db, collegeId, card.id, sectionId),
  ]);
  const totalOf = new Map(totals.map((t) => [t.subject_id, t]));
  let tHeld = 0;
  let tAttended = 0;
  let tMedical = 0;
  const subjects = held.map((h) => {
    const n = Number(h.held);
    const t = totalOf.get(h.subjectId);
    const medical = Number(t?.medical ?? 0);
    let miss = Number(t?.absent ?? 0) + medical;
    if (!policy.lateCountsPresent) miss += Number(t?.late ?? 0);
    if (!policy.odCountsPresent) miss += Number(t?.on_duty ?? 0);
    const attended = n - miss;
    tHeld += n;
    tAttended += attended;
    tMedical += medical;
    return {
      subjectId: h.subjectId,
      subjectCode: h.subjectCode,
      subjectName: h.subjectName,
      held: n,
      attended,
      medical,
      percent: pct(attended, n),
      needed: classesNeeded(attended, n, policy.shortBelow),
    };
  });
  return {
    ...base,
    sectionId,
    sectionLabel: `${card.branch} ${card.batch} ${card.section_name}`,
    shortBelow: policy.shortBelow,
    detainBelow: policy.detainBelow,
    held: tHeld,
    attended: tAttended,
    percent: pct(tAttended, tHeld),
    needed: classesNeeded(tAttended, tHeld, policy.shortBelow),
    standing: standingOf(policy, tAttended, tMedical, tHeld),
    subjects,
  };
}

/** A student's attendance by subject. A student sees only their own; faculty the sections they teach. */
export async function studentAttendance(db: Database, staff: Staff, rollNo: string): Promise<TStudentAttendance> {
  const card = await repo.studentCard(db, staff.collegeId, { rollNo });
  if (!card) throw notFound(ATTENDANCE_MSG.studentNotFound);
  if (!staff.collegeWide) {
    if (staff.studentId != null && !staff.facultyId && !staff.isHod) {
      if (staff.studentId !== card.id) throw forbidden(ATTENDANCE_MSG.notYourStudent);
    } else {
      const allowed =
        (staff.isHod && card.department != null && card.department === staff.department) ||
        (staff.facultyId != null &&
          card.section_id != null &&
          (await repo.teachesSection(db, staff.collegeId, staff.facultyId, card.section_id)));
      if (!allowed) throw forbidden(MSG.noPermission);
    }
  }
  return summarize(db, staff.collegeId, card);
}

/** The shortage list of a section, a department or the college, with each student's standing. */
export async function shortage(
  db: Database,
  staff: Staff,
  q: { sectionId?: number; department?: string; all?: string },
): Promise<TShortage> {
  const collegeId = staff.collegeId;
  const scoped = masters.departmentScope(staff);
  const department = scoped ?? q.department;
  const sections = await repo.sectionsInScope(db, collegeId, { sectionId: q.sectionId, department });
  if (q.sectionId && sections.length === 0) {
    const exists = await masters.sectionInfo(db, collegeId, q.sectionId);
    if (!exists) throw notFound('That section does not exist');
    throw forbidden(ATTENDANCE_MSG.notYourDepartment);
  }
  const wholeCollege = !q.sectionId && !department;
  const ids = wholeCollege ? null : sections.map((s) => s.id);
  const [held, marks, students] = await Promise.all([
    repo.heldBySection(db, collegeId, ids),
    repo.totalsByStudent(db, collegeId, ids),
    repo.studentsOfSections(db, collegeId, ids),
  ]);
  const heldOf = new Map(held.map((h) => [h.section_id, Number(h.held)]));
  const sectionOf = new Map(sections.map((s) => [s.id, s]));
  const byStudent = new Map<number, Array<{ status: string; n: number }>>();
  for (const m of marks) {
    byStudent.set(m.student_id, [
      { status: 'A', n: Number(m.absent) },
      { status: 'L', n: Number(m.late) },
      { status: 'OD', n: Number(m.on_duty) },
      { status: 'M', n: Number(m.medical) },
    ]);
  }
  const rows: TShortageRow[] = [];
  const first = policyFrom(sections[0]);
  for (const st of students) {
    const section = sectionOf.get(st.section_id);
    if (!section) continue;
    const policy = policyFrom(section);
    const h = heldOf.get(st.section_id) ?? 0;
    let miss = 0;
    let medical = 0;
    for (const m of byStudent.get(st.id) ?? []) {
      if (missed(policy, m.status)) miss += m.n;
      if (m.status === 'M') medical += m.n;
    }
    const attended = h - miss;
    const percent = pct(attended, h);
    const standing = standingOf(policy, attended, medical, h);
    if (q.all !== 'true' && standing === 'eligible') continue;
    rows.push({
      studentId: st.id,
      rollNo: st.roll_no,
      name: st.full_name,
      sectionLabel: section.label,
      held: h,
      attended,
      percent,
      needed: classesNeeded(attended, h, policy.shortBelow),
      standing,
    });
  }
  rows.sort((a, b) => a.percent - b.percent || a.rollNo.localeCompare(b.rollNo));
  const title = q.sectionId ? `Section ${sections[0].label}` : department ? `Department ${department}` : 'College';
  return { title, shortBelow: first.shortBelow, detainBelow: first.detainBelow, rows };
}

// ---- For other modules ------------------------------------------------------------------------

/**
 * Every student's attendance and standing (eligible, condonable, detained) by the regulation's
 * rule, by student id: the shortage list of the whole college, for the exam cell's hall tickets.
 */
export async function attendanceStandings(db: Database, collegeId: number): Promise<Map<number, { percent: number; standing: string }>> {
  const college = { collegeId, collegeWide: true } as Staff;
  const { rows } = await shortage(db, college, { all: 'true' });
  return new Map(rows.map((r) => [r.studentId, { percent: r.percent, standing: r.standing }]));
}

/** A student's overall attendance percentage in their current section and semester (100 when nothing is held yet). */
export async function attendancePercent(db: Database, collegeId: number, studentId: number): Promise<number> {
  const card = await repo.studentCard(db, collegeId, { id: studentId });
  if (!card) return 0;
  return (await summarize(db, collegeId, card)).percent;
}

/**
 * Overall attendance percentage of many students at once, by student id (the placements module's
 * minimum-attendance criterion): their current section and semester, from the running totals, in a
 * few queries whatever the number of students. A student in no section, or with nothing held yet, has 100.
 * Unknown ids (or another college's) are left out.
 */
export async function attendancePercentages(db: Database, collegeId: number, studentIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const ids = [...new Set(studentIds)];
  for (const part of chunks(ids, IN_LIST_SIZE)) {
    const [placed, totals, known] = await Promise.all([
      repo.sectionsOfStudents(db, collegeId, part),
      repo.totalsOfStudents(db, collegeId, part),
      repo.studentIdsIn(db, collegeId, part),
    ]);
    const sectionIds = [...new Set(placed.map((p) => p.section_id))];
    const held = new Map(
      (sectionIds.length ? await repo.heldBySection(db, collegeId, sectionIds) : []).map((h) => [h.section_id, Number(h.held)]),
    );
    const totalOf = new Map(totals.map((t) => [t.student_id, t]));
    for (const id of known) out.set(id, 100);
    for (const p of placed) {
      const policy = policyFrom(p);
      const h = held.get(p.section_id) ?? 0;
      const t = totalOf.get(p.student_id);
      let miss = 0;
      if (t) {
        miss += Number(t.absent) + Number(t.medical);
        if (!policy.lateCountsPresent) miss += Number(t.late);
        if (!policy.odCountsPresent) miss += Number(t.on_duty);
      }
      out.set(p.student_id, pct(h - miss, h));
    }
  }
  return out;
}

/** A student's attendance by subject and standing (eligible, condonable, detained). */
export async function attendanceSummary(db: Database, collegeId: number, studentId: number): Promise<TStudentAttendance | null> {
  const card = await repo.studentCard(db, collegeId, { id: studentId });
  return card ? summarize(db, collegeId, card) : null;
}

/** The exam cell's flag: a detained student gets no hall ticket. */
export async function isDetained(db: Database, collegeId: number, studentId: number): Promise<boolean> {
  return (await attendanceSummary(db, collegeId, studentId))?.standing === 'detained';
}
