import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { conflict } from '../../lib/errors.js';
import { attendanceStandings } from '../attendance/index.js';
import { queueMail } from '../notifications/index.js';
import { parentContacts } from '../portal/index.js';
import * as repo from './exams.repo.js';
import { examOrThrow, type Actor } from './exams.service.js';
import { today } from './registrations.js';

/**
 * Notices of shortage: every registered student short of attendance, and their linked parents,
 * are mailed, and each notice is kept with its date and address: the record that decides a
 * dispute over a withheld hall ticket.
 */
export async function sendShortageNotices(db: Database, collegeId: number, actor: Actor, examId: number) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (!['registration', 'hall_tickets'].includes(exam.status))
    throw conflict('Notices of shortage go out while registration is open or hall tickets are being issued');
  const [standings, regs] = await Promise.all([
    attendanceStandings(db, collegeId),
    repo.registrationList(db, collegeId, examId, {}).execute(),
  ]);
  const short = regs.filter(
    (r) => r.status !== 'cancelled' && ['condonable', 'detained'].includes(standings.get(r.student_id)?.standing ?? ''),
  );
  const students = await repo.studentsByRoll(
    db,
    collegeId,
    short.map((r) => r.roll_no),
  );
  const emailOf = new Map(students.map((s) => [s.id, s.email]));
  const on = today();
  const at = nowIso();
  let notices = 0;
  await db.transaction().execute(async (trx) => {
    for (const r of short) {
      const a = standings.get(r.student_id)!;
      const band = a.standing === 'detained' ? 'below the detention limit' : 'in the condonable band';
      const subject = `Shortage of attendance: ${r.roll_no}, ${exam.name}`;
      const body =
        `${r.full_name} (${r.roll_no}) has ${a.percent}% attendance as on ${on}, ${band}. ` +
        (a.standing === 'detained'
          ? 'A hall ticket for this exam cannot be issued.'
          : "A hall ticket is issued only after the principal's condonation and the condonation fee.");
      const to = [
        ...(emailOf.get(r.student_id)
          ? [{ sentTo: 'student', address: emailOf.get(r.student_id)!, userId: null as number | null }]
          : []),
        ...(await parentContacts(trx, collegeId, r.student_id)).map((p) => ({
          sentTo: 'parent',
          address: p.email,
          userId: p.userId,
        })),
      ];
      for (const t of to)
        await queueMail(trx, { collegeId, userId: t.userId, kind: 'exam-shortage', to: t.address, subject, body });
      await repo.insertNotices(
        trx,
        to.map((t) => ({
          college_id: collegeId,
          exam_id: examId,
          student_id: r.student_id,
          sent_to: t.sentTo,
          address: t.address,
          percent_x100: Math.round(a.percent * 100),
          standing: a.standing,
          sent_on: on,
          sent_at: at,
          sent_by_name: actor.username,
        })),
      );
      notices += to.length;
    }
  });
  return {
    message: short.length
      ? `${notices} notices sent about ${short.length} students short of attendance`
      : 'No registered student is short of attendance',
    notices,
    students: short.length,
  };
}

export async function shortageNotices(db: Database, collegeId: number, examId: number) {
  await examOrThrow(db, collegeId, examId);
  const rows = await repo.noticesOf(db, collegeId, examId);
  return rows.map((n) => ({
    rollNo: n.roll_no,
    name: n.full_name,
    sentTo: n.sent_to as 'student' | 'parent',
    address: n.address,
    percent: n.percent_x100 / 100,
    standing: n.standing,
    sentOn: n.sent_on,
    sentBy: n.sent_by_name,
  }));
}
