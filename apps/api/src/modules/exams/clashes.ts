import { EXAM_MSG, type TClashes, type TClashGroup } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './halls.repo.js';

/** One paper a student writes (bare ids: 6,000 students write ~40,000 papers). */
export interface Written {
  student_id: number;
  paper_id: number;
}
/** A paper's code and slot (null until the timetable gives it one). */
export interface PaperSlot {
  code: string;
  date: string | null;
  session: string | null;
}
export interface Person {
  rollNo: string;
  name: string;
}

/** How many students each clash group lists (the total is always given). */
export const CLASH_LIST_LIMIT = 200;

interface Group {
  date: string;
  session: string | null;
  /** student id → the codes that clash */
  students: Array<[number, string[]]>;
}

/**
 * The clashes in a set of written papers, all in memory: every (date, session) where a student
 * has two or more papers, and every day where a student writes in both sessions (a warning).
 * Slots are numbered once per paper, so the per-student work is a few integer comparisons.
 */
export function clashGroups(written: readonly Written[], papers: ReadonlyMap<number, PaperSlot>) {
  const slotKeys = new Map<string, number>();
  const dayKeys = new Map<string, number>();
  const slotOf = new Map<number, { slot: number; day: number }>();
  const slotName: Array<{ date: string; session: string }> = [];
  const dayName: string[] = [];
  let unscheduled = 0;
  for (const [id, p] of papers) {
    if (!p.date || !p.session) {
      unscheduled++;
      continue;
    }
    const key = `${p.date}|${p.session}`;
    let slot = slotKeys.get(key);
    if (slot === undefined) slotKeys.set(key, (slot = slotName.push({ date: p.date, session: p.session }) - 1));
    let day = dayKeys.get(p.date);
    if (day === undefined) dayKeys.set(p.date, (day = dayName.push(p.date) - 1));
    slotOf.set(id, { slot, day });
  }

  const byStudent = new Map<number, number[]>();
  for (const w of written) {
    if (!slotOf.has(w.paper_id)) continue;
    const list = byStudent.get(w.student_id);
    if (list) list.push(w.paper_id);
    else byStudent.set(w.student_id, [w.paper_id]);
  }

  const sessionGroups = new Map<number, Group>();
  const dayGroups = new Map<number, Group>();
  const group = (map: Map<number, Group>, key: number, date: string, session: string | null) => {
    let g = map.get(key);
    if (!g) map.set(key, (g = { date, session, students: [] }));
    return g;
  };
  const codes = (ids: number[]) => [...new Set(ids.map((id) => papers.get(id)!.code))].sort();
  let sessionStudents = 0;
  let dayStudents = 0;
  for (const [student, ids] of byStudent) {
    if (ids.length < 2) continue;
    let inSession = false;
    let inDay = false;
    for (let i = 0; i < ids.length; i++) {
      const a = slotOf.get(ids[i]!)!;
      // the first paper of its slot (or day) gathers the others; later ones were counted with it
      let firstOfSlot = true;
      let firstOfDay = true;
      for (let j = 0; j < i; j++) {
        const b = slotOf.get(ids[j]!)!;
        if (b.slot === a.slot) firstOfSlot = false;
        if (b.day === a.day) firstOfDay = false;
      }
      if (firstOfSlot) {
        const same = ids.filter((id) => slotOf.get(id)!.slot === a.slot);
        if (same.length > 1) {
          inSession = true;
          const s = slotName[a.slot]!;
          group(sessionGroups, a.slot, s.date, s.session).students.push([student, codes(same)]);
        }
      }
      if (firstOfDay) {
        const onDay = ids.filter((id) => slotOf.get(id)!.day === a.day);
        // both sessions of one day; two papers in one session are the clash above
        if (new Set(onDay.map((id) => slotOf.get(id)!.slot)).size > 1) {
          inDay = true;
          group(dayGroups, a.day, dayName[a.day]!, null).students.push([student, codes(onDay)]);
        }
      }
    }
    if (inSession) sessionStudents++;
    if (inDay) dayStudents++;
  }
  return {
    sessionGroups: [...sessionGroups.values()],
    dayGroups: [...dayGroups.values()],
    sessionStudents,
    dayStudents,
    unscheduled,
  };
}

/** The groups with their students named and sorted by roll number, each list cut at `listed`. */
export function namedClashes(
  found: ReturnType<typeof clashGroups>,
  people: ReadonlyMap<number, Person>,
  listed = CLASH_LIST_LIMIT,
): TClashes {
  const named = (groups: Group[]): TClashGroup[] =>
    groups
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : (a.session ?? '') < (b.session ?? '') ? -1 : 1))
      .map((g) => {
        const students = g.students.map(([id, papers]) => ({
          rollNo: people.get(id)?.rollNo ?? '',
          name: people.get(id)?.name ?? '',
          papers,
        }));
        students.sort((a, b) => (a.rollNo < b.rollNo ? -1 : a.rollNo > b.rollNo ? 1 : 0));
        return { date: g.date, session: g.session, total: students.length, students: students.slice(0, listed) };
      });
  return {
    sessionClashes: named(found.sessionGroups),
    dayClashes: named(found.dayGroups),
    sessionStudents: found.sessionStudents,
    dayStudents: found.dayStudents,
    unscheduledPapers: found.unscheduled,
    listed,
  };
}

/** GET /api/exams/:id/clashes: one query for the registrations' papers, small ones for papers and names, then memory. */
export async function clashesOf(db: Database, collegeId: number, examId: number): Promise<TClashes> {
  if (!(await repo.examOf(db, collegeId, examId))) throw notFound(EXAM_MSG.notFound);
  const [written, paperRows] = await Promise.all([
    repo.registrationPapers(db, collegeId, examId),
    repo.paperSlots(db, collegeId, examId),
  ]);
  const papers = new Map(paperRows.map((p) => [p.id, p]));
  const found = clashGroups(written, papers);
  const people = new Map<number, Person>();
  // names only when someone clashes
  if (found.sessionGroups.length || found.dayGroups.length)
    for (const s of await repo.registeredStudents(db, collegeId, examId))
      people.set(s.id, { rollNo: s.roll_no, name: s.full_name });
  return namedClashes(found, people);
}
