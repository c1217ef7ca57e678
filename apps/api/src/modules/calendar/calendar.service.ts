import { CALENDAR_MSG, type TCalendarEvent, type TCalendarKind } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { addDays, eachDay, isSunday } from './calendar.dates.js';
import * as repo from './calendar.repo.js';

/**
 * The academic calendar owns "is this a working day": library due dates, grievance deadlines,
 * attendance and leave all ask it. Sundays and the calendar's holidays are not working days.
 */

export async function holidaysBetween(db: Database, collegeId: number, from: string, to: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (const r of await repo.holidayRanges(db, collegeId, from, to)) {
    for (const d of eachDay(r.start_date < from ? from : r.start_date, r.end_date > to ? to : r.end_date)) out.add(d);
  }
  return out;
}

export async function isWorkingDay(db: Database, collegeId: number, date: string): Promise<boolean> {
  return !isSunday(date) && !(await holidaysBetween(db, collegeId, date, date)).has(date);
}

// A look-ahead window long enough for any realistic run of holidays (vacations included).
const WINDOW = 120;

/** The date itself when it is a working day, else the first working day after it. */
export async function nextWorkingDay(db: Database, collegeId: number, date: string): Promise<string> {
  return addWorkingDaysFrom(db, collegeId, date, 0, true);
}

/** The date `n` working days after `date` (n ≥ 0; n = 0 gives `date` itself even if it is a holiday). */
export async function addWorkingDays(db: Database, collegeId: number, date: string, n: number): Promise<string> {
  return n === 0 ? date : addWorkingDaysFrom(db, collegeId, date, n, false);
}

async function addWorkingDaysFrom(
  db: Database,
  collegeId: number,
  date: string,
  n: number,
  includeStart: boolean,
): Promise<string> {
  let start = includeStart ? date : addDays(date, 1);
  let left = includeStart ? 1 : n;
  for (;;) {
    const end = addDays(start, WINDOW + n * 2);
    const holidays = await holidaysBetween(db, collegeId, start, end);
    for (const d of eachDay(start, end)) {
      if (isSunday(d) || holidays.has(d)) continue;
      if (--left === 0) return d;
    }
    start = addDays(end, 1);
  }
}

/** Working days after `from`, up to and including `to` (0 when `to` ≤ `from`). */
export async function workingDaysBetween(db: Database, collegeId: number, from: string, to: string): Promise<number> {
  if (to <= from) return 0;
  const first = addDays(from, 1);
  const holidays = await holidaysBetween(db, collegeId, first, to);
  let n = 0;
  for (const d of eachDay(first, to)) if (!isSunday(d) && !holidays.has(d)) n++;
  return n;
}

const view = (r: repo.CalendarRow): TCalendarEvent => ({
  id: r.id,
  title: r.title,
  kind: r.kind as TCalendarKind,
  startDate: r.start_date,
  endDate: r.end_date,
  description: r.description,
});

export interface CalendarInput {
  title: string;
  kind: TCalendarKind;
  startDate: string;
  endDate: string;
  description: string;
}
const values = (v: CalendarInput): repo.CalendarValues => ({
  title: v.title,
  kind: v.kind,
  start_date: v.startDate,
  end_date: v.endDate,
  description: v.description,
});

export async function list(db: Database, collegeId: number, f: { from?: string; to?: string; kind?: string }) {
  return { items: (await repo.list(db, collegeId, f)).map(view) };
}

export async function create(db: Database, user: RequestUser, input: CalendarInput, ip: string): Promise<TCalendarEvent> {
  return db.transaction().execute(async (trx) => {
    const id = await repo.insert(trx, user.collegeId, values(input), nowIso());
    const created = view((await repo.byId(trx, user.collegeId, id))!);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: user,
      ip,
      action: 'calendar.create',
      entity: 'calendar_event',
      entityId: id,
      after: created,
    });
    return created;
  });
}

export async function update(
  db: Database,
  user: RequestUser,
  id: number,
  input: CalendarInput,
  ip: string,
): Promise<TCalendarEvent> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.byId(trx, user.collegeId, id);
    if (!before || !(await repo.update(trx, user.collegeId, id, values(input)))) throw notFound(CALENDAR_MSG.notFound);
    const after = view((await repo.byId(trx, user.collegeId, id))!);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: user,
      ip,
      action: 'calendar.update',
      entity: 'calendar_event',
      entityId: id,
      before: view(before),
      after,
    });
    return after;
  });
}

export async function retire(db: Database, user: RequestUser, id: number, ip: string): Promise<{ ok: true }> {
  return db.transaction().execute(async (trx) => {
    const before = await repo.byId(trx, user.collegeId, id);
    if (!before || !(await repo.retire(trx, user.collegeId, id))) throw notFound(CALENDAR_MSG.notFound);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: user,
      ip,
      action: 'calendar.retire',
      entity: 'calendar_event',
      entityId: id,
      before: view(before),
    });
    return { ok: true as const };
  });
}
