import crypto from 'node:crypto';
import { DUTY_MSG, type TScripts } from '@erp/shared';
import type { Database } from '../../db/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { pagedRows } from '../../lib/capped.js';
import * as duties from './duties.repo.js';
import { examOrThrow, type Actor } from './exams.service.js';

/**
 * Answer scripts: every paper a live registration writes gets a dummy number, random so it says
 * nothing of the roll number, unique in the college; evaluators see only it (and its barcode).
 * Absentees and malpractice are marked per room and session, against who was seated there.
 */

const PAGE_SIZE = 100;
const NUMBERING = ['registration', 'hall_tickets', 'in_progress'];

const randomDummy = () => String(crypto.randomInt(10_000_000, 100_000_000));

export async function numberScripts(db: Database, collegeId: number, actor: Actor, examId: number) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!NUMBERING.includes(exam.status)) throw conflict(DUTY_MSG.scriptsLocked);
  return db.transaction().execute(async (trx) => {
    const missing = await duties.unnumberedPapers(trx, collegeId, examId);
    const chosen = new Set<string>();
    while (chosen.size < missing.length) {
      const batch = Array.from({ length: (missing.length - chosen.size) * 2 }, randomDummy).filter((d) => !chosen.has(d));
      const taken = await duties.dummyNumbersTaken(trx, collegeId, batch);
      for (const d of batch) if (!taken.has(d) && chosen.size < missing.length) chosen.add(d);
    }
    const numbers = [...chosen];
    await duties.insertScripts(
      trx,
      missing.map((m, i) => ({
        college_id: collegeId,
        exam_id: examId,
        student_id: m.student_id,
        paper_id: m.paper_id,
        dummy_no: numbers[i],
        status: 'written',
        marked_by_name: actor.username,
      })),
    );
    return {
      message: missing.length ? `${missing.length} answer scripts numbered` : 'Every answer script already has its number',
      numbered: missing.length,
    };
  });
}

export async function scriptList(
  db: Database,
  collegeId: number,
  examId: number,
  q: { date?: string; session?: string; roomId?: number; q?: string; page: number },
): Promise<TScripts> {
  await examOrThrow(db, collegeId, examId);
  const [page, counts] = await Promise.all([
    pagedRows(duties.scriptList(db, collegeId, examId, q), q.page, PAGE_SIZE),
    duties.scriptCounts(db, collegeId, examId),
  ]);
  const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return {
    items: page.items.map((s) => ({
      id: s.id,
      dummyNo: s.dummy_no,
      rollNo: s.roll_no,
      name: s.full_name,
      paper: `${s.code} ${s.subject}`,
      date: s.date,
      session: s.session,
      room: s.room ?? null,
      seatNo: s.seat_no ?? null,
      status: s.status as TScripts['items'][number]['status'],
      remark: s.remark,
    })),
    total: page.total,
    limit: PAGE_SIZE,
    page: q.page,
    counts: { written: n('written'), absent: n('absent'), malpractice: n('malpractice') },
  };
}

/** The room's invigilator report: who was absent, who was caught, against the room's seating. */
export async function markScripts(
  db: Database,
  collegeId: number,
  actor: Actor,
  examId: number,
  input: { roomId: number; date: string; session: string; marks: Array<{ rollNo: string; status: string; remark: string }> },
) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!['in_progress', 'hall_tickets', 'marks_entry'].includes(exam.status))
    throw conflict('Scripts are marked while the exam is being written');
  const seated = await duties.seatedIn(db, collegeId, examId, input.roomId, input.date, input.session);
  if (seated.length === 0) throw badRequest(DUTY_MSG.noRoom);
  const byRoll = new Map(seated.map((s) => [s.roll_no, s]));
  for (const m of input.marks) if (!byRoll.has(m.rollNo)) throw badRequest(DUTY_MSG.notInRoom(m.rollNo));
  return db.transaction().execute(async (trx) => {
    let marked = 0;
    for (const m of input.marks) {
      const seat = byRoll.get(m.rollNo)!;
      const r = await duties.markScript(trx, collegeId, examId, seat.student_id, seat.paper_id, {
        status: m.status,
        remark: m.remark,
        marked_by_name: actor.username,
      });
      if (Number(r.numUpdatedRows) === 0) throw conflict(DUTY_MSG.noScripts);
      marked++;
    }
    return { message: `${marked} answer scripts marked`, marked };
  });
}
