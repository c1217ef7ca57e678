import {
  EXAM_HALL_MSG,
  EXAM_MSG,
  TIMETABLE_LOCKED_STATUSES,
  ZExamTimetableProposeRequest,
  ZExamTimetableUpdate,
  type TExamPaper,
  type TExamStatus,
  type TExamTimetable,
  type TExamTimetableProposal,
} from '@erp/shared';
import type { z } from 'zod';
import type { Database } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import { clashGroups } from './clashes.js';
import * as repo from './halls.repo.js';

/** The exam timetable: a date and session per paper, set by hand or proposed by colouring the papers' shared students. */

const isLocked = (status: string) => (TIMETABLE_LOCKED_STATUSES as readonly string[]).includes(status);
export const isSunday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;

async function examFor(db: Database, collegeId: number, examId: number) {
  const exam = await repo.examOf(db, collegeId, examId);
  if (!exam) throw notFound(EXAM_MSG.notFound);
  return exam;
}

const slotOrder = (p: TExamPaper) => (p.date ? `${p.date}|${p.session}|${p.code}` : `~|${p.code}`);

export async function timetableOf(db: Database, collegeId: number, examId: number): Promise<TExamTimetable> {
  const exam = await examFor(db, collegeId, examId);
  const papers: TExamPaper[] = (await repo.papersOf(db, collegeId, examId)).map((p) => ({
    id: p.id,
    subjectId: p.subject_id,
    code: p.code,
    name: p.name,
    semester: p.semester ?? '',
    branch: p.branch ?? '',
    date: p.date,
    session: p.session,
    registered: Number(p.registered ?? 0),
  }));
  // plain code-unit order: '~' (unscheduled) after every date
  papers.sort((a, b) => (slotOrder(a) < slotOrder(b) ? -1 : slotOrder(a) > slotOrder(b) ? 1 : 0));
  return {
    examId: exam.id,
    name: exam.name,
    status: exam.status as TExamStatus,
    startsOn: exam.starts_on,
    endsOn: exam.ends_on,
    locked: isLocked(exam.status),
    papers,
  };
}

/** A date the exam may hold a paper on: inside its dates and not a Sunday. */
function checkDate(date: string, exam: repo.ExamRow) {
  if (date < exam.starts_on || date > exam.ends_on)
    throw badRequest(EXAM_HALL_MSG.outsideExam(date, exam.starts_on, exam.ends_on));
  if (isSunday(date)) throw badRequest(EXAM_HALL_MSG.sunday(date));
}

/** PUT: sets (or clears) the date and session of the papers given. */
export async function saveTimetable(
  db: Database,
  user: RequestUser,
  examId: number,
  input: z.output<typeof ZExamTimetableUpdate>,
): Promise<TExamTimetable> {
  const exam = await examFor(db, user.collegeId, examId);
  if (isLocked(exam.status)) throw conflict(EXAM_HALL_MSG.locked);
  const papers = new Map((await repo.papersOf(db, user.collegeId, examId)).map((p) => [p.id, p]));
  const seen = new Set<number>();
  for (const e of input.papers) {
    if (!papers.has(e.paperId)) throw badRequest(EXAM_HALL_MSG.notAPaper(e.paperId));
    if (seen.has(e.paperId)) throw badRequest(EXAM_HALL_MSG.paperTwice(e.paperId));
    seen.add(e.paperId);
    if (e.date) checkDate(e.date, exam);
  }
  const before = input.papers.map((e) => ({
    paperId: e.paperId,
    date: papers.get(e.paperId)!.date,
    session: papers.get(e.paperId)!.session,
  }));
  await db.transaction().execute(async (trx) => {
    await repo.setPaperSlots(trx, user.collegeId, examId, input.papers);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: user,
      action: 'exam.timetable',
      entity: 'exam',
      entityId: examId,
      before,
      after: input.papers,
    });
  });
  return timetableOf(db, user.collegeId, examId);
}

// ---- The proposal ----------------------------------------------------------------------------

export interface Slot {
  date: string;
  session: string;
}

/** The exam's days (Sundays and skipped days left out), each with the sessions chosen, in order. */
export function examSlots(startsOn: string, endsOn: string, sessions: readonly string[], skip: readonly string[] = []): Slot[] {
  const out: Slot[] = [];
  const skipped = new Set(skip);
  const order = ['FN', 'AN'].filter((s) => sessions.includes(s));
  for (let d = new Date(`${startsOn}T00:00:00Z`); ; d.setUTCDate(d.getUTCDate() + 1)) {
    const iso = d.toISOString().slice(0, 10);
    if (iso > endsOn) break;
    if (d.getUTCDay() === 0 || skipped.has(iso)) continue;
    for (const session of order) out.push({ date: iso, session });
  }
  return out;
}

