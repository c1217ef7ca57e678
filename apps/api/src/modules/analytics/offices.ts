import { academicYear, type TAnalyticsOffices } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { indianDate } from '../../lib/clock.js';
import type { RequestUser } from '../../plugins/types.js';
import { grievanceReport } from '../grievances/index.js';
import { hostelBuildings } from '../hostel/index.js';
import { leaveDaysTaken } from '../leave/index.js';
import { libraryReport, libraryStats } from '../library/index.js';
import { collegeSlots } from '../timetable/index.js';
import { transportRoutes } from '../transport/index.js';

/**
 * Faculty workload from the timetable (classes a week) and the leave office's balances (days
 * taken this academic year); each hostel's beds; each route's seats against its passes; open
 * grievances and those past their deadline (the grievances report); the library's issues this
 * month and overdue loans. Every count is the owning office's, read through its module.
 */
export async function offices(db: Database, user: RequestUser, now: Date): Promise<TAnalyticsOffices> {
  const collegeId = user.collegeId;
  const date = indianDate(now);
  const year = academicYear(new Date(`${date}T12:00:00Z`));
  const month = date.slice(0, 7);
  const [slots, leave, hostels, routes, grievances, library, desk] = await Promise.all([
    collegeSlots(db, collegeId),
    leaveDaysTaken(db, collegeId, year),
    hostelBuildings(db, collegeId),
    transportRoutes(db, collegeId),
    grievanceReport(db, user, undefined, undefined, now),
    libraryReport(db, collegeId, { from: `${month}-01`, to: date }),
    libraryStats(db, collegeId),
  ]);
  const load = new Map<number, { name: string; department: string; periods: number }>();
  for (const s of slots) {
    const f = load.get(s.facultyId) ?? { name: s.facultyName, department: s.facultyDepartment ?? '', periods: 0 };
    f.periods++;
    load.set(s.facultyId, f);
  }
  return {
    date,
    academicYear: year,
    workload: [...load.entries()]
      .map(([facultyId, f]) => ({
        facultyId,
        name: f.name,
        department: f.department,
        periodsPerWeek: f.periods,
        leaveDaysTaken: leave.get(facultyId) ?? 0,
      }))
      .sort((a, b) => a.department.localeCompare(b.department) || b.periodsPerWeek - a.periodsPerWeek || a.name.localeCompare(b.name)),
    hostels: hostels.map((h) => ({ id: h.id, name: h.name, beds: h.beds, occupied: h.occupied, reserved: h.reserved, free: h.free })),
    transport: routes.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      seats: r.seatingCapacity,
      passes: r.stops.reduce((n, s) => n + s.passes, 0),
    })),
    grievances: { open: grievances.pending, overdue: grievances.overdue.length },
    library: { month, issuedThisMonth: library.naac.loansInPeriod, onLoan: desk.onLoan, overdue: desk.overdue },
  };
}
