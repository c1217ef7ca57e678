import type { TAnalyticsAttendance } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { holidaysBetween } from '../calendar/index.js';
import type { Staff } from '../masters/index.js';
import { collegeSlots } from '../timetable/index.js';
import { missed, policyFrom, shortage, weekday } from './attendance.service.js';
import * as repo from './figures.repo.js';

/**
 * Attendance as leadership reads it, by the attendance office's own rules: a sheet's students
 * attended unless marked absent or medical (late and on duty as the regulation says, `missed`);
 * students below the threshold are the shortage list's (`shortage`); a class of the timetable on
 * a working day (not Sunday, not a calendar holiday) before today with no sheet for its section,
 * date and period was never submitted, and is counted against the teacher the timetable names.
 */

const DEFAULT_DAYS = 28;
const officeToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The range asked for; the last four weeks to today when absent. */
export function attendancePeriod(q: { from?: string; to?: string }) {
  const to =
    q.to ?? (q.from && shift(q.from, DEFAULT_DAYS - 1) < officeToday() ? shift(q.from, DEFAULT_DAYS - 1) : officeToday());
  return { from: q.from ?? shift(to, -(DEFAULT_DAYS - 1)), to };
}

/** ISO week of a date: its year and week ('2026-W48') and its Monday. */
export function isoWeek(iso: string) {
  const monday = shift(iso, 1 - weekday(iso));
  const thursday = shift(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / (7 * 86_400_000)) + 1;
  return { week: `${year}-W${String(week).padStart(2, '0')}`, from: monday };
}

const pct = (attended: number, held: number) => (held ? Math.round((attended * 10000) / held) / 100 : null);

export async function attendanceFigures(
  db: Database,
  staff: Staff,
  q: { from?: string; to?: string },
): Promise<TAnalyticsAttendance> {
  const collegeId = staff.collegeId;
  const { from, to } = attendancePeriod(q);
  const [sessions, short, slots] = await Promise.all([
    repo.sessionsBetween(db, collegeId, from, to),
    shortage(db, { ...staff, collegeWide: true }, { all: 'false' }),
    collegeSlots(db, collegeId),
  ]);

  const weeks = new Map<string, TAnalyticsAttendance['byDepartmentWeek'][number]>();
  for (const s of sessions) {
    const policy = policyFrom(s);
    const marks = { A: Number(s.absent), L: Number(s.late), OD: Number(s.on_duty), M: Number(s.medical) };
    const away = Object.entries(marks).reduce((n, [status, k]) => n + (missed(policy, status) ? k : 0), 0);
    const department = s.department ?? 'No department';
    const w = isoWeek(s.date);
    const k = `${department}|${w.week}`;
    let g = weeks.get(k);
    if (!g) weeks.set(k, (g = { department, week: w.week, from: w.from, classes: 0, held: 0, attended: 0, percent: null }));
    g.classes++;
    g.held += Number(s.strength);
    g.attended += Number(s.strength) - away;
  }
  const byDepartmentWeek = [...weeks.values()]
    .map((g) => ({ ...g, percent: pct(g.attended, g.held) }))
    .sort((a, b) => a.department.localeCompare(b.department) || a.week.localeCompare(b.week));

  // Classes owed a sheet: working days of the range before today (today's may still come).
  const last = to < officeToday() ? to : shift(officeToday(), -1);
  const submitted = new Set(sessions.map((s) => `${s.section_id}|${s.date}|${s.period}`));
  const holidays = last >= from ? await holidaysBetween(db, collegeId, from, last) : new Set<string>();
  const byFaculty = new Map<number, TAnalyticsAttendance['unsubmitted']['byFaculty'][number]>();
  for (let d = from; d <= last; d = shift(d, 1)) {
    const day = weekday(d);
    if (day === 7 || holidays.has(d)) continue;
    for (const slot of slots) {
      if (slot.day !== day || submitted.has(`${slot.sectionId}|${d}|${slot.period}`)) continue;
      let f = byFaculty.get(slot.facultyId);
      if (!f)
        byFaculty.set(
          slot.facultyId,
          (f = {
            facultyId: slot.facultyId,
            faculty: slot.facultyName,
            department: slot.facultyDepartment,
            classes: 0,
            missing: [],
          }),
        );
      f.classes++;
      f.missing.push({
        date: d,
        period: slot.period,
        sectionId: slot.sectionId,
        section: slot.sectionLabel,
        subject: `${slot.subjectCode} ${slot.subjectName}`,
      });
    }
  }
  const faculty = [...byFaculty.values()].sort((a, b) => b.classes - a.classes || a.faculty.localeCompare(b.faculty));

  return {
    period: { from, to },
    byDepartmentWeek,
    below: {
      shortBelow: short.shortBelow,
      students: short.rows.length,
      rows: short.rows.map((r) => ({
        rollNo: r.rollNo,
        name: r.name,
        sectionLabel: r.sectionLabel,
        percent: r.percent,
        standing: r.standing,
      })),
    },
    unsubmitted: { classes: faculty.reduce((n, f) => n + f.classes, 0), byFaculty: faculty },
  };
}
