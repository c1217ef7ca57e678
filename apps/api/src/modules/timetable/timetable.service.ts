import {
  DAYS,
  MSG,
  PERIOD_TIMES,
  PERIODS_PER_DAY,
  TIMETABLE_MSG,
  type TAllocationInput,
  type TSlot,
  type TTimetable,
  type TTimetableInput,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import * as masters from '../masters/index.js';
import type { Staff } from '../masters/index.js';
import * as repo from './timetable.repo.js';

/** The bell schedule every timetable is answered with. */
const periods = () => PERIOD_TIMES.map((t, i) => ({ period: i + 1, ...t }));

async function sectionInScope(db: Database, staff: Staff, sectionId: number) {
  const section = await masters.sectionInfo(db, staff.collegeId, sectionId);
  if (!section) throw notFound(TIMETABLE_MSG.sectionNotFound);
  const scoped = masters.departmentScope(staff);
  if (scoped && section.department !== scoped) throw forbidden(TIMETABLE_MSG.notYourDepartment);
  return section;
}

async function liveFaculty(db: Database, collegeId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await masters.facultyRows(db, collegeId, unique);
  if (rows.length !== unique.length || rows.some((r) => r.retired)) throw badRequest(TIMETABLE_MSG.facultyNotFound);
  return new Map(rows.map((r) => [r.id, r.full_name]));
}

/** Allocates (subject, section, year) to one or more faculty, replacing the previous allocation. */
export async function allocate(db: Database, staff: Staff, input: TAllocationInput) {
  const collegeId = staff.collegeId;
  await sectionInScope(db, staff, input.sectionId);
  const subject = await repo.subject(db, collegeId, input.subjectId);
  if (!subject || subject.retired) throw badRequest(TIMETABLE_MSG.subjectNotFound);
  await liveFaculty(db, collegeId, input.facultyIds);
  await db
    .transaction()
    .execute((trx) =>
      repo.replaceAllocation(
        trx,
        collegeId,
        input.subjectId,
        input.sectionId,
        input.academicYear,
        [...new Set(input.facultyIds)],
        nowIso(),
      ),
    );
  return repo.allocations(db, collegeId, { sectionId: input.sectionId, academicYear: input.academicYear });
}

export async function allocations(db: Database, staff: Staff, q: { sectionId?: number; academicYear?: string; mine?: string }) {
  if (q.mine === 'true' || (!staff.collegeWide && !staff.isHod)) {
    if (!staff.facultyId) return [];
    return repo.allocations(db, staff.collegeId, { ...q, facultyId: staff.facultyId });
  }
  return repo.allocations(db, staff.collegeId, { ...q, department: masters.departmentScope(staff) });
}

export async function sectionTimetable(db: Database, staff: Staff, sectionId: number): Promise<TTimetable> {
  const section = await masters.sectionInfo(db, staff.collegeId, sectionId);
  if (!section) throw notFound(TIMETABLE_MSG.sectionNotFound);
  const isStaff = staff.collegeWide || staff.isHod || staff.facultyId != null;
  if (!isStaff) {
    const own = staff.studentId ? await masters.sectionOfStudent(db, staff.collegeId, staff.studentId) : null;
    if (own !== sectionId) throw forbidden(TIMETABLE_MSG.notYourSection);
  }
  return {
    sectionId,
    title: `${section.branch} ${section.batch} ${section.name}`,
    periods: periods(),
    slots: await repo.sectionSlots(db, staff.collegeId, sectionId),
  };
}

/** A faculty member's own week, or a student's section's. */
export async function myTimetable(db: Database, staff: Staff): Promise<TTimetable> {
  if (staff.facultyId)
    return {
      sectionId: null,
      title: 'My week',
      periods: periods(),
      slots: await repo.facultySlots(db, staff.collegeId, staff.facultyId),
    };
  if (staff.studentId) {
    const sectionId = await masters.sectionOfStudent(db, staff.collegeId, staff.studentId);
    if (sectionId) return sectionTimetable(db, staff, sectionId);
  }
  return { sectionId: null, title: 'My week', periods: periods(), slots: [] };
}

/** Replaces a section's week. Refuses a section or a faculty member in two places in one period. */
export async function saveTimetable(db: Database, staff: Staff, sectionId: number, input: TTimetableInput): Promise<TTimetable> {
  const collegeId = staff.collegeId;
  await sectionInScope(db, staff, sectionId);
  const expanded: Array<{ day: number; period: number; subject_id: number; faculty_id: number }> = [];
  const taken = new Set<string>();
  for (const s of input.slots) {
    if (s.period + s.span - 1 > PERIODS_PER_DAY) throw badRequest(TIMETABLE_MSG.beyondDay);
    for (let p = s.period; p < s.period + s.span; p++) {
      const key = `${s.day}:${p}`;
      if (taken.has(key)) throw badRequest(TIMETABLE_MSG.sectionTwice(DAYS[s.day - 1], p));
      taken.add(key);
      expanded.push({ day: s.day, period: p, subject_id: s.subjectId, faculty_id: s.facultyId });
    }
  }
  const names = await liveFaculty(
    db,
    collegeId,
    expanded.map((s) => s.faculty_id),
  );
  const allocated = new Set((await repo.allocatedPairs(db, collegeId, sectionId)).map((a) => `${a.subject_id}:${a.faculty_id}`));
  for (const s of expanded) {
    if (!allocated.has(`${s.subject_id}:${s.faculty_id}`)) {
      const subject = await repo.subject(db, collegeId, s.subject_id);
      if (!subject) throw badRequest(TIMETABLE_MSG.subjectNotFound);
      throw badRequest(TIMETABLE_MSG.notAllocated(names.get(s.faculty_id)!, `${subject.code} ${subject.name}`));
    }
  }
  const busy = await repo.busySlots(db, collegeId, [...names.keys()], sectionId);
  const busyAt = new Map(busy.map((b) => [`${b.facultyId}:${b.day}:${b.period}`, b]));
  // Every clash, each with its cell, so the editor can show them where they are; the first is the message.
  const clashes: Array<{ day: number; period: number; message: string }> = [];
  for (const s of expanded) {
    const b = busyAt.get(`${s.faculty_id}:${s.day}:${s.period}`);
    if (b)
      clashes.push({
        day: s.day,
        period: s.period,
        message: TIMETABLE_MSG.facultyBusy(b.facultyName, b.sectionLabel, DAYS[s.day - 1], s.period),
      });
  }
  if (clashes.length) throw conflict(clashes[0].message, { clashes });
  try {
    await db.transaction().execute((trx) => repo.replaceSlots(trx, collegeId, sectionId, expanded));
  } catch (e) {
    // Another planner gave one of these faculty the same period a moment ago: the unique index decided.
    if (isUniqueViolation(e))
      throw conflict('A faculty member was just given one of these periods in another section; reload and try again');
    throw e;
  }
  return sectionTimetable(db, { ...staff, collegeWide: true }, sectionId);
}

/** For attendance and leave: the classes a faculty member teaches on a weekday (1 = Monday). */
export const facultyDay = (db: Database, collegeId: number, facultyId: number, day: number): Promise<TSlot[]> =>
  repo.facultySlots(db, collegeId, facultyId, day);
/** For attendance: the class a faculty member teaches in a period of a weekday, if any. */
export const facultySlot = (db: Database, collegeId: number, facultyId: number, day: number, period: number) =>
  repo.facultySlot(db, collegeId, facultyId, day, period);
export const sectionSlots = (db: Database, collegeId: number, sectionId: number): Promise<TSlot[]> =>
  repo.sectionSlots(db, collegeId, sectionId);
/** For attendance: every class of the college's timetable, each with its teacher and the teacher's department. */
export const collegeSlots = (db: Database, collegeId: number) => repo.collegeSlots(db, collegeId);
/** "facultyId:period" of every class taught on a weekday (1 = Monday). */
export async function busyOnDay(db: Database, collegeId: number, day: number): Promise<Set<string>> {
  return new Set((await repo.daySlots(db, collegeId, day)).map((s) => `${s.faculty_id}:${s.period}`));
}
export { MSG };
