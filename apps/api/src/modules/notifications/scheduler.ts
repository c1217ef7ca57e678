import { formatRupees, type TNotificationKind } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { addDays, indianDate } from '../../lib/clock.js';
import { enqueue, type JobHandler } from '../../lib/jobs.js';
import { studentDuesFallingDue } from '../accounts/index.js';
import { shortage } from '../attendance/index.js';
import { openLoansDue } from '../library/index.js';
import * as repo from './notifications.repo.js';
import { notifyLater, type NotifyEvent } from './notifications.service.js';

/**
 * The scheduled notifications: library due dates and overdues and fee due dates daily, attendance
 * shortage weekly. Any API process whose worker is on may ask; a row per college, task and period
 * (notification_runs) lets exactly one of them start each run, and each delivery is recorded once
 * per recipient, so a retried or repeated scan tells nobody twice.
 */
export const TASKS = { library: 'daily', fees: 'daily', attendance: 'weekly' } as const;
export type Task = keyof typeof TASKS;

/** Runs start from this hour, India time (07:00 IST). */
export const RUN_FROM_HOUR_IST = 7;
/** Fee reminders go this many days before a due date (and up to the day itself). */
export const FEE_NOTICE_DAYS = 3;
/** Library reminders go this many days before the due date. */
export const LIBRARY_NOTICE_DAYS = 2;

const dmy = (iso: string) => iso.split('-').reverse().join('-');

/** ISO week of a yyyy-mm-dd date: 2026-W48. */
export function isoWeek(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0
  d.setUTCDate(d.getUTCDate() - day + 3); // the week's Thursday names its year
  const year = d.getUTCFullYear();
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week = 1 + Math.round(((d.getTime() - jan4.getTime()) / 86_400_000 - 3 + ((jan4.getUTCDay() + 6) % 7)) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export function periodOf(task: Task, date: string): string {
  return TASKS[task] === 'daily' ? date : isoWeek(date);
}

/**
 * Starts every run due at `at` that no process has started yet: one scan job per college, task
 * and period. Returns how many it started.
 */
export async function scheduleDue(db: Database, at: Date = new Date()): Promise<number> {
  const ist = new Date(at.getTime() + 330 * 60_000);
  if (ist.getUTCHours() < RUN_FROM_HOUR_IST) return 0;
  const date = indianDate(at);
  let started = 0;
  for (const collegeId of await repo.collegeIds(db)) {
    for (const task of Object.keys(TASKS) as Task[]) {
      const period = periodOf(task, date);
      const claimed = await db.transaction().execute(async (trx) => {
        if (!(await repo.claimRun(trx, collegeId, task, period, nowIso()))) return false;
        await enqueue(trx, { kind: 'notify-scan', payload: { task, date, period }, collegeId, maxAttempts: 5 });
        return true;
      });
      if (claimed) started++;
    }
  }
  return started;
}

type Scan = (db: Database, collegeId: number, date: string, period: string) => Promise<Array<Omit<NotifyEvent, 'collegeId'>>>;

const library: Scan = async (db, collegeId, date) => {
  const dueOn = addDays(date, LIBRARY_NOTICE_DAYS);
  const events: Array<Omit<NotifyEvent, 'collegeId'>> = [];
  const to = (l: { student_id: number | null; patron_code: string }) => [
    l.student_id != null ? { studentId: l.student_id } : { patron: l.patron_code },
  ];
  for (const l of await openLoansDue(db, collegeId, dueOn, dueOn))
    events.push({
      kind: 'library-due',
      ref: `loan:${l.id}:due:${l.due_on}`,
      subject: `Library book due on ${dmy(l.due_on)}`,
      body: `“${l.title}” is due back on ${dmy(l.due_on)}. Return or renew it to avoid a fine.`,
      link: '/app/Library/My Library',
      to: to(l),
    });
  for (const l of await openLoansDue(db, collegeId, null, addDays(date, -1)))
    events.push({
      kind: 'library-overdue',
      ref: `loan:${l.id}:overdue:${l.due_on}`,
      subject: 'Library book overdue',
      body: `“${l.title}” was due back on ${dmy(l.due_on)}. A fine runs for each day it is late; please return it.`,
      link: '/app/Library/My Library',
      to: to(l),
    });
  return events;
};

const fees: Scan = async (db, collegeId, date) =>
  (await studentDuesFallingDue(db, collegeId, date, addDays(date, FEE_NOTICE_DAYS))).map((d) => ({
    kind: 'fee-due' as TNotificationKind,
    ref: `fee:${d.studentId}:${d.dueDate}`,
    subject: `Fee of ${formatRupees(d.balancePaise)} due on ${dmy(d.dueDate)}`,
    body: `${formatRupees(d.balancePaise)} is due on ${dmy(d.dueDate)}. Pay at the accounts counter or online.`,
    to: [{ studentId: d.studentId }],
  }));

const attendance: Scan = async (db, collegeId, _date, period) => {
  const list = await shortage(
    db,
    {
      userId: 0,
      username: 'scheduler',
      roles: [],
      collegeId,
      facultyId: null,
      studentId: null,
      department: '',
      isHod: false,
      collegeWide: true,
    },
    {},
  );
  return list.rows.map((r) => ({
    kind: 'attendance-low' as TNotificationKind,
    ref: `attendance:${r.studentId}:${period}`,
    subject: `Attendance ${r.percent}% is below the required percentage`,
    body:
      `${r.name} (${r.rollNo}) has attended ${r.attended} of ${r.held} classes (${r.percent}%), below the percentage required to sit the examinations.` +
      (r.needed > 0 ? ` Attending the next ${r.needed} classes in a row brings it back.` : ''),
    link: '/app/Attendance/My Attendance',
    to: [{ studentId: r.studentId }],
  }));
};

const SCANS: Record<Task, Scan> = { library, fees, attendance };

/** The scan job: finds who to tell and queues one notify job per event. */
export function scanJob(db: Database): JobHandler {
  return async (payload, job) => {
    const { task, date, period } = payload as { task: Task; date: string; period: string };
    const collegeId = job.collegeId!;
    for (const e of await SCANS[task](db, collegeId, date, period)) await notifyLater(db, { ...e, collegeId });
  };
}

/**
 * Asks for due runs every `everyMs` (SCHEDULE_POLL_MS, a minute by default) while the server runs,
 * only where the job worker is on; the first ask comes one interval after start, so a starting
 * server answers first.
 */
export function startScheduler(db: Database, everyMs: number, onError: (e: unknown) => void) {
  const timer = setInterval(() => void scheduleDue(db).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