/** How many students each pair of papers shares: the edges of the graph to colour. */
export function sharedStudents(studentPapers: Iterable<readonly number[]>): Map<number, Map<number, number>> {
  const edges = new Map<number, Map<number, number>>();
  const bump = (a: number, b: number) => {
    let m = edges.get(a);
    if (!m) edges.set(a, (m = new Map()));
    m.set(b, (m.get(b) ?? 0) + 1);
  };
  for (const papers of studentPapers)
    for (let i = 0; i < papers.length; i++)
      for (let j = i + 1; j < papers.length; j++) {
        if (papers[i] === papers[j]) continue;
        bump(papers[i]!, papers[j]!);
        bump(papers[j]!, papers[i]!);
      }
  return edges;
}

/**
 * Greedy colouring of the papers over the slots: papers with the most neighbours first; each takes
 * the earliest slot where no paper sharing a student sits (a hard rule), preferring a day none of
 * them is on (so a student writes one paper a day where possible). Answers the slot index per
 * paper, or null when some paper finds no slot.
 */
export function colourPapers(
  paperIds: readonly number[],
  edges: Map<number, Map<number, number>>,
  slots: readonly Slot[],
): Map<number, number> | null {
  const order = [...paperIds].sort((a, b) => (edges.get(b)?.size ?? 0) - (edges.get(a)?.size ?? 0) || a - b);
  const slotOf = new Map<number, number>();
  for (const paper of order) {
    const taken = new Set<number>();
    const dayLoad = new Map<string, number>();
    for (const [other, shared] of edges.get(paper) ?? []) {
      const s = slotOf.get(other);
      if (s === undefined) continue;
      taken.add(s);
      const day = slots[s]!.date;
      dayLoad.set(day, (dayLoad.get(day) ?? 0) + shared);
    }
    let best = -1;
    let bestLoad = Infinity;
    for (let s = 0; s < slots.length && bestLoad > 0; s++) {
      if (taken.has(s)) continue;
      const load = dayLoad.get(slots[s]!.date) ?? 0;
      if (load < bestLoad) {
        best = s;
        bestLoad = load;
      }
    }
    if (best < 0) return null;
    slotOf.set(paper, best);
  }
  return slotOf;
}

/** The sessions a plain greedy colouring needs (for the message when the days are too few). */
function sessionsNeeded(paperIds: readonly number[], edges: Map<number, Map<number, number>>): number {
  const unlimited = Array.from({ length: paperIds.length }, (_, i) => ({ date: String(i), session: 'FN' }));
  const colours = colourPapers(paperIds, edges, unlimited)!;
  return new Set(colours.values()).size;
}

/** POST .../timetable/propose: dates and sessions for every paper, saved, with what is left to warn about. */
export async function proposeTimetable(
  db: Database,
  user: RequestUser,
  examId: number,
  input: z.output<typeof ZExamTimetableProposeRequest>,
): Promise<TExamTimetableProposal> {
  const exam = await examFor(db, user.collegeId, examId);
  if (isLocked(exam.status)) throw conflict(EXAM_HALL_MSG.locked);
  const papers = await repo.papersOf(db, user.collegeId, examId);
  if (papers.length === 0) throw badRequest(EXAM_HALL_MSG.noPapers);
  const slots = examSlots(exam.starts_on, exam.ends_on, input.sessions, input.skipDates);
  if (slots.length === 0) throw badRequest(EXAM_HALL_MSG.noDays);

  const rows = await repo.registrationPapers(db, user.collegeId, examId);
  const byStudent = new Map<number, number[]>();
  for (const r of rows) (byStudent.get(r.student_id) ?? byStudent.set(r.student_id, []).get(r.student_id)!).push(r.paper_id);
  const edges = sharedStudents(byStudent.values());
  const paperIds = papers.map((p) => p.id);
  const colours = colourPapers(paperIds, edges, slots);
  if (!colours) throw conflict(EXAM_HALL_MSG.tooFewSessions(sessionsNeeded(paperIds, edges), slots.length));

  const assigned = paperIds.map((paperId) => ({ paperId, ...slots[colours.get(paperId)!]! }));
  const before = papers.map((p) => ({ paperId: p.id, date: p.date, session: p.session }));
  await db.transaction().execute(async (trx) => {
    await repo.setPaperSlots(trx, user.collegeId, examId, assigned);
    await audit(trx, {
      collegeId: user.collegeId,
      actor: user,
      action: 'exam.timetable.propose',
      entity: 'exam',
      entityId: examId,
      before,
      after: assigned,
    });
  });

  const proposed = new Map(assigned.map((a) => [a.paperId, { code: '', date: a.date, session: a.session }]));
  const clashes = clashGroups(rows, proposed);
  const used = new Set(colours.values()).size;
  const days = new Set([...colours.values()].map((s) => slots[s]!.date)).size;
  const sameDay =
    clashes.dayStudents === 0
      ? 'no student writes two papers on one day'
      : `${clashes.dayStudents} student${clashes.dayStudents === 1 ? ' writes' : 's write'} two papers on one day (the days are too few to avoid it)`;
  return {
    message: `${papers.length} papers placed in ${used} sessions over ${days} days: no student writes two papers in one session; ${sameDay}`,
    sessionsUsed: used,
    sameDayStudents: clashes.dayStudents,
    timetable: await timetableOf(db, user.collegeId, examId),
  };
}
