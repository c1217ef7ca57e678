import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { addDays, clock, indianDate } from '../../lib/clock.js';
import { enqueue, type JobHandler } from '../../lib/jobs.js';
import { queueMail, type AttachmentRenderer } from '../notifications/index.js';
import { isoWeekOf } from './iso-week.js';
import { weeklyFigures } from './weekly-summary.figures.js';
import { summaryLines, weeklySummaryPdf } from './weekly-summary.pdf.js';
import * as repo from './weekly-summary.repo.js';

export const WEEKLY_SUMMARY_JOB = 'weekly-summary';
/** The run starts from 07:00 India time on Monday (or the first ask after it that week). */
export const RUN_FROM_HOUR_IST = 7;

type College = { id: number; name: string };

/** The Monday of the week a date falls in. */
export const mondayOf = (iso: string) => addDays(iso, -((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7));

export const weeklySummarySetting = async (db: Database, collegeId: number, userId: number) => ({
  enabled: await repo.optedIn(db, collegeId, userId),
});

export async function saveWeeklySummarySetting(db: Database, collegeId: number, userId: number, enabled: boolean) {
  await repo.setOptIn(db, collegeId, userId, enabled, nowIso());
  return { enabled };
}

/** The PDF of the last full week (Monday to Sunday before this week), as Monday's mail refers to. */
export async function previewPdf(db: Database, college: College, baseUrl: string, now: Date) {
  const f = await weeklyFigures(db, college, mondayOf(indianDate(now)));
  return { pdf: await weeklySummaryPdf(db, f, baseUrl), name: `weekly-summary-${f.week}.pdf` };
}

/**
 * Starts each college's run for the week just ended, once: the first process to claim (college,
 * ISO week) queues the job in the same transaction, so several replicas asking every minute send
 * it once. Returns how many runs it started.
 */
export async function scheduleWeeklySummaries(db: Database, at: Date = new Date()): Promise<number> {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const today = indianDate(at);
  const monday = mondayOf(today);
  if (today === monday && ist.getUTCHours() < RUN_FROM_HOUR_IST) return 0;
  const week = isoWeekOf(addDays(monday, -7));
  let started = 0;
  for (const collegeId of await repo.collegeIds(db)) {
    const claimed = await db.transaction().execute(async (trx) => {
      if (!(await repo.claimRun(trx, collegeId, week, nowIso()))) return false;
      await enqueue(trx, { kind: WEEKLY_SUMMARY_JOB, payload: { monday, week }, collegeId, maxAttempts: 5 });
      return true;
    });
    if (claimed) started++;
  }
  return started;
}

const dmy = (iso: string) => iso.split('-').reverse().join('-');

/**
 * The run: the week's figures and one mail to each user who opted in, all queued in one
 * transaction with the job's completion (a retried run after a failure sends the whole set once,
 * never half, and a worker dying after the commit leaves the run done, not to be sent again). The
 * mail carries the figures as text and the week's PDF attached (made when it is sent, by
 * weeklySummaryAttachment).
 */
export function weeklySummaryJob(db: Database, publicUrl: string | undefined): JobHandler {
  return async (payload, job) => {
    const { monday } = payload as { monday: string; week: string };
    const collegeId = job.collegeId!;
    const college = await db.selectFrom('colleges').select(['id', 'name']).where('id', '=', collegeId).executeTakeFirstOrThrow();
    const to = await repo.recipients(db, collegeId);
    if (!to.length) return;
    const f = await weeklyFigures(db, college, monday);
    const base = (publicUrl ?? '').replace(/\/+$/, '');
    const text = [
      `${college.name}: the week ${dmy(f.from)} to ${dmy(f.to)} (${f.week}).`,
      ...summaryLines(f).flatMap((s) => ['', s.section, ...s.rows.map(([label, value]) => `  ${label}: ${value}`)]),
      '',
      `The PDF is attached; the latest is also at ${base}/api/analytics/weekly-summary.pdf`,
      `The figures in full: ${base}/app/Analytics`,
      'You get this because you asked for it on the Analytics page; the same switch stops it.',
    ].join('\n');
    await db.transaction().execute(async (trx) => {
      await job.complete(trx);
      for (const u of to)
        await queueMail(trx, {
          collegeId,
          userId: u.id,
          kind: WEEKLY_SUMMARY_JOB,
          to: u.email,
          subject: `Weekly summary ${f.week}: ${college.name}`,
          body: `Dear ${u.full_name},\n\n${text}`,
          attachment: { kind: WEEKLY_SUMMARY_JOB, args: { monday }, filename: `weekly-summary-${f.week}.pdf` },
        });
    });
  };
}

/** The weekly mail's attachment: the PDF of the week that Monday's run is about. */
export function weeklySummaryAttachment(publicUrl: string | undefined): AttachmentRenderer {
  return async (db, collegeId, args) => {
    const { monday } = args as { monday: string };
    const college = await db.selectFrom('colleges').select(['id', 'name']).where('id', '=', collegeId).executeTakeFirstOrThrow();
    const f = await weeklyFigures(db, college, monday);
    return { content: await weeklySummaryPdf(db, f, (publicUrl ?? '').replace(/\/+$/, '')), contentType: 'application/pdf' };
  };
}

/**
 * Asks for due runs every `everyMs` (SCHEDULE_POLL_MS) while the server runs, only where the job
 * worker is on; the time is the clock's, which a test may move.
 */
export function startWeeklySummaryScheduler(db: Database, everyMs: number, onError: (e: unknown) => void) {
  const timer = setInterval(() => void scheduleWeeklySummaries(db, clock.now()).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
