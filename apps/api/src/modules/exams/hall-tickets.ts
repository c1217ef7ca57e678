import { EXAM_CELL_ROLES, EXAM_MSG, type ZHallTicketRequest } from '@erp/shared';
import type { z } from 'zod';
import { nowIso, type Database } from '../../db/index.js';
import { issueDocument } from '../../lib/documents.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage/index.js';
import type { RequestCollege, RequestUser } from '../../plugins/types.js';
import { subjectOf } from '../portal/index.js';
import { gatesOf } from './eligibility.js';
import * as repo from './exams.repo.js';
import { examOrThrow, type Actor } from './exams.service.js';
import { hallTicketPdf } from './hall-ticket-pdf.js';
import { ticketInput } from './ticket-batches.js';

/**
 * Hall tickets: issued once registration has closed, only to registrations that pass every gate,
 * each registered as an issued document whose QR verifies it. Students and parents download their own.
 */
export async function issueHallTickets(
  db: Database,
  collegeId: number,
  actor: Actor,
  examId: number,
  req: z.output<typeof ZHallTicketRequest>,
  baseUrl: string,
) {
  const exam = await examOrThrow(db, collegeId, examId);
  if (exam.status !== 'hall_tickets') throw conflict(EXAM_MSG.ticketsNotYet);
  let regs = (await repo.registrationList(db, collegeId, examId, { branch: req.branch }).execute()).filter(
    (r) => r.status !== 'cancelled',
  );
  if (req.rollNos?.length) {
    const wanted = new Set(req.rollNos);
    regs = regs.filter((r) => wanted.has(r.roll_no));
  }
  const gates = await gatesOf(db, exam, regs);
  const withheld = gates.filter((g) => !g.eligible).map((g) => ({ rollNo: g.rollNo, reasons: g.reasons }));
  const already = gates.filter((g) => g.eligible && g.hallTicket).length;
  const toIssue = regs.filter((_, i) => gates[i].eligible && !gates[i].hallTicket);
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const rows = [];
    for (const r of toIssue) {
      const { code } = await issueDocument(
        trx,
        {
          collegeId,
          kind: 'hall-ticket',
          title: `Hall ticket: ${exam.name}`,
          holder: `${r.full_name} (${r.roll_no})`,
          fields: [
            { label: 'Roll number', value: r.roll_no },
            { label: 'Branch', value: r.branch },
            { label: 'Exam', value: exam.name },
          ],
        },
        baseUrl,
      );
      rows.push({
        college_id: collegeId,
        exam_id: examId,
        student_id: r.student_id,
        doc_code: code,
        issued_at: at,
        issued_by_name: actor.username,
      });
    }
    await repo.insertHallTickets(trx, rows);
  });
  return {
    message: `${toIssue.length} hall tickets issued${already ? `, ${already} already issued` : ''}${withheld.length ? `, ${withheld.length} withheld` : ''}`,
    issued: toIssue.length,
    already,
    withheld,
  };
}

/** The exam cell prints anyone's ticket; a student their own, a parent their child's; anyone else is told there is none. */
async function holderFor(db: Database, user: RequestUser, rollNo: string) {
  const [student] = await repo.studentsByRoll(db, user.collegeId, [rollNo]);
  if (user.roles.some((r) => EXAM_CELL_ROLES.includes(r as never))) {
    if (!student) throw notFound(EXAM_MSG.noTicket);
    return student.id;
  }
  const { student: own } = await subjectOf(db, user, student?.id ?? -1).catch(() => {
    throw notFound(EXAM_MSG.noTicket);
  });
  return own.id;
}

export async function hallTicketFile(
  db: Database,
  storage: FileStorage,
  college: RequestCollege,
  user: RequestUser,
  examId: number,
  rollNo: string,
  baseUrl: string,
) {
  const exam = await examOrThrow(db, college.id, examId);
  const studentId = await holderFor(db, user, rollNo);
  const ticket = await repo.hallTicketOf(db, college.id, examId, studentId);
  if (!ticket) throw notFound(EXAM_MSG.noTicket);
  const input = await ticketInput(
    db,
    storage,
    (await repo.collegeOf(db, college.id))!,
    exam,
    studentId,
    ticket.doc_code,
    baseUrl,
  );
  return { pdf: await hallTicketPdf(input), name: `hall-ticket-${input.holder.rollNo}` };
}
